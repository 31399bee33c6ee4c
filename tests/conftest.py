"""Fixtures shared by every test module; parts add theirs here (e.g. a Redis server fixture).

Server helpers live in tests/support (import them as `support.grpc_servers`).
"""

import pytest
from support.match_fixtures import clock, repo, store_url  # noqa: F401  (fixtures)
from support.redis_cluster import redis_cluster  # noqa: F401  (fixtures)
from support.redis_server import redis_server, redis_url  # noqa: F401  (fixtures)

#: The files that take longest (real worker fleets, clusters, chaos; 10-50 s each), longest
#: first. They run before the rest, so the test processes of `make test` end together rather
#: than one waiting on the other's last long file.
SLOW_FIRST = (
    "test_chaos_worker_kills.py", "test_bot_crash.py", "test_bot_workers.py",
    "test_match_cluster.py", "test_chaos_timers.py", "test_bot_incremental_workers.py",
    "test_load_small.py", "test_deploy_make_run.py", "test_cli_prompt.py",
    "test_rpc_runtime.py", "test_chaos_redis.py", "test_bot_incremental.py",
    "test_security_hidden.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files of SLOW_FIRST first, in that order; the rest as collected."""
    rank = {name: place for place, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
