"""The one owner of every Redis key of the match service (layout in docs/match.md).

Every key of one match carries the hash tag ``{<match id>}`` so a match lives in one Redis
Cluster slot and a Lua script may touch all of its keys. A move costs one read (a pipeline:
the state hash, plus the request record when the call has a request id) and one atomic
write (scripts.MOVE, pipelined with the timer hint when the new state has a deadline).
The script also publishes the match's new last sequence number on the match's notify
channel, which the replica's one event fan-out (fanout.py) listens to.

All of it runs on redis-py's asyncio client: one bounded connection pool per replica,
whatever the number of calls or open streams, to one Redis or to a Redis Cluster
(store.py). On a cluster, the timer and lobby indexes would pin all their traffic to one
slot if each were one key: they are spread over MATCH_INDEX_SHARDS keys (each in its own
slot), a match's entries always in the shard its id hashes to; readers merge the shards.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import (
    AskError,
    ClusterError,
    NoScriptError,
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

from . import scripts, store

PREFIX = "cardroom"
#: What a caller is told while Redis cannot take the call (the cause is logged, not sent).
UNAVAILABLE = "the match store is unavailable; retry later"
#: What a caller is told while Redis is out of memory (maxmemory reached).
STORE_FULL = "the match store is full; retry later"
#: What a write is told when MATCH_DURABILITY=always and Redis did not persist it.
NOT_PERSISTED = "the match store did not persist this write; retry with the same request_id"
#: Longest a write waits for WAITAOF (Redis 7.2 and later) before it is not acknowledged.
WAITAOF_MS = 1000
#: Longest a write on a cluster waits for a replica to have it (WAIT) under
#: MATCH_DURABILITY=always before it is not acknowledged.
WAIT_REPLICA_MS = 1000
#: Keys each of the timer and lobby indexes is spread over (MATCH_INDEX_SHARDS).
INDEX_SHARDS = 8
#: Lobby scopes: the public lobby, and every match including private ones (the admin's).
PUBLIC, ALL = "public", "all"
#: Redis connections one replica may hold at once (calls beyond wait for a free one).
MAX_CONNECTIONS = 32
#: Seats a request-record read covers: every game's largest table fits.
MAX_SEATS = 8
#: The version idle timer entries carry (TimerEntry.idle).
IDLE_VERSION = -1
NO_OBSERVER: Callable[[str, float], None] = lambda op, seconds: None  # noqa: E731

def key_for(kind: str, match_id: str = "", part: str = "", shard: int = 0) -> str:
    """The Redis key of `kind` ("state", "events", "actions", "request", "lobby" and
    "timers" of index shard `shard`, "quota" of the caller `match_id`), or the pub/sub
    channel ("notify") that announces a match's new events."""
    if kind in ("state", "events", "actions", "notify"):
        return f"{PREFIX}:match:{{{match_id}}}:{kind}"
    if kind == "request":
        # part is "<seat>:<request id>": a request id belongs to the seat that sent it.
        return f"{PREFIX}:match:{{{match_id}}}:request:{part}"
    if kind == "lobby":
        return f"{PREFIX}:{{lobby:{shard}}}:{part}"
    if kind == "timers":
        return f"{PREFIX}:{{timers:{shard}}}:due"
    if kind == "quota":
        # One caller's counters share a slot (the admission script reads both).
        return f"{PREFIX}:quota:{{{match_id}}}:{part}"
    raise ValueError(f"unknown key kind {kind!r}")


def shard_of(match_id: str, shards: int) -> int:
    """The index shard holding a match's timer and lobby entries (stable for its id)."""
    return zlib.crc32(match_id.encode()) % shards


@dataclass(slots=True)
class Snapshot:
    """One match as read in one round trip."""

    match_id: str
    version: int
    status: str
    meta: dict[str, Any]
    engine_text: str
    seq: int
    deadline_ms: int
    bot_retry_ms: int
    prior: dict[str, Any] | None = None
    #: The stored results of the call's request id, by the seat that sent it.
    priors: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def engine(self) -> dict[str, Any]:
        """The engine state's JSON (decoded only when asked for)."""
        decoded: dict[str, Any] = json.loads(self.engine_text)
        return decoded


