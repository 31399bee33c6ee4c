"""Fixtures shared by every test module; parts add theirs here (e.g. a Redis server fixture).

Server helpers live in tests/support (import them as `support.grpc_servers`).
"""

import pytest
from support.match_fixtures import clock, repo, store_url  # noqa: F401  (fixtures)
from support.redis_cluster import redis_cluster  # noqa: F401  (fixtures)
from support.redis_server import redis_server, redis_url  # noqa: F401  (fixtures)

#: The files that take longest (worker fleets, clusters, chaos, searches; 20-70 s each on
#: two busy cores), longest first. They run before the rest, so the test processes of
#: `make test` end together rather than one waiting on the other's last long file.
SLOW_FIRST = (
    "test_chaos_worker_kills.py", "test_bot_workers.py", "test_bot_crash.py",
    "test_match_cluster.py", "test_match_grpc.py", "test_chaos_timers.py",
    "test_fuzz_rpc.py", "test_security_hidden.py", "test_bot_incremental_workers.py",
    "test_bot_incremental.py", "test_solver_optimal.py", "test_solver_best.py",
    "test_load_small.py", "test_chaos_redis.py", "test_cli_prompt.py", "test_docs_examples.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of SLOW_FIRST first, in that order; the rest as collected."""
    rank = {name: place for place, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
