"""The creation quotas' counters: one caller's creations in a sliding window and its live
matches with what each costs (one script each way), and the live matches of the whole
service (counted off the lobby).

One caller's keys share a hash tag (one cluster slot): the window (a sorted set of creation
times), its live matches (a sorted set of match ids scored by when the entry lapses) and
their costs (a hash of match id to "<timed> <bot cost>").
"""

from __future__ import annotations

import secrets

from .connection import StoreBase
from .keys import ALL, key_for, lobby_key


def quota_keys(caller: str) -> list[str]:
    """The window, live and cost keys of `caller`."""
    return [key_for("quota", caller, part) for part in ("window", "matches", "costs")]


class QuotaCounts(StoreBase):
    """The counters quotas.py judges."""

    async def live_count(self) -> int:
        """Open and active matches, private ones included (the global cap's count)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            for status in ("open", "active"):
                pipe.zcard(lobby_key(ALL, "*", status, shard))
        return sum(await self._timed("quota", pipe.execute))

    async def admit(self, caller: str, match_id: str, *, now_ms: int, window_ms: int,
                    limits: tuple[int, int, int, int], timed: bool, bot_cost: int,
                    live_ttl_ms: int) -> str:
        """Count one creation by `caller` now and its live match `match_id`: "ok", or the
        limit that refused ("rate", "live", "timed", "bots") with nothing counted."""
        self._writable()
        args = [now_ms, window_ms, *limits, match_id, int(timed), bot_cost, live_ttl_ms,
                f"{now_ms}-{secrets.token_hex(4)}"]
        return str(await self._timed("quota", lambda: self.scripts.admit(
            keys=quota_keys(caller), args=args)))

    async def release(self, caller: str, match_id: str, until_ms: int = 0) -> None:
        """The live match `match_id` of `caller` is over: its entry goes now (`until_ms` 0)
        or, for a match that still exists a while, at that time (it counts until then)."""
        await self._timed("quota", lambda: self.scripts.release(
            keys=quota_keys(caller)[1:], args=[match_id, until_ms]))

    async def quota_usage(self, caller: str, now_ms: int, window_ms: int) -> tuple[int, int]:
        """Creations of `caller` in the window ending now and its live entries (tests,
        benchmarks)."""
        window, live, _ = quota_keys(caller)
        pipe = self.client.pipeline(transaction=False)
        pipe.zcount(window, now_ms - window_ms, "+inf")
        pipe.zcount(live, now_ms, "+inf")
        made, alive = await self._timed("quota", pipe.execute)
        return int(made), int(alive)
