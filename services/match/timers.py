"""Deadlines (an engine's own clock, per-move clocks, bot re-sends) and the timer loop.

A match's next deadline is stored in its state hash, so it changes in the same atomic write
as the move that sets it; a zset in Redis indexes it by due time. Index entries name the
match, the version and the due time, and every write adds the entry of its own new version,
so an entry is current only while the match is still at that version. Every replica runs
the loop; each due entry is checked against the state and fired with a compare-and-set on
the version, so exactly one replica fires each deadline and stale entries are dropped.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from redis.exceptions import RedisError

from cardroom.shared.errors import CardroomError, ResourceExhausted, Unavailable
from cardroom.shared.games import registry
from cardroom.shared.games.base import SIMULTANEOUS, State
from cardroom.shared.rpc.loop import stop_task

from . import model
from .metrics import MatchMetrics
from .record import MatchRecord, TimerRecord
from .repo import BotSend, MatchRepo, TimerEntry

log = logging.getLogger(__name__)

#: Deadline kinds: the clock an engine keeps (State.deadline: Mix Match's hourglass, the
#: name the API gives it), a human seat's per-move clock.
HOURGLASS, CLOCK = "hourglass", "clock"
#: An open or active match abandoned for want of any write (MATCH_IDLE_TTL).
IDLE = "idle"
#: What firing an idle entry answers when the match was written since (entry kept, moved).
LATER = "later"
__all__ = ["CLOCK", "HOURGLASS", "SIMULTANEOUS", "TimerLoop", "next_timer"]


def next_timer(state: State, record: MatchRecord, status: str, now: float,
               stand_in: int | None, actions: list[dict[str, Any]]) -> TimerRecord | None:
    """The match's next deadline after a write: the engine's clock, else the per-move clock
    of the human seat to act (kept when no action was played), else none."""
    if status != model.ACTIVE:
        return None
    at = state.deadline()
    if at is not None:
        return TimerRecord(HOURGLASS, None, float(at))
    clock = record.clock
    current = state.current_player()
    if clock is None or current is None or current in (SIMULTANEOUS, stand_in):
        return None
    seat = record.seats[current]
    if seat.kind != model.HUMAN or seat.resigned:
        return None
    previous = record.timer
    if previous and previous.kind == CLOCK and previous.seat == current and not actions:
        return previous
    return TimerRecord(CLOCK, current, now + float(clock.seconds))


#: Seconds between two re-sends of the waiting bot tasks while the broker refuses them
#: (each reads every match with a deadline).
RESEND_EVERY_S = 1.0
#: Sends waiting for the timer loop to confirm them; beyond this many (a replica running no
#: timer loop) the others stay unconfirmed, which costs an early re-send each.
MAX_BOT_SENDS = 10_000


class BotSends:
    """What a replica's writes tell its timer loop of the bot tasks they sent: the sends the
    broker took (the loop moves their re-send time on), and whether it refused one since
    the loop last sent the waiting tasks again."""

    def __init__(self, limit: int = MAX_BOT_SENDS) -> None:
        self.limit = limit
        self._sent: list[BotSend] = []
        #: A bot task the broker refused: the loop sends the waiting ones again once Redis
        #: and the broker answer.
        self.refused = False

    def add(self, send: BotSend) -> None:
        """One send the broker took (dropped past `limit`: sent again early, a no-op)."""
        if len(self._sent) < self.limit:
            self._sent.append(send)

    def take(self) -> list[BotSend]:
        """The sends since the last take."""
        sent, self._sent = self._sent, []
        return sent


class TimerHost(Protocol):
    """What the timer loop needs of the match service it runs for."""

    repo: MatchRepo
    metrics: MatchMetrics
    sends: BotSends
    clock: Callable[[], float]

    async def fire_timer(self, entry: TimerEntry) -> str | None:
        """Handle one due entry; the kind fired, or None."""
        ...

    async def resend_waiting_bots(self) -> int:
        """Send every waiting bot task again; how many."""
        ...


class TimerLoop:
    """Polls the timer index and fires what is due; one per replica, an asyncio task."""

    def __init__(self, service: TimerHost, interval_s: float = 0.25, batch: int = 100,
                 gauge_every_s: float = 5.0, trim_every_s: float = 5.0, parallel: int = 16
                 ) -> None:
        self.service = service
        self.interval_s = interval_s
        self.batch = batch
        #: Entries fired at once: their Redis round trips overlap.
        self.parallel = parallel
        #: Whether the last poll took a whole batch (more may be due: poll again at once).
        self.full = False
        self.gauge_every_s = gauge_every_s
        #: Seconds between two steps of the lobby trim (one batch of each game's index).
        self.trim_every_s = trim_every_s
        self._trim_at = 0.0
        self._cursors: dict[str, int] = {}
        self._task: asyncio.Task[None] | None = None
        self._gauges_at = 0.0
        self._redis_down = False
        self._resent_at = 0.0

    async def run_once(self) -> list[str]:
        """Fire the entries due now (one batch, earliest first, several at once); the kinds
        this replica fired, in the order of the entries."""
        repo = self.service.repo
        await self._confirm_bot_sends()
        due = await repo.due_timers(model.now_ms(self.service.clock()), self.batch)
        self.full = len(due) == self.batch
        # An entry whose version is no longer the match's (most of them: every write leaves
        # its predecessor's) is dropped on one read of the batch's versions, not a read of
        # each match.
        timed = [e for e in due if not e.is_idle]
        current = await repo.versions([e.match_id for e in timed])
        stale = [e for e, version in zip(timed, current, strict=True) if version != e.version]
        await repo.drop_timers(stale)
        live = [e for e in due if e not in stale]
        gate = asyncio.Semaphore(self.parallel)

        async def one(entry: TimerEntry) -> str | None:
            async with gate:
                return await self._fire(entry)

        kinds = await asyncio.gather(*(one(e) for e in live))
        self.service.metrics.timer_loop_seconds.set(self.service.clock())
        return [k for k in kinds if k]

    async def _confirm_bot_sends(self) -> None:
        """Move on the re-send time of every bot task sent since the last poll (first: a
        due entry then finds its send confirmed). Not written, they are sent again early."""
        try:
            await self.service.repo.confirm_bot_sends(self.service.sends.take())
        except ResourceExhausted as exc:  # Redis at maxmemory: the firings may still go
            log.warning("timer loop: bot sends not confirmed: %s", exc.reason)

    async def _fire(self, entry: TimerEntry) -> str | None:
        """Fire one entry and drop it unless it must be kept; the kind fired, else None."""
        try:
            kind = await self.service.fire_timer(entry)
        except Unavailable:
            raise  # Redis is away or refuses writes: keep the entry for the next poll
        except CardroomError as exc:
            # The engine refused the time-out: nothing will change that, so drop it.
            log.warning("timer not fired: %s", exc.reason, extra={"match_id": entry.match_id})
            kind = None
        except RedisError:
            raise  # keep the entry: the next poll tries again
        except Exception:
            log.exception("timer failed", extra={"match_id": entry.match_id})
            kind = None
        if kind == LATER:
            return None  # an idle entry moved to the match's new idle time: keep it
        if kind and not entry.is_idle:  # an idle entry's own time is its score, not its name
            lag_ms = model.now_ms(self.service.clock()) - entry.due_ms
            self.service.metrics.timer_lag.labels(kind).observe(max(lag_ms, 0) / 1000)
        await self.service.repo.drop_timer(entry)
        return kind

    async def trim_lobby(self) -> int:
        """One bounded step through each game's lobby: drop the entries of matches that
        expired (nobody needs to list for them to go); how many were dropped."""
        dropped = 0
        for game in registry.GAMES:
            cursor, gone = await self.service.repo.trim_lobby(
                game, self._cursors.get(game, 0), self.batch)
            self._cursors[game] = cursor
            dropped += gone
        return dropped

    async def refresh_gauges(self) -> None:
        """Set the active-matches gauge from the lobby index (shared by all replicas)."""
        gauge = self.service.metrics.active_matches
        for game in registry.GAMES:
            gauge.labels(game).set(await self.service.repo.count(game, model.ACTIVE))

    async def run(self) -> None:
        """Poll until cancelled."""
        while True:
            try:
                await self.run_once()
                if time.monotonic() - self._gauges_at >= self.gauge_every_s:
                    self._gauges_at = time.monotonic()
                    await self.refresh_gauges()
                if time.monotonic() - self._trim_at >= self.trim_every_s:
                    self._trim_at = time.monotonic()
                    await self.trim_lobby()
            except (RedisError, Unavailable) as exc:
                _raise_if_cancelled()  # a client library may turn a cancellation into this
                # Once per outage, not once per poll: the health probe reports it too.
                if not self._redis_down:
                    log.warning("timer loop: Redis unavailable: %s", exc)
                self._redis_down = True
                await asyncio.sleep(self.interval_s)
                continue
            except asyncio.CancelledError:
                raise
            except Exception:  # the loop must outlive any one bad poll
                _raise_if_cancelled()
                log.exception("timer loop failed")
            if self._redis_down or (self.service.sends.refused and time.monotonic()
                                    - self._resent_at >= RESEND_EVERY_S):
                self._resent_at = time.monotonic()
                if await self._recovered():
                    self._redis_down = False
            # A backlog is worked off without waiting, yet other coroutines get their turn.
            await asyncio.sleep(0 if self.full else self.interval_s)

    async def _recovered(self) -> bool:
        """After an outage, or a bot task the broker refused (an outage too short for a
        poll to see): re-send the bot tasks of every match waiting on a bot; False if Redis
        failed again meanwhile (the next poll tries again). A refused re-send marks the
        service again, so this repeats (at most every RESEND_EVERY_S) until the broker
        takes the tasks."""
        self.service.sends.refused = False
        try:
            sent = await self.service.resend_waiting_bots()
        except (RedisError, Unavailable):
            self.service.sends.refused = True
            return False
        log.info("timer loop: Redis is back; bot tasks sent again: %d", sent)
        return True

    def start(self) -> None:
        """Run the loop as a task of the running event loop."""
        self._task = asyncio.create_task(self.run(), name="match-timers")

    async def stop(self) -> None:
        """Stop the loop and wait for it."""
        await stop_task(self._task)
        self._task = None


def _raise_if_cancelled() -> None:
    """Re-raise a cancellation of the running task that a step reported as an error."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