@dataclass(slots=True)
class Write:
    """Everything one atomic write stores (see scripts.MOVE)."""

    expected_version: int
    status: str
    meta: dict[str, Any]
    engine: dict[str, Any]
    events: Sequence[dict[str, Any]] = ()
    actions: Sequence[dict[str, Any]] = ()
    deadline_ms: int = 0
    bot_retry_ms: int = 0
    request: str | None = None
    seat: int | None = None
    expire_ms: int = 0
    #: When the match is abandoned unless written again (0: never; see TimerEntry.idle).
    idle_ms: int = 0
    #: The lobby move this write makes, when it changes the match's status (or creates it).
    listing: Listing | None = None


@dataclass(frozen=True, slots=True)
class Listing:
    """Where a match is listed: its game, its status before a write (None: a new match) and
    after, and whether it is private (listed for the admin only)."""

    game: str
    old_status: str | None
    new_status: str
    private: bool = False


@dataclass(slots=True)
class Outcome:
    """What the write script answered: "ok", "dup" (request already done), "stale", "missing"."""

    kind: str
    version: int = 0
    first: int = 0
    last: int = 0
    seat: int | None = None


@dataclass(slots=True)
class TimerEntry:
    """One timer-index entry: wake the match `match_id` at version `version` at `due_ms`."""

    match_id: str
    version: int
    due_ms: int

    @property
    def member(self) -> str:
        """The zset member naming this entry (unique per match, version and due time)."""
        return f"{self.match_id}|{self.version}|{self.due_ms}"

    @classmethod
    def idle(cls, match_id: str) -> TimerEntry:
        """The one idle entry of a match: every write moves its score (the time the match
        is abandoned unless written again), so a match holds one such entry, not one a write."""
        return cls(match_id, IDLE_VERSION, 0)

    @property
    def is_idle(self) -> bool:
        """Whether this is a match's idle entry."""
        return self.version == IDLE_VERSION

    @classmethod
    def parse(cls, member: str) -> TimerEntry:
        """The entry named by a zset member."""
        match_id, version, due = member.split("|")
        return cls(match_id, int(version), int(due))


@dataclass(frozen=True)
class BotSend:
    """Bot tasks of `version` the broker took: their re-send time may move from
    `unconfirmed_ms` to `confirmed_ms` (see MatchService and the timer loop)."""

    match_id: str
    version: int
    unconfirmed_ms: int
    confirmed_ms: int


