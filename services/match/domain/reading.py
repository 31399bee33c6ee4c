"""Reading and listing matches: a seat's or a spectator's view, the event stream with its
turn frames (WatchMatch), the replay of a finished match, and the lobby."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator
from typing import Any, cast

from cardroom.shared.errors import InvalidArgument, OutOfRange, Unavailable, WrongPhase
from cardroom.shared.games import registry
from cardroom.shared.games.base import State

from .. import lobbyfeed, model, views
from ..model import MATCH_OVER, OPEN, OVER
from ..repo import ALL, PUBLIC, Snapshot
from .core import Core

#: The longest page of a listing.
MAX_PAGE = 100
#: Pages of ids one listing reads at most to fill its page (tables past a creator's share
#: of the lobby are passed over); then the page is returned short, with its token.
SCAN_PAGES = 5
#: Events one read of a stream takes from Redis at most (a stream's buffer is one batch).
WATCH_BATCH = 200


class Reading(Core):
    """GetMatch, WatchMatch, GetReplay and ListMatches."""

    #: The turn frames built lately (made on first use).
    frames: views.Frames | None = None

    async def list_matches(self, game: str = "", status: str = "", page_size: int = 20,
                           page_token: str = "", include_private: bool = False,
                           token: str | None = None) -> tuple[list[dict[str, Any]], str]:
        """One page of match summaries (newest first) and the token of the next page;
        private matches too with `include_private` (the admin only)."""
        if game:
            registry.module(game)
        status = status or "any"
        if status != "any" and status not in model.STATUSES:
            raise InvalidArgument(f"unknown status {status!r}", "status")
        scope = PUBLIC
        if include_private:
            self._admin_only(token, "list private matches")
            scope = ALL
        limit = min(max(page_size or 20, 1), MAX_PAGE)
        after = views.read_page_token(page_token, game, status, scope)
        found: list[dict[str, Any]] = []
        exhausted = False
        shown: dict[str, int] = {}  # open tables of each creator on this page
        scanned = 0
        while len(found) < limit and not exhausted and scanned < limit * SCAN_PAGES:
            want = limit - len(found)
            # One id more than wanted tells whether a next page exists, so the last page
            # comes with no token (not with one that leads to an empty page).
            ids = await self.repo.list_page(game, status, after, want + 1, scope)
            exhausted = len(ids) <= want
            ids = ids[:want]
            snaps = await self.repo.load_many(ids)
            gone = [m for m, s in zip(ids, snaps, strict=True)
                    if s is None or (status != "any" and s.status != status)
                    or (scope == PUBLIC and s.record.private)]
            await self.repo.unindex(game, status, gone, scope)
            found += [lobbyfeed.summary(s) for s in snaps
                      if s is not None and s.match_id not in gone
                      and (scope != PUBLIC or self._shown_once_more(s, shown))]
            scanned += len(ids)
            after = ids[-1] if ids else after
        token = "" if exhausted or not after else views.page_token(after, game, status, scope)
        return found, token

    def _shown_once_more(self, snap: Snapshot, shown: dict[str, int]) -> bool:
        """Whether a page of the public lobby that `shown` counts the creators' open tables
        of may list one more of `snap`'s creator (MATCH_LOBBY_PER_CREATOR), so no creator
        fills the lobby with its own tables."""
        creator = snap.record.creator
        if not self.lobby_per_creator or snap.status != OPEN or not creator:
            return True
        shown[creator] = shown.get(creator, 0) + 1
        return shown[creator] <= self.lobby_per_creator

    async def get_view(self, match_id: str, token: str | None = None,
                       as_seat: int | None = None) -> dict[str, Any]:
        """The caller's view: a seat's with its token, the spectator's without one."""
        snap = await self._load(model.check_match_id(match_id))
        seat = self._identify(snap.record, token, as_seat)
        return views.view(snap, self._shown(snap), seat, self.clock())

    async def watch(self, match_id: str, token: str | None = None, cursor: int = 0,
                    as_seat: int | None = None, follow: bool = True, turns: bool = False
                    ) -> AsyncIterator[tuple[int, dict[str, Any]] | views.Turn]:
        """The events after `cursor` the caller may see, then (when `follow`) new ones as they
        happen; the stream ends after the match's last event. Resume with the last seq
        received. A cursor past the last event is OutOfRange; while the replica shuts down
        the stream ends with Unavailable (resume elsewhere from the same cursor). With
        `turns` (and `follow`), a views.Turn follows the events of each change, the catch-up
        included, and the match's end."""
        snap = await self._load(model.check_match_id(match_id))
        seat = self._identify(snap.record, token, as_seat)
        if cursor < 0:
            raise InvalidArgument("cursor must not be negative", "cursor")
        if cursor > snap.seq:
            raise OutOfRange(f"cursor {cursor} is past the match's last event ({snap.seq})",
                             "cursor")
        if not follow or (snap.status in OVER and cursor >= snap.seq):
            async for item in self._catch_up(match_id, seat, cursor):
                yield item
            if follow and turns:
                yield self._turn(snap, seat)
            return
        async with self.fanout.watching(match_id) as signal:
            woken = False
            sent: int | None = None  # the version of the last turn frame sent
            while True:
                generation = signal.generation
                batch = await signal.read(cursor, functools.partial(
                    self.repo.events_after, match_id, cursor, WATCH_BATCH))
                if woken and batch:
                    # From the replica hearing of new events to this stream having them.
                    delay = asyncio.get_running_loop().time() - signal.fired_at
                    self.metrics.fanout_delay.observe(max(delay, 0.0))
                    woken = False
                for seq, event in batch:
                    cursor = seq
                    if model.visible(event, seat):
                        yield seq, event
                    if event.get("type") == MATCH_OVER:
                        if turns:
                            yield self._turn(await self._load(match_id), seat)
                        return
                if len(batch) == WATCH_BATCH:
                    continue  # more to catch up on before waiting
                if turns and (batch or sent is None):
                    snap = await self._load(match_id)
                    if snap.seq > cursor:
                        continue  # a change landed meanwhile: its events go before the frame
                    if snap.version != sent:
                        sent = snap.version
                        yield self._turn(snap, seat)
                if signal.gone:
                    return
                if self.fanout.closing:
                    raise Unavailable(f"the server is shutting down; resume from cursor {cursor}")
                woken = await signal.wait(generation, self.idle_wake_s)

    async def game_of(self, match_id: str) -> str:
        """The game of a match (NotFound when there is none)."""
        snap = await self._load(model.check_match_id(match_id))
        return str(snap.record.game)

    def _turn(self, snap: Snapshot, seat: int | None) -> views.Turn:
        """The turn frame of `snap` for `seat` (the state from the cache when it has it),
        built once per version and viewer while the frame cache holds it."""
        if self.frames is None:
            self.frames = views.Frames()
        found = self.frames.get(snap.match_id, snap.version, seat)
        if found is not None:
            return found
        frame = views.Turn(views.turn(snap, self._shown(snap), seat, self.clock()))
        return self.frames.put(snap.match_id, snap.version, seat, frame)

    def _shown(self, snap: Snapshot) -> State:
        """The engine state views of `snap` are made from: while the match is OPEN, one that
        shows nothing dealt (Sealed), so nobody, its creator included, sees a hand, a
        table, dice or a target before the start deals them to every seat at once."""
        state = self._state(snap)
        if snap.status != OPEN:
            return state
        return cast(State, Sealed(state, snap.record.game, snap.record.players))

    async def _catch_up(self, match_id: str, seat: int | None, cursor: int
                        ) -> AsyncIterator[tuple[int, dict[str, Any]]]:
        """The visible events logged after `cursor` so far, then the end."""
        while True:
            batch = await self.repo.events_after(match_id, cursor, WATCH_BATCH)
            for seq, event in batch:
                cursor = seq
                if model.visible(event, seat):
                    yield seq, event
            if len(batch) < WATCH_BATCH:
                return

    async def get_replay(self, match_id: str) -> dict[str, Any]:
        """A finished match in full: config, seed or deal, every action and every event."""
        snap = await self._load(model.check_match_id(match_id))
        if snap.status not in OVER:
            raise WrongPhase("a replay is only available once the match is over")
        record = snap.record
        state = self._state(snap)
        return {
            "match_id": match_id, "game": record.game, "options": record.options,
            "seed": record.seed, "deal": record.deal, "start": record.started,
            "status": snap.status,
            "actions": await self.repo.actions(match_id),
            "events": await self.repo.events_after(match_id, 0, count=1_000_000),
            "scores": state.scores(), "round_scores": state.round_scores(),
            "result": record.result, "seats": [s.public() for s in record.seats],
            "seed_salt": record.salt, "seed_commitment": record.commitment}


class Sealed:
    """An engine state seen before its match starts: its observation holds only what the
    match's options say (the game, its players, the seat asking); the rest is the state's."""

    def __init__(self, state: State, game: str, players: int) -> None:
        self._state = state
        self._game = game
        self._players = players

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What anyone may see of a deal before the start: nothing."""
        return {"game": self._game, "players": self._players, "seat": seat}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)
