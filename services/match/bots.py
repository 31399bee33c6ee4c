"""Bot decision points, and the queue that asks a bot worker to act (docs/match.md).

The match service never runs a bot itself: it sends the take_turn task of the bot task
contract (cardroom.shared.wire.bot_tasks: task name, queues, arguments, request ids) by
name, to the queue of the policy's cost class.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Protocol

from cardroom.shared.bots import get_policy
from cardroom.shared.broker import MAX_PRIORITY, is_amqp
from cardroom.shared.errors import InvalidArgument, InvalidFields, NotFound
from cardroom.shared.games.base import SIMULTANEOUS, State
from cardroom.shared.wire.bot_tasks import (
    DEFAULT_QUEUE,
    SEARCH_QUEUE,
    TAKE_TURN,
    TakeTurn,
    queue_for,
)

from .model import BOT, ClockSpec, SeatSpec
from .record import MatchRecord, SeatRecord

log = logging.getLogger(__name__)


class TaskQueue(Protocol):
    """Where bot decisions go."""

    def enqueue(self, match_id: str, seat: int, version: int, *, game: str = "",
                policy: str = "") -> bool:
        """Ask a worker to act for `seat` at `version` with `policy` of `game`; False when
        the broker refused."""
        ...


def bots_due(state: State, seats: Sequence[SeatRecord], stand_in: int | None = None
             ) -> list[int]:
    """The seats a bot must now act for: bot seats the engine lets act (every one still in
    and not resigned, when all may act at once) plus `stand_in`, a human seat whose clock
    ran out."""
    if state.is_terminal():
        return []
    acting = state.acting_seats()
    if state.current_player() == SIMULTANEOUS:
        return [s for s in acting if seats[s].kind == BOT and not seats[s].resigned]
    return [s for s in acting if seats[s].kind == BOT or s == stand_in]


def seat_policy(record: MatchRecord, seat: int) -> str:
    """The policy a bot plays `seat` with: a bot seat's own; for a human seat whose clock ran
    out, the clock's ("" leaves the choice to the worker)."""
    info = record.seats[seat]
    if info.kind == BOT:
        return info.policy
    return record.clock.policy if record.clock is not None else ""


def check_policies(game: str, specs: Sequence[SeatSpec], clock: ClockSpec | None) -> None:
    """Refuse (InvalidFields) bot seats, or a clock's stand-in bot, whose policy or strength
    cannot play `game`: such a bot could never move, and the match would wait for ever."""
    bots = [(f"seats[{i}]", s.policy, s.strength) for i, s in enumerate(specs)
            if s.kind == BOT]
    if clock is not None and clock.on_timeout == "bot" and clock.policy:
        bots.append(("clock", clock.policy, 0))
    problems = []
    for field, name, strength in bots:
        try:
            get_policy(game, name, **({"strength": strength} if strength else {}))
        except NotFound as err:
            problems.append((f"{field}.policy", err.reason))
        except InvalidArgument as err:
            problems.append((f"{field}.strength", err.reason))
    if problems:
        raise InvalidFields(problems)




class CeleryQueue:
    """Sends the bot task by name through Celery's send_task on the configured broker."""

    def __init__(self, broker_url: str, queue: str = DEFAULT_QUEUE,
                 search_queue: str = SEARCH_QUEUE) -> None:
        from celery import Celery  # type: ignore[import-untyped]  # heavy; only here

        self.queue = queue
        self.search_queue = search_queue
        self.app = Celery("cardroom-match", broker=broker_url, set_as_current=False)
        self.app.conf.broker_connection_retry_on_startup = False
        if is_amqp(broker_url):
            # Declare the queues as the workers do (x-max-priority), or RabbitMQ refuses.
            self.app.conf.task_queue_max_priority = MAX_PRIORITY
        self.app.conf.broker_transport_options = {"max_retries": 2}

    def enqueue(self, match_id: str, seat: int, version: int, *, game: str = "",
                policy: str = "") -> bool:
        """Send one task; a broker failure is logged (the timer sweep sends it again later)."""
        task = TakeTurn(match_id, seat, version, policy)
        try:
            # sent_at lets the worker measure how long the task waited in the queue.
            self.app.send_task(TAKE_TURN, args=task.args, kwargs=task.kwargs,
                               queue=queue_for(game, policy, self.queue, self.search_queue),
                               task_id=task.task_id, retry=False,
                               headers={"sent_at": time.time()})
        except Exception:  # any broker failure: the timer sweep sends the task again
            log.warning("bot task not sent", extra={"match_id": match_id, "seat": seat,
                                                     "version": version}, exc_info=True)
            return False
        return True

    def close(self) -> None:
        """Release the broker connections."""
        self.app.close()


class MemoryQueue:
    """Records tasks in memory (unit tests and benchmarks without a broker)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int, int]] = []

    def enqueue(self, match_id: str, seat: int, version: int, *, game: str = "",
                policy: str = "") -> bool:
        """Record one task."""
        self.sent.append((match_id, seat, version))
        return True
