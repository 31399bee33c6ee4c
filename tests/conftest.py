"""Fixtures shared by every test module; parts add theirs here (e.g. a Redis server fixture).

Server helpers live in tests/support (import them as `support.grpc_servers`).
"""

from support.match_fixtures import clock, repo, store_url  # noqa: F401  (fixtures)
from support.redis_cluster import redis_cluster  # noqa: F401  (fixtures)
from support.redis_server import redis_server, redis_url  # noqa: F401  (fixtures)
