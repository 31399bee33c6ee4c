"""The creation quotas' counters: one caller's creations this minute and live matches (one
script each way), and the live matches of the whole service (counted off the lobby)."""

from __future__ import annotations

from .connection import StoreBase
from .keys import ALL, key_for, lobby_key


class QuotaCounts(StoreBase):
    """The counters quotas.py judges."""

    async def live_count(self) -> int:
        """Open and active matches, private ones included (the global cap's count)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            for status in ("open", "active"):
                pipe.zcard(lobby_key(ALL, "*", status, shard))
        return sum(await self._timed("quota", pipe.execute))

    async def admit(self, caller: str, minute: int, per_minute: int, live: int,
                    live_ttl_ms: int) -> str:
        """Count one creation by `caller` in `minute` and one more live match of it:
        "ok", or the limit that refused ("rate", "live") with nothing counted."""
        self._writable()
        keys = [key_for("quota", caller, f"rate:{minute}"), key_for("quota", caller, "live")]
        return str(await self._timed("quota", lambda: self.scripts.admit(
            keys=keys, args=[per_minute, live, live_ttl_ms])))

    async def release(self, caller: str) -> None:
        """One live match of `caller` is over (or gone)."""
        await self._timed("quota", lambda: self.scripts.release(
            keys=[key_for("quota", caller, "live")]))
