"""Rating finished matches exactly once, whatever the duplicates, retries and kills.

A match with a player in it is put on the pending set when its players are seated
(cardroom:rating:{pending}:due, match id -> when to look at it next, ms). The replica that
writes a match's end rates it at once (MatchService's end hook); should it die before,
any replica's loop finds the entry when it is due, reads the match, and rates it then. The
change itself is applied by one script that refuses a match rated already (ratings.py),
so two replicas, a retried call or a duplicate end rate it once; the entry is removed only
after that, so a kill in between leaves it to be found again. A match abandoned (by a seat,
the admin, or for idleness) or gone rates nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardroom.services.match.model import ABANDONED, BOT, FINISHED, OVER
from cardroom.services.match.record import MatchRecord
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.games.standings import placings

from .credentials import bot_player_id
from .metrics import PlayerMetrics
from .ratings import RatingStore, rate

log = logging.getLogger(__name__)

PENDING = "cardroom:rating:{pending}:due"
#: Tries of a change whose ratings kept moving under it (players in many matches at once).
STALE_TRIES = 8


@dataclass(frozen=True, slots=True)
class Participants:
    """The rated seats of a match: their players and places."""

    seats: list[int]
    players: list[str]
    places: list[int]


def participants(record: MatchRecord) -> Participants | None:
    """Who a finished match rates (seats with a player, and bots as the player their policy
    and strength are); None when it rates nobody (no player, or fewer than two)."""
    result = record.result or {}
    scores, winners = list(result.get("scores") or []), set(result.get("winners") or [])
    if len(scores) != len(record.seats):
        return None
    resigned = {i for i, s in enumerate(record.seats) if s.resigned}
    places = placings(scores, winners, resigned)
    seats, players = [], []
    for i, seat in enumerate(record.seats):
        if seat.player:
            seats.append(i)
            players.append(seat.player)
        elif seat.kind == BOT:
            seats.append(i)
            players.append(bot_player_id(seat.policy, seat.strength))
    if len(set(players)) < 2 or not any(record.seats[i].player for i in seats):
        return None
    # Places among the rated seats only (an anonymous seat's place is left out).
    return Participants(seats, players, [places[i] for i in seats])


class Rater:
    """Applies finished matches' rating changes; owns the pending set."""

    def __init__(self, repo: MatchRepo, ratings: RatingStore, metrics: PlayerMetrics, *,
                 interval_s: float = 1.0, recheck_s: float = 30.0,
                 clock: Callable[[], float] = time.time) -> None:
        self.repo = repo
        self.client: Any = repo.client
        self.ratings = ratings
        self.metrics = metrics
        self.interval_s = interval_s
        self.recheck_s = recheck_s
        self.clock = clock
        self._task: asyncio.Task[None] | None = None

    async def watch(self, match_id: str) -> None:
        """Put a match on the pending set (its first look after `recheck_s`)."""
        due = int((self.clock() + self.recheck_s) * 1000)
        await self.client.zadd(PENDING, {match_id: due}, nx=True)

    async def settle(self, match_id: str, record: MatchRecord, status: str) -> str:
        """Rate a match that is over (or leave it unrated when abandoned) and take it off
        the pending set: "ok", "rated" (done before), "unrated"."""
        outcome = "unrated"
        if status == FINISHED:
            outcome = await self._rate(match_id, record)
        elif status == ABANDONED:
            self.metrics.matches_rated.labels(record.game, "abandoned").inc()
        await self.client.zrem(PENDING, match_id)
        return outcome

    async def _rate(self, match_id: str, record: MatchRecord) -> str:
        who = participants(record)
        if who is None:
            return "unrated"
        for _ in range(STALE_TRIES):
            before = await self.ratings.ratings(record.game, who.players)
            after = rate(before, who.places)
            outcome = await self.ratings.apply(record.game, match_id, who.players, before,
                                               after, who.places)
            if outcome != "stale":
                self.metrics.matches_rated.labels(record.game, outcome).inc()
                if outcome == "ok":
                    self.metrics.ratings_updated.labels(record.game).inc(len(who.players))
                return outcome
        raise RuntimeError(f"the ratings of match {match_id} kept moving; left for later")

    async def poll(self, limit: int = 100) -> int:
        """Look at the pending matches that are due: rate those over, put the others back
        for later; how many were looked at."""
        now_ms = int(self.clock() * 1000)
        due = [m.decode() if isinstance(m, bytes) else m for m in
               await self.client.zrangebyscore(PENDING, "-inf", now_ms, start=0, num=limit)]
        snaps = await self.repo.load_many(due)
        later: dict[str, int] = {}
        for match_id, snap in zip(due, snaps, strict=True):
            if snap is None:
                await self.client.zrem(PENDING, match_id)  # deleted or expired: nothing
            elif snap.status in OVER:
                await self.settle(match_id, snap.record, snap.status)
            else:
                later[match_id] = now_ms + int(self.recheck_s * 1000)
        if later:
            await self.client.zadd(PENDING, later, xx=True)
        return len(due)

    def start(self) -> None:
        """Poll every `interval_s` until stopped."""
        self._task = asyncio.create_task(self._run(), name="rating-loop")

    async def stop(self) -> None:
        """Stop polling."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.poll()
            except Exception:  # the store is down, a match failed: retried next time
                _raise_if_cancelled()  # a Redis client may report a cancellation as an error
                log.warning("rating poll failed; retried next interval", exc_info=True)
            await asyncio.sleep(self.interval_s)



def _raise_if_cancelled() -> None:
    """Re-raise a cancellation of the running task that a step reported as an error (the
    loop would otherwise go on, and a replica's stop wait for it in vain)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