@dataclass
class RoundTrips:
    """Counts Redis round trips, per operation name (for the benchmark and tests)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, op: str) -> None:
        """Count one round trip of `op`."""
        self.counts[op] = self.counts.get(op, 0) + 1

    def total(self) -> int:
        """All round trips counted so far."""
        return sum(self.counts.values())


class MatchRepo:
    """Reads and writes matches, lobby entries and timers; nothing else touches Redis keys."""

    def __init__(self, client: Any, *, request_ttl_s: float = 86400.0,
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
        #: MATCH_DURABILITY=always: each write checks, in its own transaction, that Redis
        #: writes it to its append-only file and fsyncs it before answering.
        self.persist_each_write = False
        #: Whether Redis has WAITAOF (7.2 and later): then each write also waits for it.
        self.has_waitaof = False
        self._move_sha = ""
        self._durable_sha = ""
        self._touch_sha = ""
        self._confirm_sha = ""

    @classmethod
    def from_url(cls, url: str, *, timeout_s: float = 2.0,
                 max_connections: int = MAX_CONNECTIONS, **kwargs: Any) -> MatchRepo:
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
        """Load the Lua scripts once; writes then call them by SHA (EVALSHA)."""
        self._move_sha = await self._timed("script_load",
                                           lambda: self.client.script_load(scripts.MOVE))
        self._durable_sha = await self._timed(
            "script_load", lambda: self.client.script_load(scripts.PERSISTING + scripts.MOVE))
        version = (await self._timed("info", lambda: self.client.info(
            "server", **self._any_node())))["redis_version"]
        self.has_waitaof = tuple(int(x) for x in str(version).split(".")[:2]) >= (7, 2)
        self._touch_sha = await self._timed("script_load",
                                            lambda: self.client.script_load(scripts.TOUCH))
        self._confirm_sha = await self._timed("script_load",
                                              lambda: self.client.script_load(scripts.CONFIRM))

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

    # ---- reads ------------------------------------------------------------------------

    async def load(self, match_id: str, request: str | None = None) -> Snapshot | None:
        """The match (and the stored results of `request` by each seat, if any) in one
        round trip; the caller's seat is known only once the seats are read."""
        pipe = self.client.pipeline(transaction=False)
        pipe.hgetall(key_for("state", match_id))
        if request is not None:
            # (By name: a cluster pipeline refuses its mget method, though the keys share a
            # slot; the same for EVALSHA, PUBLISH, PING, INFO and CONFIG GET below.)
            pipe.execute_command(
                "MGET", *(request_key(match_id, seat, request) for seat in range(MAX_SEATS)))
        replies = await self._timed("load", pipe.execute)
        fields = replies[0]
        if not fields:
            return None
        snap = _snapshot(match_id, fields)
        if request is not None:
            snap.priors = {seat: json.loads(raw) for seat, raw in enumerate(replies[1]) if raw}
        return snap

    async def load_many(self, match_ids: Sequence[str]) -> list[Snapshot | None]:
        """Several matches in one round trip (None where a match is gone)."""
        if not match_ids:
            return []
        pipe = self.client.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.hgetall(key_for("state", match_id))
        replies = await self._timed("load_many", pipe.execute)
        return [_snapshot(m, f) if f else None for m, f in zip(match_ids, replies, strict=True)]

    async def versions(self, match_ids: Sequence[str]) -> list[int | None]:
        """The current version of each match (None where a match is gone), in one round
        trip: what the timer loop checks its due entries against before reading more."""
        return await self._number_of_each(match_ids, "version", "versions")

    async def last_seqs(self, match_ids: Sequence[str]) -> list[int | None]:
        """The last event sequence number of each match (None where a match is gone), in
        one round trip: what the fan-out's sweep compares with what it was told."""
        return await self._number_of_each(match_ids, "seq", "seqs")

    async def _number_of_each(self, match_ids: Sequence[str], name: str, op: str
                              ) -> list[int | None]:
        if not match_ids:
            return []
        pipe = self.client.pipeline(transaction=False)
        for match_id in match_ids:
            pipe.hget(key_for("state", match_id), name)
        replies = await self._timed(op, pipe.execute)
        return [None if r is None else int(r) for r in replies]

    async def events_after(self, match_id: str, cursor: int, count: int = 500
                           ) -> list[tuple[int, dict[str, Any]]]:
        """Up to `count` events with a sequence number above `cursor`, oldest first."""
        entries = await self._timed("events", lambda: self.client.xrange(
            key_for("events", match_id), min=f"({cursor}-0", count=count))
        return [(int(entry_id.split("-")[0]), json.loads(data["e"])) for entry_id, data in entries]

    async def events_between(self, match_id: str, first: int, last: int
                             ) -> list[tuple[int, dict[str, Any]]]:
        """Events `first`..`last` inclusive (what one earlier write appended)."""
        if last < first:
            return []
        entries = await self._timed("events", lambda: self.client.xrange(
            key_for("events", match_id), min=f"{first}-0", max=f"{last}-0"))
        return [(int(entry_id.split("-")[0]), json.loads(data["e"])) for entry_id, data in entries]

    async def actions(self, match_id: str) -> list[dict[str, Any]]:
        """Every action applied to the match's engine, in order (for replays)."""
        raw = await self._timed("actions", lambda: self.client.lrange(
            key_for("actions", match_id), 0, -1))
        return [json.loads(item) for item in raw]

    # ---- writes -----------------------------------------------------------------------

    async def create(self, match_id: str, status: str, meta: dict[str, Any],
                     engine: dict[str, Any], events: Sequence[dict[str, Any]],
                     deadline_ms: int = 0, bot_retry_ms: int = 0,
                     timer: TimerEntry | None = None) -> bool:
        """Store a new match at version 1; False if the id is taken."""
        change = Write(0, status, meta, engine, events, deadline_ms=deadline_ms,
                       bot_retry_ms=bot_retry_ms)
        return (await self.write(match_id, change, timer, create=True)).kind == "ok"

    async def write(self, match_id: str, change: Write, timer: TimerEntry | None = None,
                    create: bool = False) -> Outcome:
        """Apply `change` if the match is still at `change.expected_version` (one round trip)."""
        self._writable()
        keys = [key_for("state", match_id), key_for("events", match_id),
                key_for("actions", match_id),
                request_key(match_id, change.seat, change.request or "-"),
                key_for("notify", match_id)]
        args: list[Any] = [
            change.expected_version, change.status, _dumps(change.meta), _dumps(change.engine),
            change.deadline_ms, change.bot_retry_ms, "1" if change.request else "0",
            "new" if create else "",
            self.request_ttl_ms, change.expire_ms, len(change.events), len(change.actions),
            -1 if change.seat is None else change.seat,
        ]
        args += [_dumps(e) for e in change.events] + [_dumps(a) for a in change.actions]
        idle = (TimerEntry.idle(match_id).member, change.idle_ms) if change.idle_ms else None
        listed: list[str] = []
        if change.listing is not None:
            new = change.listing.new_status
            listed = self._lobby_keys(match_id, change.listing,
                                      [new] if change.listing.old_status else ["any", new])
        if self.persist_each_write:
            reply = await self._run_script("write", lambda: self._durable_sha, match_id, keys,
                                           args, timer, idle, listed, durable=True)
        else:
            reply = await self._run_script("write", lambda: self._move_sha, match_id, keys,
                                           args, timer, idle, listed)
        kind, payload = reply[0], reply[1]
        if kind == "unpersisted":
            raise Unavailable(f"{NOT_PERSISTED} ({payload})")
        if kind in ("ok", "dup"):
            done = json.loads(payload)
            seat = done["seat"] if done["seat"] >= 0 else None
            return Outcome(kind, done["version"], done["first"], done["last"], seat)
        if kind == "stale":
            return Outcome("stale", int(payload))
        return Outcome("missing")

    async def touch_bot_retry(self, match_id: str, version: int, old_ms: int, new_ms: int,
                              timer: TimerEntry | None = None) -> bool:
        """Claim a bot re-enqueue: move its time from `old_ms` to `new_ms` if still current."""
        self._writable()
        keys = [key_for("state", match_id)]
        reply = await self._run_script("touch", lambda: self._touch_sha, match_id, keys,
                                       [version, old_ms, new_ms], timer)
        return bool(reply)

    async def confirm_bot_sends(self, sends: Sequence[BotSend]) -> None:
        """Move the re-send time of each sent task's version from its unconfirmed time to
        its confirmed one (each a compare-and-set, as touch_bot_retry), in one round trip."""
        if not sends:
            return
        self._writable()
        if not self._touch_sha:
            await self.register_scripts()
        pipe = self.client.pipeline(transaction=False)
        for send in sends:
            pipe.execute_command("EVALSHA", self._touch_sha, 1, key_for("state", send.match_id),
                                 send.version, send.unconfirmed_ms, send.confirmed_ms)
        try:
            await self._timed("confirm_sends", lambda: pipe.execute(raise_on_error=True))
        except NoScriptError:
            await self.register_scripts()  # Redis lost its scripts: this once more
            await self.confirm_bot_sends(sends)

    async def confirm_request(self, match_id: str, seat: int | None, request: str) -> None:
        """MATCH_DURABILITY=always: make sure the record of `request` is durable before its
        result is sent again (Unavailable if it is not, as for a move)."""
        await self._run_script("confirm", lambda: self._confirm_sha, match_id,
                               [request_key(match_id, seat, request)], [self.request_ttl_ms],
                               None, durable=True)

    async def _run_script(self, op: str, sha: Callable[[], str], match_id: str, keys: list[str],
                          args: list[Any], timer: TimerEntry | None,
                          idle: tuple[str, int] | None = None, listed: Sequence[str] = (),
                          durable: bool = False) -> Any:
        if not sha():
            await self.register_scripts()
        if self.cluster:
            pipe = self.client.pipeline()
            execute: dict[str, Any] = {"allow_redirections": not durable}
            # The checks go to the node that ran the script, on its connection, right after
            # it (a cluster has no MULTI across this); a moved slot fails the write instead
            # of sending it elsewhere, unchecked.
            node = {"target_nodes": self.client.get_node_from_key(keys[0])}
        else:
            # One server: read in the same transaction as the write, the policy it ran under.
            pipe, execute, node = self.client.pipeline(transaction=durable), {}, {}
        pipe.execute_command("EVALSHA", sha(), len(keys), *keys, *args)
        if durable:
            pipe.execute_command("CONFIG GET", "appendfsync", **node)
            if self.has_waitaof:
                # Fsynced here, and on a cluster by one replica too.
                pipe.execute_command("WAITAOF", 1, int(self.cluster), WAITAOF_MS, **node)
            elif self.cluster:
                pipe.execute_command("WAIT", 1, WAIT_REPLICA_MS, **node)
        shard = shard_of(match_id, self.shards)
        if timer is not None:
            # A hint only: the timer loop checks it against the state (timers.py), so adding
            # it even when the script refuses the write is harmless. On a cluster it lives on
            # another node than the match: it goes there first, so that no crash between
            # the two leaves a deadline in the state with no entry to fire it.
            if self.cluster:
                await self._add_timer_hint(shard, timer, durable)
            else:
                pipe.zadd(key_for("timers", shard=shard), {timer.member: timer.due_ms},
                          nx=True)
        if idle is not None:  # a hint too, checked likewise (a lost update fires early)
            pipe.zadd(key_for("timers", shard=shard), {idle[0]: idle[1]})
        # The lobby entries of the new status: hints too (listing checks each against the
        # state), written with the write or, on a cluster, before it, so no crash between
        # the two leaves a match missing from the lobby. The old status's go after it.
        if self.cluster and listed:
            await self._add_lobby_hints(match_id, listed)
        elif listed:
            for key in listed:
                pipe.zadd(key, {match_id: 0})
        try:
            replies = await self._timed(op, lambda: pipe.execute(raise_on_error=True,
                                                                 **execute))
        except NoScriptError:
            # Redis restarted, failed over or flushed its script cache: load again, retry.
            await self.register_scripts()
            return await self._run_script(op, sha, match_id, keys, args, timer, idle, listed,
                                          durable)
        if durable and replies[0][0] in ("ok", "dup"):
            _check_persisted(replies[1], replies[2] if self.has_waitaof else None)
            if self.cluster:
                _check_replicated(replies[2], self.has_waitaof)
        return replies[0]

    async def _add_lobby_hints(self, match_id: str, listed: Sequence[str]) -> None:
        pipe = self.client.pipeline(transaction=False)
        for key in listed:
            pipe.zadd(key, {match_id: 0})
        await self._timed("index", lambda: pipe.execute(raise_on_error=True))

    async def _add_timer_hint(self, shard: int, timer: TimerEntry, durable: bool) -> None:
        """Add a deadline's timer entry on a cluster before the write that sets it; under
        MATCH_DURABILITY=always only once a replica of its node has it too."""
        key = key_for("timers", shard=shard)
        pipe = self.client.pipeline()
        pipe.zadd(key, {timer.member: timer.due_ms}, nx=True)
        if durable:
            pipe.execute_command("WAIT", 1, WAIT_REPLICA_MS,
                                 target_nodes=self.client.get_node_from_key(key))
        replies = await self._timed("timers", lambda: pipe.execute(raise_on_error=True))
        if durable:
            _check_replicated(replies[1], False)

    # ---- quotas -----------------------------------------------------------------------

    async def live_count(self) -> int:
        """Open and active matches, private ones included (the global cap's count)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            for status in ("open", "active"):
                pipe.zcard(_lobby(ALL, "*", status, shard))
        return sum(await self._timed("quota", pipe.execute))

    async def admit(self, caller: str, minute: int, per_minute: int, live: int,
                    live_ttl_ms: int) -> str:
        """Count one creation by `caller` in `minute` and one more live match of it:
        "ok", or the limit that refused ("rate", "live") with nothing counted."""
        self._writable()
        keys = [key_for("quota", caller, f"rate:{minute}"), key_for("quota", caller, "live")]
        script = self.client.register_script(scripts.ADMIT)
        return str(await self._timed("quota", lambda: script(
            keys=keys, args=[per_minute, live, live_ttl_ms])))

    async def release(self, caller: str) -> None:
        """One live match of `caller` is over (or gone)."""
        script = self.client.register_script(scripts.RELEASE)
        await self._timed("quota", lambda: script(keys=[key_for("quota", caller, "live")]))

    # ---- lobby ------------------------------------------------------------------------

    async def delist(self, match_id: str, listing: Listing) -> None:
        """Take a match out of the lobby indexes of the status a write moved it from (its
        new ones were written with that write); a hint, as every lobby entry."""
        if listing.old_status is not None:
            pipe = self.client.pipeline(transaction=False)
            for key in self._lobby_keys(match_id, listing, [listing.old_status]):
                pipe.zrem(key, match_id)
            await self._timed("index", pipe.execute)

    def _lobby_keys(self, match_id: str, listing: Listing, statuses: Sequence[str]
                    ) -> list[str]:
        # Every match is in four indexes of the ALL scope, (its game | every game) x (its
        # status | any status), and a public one in the same four of the public scope too.
        shard = shard_of(match_id, self.shards)
        return [_lobby(scope, game, status, shard)
                for scope in ((ALL,) if listing.private else (ALL, PUBLIC))
                for game in (listing.game, "*") for status in statuses]

    async def list_page(self, game: str, status: str, after: str | None, limit: int,
                        scope: str = PUBLIC) -> list[str]:
        """Up to `limit` match ids (newest first) of the index, strictly older than `after`:
        the newest `limit` of each shard, merged."""
        upper = f"({after}" if after else "+"
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrevrangebylex(_lobby(scope, game or "*", status, shard), upper, "-",
                                start=0, num=limit)
        pages = await self._timed("lobby", pipe.execute)
        return sorted((m for page in pages for m in page), reverse=True)[:limit]

    async def unindex(self, game: str, status: str, match_ids: Sequence[str],
                      scope: str = PUBLIC) -> None:
        """Drop stale lobby entries (the match moved on or expired)."""
        if match_ids:
            pipe = self.client.pipeline(transaction=False)
            for shard, ids in self._by_shard(match_ids).items():
                pipe.zrem(_lobby(scope, game or "*", status, shard), *ids)
            await self._timed("index", pipe.execute)

    async def count(self, game: str, status: str) -> int:
        """How many matches, private ones included, an index holds (the active gauge)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zcard(_lobby(ALL, game, status, shard))
        return sum(await self._timed("lobby", pipe.execute))

    async def delete(self, match_id: str, game: str, status: str) -> bool:
        """Remove a match's state, events and actions at once (False if already gone), then
        its lobby entries, and wake its watchers. Request records expire by themselves; timer
        entries are dropped by the timer loop when it finds no match."""
        keys = [key_for(kind, match_id) for kind in ("state", "events", "actions")]
        removed = await self._timed("delete", lambda: self.client.delete(*keys))
        shard = shard_of(match_id, self.shards)
        pipe = self.client.pipeline(transaction=False)
        for scope in (ALL, PUBLIC):
            for game_part in (game, "*"):
                for status_part in (status, "any"):
                    pipe.zrem(_lobby(scope, game_part, status_part, shard), match_id)
        pipe.execute_command("PUBLISH", key_for("notify", match_id), -1, **self._any_node())
        await self._timed("index", pipe.execute)
        return bool(removed)

    def _by_shard(self, match_ids: Sequence[str]) -> dict[int, list[str]]:
        groups: dict[int, list[str]] = {}
        for match_id in match_ids:
            groups.setdefault(shard_of(match_id, self.shards), []).append(match_id)
        return groups

    # ---- timers -----------------------------------------------------------------------

    async def due_timers(self, now_ms: int, limit: int = 100) -> list[TimerEntry]:
        """Timer entries due at `now_ms`, earliest first (the earliest of every shard)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrangebyscore(key_for("timers", shard=shard), "-inf", now_ms, start=0,
                               num=limit, withscores=True)
        return _earliest(await self._timed("timers", pipe.execute), limit)

    async def timer_entries(self, limit: int = 100_000) -> list[TimerEntry]:
        """Timer entries due at any time (at most `limit`), earliest first."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrange(key_for("timers", shard=shard), 0, limit - 1, withscores=True)
        return _earliest(await self._timed("timers", pipe.execute), limit)

    async def drop_timers(self, entries: Sequence[TimerEntry]) -> None:
        """Remove several outdated timer entries at once."""
        if entries:
            groups: dict[int, list[str]] = {}
            for entry in entries:
                groups.setdefault(self._timer_shard(entry), []).append(entry.member)
            pipe = self.client.pipeline(transaction=False)
            for shard, members in groups.items():
                pipe.zrem(key_for("timers", shard=shard), *members)
            await self._timed("timers", pipe.execute)

    async def drop_timer(self, entry: TimerEntry) -> None:
        """Remove a handled or outdated timer entry."""
        await self._timed("timers", lambda: self.client.zrem(
            key_for("timers", shard=self._timer_shard(entry)), entry.member))

    async def due_idle(self, entry: TimerEntry, due_ms: int) -> None:
        """Move a match's idle entry to `due_ms` (found early: the match was written since)."""
        await self._timed("timers", lambda: self.client.zadd(
            key_for("timers", shard=self._timer_shard(entry)), {entry.member: due_ms}))

    async def add_timer(self, entry: TimerEntry) -> None:
        """Add a timer entry on its own (when no write carries it)."""
        await self._timed("timers", lambda: self.client.zadd(
            key_for("timers", shard=self._timer_shard(entry)), {entry.member: entry.due_ms},
            nx=True))

    def _timer_shard(self, entry: TimerEntry) -> int:
        return shard_of(entry.match_id, self.shards)

    async def trim_lobby(self, game: str, cursor: int, count: int) -> tuple[int, int]:
        """Check about `count` entries of `game`'s lobby from `cursor` (ZSCAN, one shard
        after the other) and drop, from every index, those whose match is gone (expired);
        the next cursor (0: went round every shard) and how many were dropped."""
        shard, scan = cursor % self.shards, cursor // self.shards
        scan, found = await self._timed("lobby", lambda: self.client.zscan(
            _lobby(ALL, game, "any", shard), scan, count=count))
        # Within the shard, or (it is done) the next one from its start, or round again.
        cursor = shard + self.shards * scan if scan else (shard + 1) % self.shards
        ids = [m for m, _ in found]
        if not ids:
            return cursor, 0
        pipe = self.client.pipeline(transaction=False)
        for match_id in ids:
            pipe.exists(key_for("state", match_id))
        gone = [m for m, there in zip(ids, await self._timed("lobby", pipe.execute),
                                      strict=True) if not there]
        if gone:
            pipe = self.client.pipeline(transaction=False)
            for scope in (ALL, PUBLIC):
                for game_part in (game, "*"):
                    for status in ("any", "open", "active", "finished", "abandoned"):
                        pipe.zrem(_lobby(scope, game_part, status, shard), *gone)
            await self._timed("index", pipe.execute)
        return cursor, len(gone)

    # ---- the servers ------------------------------------------------------------------

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


