"""Clocks: what a due timer entry does (the engine's clock runs out, a human's move clock
runs out, a bot task is sent again, an idle match is abandoned), and sending every waiting
bot task again after an outage. The timer loop (timers.py) calls these."""

from __future__ import annotations

import math

from cardroom.shared.errors import IllegalMove

from .. import ending, model, timers
from ..ending import Pending
from ..model import ACTIVE, OVER
from ..repo import Snapshot, TimerEntry
from .commit import Committing, first_due

#: A time-out fired this much later than its deadline (an outage, a backlog) is applied at
#: the time it fires, so the players get a whole hourglass after it instead of a string of
#: time-outs already due.
LATE_S = 2.0


def timeout_time(deadline: float, now: float) -> float:
    """The time a time-out is applied at: its deadline (the engine contract: the clock ran
    out then, so the next one counts from it and an 8 s hourglass lasts 8 s), unless it
    fires more than LATE_S after it."""
    return now if now - deadline > LATE_S else deadline


class Clocks(Committing):
    """Fires timer entries."""

    async def fire_timer(self, entry: TimerEntry) -> str | None:
        """Handle one due timer entry; the kind fired, or None when another replica (or a
        later move) got there first. Exactly one replica's compare-and-set succeeds."""
        if entry.is_idle:
            return await self._fire_idle(entry)
        snap = await self.repo.load(entry.match_id)
        if snap is None or snap.version != entry.version or snap.status != ACTIVE:
            return None
        now = self.clock()
        if snap.deadline_ms and snap.deadline_ms <= model.now_ms(now):
            return await self._fire_deadline(snap, now)
        if snap.bot_retry_ms and snap.bot_retry_ms <= model.now_ms(now):
            return await self._resend_bots(snap, now)
        later = first_due(snap.deadline_ms, snap.bot_retry_ms)
        if later:  # found early (a bot task confirmed sent since): wake at the match's time
            await self.repo.add_timer(TimerEntry(snap.match_id, snap.version, later))
        return None

    async def _fire_idle(self, entry: TimerEntry) -> str | None:
        """Abandon a match nobody wrote for MATCH_IDLE_TTL: "idle"; timers.LATER when it
        was written since (its entry moved to the new time); None when it is over or gone."""
        snap = await self.repo.load(entry.match_id)
        if snap is None or snap.status in OVER:
            return None
        now = self.clock()
        idle_at = snap.record.idle_at
        if not idle_at:
            return None
        if idle_at > now:
            await self.repo.due_idle(entry, math.ceil(idle_at * 1000))
            return timers.LATER
        pending = Pending(snap, self._state(snap), snap.record, snap.status,
                          [{"type": "abandoned", "by": "idle"}])
        ending.finish(pending, model.ABANDONED, "abandoned")
        outcome = await self._commit(pending, now)
        if outcome.kind != "ok":
            return timers.LATER  # written meanwhile: look again at its new time
        self.metrics.timer_firings.labels(timers.IDLE).inc()
        return timers.IDLE

    async def resend_waiting_bots(self) -> int:
        """Send again, at once, the bot task of every match waiting on a bot; how many were
        sent. Called when Redis is back after an outage: a task on its way between broker
        and worker then may be lost (a worker's fetch and its unacked record are two Redis
        commands), and the match would otherwise wait MATCH_BOT_RETRY. One replica wins
        each match (the compare-and-set of the re-send time); a duplicate task is a no-op."""
        sent = 0
        entries = await self.repo.timer_entries()
        for entry, snap in zip(entries, await self.repo.load_many([e.match_id for e in entries]),
                               strict=True):
            if (snap is not None and snap.version == entry.version and snap.status == ACTIVE
                    and snap.bot_retry_ms and snap.record.bots):
                sent += await self._resend_bots(snap, self.clock()) is not None
        return sent

    async def _fire_deadline(self, snap: Snapshot, now: float) -> str | None:
        """Fire the match's deadline: the engine's time-out, or a human's clock running out
        (a forfeit, or a bot standing in)."""
        timer = snap.record.timer
        if timer is None:
            return None
        state = self._state(snap)
        if timer.kind == timers.HOURGLASS:
            move = state.timeout_move()
            if move is None:
                raise IllegalMove("the engine keeps no clock that could run out")
            seat, action = move
            at = timeout_time(state.deadline() or timer.at, now)
            events = state.apply_action(action, seat, at)
            pending = Pending(snap, state, snap.record, ACTIVE, list(events),
                              [{"seat": seat, "action": action, "now": at}])
        elif timer.seat is None:
            return None
        elif snap.record.clock is not None and snap.record.clock.on_timeout == "forfeit":
            pending = self._resignation(snap, timer.seat, "clock")
        else:
            pending = Pending(snap, state, snap.record, ACTIVE, [
                {"type": "clock_expired", "seat": timer.seat, "stand_in": "bot"}],
                stand_in=timer.seat)
        outcome = await self._commit(pending, now)
        if outcome.kind != "ok":
            return None
        self.metrics.timer_firings.labels(timer.kind).inc()
        return timer.kind

    async def _resend_bots(self, snap: Snapshot, now: float) -> str | None:
        """Claim the bot re-send of `snap` (one replica wins) and send its tasks again."""
        unconfirmed_ms = self._unconfirmed_ms(now)
        due = first_due(snap.deadline_ms, unconfirmed_ms)
        if not await self.repo.touch_bot_retry(snap.match_id, snap.version, snap.bot_retry_ms,
                                               unconfirmed_ms,
                                               TimerEntry(snap.match_id, snap.version, due)):
            return None
        self.metrics.timer_firings.labels("bot_retry").inc()
        await self._send_bots(snap.match_id, snap.version, snap.record, unconfirmed_ms)
        return "bot_retry"
