"""The lobby index: which matches are listed under each game, status and scope, spread over
index shards; the hints a write leaves are checked against the state when listing, and
those of expired matches trimmed step by step."""

from __future__ import annotations

from collections.abc import Sequence

from .connection import StoreBase
from .keys import ALL, LOBBY_STATUSES, PUBLIC, key_for, listed_keys, lobby_key, shard_of
from .records import Listing


class LobbyIndex(StoreBase):
    """Reads and trims the lobby index (writes add their own entries, writes.py)."""

    async def delist(self, match_id: str, listing: Listing) -> None:
        """Take a match out of the lobby indexes of the status a write moved it from (its
        new ones were written with that write); a hint, as every lobby entry."""
        if listing.old_status is not None:
            pipe = self.client.pipeline(transaction=False)
            for key in listed_keys(match_id, listing.game, listing.private,
                                   [listing.old_status], self.shards):
                pipe.zrem(key, match_id)
            await self._timed("index", pipe.execute)


    async def list_page(self, game: str, status: str, after: str | None, limit: int,
                        scope: str = PUBLIC) -> list[str]:
        """Up to `limit` match ids (newest first) of the index, strictly older than `after`:
        the newest `limit` of each shard, merged."""
        upper = f"({after}" if after else "+"
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zrevrangebylex(lobby_key(scope, game or "*", status, shard), upper, "-",
                                start=0, num=limit)
        pages = await self._timed("lobby", pipe.execute)
        return sorted((m for page in pages for m in page), reverse=True)[:limit]

    async def unindex(self, game: str, status: str, match_ids: Sequence[str],
                      scope: str = PUBLIC) -> None:
        """Drop stale lobby entries (the match moved on or expired)."""
        if match_ids:
            pipe = self.client.pipeline(transaction=False)
            for shard, ids in self._by_shard(match_ids).items():
                pipe.zrem(lobby_key(scope, game or "*", status, shard), *ids)
            await self._timed("index", pipe.execute)

    async def count(self, game: str, status: str) -> int:
        """How many matches, private ones included, an index holds (the active gauge)."""
        pipe = self.client.pipeline(transaction=False)
        for shard in range(self.shards):
            pipe.zcard(lobby_key(ALL, game, status, shard))
        return sum(await self._timed("lobby", pipe.execute))

    def _by_shard(self, match_ids: Sequence[str]) -> dict[int, list[str]]:
        groups: dict[int, list[str]] = {}
        for match_id in match_ids:
            groups.setdefault(shard_of(match_id, self.shards), []).append(match_id)
        return groups

    async def trim_lobby(self, game: str, cursor: int, count: int) -> tuple[int, int]:
        """Check about `count` entries of `game`'s lobby from `cursor` (ZSCAN, one shard
        after the other) and drop, from every index, those whose match is gone (expired);
        the next cursor (0: went round every shard) and how many were dropped."""
        shard, scan = cursor % self.shards, cursor // self.shards
        scan, found = await self._timed("lobby", lambda: self.client.zscan(
            lobby_key(ALL, game, "any", shard), scan, count=count))
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
                    for status in LOBBY_STATUSES:
                        pipe.zrem(lobby_key(scope, game_part, status, shard), *gone)
            await self._timed("index", pipe.execute)
        return cursor, len(gone)
