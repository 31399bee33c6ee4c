"""The public lobby as a stream: what a write tells the lobby feed (repo/feed.py), the
lobby summary (a listing entry with the options and clock in force), and the replica's one
follower of the feed, which every WatchLobby stream of the replica reads from.

The follower holds one blocking read of the feed (XREAD) while at least one stream is open,
and keeps the latest changes in memory, so a change costs a replica one Redis read however
many lobby streams it serves; a stream whose cursor is older than what the follower holds
reads the feed itself (XRANGE) until it has caught up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

from . import views
from .model import ACTIVE, OPEN, OVER
from .record import MatchRecord
from .repo import MatchRepo, Snapshot
from .repo.feed import Change, parse_cursor

log = logging.getLogger(__name__)

#: Change kinds, as LobbyChangeKind names them (lower case).
LISTED, CURRENT, OPENED, SEAT_TAKEN, STARTED, GONE = (
    "listed", "current", "opened", "seat_taken", "started", "gone")
#: Changes the follower keeps in memory for the streams that are behind.
KEEP = 2000
#: Longest one blocking read of the feed waits (ms) before it reads again.
BLOCK_MS = 1000
#: Changes read from Redis at once.
BATCH = 200
#: Longest the last stream leaving waits for the follower to stop.
STOP_WAIT_S = 1.0


def summary(snap: Snapshot) -> dict[str, Any]:
    """A match as the lobby shows it: the listing entry, the options and the clock."""
    return with_terms(views.summary(snap), snap.record)


def with_terms(entry: dict[str, Any], record: MatchRecord) -> dict[str, Any]:
    """A listing entry with the options and the per-move clock of `record`."""
    clock = record.clock
    return {**entry, "options": record.options,
            "clock": None if clock is None else {"seconds": clock.seconds,
                                                 "on_timeout": clock.on_timeout,
                                                 "policy": clock.policy}}


def change_kind(old_status: str | None, new_status: str, events: list[dict[str, Any]]
                ) -> str | None:
    """What a write that moved a match from `old_status` to `new_status` with `events`
    changed in the lobby; None when nothing a lobby shows changed."""
    if not old_status:
        return OPENED
    if new_status in OVER:
        return GONE if old_status not in OVER else None
    if old_status == OPEN and new_status == ACTIVE:
        return STARTED
    if new_status == OPEN and any(e.get("type") == "seat_claimed" for e in events):
        return SEAT_TAKEN
    return None


async def announce(repo: MatchRepo, kind: str, match_id: str, game: str,
                   entry: dict[str, Any] | None) -> None:
    """Append one change to the feed. The write it follows is already acknowledged, so a
    failure here is logged, not raised: the lobby stream misses that one change (ListMatches
    and a fresh stream's snapshot still show the truth)."""
    try:
        await repo.add_lobby_change({"kind": kind, "match_id": match_id, "game": game,
                                     "summary": entry})
    except Exception as exc:
        log.warning("lobby feed: change not added: %s", exc, extra={"match_id": match_id})


class LobbyFollower:
    """The replica's one reader of the lobby feed while any WatchLobby stream is open."""

    def __init__(self, repo: MatchRepo, keep: int = KEEP, block_ms: int = BLOCK_MS) -> None:
        self.repo = repo
        self.keep = keep
        self.block_ms = block_ms
        self.watchers = 0
        #: Bumped after each batch the follower adds.
        self.generation = 0
        #: The changes after `floor`, oldest first, as (cursor, parsed cursor, change).
        self.tail: deque[tuple[str, tuple[int, int], dict[str, Any]]] = deque()
        self.floor: tuple[int, int] | None = None
        self._last = "0-0"
        self._event = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._starting = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def following(self) -> AsyncIterator[LobbyFollower]:
        """The follower, reading the feed for as long as one stream holds it."""
        self.watchers += 1
        try:
            async with self._starting:
                if self._task is None:
                    self._last = await self.repo.lobby_cursor()
                    self.floor = parse_cursor(self._last)
                    self.tail.clear()
                    self._task = asyncio.create_task(self._run(), name="lobby-follower")
            yield self
        finally:
            self.watchers -= 1
            if self.watchers == 0 and self._task is not None:
                task, self._task = self._task, None
                task.cancel()
                # Not awaited without bound: the last stream's answer must not wait on it.
                await asyncio.wait({task}, timeout=STOP_WAIT_S)

    def after(self, cursor: tuple[int, int]) -> list[Change] | None:
        """The changes after `cursor` from memory; None when memory does not reach back
        that far (read the feed)."""
        if self.floor is None or cursor < self.floor:
            return None
        return [(text, change) for text, parsed, change in self.tail if parsed > cursor]

    async def wait(self, generation: int, timeout: float) -> None:
        """Until a batch is added after `generation` was read, or `timeout` seconds."""
        if self.generation != generation:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), timeout)

    async def _run(self) -> None:
        pause = 0.05
        while True:
            try:
                batch = await self.repo.lobby_changes_after(self._last, BATCH, self.block_ms)
                pause = 0.05
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    # A client library may turn the cancellation of its read into an error.
                    raise asyncio.CancelledError from exc
                log.warning("lobby follower: %s; reading again", exc)
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)
                continue
            if not batch:
                continue
            for text, change in batch:
                parsed = parse_cursor(text)
                assert parsed is not None
                self.tail.append((text, parsed, change))
            while len(self.tail) > self.keep:
                self.floor = self.tail.popleft()[1]
            self._last = batch[-1][0]
            self.generation += 1
            self._event.set()
            self._event = asyncio.Event()

