"""How the match repository reaches Redis: one server, or a Redis Cluster.

``REDIS_URL`` picks it. ``redis://host:port/db`` (or ``rediss://``) is one server, reached
through one bounded connection pool. ``redis+cluster://host:port,host:port`` (or
``rediss+cluster://`` for TLS) names seed nodes of a cluster; the client learns the rest of
the cluster from them and follows it through failovers and slot moves. A cluster has only
database 0, so such a URL takes no database.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import unquote, urlsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff

from cardroom.shared.errors import InvalidConfig

CLUSTER_SCHEMES = {"redis+cluster": False, "rediss+cluster": True}


def is_cluster(url: str) -> bool:
    """Whether `url` names a Redis Cluster (redis+cluster:// or rediss+cluster://)."""
    return urlsplit(url).scheme in CLUSTER_SCHEMES


def seed_nodes(url: str) -> list[tuple[str, int]]:
    """The (host, port) seed nodes of a redis+cluster:// URL; InvalidConfig if it has none
    or names a database other than 0."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)[-1]
    nodes = []
    for item in filter(None, netloc.split(",")):
        host, _, port = item.rpartition(":")
        if not host or not port.isdigit():
            raise InvalidConfig(f"REDIS_URL: cluster seed node {item!r} is not host:port")
        nodes.append((host.strip("[]"), int(port)))
    if not nodes:
        raise InvalidConfig("REDIS_URL: a redis+cluster:// URL names at least one host:port")
    if parts.path.strip("/") not in ("", "0"):
        raise InvalidConfig("REDIS_URL: a Redis Cluster has database 0 only")
    return nodes


def connect(url: str, *, timeout_s: float, max_connections: int) -> Any:
    """A client of the Redis (or Redis Cluster) at `url`: decoded replies, commands that
    fail within `timeout_s` (after one quick retry) instead of hanging, at most
    `max_connections` connections to each server."""
    retry = Retry(ExponentialWithJitterBackoff(cap=0.1, base=0.01), 1)
    common: dict[str, Any] = {
        "decode_responses": True, "socket_connect_timeout": timeout_s,
        "socket_timeout": timeout_s, "health_check_interval": 30}
    if not is_cluster(url):
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=max_connections, timeout=timeout_s, retry=retry, **common)
        return aioredis.Redis(connection_pool=pool)
    parts = urlsplit(url)
    auth = parts.netloc.rsplit("@", 1)[0] if "@" in parts.netloc else ""
    username, _, password = auth.partition(":")
    return aioredis.RedisCluster(
        startup_nodes=[ClusterNode(host, port) for host, port in seed_nodes(url)],
        username=unquote(username) or None, password=unquote(password) or None,
        ssl=CLUSTER_SCHEMES[parts.scheme], max_connections=max_connections,
        # A failover takes the cluster a few seconds; calls within it fail fast with
        # UNAVAILABLE (the caller retries with its request id) instead of queueing: two
        # quick retries (each after refreshing the slot map), then the error.
        retry=Retry(ExponentialWithJitterBackoff(cap=0.1, base=0.01), 2), **common)


class Gate:
    """Bounds the commands a replica has in flight on a cluster (a cluster client's pools
    refuse past their size instead of waiting, as the one-server pool does)."""

    def __init__(self, size: int) -> None:
        self._slots = asyncio.Semaphore(size)

    async def __aenter__(self) -> None:
        await self._slots.acquire()

    async def __aexit__(self, *exc: object) -> None:
        self._slots.release()
