"""The player service's domain layer (no gRPC types): guests and app players, a player's
matches, rejoining and resigning with the player's credential, ratings and leaderboards;
and the hooks the match service calls (services/match/hooks.py)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardroom.services.match import views
from cardroom.services.match.app import MatchService, MoveResult
from cardroom.services.match.model import OVER, check_match_id, check_name
from cardroom.services.match.record import MatchRecord
from cardroom.shared.errors import InvalidArgument, NotFound
from cardroom.shared.games import registry

from .credentials import PlayerKeys, app_player_id, new_guest_id
from .metrics import PlayerMetrics
from .rater import Rater
from .ratings import INITIAL, Rating, RatingStore
from .store import PlayerInfo, PlayerStore

log = logging.getLogger(__name__)

#: The longest page of any listing.
MAX_PAGE = 100
#: Which of a player's matches a listing wants.
ANY, LIVE, DONE = "any", "active", "finished"


@dataclass(frozen=True, slots=True)
class Issued:
    """A player and its credential (shown once)."""

    player: PlayerInfo
    credential: str


@dataclass(frozen=True, slots=True)
class Board:
    """A leaderboard page: (rank, player, name, rating) rows and the board's size."""

    rows: list[tuple[int, str, str, Rating]]
    total: int


def page_size(wanted: int) -> int:
    """A page size within 1 to MAX_PAGE (0: 20)."""
    if wanted < 0:
        raise InvalidArgument("page_size must not be negative", "page_size")
    return min(wanted or 20, MAX_PAGE)


class Players:
    """Every player operation, over the match service it is served with."""

    def __init__(self, match: MatchService, store: PlayerStore, ratings: RatingStore,
                 rater: Rater, keys: PlayerKeys, metrics: PlayerMetrics,
                 clock: Callable[[], float] = time.time) -> None:
        self.match = match
        self.store = store
        self.ratings = ratings
        self.rater = rater
        self.keys = keys
        self.metrics = metrics
        self.clock = clock

    # -- what the match service asks (hooks.PlayerHooks) ----------------------------------

    def player_of(self, token: str | None) -> str | None:
        """The player a bearer credential speaks for (None: no player credential)."""
        return self.keys.player_of(token)

    async def seated(self, match_id: str, record: MatchRecord) -> None:
        """List the match as each seated player's, and watch it for its rating."""
        for player in {s.player for s in record.seats if s.player}:
            await self.store.add_match(player, match_id)
        await self.rater.watch(match_id)

    async def over(self, match_id: str, record: MatchRecord, status: str) -> None:
        """Rate the match that just ended; a failure is left to the rating loop."""
        if not any(s.player for s in record.seats):
            return
        try:
            await self.rater.settle(match_id, record, status)
        except Exception:  # the caller's write stands; any replica's loop rates it later
            log.warning("rating match %s failed; the rating loop retries", match_id,
                        exc_info=True)

    # -- players ------------------------------------------------------------------------

    async def create_guest(self, name: str) -> Issued:
        """A new guest player and its credential."""
        info = await self.store.save(PlayerInfo(new_guest_id(), check_name(name), self.clock()))
        self.metrics.players_created.labels("guest").inc()
        return Issued(info, self.keys.issue(info.player_id))

    async def register_app_player(self, app: str, local: str, name: str) -> Issued:
        """App `app`'s player `local` (created on first sight, renamed after) and a
        credential of it."""
        player_id = app_player_id(app, local)
        known = await self.store.get(player_id)
        info = await self.store.save(PlayerInfo(player_id, check_name(name), self.clock()))
        if known is None:
            self.metrics.players_created.labels("app").inc()
        return Issued(info, self.keys.issue(player_id))

    async def get(self, player_id: str) -> PlayerInfo:
        """A player; an app player the app names before registering it is stored as it is
        first seen."""
        info = await self.store.get(player_id)
        if info is None:
            if not player_id.startswith("app:"):
                raise NotFound(f"no player {player_id!r}", "player", player_id)
            info = await self.store.save(PlayerInfo(player_id, "", self.clock()),
                                         only_new=True)
        return info

    # -- a player's matches -------------------------------------------------------------

    async def my_matches(self, player_id: str, scope: str, size: int, page_token: str
                         ) -> tuple[list[tuple[dict[str, Any], int]], str]:
        """One page of the player's matches (newest first) with the seat it holds, and the
        token of the next page ("" on the last)."""
        limit = page_size(size)
        after = check_match_id(page_token) if page_token else ""
        found: list[tuple[dict[str, Any], int]] = []
        while True:
            ids = await self.store.matches(player_id, after, limit + 1 - len(found))
            if not ids:
                return found, ""
            snaps = await self.match.repo.load_many(ids)
            await self.store.forget_matches(
                player_id, [m for m, s in zip(ids, snaps, strict=True) if s is None])
            for match_id, snap in zip(ids, snaps, strict=True):
                if len(found) == limit:
                    return found, after
                after = match_id
                if snap is None or not _in_scope(snap.status, scope):
                    continue
                seat = next((i for i, s in enumerate(snap.record.seats)
                             if s.player == player_id), None)
                if seat is not None:
                    found.append((views.summary(snap), seat))

    async def resume(self, player_id: str, match_id: str) -> tuple[int, dict[str, Any]]:
        """The seat the player holds in a match and its view."""
        view = await self.match.get_view(check_match_id(match_id), self.keys.issue(player_id))
        return int(view["seat"]), view

    async def resign(self, player_id: str, match_id: str) -> tuple[int, MoveResult]:
        """The player's seat resigns."""
        seat, _ = await self.resume(player_id, match_id)
        done = await self.match.resign(match_id, self.keys.issue(player_id))
        return seat, done

    # -- ratings --------------------------------------------------------------------------

    async def rating(self, game: str, player_id: str) -> tuple[Rating, int]:
        """The player's rating in a game (the initial one before any rated match) and rank."""
        registry.module(game)
        found = (await self.ratings.ratings(game, [player_id]))[0]
        return found, await self.ratings.rank(game, player_id)

    async def history(self, game: str, player_id: str, size: int) -> list[dict[str, Any]]:
        """The player's latest rating changes in a game, newest first."""
        registry.module(game)
        return await self.ratings.history(game, player_id, page_size(size))

    async def leaderboard(self, game: str, size: int, around: str = "", offset: int = 0
                          ) -> Board:
        """A page of the game's board: from place `offset`, or centred on `around`."""
        registry.module(game)
        limit = page_size(size)
        if offset < 0:
            raise InvalidArgument("offset must not be negative", "offset")
        if around:
            rank = await self.ratings.rank(game, around)
            if not rank:
                raise NotFound(f"{around!r} has no rating in {game}", "player", around)
            offset = max(rank - 1 - limit // 2, 0)
        rows = await self.ratings.page(game, offset, limit)
        names = await self.store.names([player for _, player, _ in rows])
        return Board([(rank, player, name, rating)
                      for (rank, player, rating), name in zip(rows, names, strict=True)],
                     await self.ratings.total(game))


def _in_scope(status: str, scope: str) -> bool:
    if scope == LIVE:
        return status not in OVER
    if scope == DONE:
        return status in OVER
    return True


__all__ = ["INITIAL", "Board", "Issued", "Players"]
