"""The player service's Redis keys (beside the match service's, on its client): players,
each player's matches, and the signing key of player credentials.

    cardroom:players:signing-key          the key credentials are signed with (no expiry:
                                          losing it would void every credential; unused
                                          when PLAYER_SECRET is set)
    cardroom:player:{<id>}:info           hash: name, created (seconds since the epoch)
    cardroom:player:{<id>}:matches        sorted set of match ids (score 0: by id, which
                                          sorts by creation time)

A player's keys share its hash tag, so they live in one Redis Cluster slot; both expire
PLAYER_TTL after the player was last seen (created, seated, rated).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

#: The key every replica signs player credentials with.
SIGNING_KEY = "cardroom:players:signing-key"


def player_key(player_id: str, part: str) -> str:
    """The key `part` ("info", "matches") of one player."""
    return f"cardroom:player:{{{player_id}}}:{part}"


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player as stored."""

    player_id: str
    name: str
    created: float


class PlayerStore:
    """Reads and writes the player keys through the match store's Redis client."""

    def __init__(self, client: Any, ttl_s: float) -> None:
        self.client = client
        self.ttl_ms = int(ttl_s * 1000)

    async def signing_key(self) -> bytes:
        """The service's signing key: the stored one, else a fresh one stored (the first
        replica to start draws it; SET NX makes every other one read the same)."""
        await self.client.set(SIGNING_KEY, secrets.token_hex(32), nx=True)
        stored = await self.client.get(SIGNING_KEY)
        return bytes.fromhex(stored.decode() if isinstance(stored, bytes) else stored)

    async def save(self, info: PlayerInfo, *, only_new: bool = False) -> PlayerInfo:
        """Store a player (its name replaced unless `only_new`); the stored player."""
        key = player_key(info.player_id, "info")
        pipe = self.client.pipeline(transaction=False)
        pipe.hsetnx(key, "created", repr(info.created))
        if only_new:
            pipe.hsetnx(key, "name", info.name)
        else:
            pipe.hset(key, "name", info.name)
        pipe.pexpire(key, self.ttl_ms)
        pipe.hgetall(key)
        fields = (await pipe.execute())[-1]
        return _info(info.player_id, fields)

    async def get(self, player_id: str) -> PlayerInfo | None:
        """The player, or None when unknown."""
        fields = await self.client.hgetall(player_key(player_id, "info"))
        return _info(player_id, fields) if fields else None

    async def names(self, player_ids: Sequence[str]) -> list[str]:
        """Each player's display name ("" when unknown), in one round trip."""
        if not player_ids:
            return []
        pipe = self.client.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hget(player_key(player_id, "info"), "name")
        return [_text(n) if n is not None else "" for n in await pipe.execute()]

    async def add_match(self, player_id: str, match_id: str) -> None:
        """List a match as the player's (match ids sort by creation time: all score 0,
        read in lexicographic order)."""
        key = player_key(player_id, "matches")
        pipe = self.client.pipeline(transaction=False)
        pipe.zadd(key, {match_id: 0})
        pipe.pexpire(key, self.ttl_ms)
        pipe.pexpire(player_key(player_id, "info"), self.ttl_ms)
        await pipe.execute()

    async def matches(self, player_id: str, after: str, count: int) -> list[str]:
        """Up to `count` of the player's match ids, newest first, after match id `after`
        ("" from the newest)."""
        top = f"({after}" if after else "+"
        rows = await self.client.zrevrangebylex(player_key(player_id, "matches"), top, "-",
                                                start=0, num=count)
        return [_text(r) for r in rows]

    async def forget_matches(self, player_id: str, match_ids: Sequence[str]) -> None:
        """Drop matches that are gone (expired or deleted) from the player's list."""
        if match_ids:
            await self.client.zrem(player_key(player_id, "matches"), *match_ids)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _info(player_id: str, fields: dict[Any, Any]) -> PlayerInfo:
    plain = {_text(k): _text(v) for k, v in fields.items()}
    return PlayerInfo(player_id, plain.get("name", ""), float(plain.get("created", 0.0)))
