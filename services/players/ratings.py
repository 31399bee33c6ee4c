"""Ratings per game per player (OpenSkill's Plackett-Luce model) and the leaderboards, kept
in Redis so that a finished match changes them exactly once (docs/players.md).

    cardroom:rating:{<game>}:ratings       hash: player id -> {"mu", "sigma", "n", "rev"}
    cardroom:rating:{<game>}:board         sorted set: player id -> ordinal (mu - 3 sigma)
    cardroom:rating:{<game>}:history:<id>  list: the player's changes, newest first (capped)
    cardroom:rating:{<game>}:rated:<match> set once the match's change is applied

One game's keys share a hash tag (one Redis Cluster slot), so one Lua script applies a
match's whole change: it refuses a match already rated (a duplicate end, a retried call,
two replicas at once) and a change computed from ratings that moved since they were read
(another match of one of the players landed first: the change is computed again), and
otherwise writes every rating, the board and the history at once. The board is written
only there, together with the ratings, so every read of it agrees with them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

#: Changes kept per player per game.
HISTORY = 100

#: KEYS: ratings, board, rated marker, then one history list per player.
#: ARGV: rated ttl (ms), key ttl (ms), history cap, players, then per player: id, the rev
#: the change was computed from, the new rating (JSON), its ordinal, the history entry.
_APPLY = """
if redis.call('EXISTS', KEYS[3]) == 1 then return 'rated' end
local n = tonumber(ARGV[4])
for i = 0, n - 1 do
  local id, rev = ARGV[5 + i * 5], tonumber(ARGV[6 + i * 5])
  local cur = redis.call('HGET', KEYS[1], id)
  local now = 0
  if cur then now = cjson.decode(cur)['rev'] end
  if now ~= rev then return 'stale' end
end
for i = 0, n - 1 do
  local id = ARGV[5 + i * 5]
  redis.call('HSET', KEYS[1], id, ARGV[7 + i * 5])
  redis.call('ZADD', KEYS[2], ARGV[8 + i * 5], id)
  redis.call('LPUSH', KEYS[4 + i], ARGV[9 + i * 5])
  redis.call('LTRIM', KEYS[4 + i], 0, tonumber(ARGV[3]) - 1)
  redis.call('PEXPIRE', KEYS[4 + i], ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('SET', KEYS[3], '1', 'PX', ARGV[1])
return 'ok'
"""

#: KEYS: board, ratings; ARGV: first and last 0-based place. Flat (id, rating JSON) pairs.
_PAGE = """
local ids = redis.call('ZREVRANGE', KEYS[1], ARGV[1], ARGV[2])
local out = {}
for _, id in ipairs(ids) do
  out[#out + 1] = id
  out[#out + 1] = redis.call('HGET', KEYS[2], id) or false
end
return out
"""


def rating_key(game: str, part: str) -> str:
    """The key `part` ("ratings", "board", "history:<id>", "rated:<match>") of a game."""
    return f"cardroom:rating:{{{game}}}:{part}"


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game; `rev` counts its changes."""

    mu: float
    sigma: float
    matches: int = 0
    rev: int = 0

    @property
    def ordinal(self) -> float:
        """What the leaderboard ranks by: mu - 3 sigma (a conservative estimate)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps({"mu": self.mu, "sigma": self.sigma, "n": self.matches,
                           "rev": self.rev})


MODEL = PlackettLuce()
INITIAL = Rating(MODEL.mu, MODEL.sigma)


def read_rating(raw: bytes | str | None) -> Rating:
    """A stored rating (the initial one when there is none)."""
    if raw is None:
        return INITIAL
    data = json.loads(raw)
    return Rating(float(data["mu"]), float(data["sigma"]), int(data["n"]), int(data["rev"]))


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Every participant's rating after a free-for-all with these 1-based places (ties
    share a place): Plackett-Luce, each player a team of one."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [Rating(team[0].mu, team[0].sigma, r.matches + 1, r.rev + 1)
            for team, r in zip(after, before, strict=True)]


class RatingStore:
    """Reads ratings and leaderboards; applies a match's change exactly once."""

    def __init__(self, client: Any, ttl_s: float, rated_ttl_s: float) -> None:
        self.client = client
        self.ttl_ms = int(ttl_s * 1000)
        self.rated_ttl_ms = int(rated_ttl_s * 1000)
        self._apply = client.register_script(_APPLY)
        self._page = client.register_script(_PAGE)

    async def ratings(self, game: str, player_ids: Sequence[str]) -> list[Rating]:
        """Each player's rating (the initial one for a player not rated yet)."""
        raw = await self.client.hmget(rating_key(game, "ratings"), list(player_ids))
        return [read_rating(r) for r in raw]

    async def rated(self, game: str, match_id: str) -> bool:
        """Whether the match's change was applied."""
        return bool(await self.client.exists(rating_key(game, f"rated:{match_id}")))

    async def apply(self, game: str, match_id: str, player_ids: Sequence[str],
                    before: Sequence[Rating], after: Sequence[Rating],
                    places: Sequence[int]) -> str:
        """Write a match's change: "ok", "rated" (it was already) or "stale" (a rating
        moved since `before` was read; nothing was written)."""
        now = time.time()
        keys = [rating_key(game, "ratings"), rating_key(game, "board"),
                rating_key(game, f"rated:{match_id}"),
                *(rating_key(game, f"history:{p}") for p in player_ids)]
        args: list[Any] = [self.rated_ttl_ms, self.ttl_ms, HISTORY, len(player_ids)]
        for player, old, new, place in zip(player_ids, before, after, places, strict=True):
            entry = json.dumps({"match": match_id, "mu": new.mu, "sigma": new.sigma,
                                "n": new.matches, "place": place, "at": now})
            args += [player, old.rev, new.to_json(), repr(new.ordinal), entry]
        reply = await self._apply(keys=keys, args=args)
        return reply.decode() if isinstance(reply, bytes) else str(reply)

    async def rank(self, game: str, player_id: str) -> int:
        """The player's 1-based place on the board; 0 when not on it."""
        found = await self.client.zrevrank(rating_key(game, "board"), player_id)
        return 0 if found is None else int(found) + 1

    async def total(self, game: str) -> int:
        """Players on the game's board."""
        return int(await self.client.zcard(rating_key(game, "board")))

    async def page(self, game: str, start: int, count: int
                   ) -> list[tuple[int, str, Rating]]:
        """Board entries from 0-based place `start`: (1-based rank, player, rating), the
        board and the ratings read by one script, so both come from one moment."""
        if count <= 0:
            return []
        flat = await self._page(keys=[rating_key(game, "board"), rating_key(game, "ratings")],
                                args=[max(start, 0), max(start, 0) + count - 1])
        rows = []
        for i in range(0, len(flat), 2):
            player = flat[i].decode() if isinstance(flat[i], bytes) else flat[i]
            rows.append((max(start, 0) + i // 2 + 1, player, read_rating(flat[i + 1] or None)))
        return rows

    async def history(self, game: str, player_id: str, count: int) -> list[dict[str, Any]]:
        """The player's latest changes, newest first."""
        raw = await self.client.lrange(rating_key(game, f"history:{player_id}"), 0, count - 1)
        return [json.loads(r) for r in raw]
