"""The one write path: every change of a match (a move, a seat taken, a resignation, a
deadline fired) is settled (automatic play, the end), given its next timer and the bots it
waits on, and written with one compare-and-set; then its bot tasks are sent and its lobby
entries moved."""

from __future__ import annotations

import asyncio
import math
import secrets

from cardroom.shared.games import registry

from .. import ending, lobbyfeed, model, timers
from ..bots import bots_due, seat_policy
from ..ending import Pending
from ..model import ACTIVE, OPEN, OVER
from ..record import MatchRecord
from ..repo import BotSend, Listing, Outcome, Snapshot, TimerEntry, Write
from .core import Core, MoveResult

#: Seconds a bot's turn waits for the replica that wrote it to confirm its task reached the
#: broker; unconfirmed by then (the replica died between the write and the send), another
#: replica's timer loop sends it. Confirmed, the re-send waits MATCH_BOT_RETRY.
SEND_CONFIRM_S = 5.0


class Committing(Core):
    """Writes a prepared change (Pending) and does what follows it."""

    def _start(self, pending: Pending, now: float) -> None:
        """Deal afresh at the start time (nothing was played yet), so a clock the engine
        keeps counts from the moment play begins."""
        record = pending.record
        config = registry.make_config(record.game, record.options)
        pending.state = registry.new_game(record.game, config, seed=record.seed,
                                          deal=record.deal, now=now)
        record.started = now
        pending.events.append({"type": "match_started"})
        pending.events += registry.opening_events(pending.state)

    async def _commit(self, p: Pending, now: float, create: bool = False) -> Outcome:
        """Settle automatic play and the match's end, set timers and bots, write once."""
        old_status = p.snap.status or None
        ending.settle(p, now)
        record = p.record
        record.updated = now
        timer = timers.next_timer(p.state, record, p.status, now, p.stand_in, p.actions)
        record.timer = timer
        record.bots = bots_due(p.state, record.seats, p.stand_in) if p.status == ACTIVE else []
        from_write = record.write  # the compare-and-set checks it is still Redis's
        record.write = secrets.token_hex(8)  # tells this write's state from any other's
        deadline_ms = math.ceil(timer.at * 1000) if timer else 0
        bot_retry_ms = self._unconfirmed_ms(now) if record.bots else 0
        due = first_due(deadline_ms, bot_retry_ms)
        entry = TimerEntry(p.snap.match_id, p.snap.version + 1, due) if due else None
        live = p.status in (OPEN, ACTIVE) and self.idle_ttl_s > 0
        record.idle_at = now + self.idle_ttl_s if live else None
        change = Write(p.snap.version, p.status, record, p.state.to_json(), p.events,
                       p.actions, deadline_ms, bot_retry_ms, p.request, p.seat,
                       self._expire_ms(record, p.status),
                       math.ceil(record.idle_at * 1000) if record.idle_at is not None else 0,
                       Listing(record.game, old_status, p.status, record.private)
                       if p.status != old_status else None, from_write,
                       model.move_digest(p.move) if p.move else "")
        outcome = await self.repo.write(p.snap.match_id, change, entry, create=create)
        if outcome.kind == "ok":
            written = Snapshot(p.snap.match_id, outcome.version, p.status, record, "",
                               outcome.last, deadline_ms, change.bot_retry_ms)
            self.cache.put(p.snap.match_id, outcome.version, p.state, record.write, written)
            await self._after(p, change, outcome.version)
        return outcome

    async def _after(self, p: Pending, change: Write, version: int) -> None:
        old_status = change.listing.old_status if change.listing else p.snap.status
        kind = lobbyfeed.change_kind(old_status, p.status, p.events)
        if kind is not None and not p.record.private:
            done = Snapshot(p.snap.match_id, version, p.status, p.record, "", 0, 0, 0)
            await lobbyfeed.announce(self.repo, kind, p.snap.match_id, p.record.game,
                                     lobbyfeed.summary(done))
        if p.record.bots:
            await self._send_bots(p.snap.match_id, version, p.record, change.bot_retry_ms)
        if change.listing is not None:
            await self.repo.delist(p.snap.match_id, change.listing)
            if p.status in OVER:
                if p.record.creator:
                    # A match that never started counts against its creator for as long
                    # as it exists (its short expiry), so abandoning one frees nothing.
                    until = 0 if p.record.started is not None else (
                        model.now_ms(self.clock()) + self.unstarted_ttl_ms)
                    await self.repo.release(p.record.creator, p.snap.match_id, until)
                if self.players is not None:
                    await self.players.over(p.snap.match_id, p.record, p.status)
                assert p.record.result is not None
                reason = p.record.result["reason"]
                self.metrics.matches_finished.labels(p.record.game, reason).inc()

    def _expire_ms(self, record: MatchRecord, status: str) -> int:
        """The time to live every key of the match gets with this write: a finished match's
        MATCH_FINISHED_TTL, one that never started MATCH_UNSTARTED_TTL (it leaves no record
        worth keeping), and a live one its idle time plus the finished time, a backstop to
        the timer loop renewed by each write (0: none, when matches never go idle)."""
        if status in OVER:
            return self.finished_ttl_ms if record.started is not None else self.unstarted_ttl_ms
        if self.idle_ttl_s > 0:
            return int(self.idle_ttl_s * 1000) + self.finished_ttl_ms
        return 0

    def _resignation(self, snap: Snapshot, seat: int, reason: str) -> Pending:
        """The change of `seat` resigning (it is then played automatically)."""
        snap.record.seats[seat].resigned = True
        state = self._state(snap)
        return Pending(snap, state, snap.record, ACTIVE,
                       [{"type": "resigned", "seat": seat, "reason": reason}])

    def _unconfirmed_ms(self, now: float) -> int:
        """The re-send time of bot tasks not yet confirmed sent (see SEND_CONFIRM_S)."""
        return model.now_ms(now) + min(self.bot_retry_ms, int(SEND_CONFIRM_S * 1000))

    async def _send_bots(self, match_id: str, version: int, record: MatchRecord,
                         unconfirmed_ms: int) -> None:
        """Send the task of every bot seat due; once the broker took them all, the re-send
        time is to move from `unconfirmed_ms` to MATCH_BOT_RETRY from now: the timer loop's
        next poll writes that for every send since, in one round trip, off the caller's
        path (the timer entry stays: found early, it wakes the match at its new time). A
        replica that dies before then leaves the tasks to be sent again early: a no-op."""
        sent = [await self._enqueue(match_id, seat, version, record) for seat in record.bots]
        confirmed_ms = model.now_ms(self.clock()) + self.bot_retry_ms
        if all(sent) and confirmed_ms > unconfirmed_ms:
            self.sends.add(BotSend(match_id, version, unconfirmed_ms, confirmed_ms))

    async def _enqueue(self, match_id: str, seat: int, version: int, record: MatchRecord
                       ) -> bool:
        # The broker client blocks: it runs on a thread of its own, never on the loop.
        sent = await asyncio.to_thread(self.queue.enqueue, match_id, seat, version,
                                       game=record.game, policy=seat_policy(record, seat))
        self.metrics.bot_tasks.labels("sent" if sent else "failed").inc()
        if not sent:
            self.sends.refused = True
        return sent


def result(outcome: Outcome, p: Pending, seat: int | None) -> MoveResult:
    """The answer of a change written as `outcome`: the events `seat` may see."""
    numbered = [(outcome.first + i, e) for i, e in enumerate(p.events)]
    return MoveResult(outcome.version, p.status, model.redact(numbered, seat),
                      game=p.record.game)


def first_due(*times_ms: int) -> int:
    """The earliest of a match's times (its deadline, its bot re-send) that are set; 0: none."""
    return min((t for t in times_ms if t), default=0)
