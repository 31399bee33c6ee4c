"""The timer index: (match, version, due time) entries in a zset per shard, earliest first;
each is a hint, checked against the match's state before it fires (timers.py)."""

from __future__ import annotations

from collections.abc import Sequence

from .connection import StoreBase
from .keys import key_for, shard_of
from .records import TimerEntry


class TimerIndex(StoreBase):
    """Reads and maintains the timer index."""

    async def due_timers(self, now_ms: int, limit: int = 100) -> list[TimerEntry]:
        """Timer entries due at `now_ms`, earliest first (the earliest of every shard)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrangebyscore(key_for("timers", shard=shard), "-inf", now_ms, start=0,
                               num=limit, withscores=True)
        return earliest(await self._timed("timers", pipe.execute), limit)

    async def timer_entries(self, limit: int = 100_000) -> list[TimerEntry]:
        """Timer entries due at any time (at most `limit`), earliest first."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrange(key_for("timers", shard=shard), 0, limit - 1, withscores=True)
        return earliest(await self._timed("timers", pipe.execute), limit)

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


def earliest(shards: Sequence[Sequence[tuple[str, float]]], limit: int) -> list[TimerEntry]:
    """The `limit` earliest entries of several shards' (member, due) lists."""
    merged = sorted((due, member) for entries in shards for member, due in entries)
    return [TimerEntry.parse(member) for _, member in merged[:limit]]

