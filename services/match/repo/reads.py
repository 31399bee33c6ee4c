"""Reading matches: a match (and a request's stored results) in one round trip, several at
once, their versions and last sequence numbers, events and actions."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .connection import StoreBase
from .keys import MAX_SEATS, key_for, request_key
from .records import Snapshot, snapshot


class MatchReads(StoreBase):
    """The reads of one match's keys."""

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
        snap = snapshot(match_id, fields)
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
        return [snapshot(m, f) if f else None for m, f in zip(match_ids, replies, strict=True)]

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
