"""Per-caller limits of the player and matchmaker services, counted in Redis for every
replica: calls per minute per caller (a player, an app, else an address:
cardroom.shared.rpc.identity), and guests created per minute per address.

A caller with a credential is that credential's holder however many connections and
addresses it uses; a caller without one is its network (GRPC_CALLER_*_PREFIX). A refusal
is RESOURCE_EXHAUSTED naming the setting, and counts nothing.
"""

from __future__ import annotations

from typing import Any

from cardroom.shared.errors import ResourceExhausted
from cardroom.shared.rpc.identity import Caller

#: KEYS: the counter; ARGV: limit, ttl ms. 1 when counted, 0 when refused (nothing counted).
_COUNT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return 1
"""


class CallerQuotas:
    """Counts one kind of call per caller per minute."""

    def __init__(self, client: Any, clock: Any) -> None:
        self.clock = clock
        self._count = client.register_script(_COUNT)

    async def charge(self, caller: Caller, what: str, limit: int, setting: str) -> None:
        """Count one `what` of `caller` this minute, or refuse it past `limit` (0: none)."""
        if not limit:
            return
        minute = int(self.clock() // 60)
        key = f"cardroom:pquota:{{{caller.key}}}:{what}:{minute}"
        if not await self._count(keys=[key], args=[limit, 120_000]):
            raise ResourceExhausted(
                f"this caller made its limit of {limit} {what} calls this minute ({setting}); "
                "retry in a minute", setting)
