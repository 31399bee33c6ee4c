"""Matchmaking tickets in Redis: where every replica's tickets meet, and the scripts that
move them, each atomic, so a ticket ends in exactly one match or is cancelled or expired.

    cardroom:{mm:<game>}:t:<ticket>     the ticket (JSON: player, table sizes, window,
                                        bot fill, rating, state, match, seat)
    cardroom:{mm:<game>}:waiting        sorted set: waiting ticket -> creation (ms)
    cardroom:{mm:<game>}:live           hash: player -> its live ticket (one per game)
    cardroom:{mm:<game>}:claims         sorted set: claim -> when another replica may
                                        complete it (ms)
    cardroom:{mm:<game>}:claim          hash: claim -> the table (JSON: match id, tickets
                                        by seat, bots)
    cardroom:{mm:<game>}:lease          the replica matching the game now (a lease)

One game's keys share a hash tag (one Redis Cluster slot), so each script below sees all
it needs. A table is made in two steps: CLAIM takes its tickets out of the queue and names
the match id it will be, atomically, so two replicas never claim one ticket; then the
match is created under that id (a second creation of the same id changes nothing) and
COMPLETE marks the tickets matched. A replica killed between the two leaves the claim,
which any replica completes once it is due: no ticket is lost, none matched twice.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

WAITING, CLAIMED, MATCHED, CANCELLED, EXPIRED = (
    "waiting", "claimed", "matched", "cancelled", "expired")
DONE = (MATCHED, CANCELLED, EXPIRED)
#: The channel every replica hears ticket changes on (the message: ticket ids).
CHANNEL = "cardroom:mm:notify"

_CREATE = """
local live = redis.call('HGET', KEYS[2], ARGV[2])
if live then
  local cur = redis.call('GET', (string.gsub(KEYS[3], '[^:]+$', live)))
  if cur then
    local state = cjson.decode(cur)['state']
    if state == 'waiting' or state == 'claimed' then return {'live', live} end
  end
end
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[5])
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return {'ok', ARGV[1]}
"""

_CLAIM = """
local n = tonumber(ARGV[4])
for i = 1, n do
  if not redis.call('ZSCORE', KEYS[1], ARGV[4 + i]) then return 0 end
  local cur = redis.call('GET', KEYS[3 + i])
  if not cur or cjson.decode(cur)['state'] ~= 'waiting' then return 0 end
end
for i = 1, n do
  local t = cjson.decode(redis.call('GET', KEYS[3 + i]))
  t['state'] = 'claimed'
  t['claim'] = ARGV[1]
  redis.call('SET', KEYS[3 + i], cjson.encode(t), 'KEEPTTL')
  redis.call('ZREM', KEYS[1], ARGV[4 + i])
end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], 86400000)
redis.call('PEXPIRE', KEYS[3], 86400000)
return 1
"""

_COMPLETE = """
if not redis.call('HEXISTS', KEYS[3], ARGV[1]) then return 0 end
local n = tonumber(ARGV[3])
for i = 1, n do
  local cur = redis.call('GET', KEYS[3 + i])
  if cur then
    local t = cjson.decode(cur)
    if t['claim'] == ARGV[1] then
      t['state'] = 'matched'
      t['match'] = ARGV[2]
      t['seat'] = tonumber(ARGV[3 + i])
      redis.call('SET', KEYS[3 + i], cjson.encode(t), 'KEEPTTL')
      if redis.call('HGET', KEYS[1], t['player']) == t['id'] then
        redis.call('HDEL', KEYS[1], t['player'])
      end
    end
  end
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return 1
"""

_END = """
local cur = redis.call('GET', KEYS[3])
if not cur then return '' end
local t = cjson.decode(cur)
if t['state'] ~= 'waiting' then return t['state'] end
t['state'] = ARGV[1]
redis.call('SET', KEYS[3], cjson.encode(t), 'KEEPTTL')
redis.call('ZREM', KEYS[1], t['id'])
if redis.call('HGET', KEYS[2], t['player']) == t['id'] then
  redis.call('HDEL', KEYS[2], t['player'])
