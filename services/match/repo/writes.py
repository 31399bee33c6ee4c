"""Writing a match: the one compare-and-set of a change (scripts.MOVE, pipelined with its
timer and lobby hints), the durability checks of MATCH_DURABILITY=always, claiming and
confirming bot re-sends, and deleting a match.

A move costs one read (reads.py) and one atomic write. The script also publishes the
match's new last sequence number on the match's notify channel, which the replica's one
event fan-out (fanout.py) listens to.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

from redis.exceptions import NoScriptError

from cardroom.shared.errors import Unavailable

from .connection import NOT_PERSISTED, StoreBase
from .keys import ALL, PUBLIC, key_for, listed_keys, lobby_key, request_key, shard_of, timers_key
from .records import BotSend, Outcome, TimerEntry, Write, dumps

#: Longest a write waits for WAITAOF (Redis 7.2 and later) before it is not acknowledged.
WAITAOF_MS = 1000
#: Longest a write on a cluster waits for a replica to have it (WAIT) under
#: MATCH_DURABILITY=always before it is not acknowledged.
WAIT_REPLICA_MS = 1000


class MatchWrites(StoreBase):
    """The writes of one match's keys (and the hints they leave in the indexes)."""

    async def write(self, match_id: str, change: Write, timer: TimerEntry | None = None,
                    create: bool = False) -> Outcome:
        """Apply `change` if the match is still at `change.expected_version` (one round trip)."""
        self._writable()
        keys = [key_for("state", match_id), key_for("events", match_id),
                key_for("actions", match_id),
                request_key(match_id, change.seat, change.request or "-"),
                key_for("notify", match_id)]
        args: list[Any] = [
            change.expected_version, change.status, dumps(change.record.to_json()),
            dumps(change.engine),
            change.deadline_ms, change.bot_retry_ms, "1" if change.request else "0",
            "new" if create else "",
            self.request_ttl_ms, change.expire_ms, len(change.events), len(change.actions),
            -1 if change.seat is None else change.seat,
        ]
        args += [dumps(e) for e in change.events] + [dumps(a) for a in change.actions]
        args += [change.from_write, change.record.write, change.move]
        idle = (TimerEntry.idle(match_id).member, change.idle_ms) if change.idle_ms else None
        listed: list[str] = []
        if change.listing is not None:
            new = change.listing.new_status
            listed = listed_keys(match_id, change.listing.game, change.listing.private,
                                 [new] if change.listing.old_status else ["any", new],
                                 self.shards)
        durable = self.persist_each_write
        script = self.scripts.durable_move if durable else self.scripts.move
        reply = await self._run_script("write", script, match_id, keys, args, timer, idle,
                                       listed, durable=durable)
        kind, payload = reply[0], reply[1]
        if kind == "unpersisted":
            raise Unavailable(f"{NOT_PERSISTED} ({payload})")
        if kind in ("ok", "dup"):
            done = json.loads(payload)
            seat = done["seat"] if done["seat"] >= 0 else None
            return Outcome(kind, done["version"], done["first"], done["last"], seat,
                           done.get("move", ""))
        if kind == "stale":
            return Outcome("stale", int(payload))
        return Outcome("missing")

    async def touch_bot_retry(self, match_id: str, version: int, old_ms: int, new_ms: int,
                              timer: TimerEntry | None = None) -> bool:
        """Claim a bot re-enqueue: move its time from `old_ms` to `new_ms` if still current."""
        self._writable()
        keys = [key_for("state", match_id)]
        reply = await self._run_script("touch", self.scripts.touch, match_id, keys,
                                       [version, old_ms, new_ms], timer)
        return bool(reply)

    async def confirm_bot_sends(self, sends: Sequence[BotSend]) -> None:
        """Move the re-send time of each sent task's version from its unconfirmed time to
        its confirmed one (each a compare-and-set, as touch_bot_retry), in one round trip."""
        if not sends:
            return
        self._writable()

        def pipeline() -> Any:
            pipe = self.client.pipeline(transaction=False)
            for send in sends:
                pipe.execute_command("EVALSHA", self.scripts.touch.sha, 1,
                                     key_for("state", send.match_id), send.version,
                                     send.unconfirmed_ms, send.confirmed_ms)
            return pipe

        await self._execute_scripted("confirm_sends", pipeline)

    async def confirm_request(self, match_id: str, seat: int | None, request: str) -> None:
        """MATCH_DURABILITY=always: make sure the record of `request` is durable before its
        result is sent again (Unavailable if it is not, as for a move)."""
        await self._run_script("confirm", self.scripts.confirm, match_id,
                               [request_key(match_id, seat, request)], [self.request_ttl_ms],
                               None, durable=True)

    async def _execute_scripted(self, op: str, pipeline: Callable[[], Any],
                                **execute: Any) -> list[Any]:
        """Run the pipeline `pipeline()` builds, whose scripts go by SHA; if Redis lost them
        (a restart, a failover, a flushed script cache) load them all and run it once more."""
        try:
            replies: list[Any] = await self._timed(op, functools.partial(
                pipeline().execute, raise_on_error=True, **execute))
        except NoScriptError:
            await self._timed("script_load", self.scripts.load)
            replies = await self._timed(op, functools.partial(
                pipeline().execute, raise_on_error=True, **execute))
        return replies

    async def _run_script(self, op: str, script: Any, match_id: str, keys: list[str],
                          args: list[Any], timer: TimerEntry | None,
                          idle: tuple[str, int] | None = None, listed: Sequence[str] = (),
                          durable: bool = False) -> Any:
        """Run `script` on a match's keys in one pipeline with the hints of the write (and
        the durability checks when `durable`); the script's reply."""
        if self.cluster:
            execute: dict[str, Any] = {"allow_redirections": not durable}
            # The checks go to the node that ran the script, on its connection, right after
            # it (a cluster has no MULTI across this); a moved slot fails the write instead
            # of sending it elsewhere, unchecked.
            node = {"target_nodes": self.client.get_node_from_key(keys[0])}
        else:
            # One server: read in the same transaction as the write, the policy it ran under.
            execute, node = {}, {}
        timers = timers_key(match_id, self.shards)
        if self.cluster and timer is not None:
            # A hint only: the timer loop checks it against the state (timers.py), so adding
            # it even when the script refuses the write is harmless. On a cluster it lives on
            # another node than the match: it goes there first, so that no crash between
            # the two leaves a deadline in the state with no entry to fire it.
            await self._add_timer_hint(timers, timer, durable)
        # The lobby entries of the new status: hints too (listing checks each against the
        # state), written with the write or, on a cluster, before it, so no crash between
        # the two leaves a match missing from the lobby. The old status's go after it.
        if self.cluster and listed:
            await self._add_lobby_hints(match_id, listed)

        def pipeline() -> Any:
            pipe = (self.client.pipeline() if self.cluster
                    else self.client.pipeline(transaction=durable))
            pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
            if durable:
                pipe.execute_command("CONFIG GET", "appendfsync", **node)
                if self.has_waitaof:
                    # Fsynced here, and on a cluster by one replica too.
                    pipe.execute_command("WAITAOF", 1, int(self.cluster), WAITAOF_MS, **node)
                elif self.cluster:
                    pipe.execute_command("WAIT", 1, WAIT_REPLICA_MS, **node)
            if timer is not None and not self.cluster:
                pipe.zadd(timers, {timer.member: timer.due_ms}, nx=True)
            if idle is not None:  # a hint too, checked likewise (a lost update fires early)
                pipe.zadd(timers, {idle[0]: idle[1]})
            if not self.cluster:
                for key in listed:
                    pipe.zadd(key, {match_id: 0})
            return pipe

        replies = await self._execute_scripted(op, pipeline, **execute)
        if durable and replies[0][0] in ("ok", "dup"):
            check_persisted(replies[1], replies[2] if self.has_waitaof else None)
            if self.cluster:
                check_replicated(replies[2], self.has_waitaof)
        return replies[0]

    async def _add_lobby_hints(self, match_id: str, listed: Sequence[str]) -> None:
        pipe = self.client.pipeline(transaction=False)
        for key in listed:
            pipe.zadd(key, {match_id: 0})
        await self._timed("index", lambda: pipe.execute(raise_on_error=True))

    async def _add_timer_hint(self, key: str, timer: TimerEntry, durable: bool) -> None:
        """Add a deadline's timer entry on a cluster before the write that sets it; under
        MATCH_DURABILITY=always only once a replica of its node has it too."""
        pipe = self.client.pipeline()
        pipe.zadd(key, {timer.member: timer.due_ms}, nx=True)
        if durable:
            pipe.execute_command("WAIT", 1, WAIT_REPLICA_MS,
                                 target_nodes=self.client.get_node_from_key(key))
        replies = await self._timed("timers", lambda: pipe.execute(raise_on_error=True))
        if durable:
            check_replicated(replies[1], False)

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
                    pipe.zrem(lobby_key(scope, game_part, status_part, shard), match_id)
        pipe.execute_command("PUBLISH", key_for("notify", match_id), -1, **self._any_node())
        await self._timed("index", pipe.execute)
        return bool(removed)


def check_persisted(fsync: dict[str, str], waitaof: list[int] | None) -> None:
    """Refuse to acknowledge a write (Unavailable) that Redis did not fsync before answering:
    appendfsync was not "always" when it ran, or WAITAOF saw no local fsync."""
    if fsync.get("appendfsync") != "always":
        raise Unavailable(f"{NOT_PERSISTED} (appendfsync is {fsync.get('appendfsync', '?')})")
    if waitaof is not None and int(waitaof[0]) < 1:
        raise Unavailable(f"{NOT_PERSISTED} (WAITAOF timed out)")


def check_replicated(reply: Any, waitaof: bool) -> None:
    """Refuse to acknowledge a cluster write (Unavailable) that no replica has yet: a
    failover right now would lose it."""
    replicas = int(reply[1]) if waitaof else int(reply)
    if replicas < 1:
        raise Unavailable(f"{NOT_PERSISTED} (no replica acknowledged it)")

