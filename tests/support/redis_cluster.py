"""The session's Redis Cluster fixture (the launcher is deploy.launch.cluster)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from deploy.launch.cluster import RedisClusterServers
from support.needs import missing

__all__ = ["RedisClusterServers", "redis_cluster"]


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterServers]:
    """One Redis Cluster (3 masters, 3 replicas) for the whole test session."""
    absent = [tool for tool in ("redis-server", "redis-cli") if shutil.which(tool) is None]
    if absent:
        missing(f"{', '.join(absent)} not on the PATH (apt-get install redis-server "
                    "redis-tools): the Redis Cluster tests did NOT run")
    cluster = RedisClusterServers().start()
    try:
        yield cluster
    finally:
        cluster.stop()
