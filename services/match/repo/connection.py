"""The match store's connection: one bounded pool per replica, to one Redis or a Redis
Cluster (store.py); every command timed and counted, Redis failures told apart (not now:
Unavailable; out of memory: ResourceExhausted), and what the health probe reads of the
servers. StoreBase is what each part of the store (reads, writes, indexes, quotas) builds on.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Self

import redis.asyncio as aioredis
from redis.exceptions import (
    AskError,
    ClusterError,
    OutOfMemoryError,
    ReadOnlyError,
    RedisClusterException,
    RedisError,
    ResponseError,
    SlotNotCoveredError,
    TryAgainError,
)
from redis.exceptions import (
    ConnectionError as RedisConnectionError,
)
from redis.exceptions import (
    TimeoutError as RedisTimeoutError,
)

from cardroom.shared.errors import ResourceExhausted, Unavailable

from .. import store
from ..defaults import REQUEST_TTL_S
from .keys import INDEX_SHARDS
from .records import RoundTrips
from .scripts import Scripts

#: What a caller is told while Redis cannot take the call (the cause is logged, not sent).
UNAVAILABLE = "the match store is unavailable; retry later"
#: What a caller is told while Redis is out of memory (maxmemory reached).
STORE_FULL = "the match store is full; retry later"
#: What a write is told when MATCH_DURABILITY=always and Redis did not persist it.
NOT_PERSISTED = "the match store did not persist this write; retry with the same request_id"
#: Redis connections one replica may hold at once (calls beyond wait for a free one).
MAX_CONNECTIONS = 32
NO_OBSERVER: Callable[[str, float], None] = lambda op, seconds: None  # noqa: E731


class StoreBase:
    """The client, its settings and the timing of every round trip."""

    def __init__(self, client: Any, *, request_ttl_s: float = REQUEST_TTL_S,
                 observe: Callable[[str, float], None] = NO_OBSERVER,
                 shards: int = INDEX_SHARDS, max_in_flight: int = MAX_CONNECTIONS) -> None:
        self.client = client
        #: Whether the client is a Redis Cluster's (store.py).
        self.cluster = isinstance(client, aioredis.RedisCluster)
        self.shards = shards
        self._gate = store.Gate(max_in_flight) if self.cluster else None
        self.request_ttl_ms = int(request_ttl_s * 1000)
        self.observe = observe
        self.trips = RoundTrips()
        #: Why writes are refused now (cardroom.services.match.health sets it), else None.
        self.refusal: str | None = None
        #: Why new matches are refused now: the store is past its high-water mark (the
        #: health probe reads it, cardroom.services.match.health), else None.
        self.crowded: str | None = None
        #: MATCH_DURABILITY=always: each write checks, in its own transaction, that Redis
        #: writes it to its append-only file and fsyncs it before answering.
        self.persist_each_write = False
        #: Whether Redis has WAITAOF (7.2 and later): then each write also waits for it.
        self.has_waitaof = False
        self._move_sha = ""
        #: The Lua scripts, as Script objects of this client.
        self.scripts = Scripts(client)

    @classmethod
    def from_url(cls, url: str, *, timeout_s: float = 2.0,
                 max_connections: int = MAX_CONNECTIONS, **kwargs: Any) -> Self:
        """A repository on the Redis at `url` (redis://host:port/db). A command without an
        answer within `timeout_s` fails, after one quick retry, so calls fail fast with
        UNAVAILABLE when Redis hangs instead of hanging; at most `max_connections` are open."""
        # On a cluster, up to two more to each node: the fan-out's pub/sub borrows one.
        client = store.connect(url, timeout_s=timeout_s,
                               max_connections=max_connections + 2 * store.is_cluster(url))
        return cls(client, max_in_flight=max_connections, **kwargs)

    async def close(self) -> None:
        """Close the connections."""
        if self.cluster:
            await self.client.aclose()
        else:
            await self.client.aclose(close_connection_pool=True)

    async def register_scripts(self) -> None:
        """Load the Lua scripts into Redis (pipelined writes send them by SHA) and learn
        whether it has WAITAOF."""
        await self._timed("script_load", self.scripts.load)
        version = (await self._timed("info", lambda: self.client.info(
            "server", **self._any_node())))["redis_version"]
        self.has_waitaof = tuple(int(x) for x in str(version).split(".")[:2]) >= (7, 2)

    async def _timed(self, op: str, call: Callable[[], Awaitable[Any]]) -> Any:
        started = time.perf_counter()
        try:
            if self._gate is None:
                return await call()
            async with self._gate:
                return await call()
        except (RedisError, RedisClusterException) as exc:
            if out_of_memory(exc):
                raise ResourceExhausted(STORE_FULL, "maxmemory") from exc
            if transient(exc):
                raise Unavailable(UNAVAILABLE) from exc
            raise
        finally:
            self.trips.add(op)
            self.observe(op, time.perf_counter() - started)

    def _any_node(self) -> dict[str, Any]:
        """Where a command about the server (not a key) goes on a cluster: any one node."""
        return {"target_nodes": aioredis.RedisCluster.RANDOM} if self.cluster else {}

    def _writable(self) -> None:
        if self.refusal is not None:
            raise Unavailable(self.refusal)

    async def server_reports(self, config: bool) -> list[tuple[dict[str, Any], dict[str, str]]]:
        """INFO memory and (if `config`) CONFIG GET append* of the server, or of every
        master of a cluster: what the health probe judges."""
        masters = self.client.get_primaries() if self.cluster else [None]
        pipe = self.client.pipeline(transaction=False)
        for node in masters:
            target = {"target_nodes": node} if node is not None else {}
            pipe.execute_command("PING", **target)
            pipe.execute_command("INFO", "memory", **target)
            if config:
                pipe.execute_command("CONFIG GET", "append*", **target)
        replies = await pipe.execute(raise_on_error=True)
        step = 3 if config else 2
        return [(replies[i + 1], replies[i + 2] if config else {})
                for i in range(0, len(replies), step)]

    async def ping(self) -> None:
        """One PING (of every master of a cluster)."""
        if self.cluster:
            await self.client.ping(target_nodes=aioredis.RedisCluster.PRIMARIES)
        else:
            await self.client.ping()


def transient(exc: RedisError | RedisClusterException) -> bool:
    """Whether a Redis failure means "not now" rather than "never": unreachable, timed out,
    loading its data, a read-only replica, out of memory, unable to persist (MISCONF), or a
    cluster failing over (down, a slot moving or not served yet)."""
    if isinstance(exc, RedisConnectionError | RedisTimeoutError | ReadOnlyError
                  | OutOfMemoryError | ClusterError | TryAgainError | SlotNotCoveredError):
        return True
    if isinstance(exc, RedisClusterException):
        return "cannot be connected" in str(exc)
    if isinstance(exc, AskError):  # MOVED or ASK left unfollowed (a durable write's)
        return True
    return isinstance(exc, ResponseError) and str(exc).startswith(("MISCONF", "CLUSTERDOWN"))


def out_of_memory(exc: RedisError | RedisClusterException) -> bool:
    """Whether Redis refused a command for want of memory (also inside a script)."""
    return isinstance(exc, OutOfMemoryError) or "OOM command not allowed" in str(exc)