def request_key(match_id: str, seat: int | None, request: str) -> str:
    """The key of the result of `request` sent by `seat` (-1: no seat)."""
    return key_for("request", match_id, f"{-1 if seat is None else seat}:{request}")


def _lobby(scope: str, game: str, status: str, shard: int) -> str:
    """The key of one lobby index shard: PUBLIC lists what anyone may see, ALL adds private
    ones."""
    prefix = "" if scope == PUBLIC else f"{scope}:"
    return key_for("lobby", part=f"{prefix}{game}:{status}", shard=shard)


def _earliest(shards: Sequence[Sequence[tuple[str, float]]], limit: int) -> list[TimerEntry]:
    """The `limit` earliest entries of several shards' (member, due) lists."""
    merged = sorted((due, member) for entries in shards for member, due in entries)
    return [TimerEntry.parse(member) for _, member in merged[:limit]]


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


def _check_persisted(fsync: dict[str, str], waitaof: list[int] | None) -> None:
    """Refuse to acknowledge a write (Unavailable) that Redis did not fsync before answering:
    appendfsync was not "always" when it ran, or WAITAOF saw no local fsync."""
    if fsync.get("appendfsync") != "always":
        raise Unavailable(f"{NOT_PERSISTED} (appendfsync is {fsync.get('appendfsync', '?')})")
    if waitaof is not None and int(waitaof[0]) < 1:
        raise Unavailable(f"{NOT_PERSISTED} (WAITAOF timed out)")


def _check_replicated(reply: Any, waitaof: bool) -> None:
    """Refuse to acknowledge a cluster write (Unavailable) that no replica has yet: a
    failover right now would lose it."""
    replicas = int(reply[1]) if waitaof else int(reply)
    if replicas < 1:
        raise Unavailable(f"{NOT_PERSISTED} (no replica acknowledged it)")


def out_of_memory(exc: RedisError | RedisClusterException) -> bool:
    """Whether Redis refused a command for want of memory (also inside a script)."""
    return isinstance(exc, OutOfMemoryError) or "OOM command not allowed" in str(exc)


def _snapshot(match_id: str, fields: dict[str, str]) -> Snapshot:
    return Snapshot(
        match_id=match_id, version=int(fields["version"]), status=fields["status"],
        meta=json.loads(fields["meta"]), engine_text=fields["engine"],
        seq=int(fields.get("seq", 0)), deadline_ms=int(fields.get("deadline", 0)),
        bot_retry_ms=int(fields.get("bot_retry", 0)))


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