end
return ARGV[1]
"""


def mm_key(game: str, part: str) -> str:
    """The key `part` ("t:<id>", "waiting", "live", "claims", "tables", "lease") of a game."""
    return f"cardroom:{{mm:{game}}}:{part}"


@dataclass(slots=True)
class Ticket:
    """One ticket as stored."""

    id: str
    game: str
    player: str
    min_players: int
    max_players: int
    window: float
    widen: float
    max_window: float
    mu: float
    created: float
    expire_at: float
    bot_after: float = 0.0
    policy: str = ""
    strength: int = 0
    state: str = WAITING
    match: str = ""
    seat: int = -1
    claim: str = ""
    options: dict[str, Any] = field(default_factory=dict)

    def window_at(self, now: float) -> float:
        """The rating window after waiting until `now`: it widens linearly, up to the cap."""
        return min(self.max_window, self.window + self.widen * max(0.0, now - self.created))

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps(asdict(self))


def read_ticket(raw: bytes | str | None) -> Ticket | None:
    """A stored ticket (None when gone)."""
    if raw is None:
        return None
    return Ticket(**json.loads(raw))


@dataclass(frozen=True, slots=True)
class Table:
    """A claimed table: the match it becomes, its tickets in seat order, bots after them."""

    claim: str
    match_id: str
    tickets: list[str]
    players: list[str]
    bots: int = 0
    policy: str = ""
    strength: int = 0

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps(asdict(self))


class TicketStore:
    """Reads and moves tickets with the scripts above."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._create = client.register_script(_CREATE)
        self._claim = client.register_script(_CLAIM)
        self._complete = client.register_script(_COMPLETE)
        self._end = client.register_script(_END)

    async def create(self, ticket: Ticket, ttl_ms: int) -> tuple[bool, str]:
        """Queue a ticket unless its player has a live one in the game: (made, the id)."""
        keys = [mm_key(ticket.game, "waiting"), mm_key(ticket.game, "live"),
                mm_key(ticket.game, f"t:{ticket.id}")]
        kind, which = await self._create(keys=keys, args=[
            ticket.id, ticket.player, ticket.to_json(), int(ticket.created * 1000), ttl_ms])
        return _text(kind) == "ok", _text(which)

    async def get(self, game: str, ticket_id: str) -> Ticket | None:
        """One ticket."""
        return read_ticket(await self.client.get(mm_key(game, f"t:{ticket_id}")))

    async def waiting(self, game: str) -> list[Ticket]:
        """Every waiting ticket of a game, oldest first."""
        ids = [_text(i) for i in await self.client.zrange(mm_key(game, "waiting"), 0, -1)]
        if not ids:
            return []
        raw = await self.client.mget([mm_key(game, f"t:{i}") for i in ids])
        found = [read_ticket(r) for r in raw]
        return [t for t in found if t is not None and t.state == WAITING]

    async def claim(self, game: str, table: Table, due_ms: int) -> bool:
        """Take a table's tickets out of the queue for its match, or none of them."""
        keys = [mm_key(game, "waiting"), mm_key(game, "claims"), mm_key(game, "tables"),
                *(mm_key(game, f"t:{t}") for t in table.tickets)]
        return bool(await self._claim(keys=keys, args=[
            table.claim, due_ms, table.to_json(), len(table.tickets), *table.tickets]))

    async def complete(self, game: str, table: Table) -> bool:
        """Mark a claimed table's tickets matched (False: completed before)."""
        keys = [mm_key(game, "live"), mm_key(game, "claims"), mm_key(game, "tables"),
                *(mm_key(game, f"t:{t}") for t in table.tickets)]
        return bool(await self._complete(keys=keys, args=[
            table.claim, table.match_id, len(table.tickets), *range(len(table.tickets))]))

    async def due_claims(self, game: str, now_ms: int) -> list[Table]:
        """Claims whose replica has had its time to complete them."""
        ids = await self.client.zrangebyscore(mm_key(game, "claims"), "-inf", now_ms)
        if not ids:
            return []
        raw = await self.client.hmget(mm_key(game, "tables"), [_text(i) for i in ids])
        return [Table(**json.loads(r)) for r in raw if r is not None]

    async def end(self, game: str, ticket: Ticket, state: str) -> str:
        """Cancel or expire a waiting ticket; the state it ends in (a matched or claimed
        ticket stays so; "" when gone)."""
        keys = [mm_key(game, "waiting"), mm_key(game, "live"), mm_key(game, f"t:{ticket.id}")]
        return _text(await self._end(keys=keys, args=[state]))

    async def lease(self, game: str, owner: str, ms: int) -> bool:
        """Hold (or renew) the game's matching lease for `ms`."""
        key = mm_key(game, "lease")
        if await self.client.set(key, owner, nx=True, px=ms):
            return True
        if _text(await self.client.get(key) or b"") == owner:
            await self.client.pexpire(key, ms)
            return True
        return False

    async def notify(self, ticket_ids: Sequence[str]) -> None:
        """Tell every replica's streams that these tickets changed."""
        if ticket_ids:
            await self.client.publish(CHANNEL, ",".join(ticket_ids))


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
