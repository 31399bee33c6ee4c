"""The bot tasks: a few lines each around cardroom.services.bot.turns (acks late, idempotent,
no .get()); their names and take_turn's arguments are the bot task contract
(cardroom.shared.wire.bot_tasks).

- ``cardroom.bots.take_turn(match_id, seat, version, policy="")``: sent by the match service
  when a bot must act; plays the seat's move at that version, or nothing if it is stale.
- ``cardroom.bots.submit_claim(match_id, seat, version, action)``: a Mix Match claim sent
  once the policy's think time has passed (scheduled by take_turn with a countdown).
- ``cardroom.bots.suggest(game, policy, params, view, events, seed)``: SuggestMove's work;
  its result (the decision) is what the API waits for.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable
from typing import Any

from celery import Task  # type: ignore[import-untyped]
from celery.exceptions import SoftTimeLimitExceeded  # type: ignore[import-untyped]

from cardroom.shared.client import MatchClient
from cardroom.shared.errors import CardroomError, ResourceExhausted, Unavailable
from cardroom.shared.rpc.server import open_channel
from cardroom.shared.wire.bot_tasks import SUBMIT_CLAIM, SUGGEST, TAKE_TURN

from . import metrics, turns
from .celery_app import app, current_settings

log = logging.getLogger(__name__)
METRICS = metrics.worker_metrics()
#: What a task is retried after: the match service could not answer now (unreachable, or
#: at one of its limits), so the same call may succeed later.
RETRIED = (Unavailable, ResourceExhausted)
#: The longest wait between two retries, however many came before.
MAX_BACKOFF_S = 60.0

_actor: tuple[int, turns.Actor] | None = None
_seen: tuple[int, turns.SeenEvents] | None = None


def actor() -> turns.Actor:
    """This process's connection to the match service (made after the fork, once)."""
    global _actor
    if _actor is None or _actor[0] != os.getpid():
        settings = current_settings()
        if not settings.bot_token:
            raise CardroomError("BOT_TOKEN is not set: the worker cannot act for bot seats")
        channel = open_channel(settings.common.match_addr, settings.common)
        client = MatchClient(channel, settings.rpc_timeout_s)
        _actor = (os.getpid(), turns.Actor(client, settings.bot_token, settings.default_policy,
                                           seen_events()))
    return _actor[1]


def seen_events() -> turns.SeenEvents:
    """This process's record of the events each seat read (kept when the channel is remade;
    each pool process has its own, as a forked copy would be shared by none)."""
    global _seen
    if _seen is None or _seen[0] != os.getpid():
        _seen = (os.getpid(), turns.SeenEvents(current_settings().event_cache))
    return _seen[1]


def _reconnect() -> None:
    """Drop this process's channel: a fresh one connects at once, while a channel that
    failed waits out gRPC's reconnect backoff (up to minutes)."""
    global _actor
    if _actor is not None:
        _actor[1].client.channel.close()
        _actor = None


@app.task(name=TAKE_TURN, bind=True)
def take_turn(self: Task, match_id: str, seat: int, version: int, policy: str = "") -> str:
    """Play `seat`'s move of match `match_id` at `version` (a no-op once it moved on)."""
    queue = _waited(self)

    def work() -> str:
        turn = turns.play_turn(actor(), match_id, seat, version, policy)
        if turn.decision is not None:
            METRICS.decided(turn.game, turn.policy, turn.decision.think_s,
                            turn.decision.iterations)
        if turn.outcome == turns.SCHEDULED:
            submit_claim.apply_async((match_id, seat, version, turn.action, turn.game),
                                     queue=queue,
                                     countdown=turn.delay_s,
                                     headers={"sent_at": time.time() + turn.delay_s})
        return turn.outcome

    return _run(self, TAKE_TURN, work)


@app.task(name=SUBMIT_CLAIM, bind=True)
def submit_claim(self: Task, match_id: str, seat: int, version: int, action: str, game: str
                 ) -> str:
    """Send a claim of `game` found at `version` (stale once its round was decided)."""
    _waited(self)
    return _run(self, SUBMIT_CLAIM,
                lambda: turns.submit(actor(), game, match_id, seat, version, action))


@app.task(name=SUGGEST, bind=True, ignore_result=False)
def suggest(self: Task, game: str, policy: str, params: dict[str, Any], view: dict[str, Any],
            events: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """A policy's decision on a seat's view, or the error that prevents one."""
    _waited(self)
    try:
        decision = turns.suggest(game, policy, params, view, events, seed)
    except SoftTimeLimitExceeded:
        # The bot API gave up waiting (the task's own soft limit): stop, nobody listens.
        METRICS.outcome(SUGGEST, "timeout")
        return {"error": {"type": "DeadlineExceeded",
                          "reason": "the suggestion ran past the time its caller waited"}}
    except CardroomError as error:
        METRICS.outcome(SUGGEST, "invalid")
        return {"error": {"type": type(error).__name__, "reason": error.reason}}
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        # A raw observation that names the game but lacks what its policies read.
        METRICS.outcome(SUGGEST, "invalid")
        return {"error": {"type": "InvalidArgument",
                          "reason": f"the view is not a well-formed {game} observation"}}
    METRICS.decided(game, policy, decision.think_s, decision.iterations)
    METRICS.outcome(SUGGEST, "suggested")
    return {"decision": decision.to_dict()}


def _run(task: Task, name: str, work: Callable[[], str]) -> str:
    """Run a task's work and count its outcome; retry it with backoff when the match
    service is unavailable (the retry is a new message: this one is acked)."""
    try:
        outcome = work()
    except RETRIED as error:
        _reconnect()
        retries = task.request.retries
        if retries >= current_settings().max_retries:
            METRICS.outcome(name, "failed")
            raise
        METRICS.outcome(name, "retried")
        raise task.retry(exc=error, countdown=_backoff(retries),
                         max_retries=current_settings().max_retries) from error
    except SoftTimeLimitExceeded:
        # Acked: the match service sends the task again if the seat still has to move.
        METRICS.outcome(name, "timeout")
        log.warning("bot task over its soft time limit", extra={"task": name})
        return "timeout"
    except Exception:
        METRICS.outcome(name, "failed")
        raise
    METRICS.outcome(name, outcome)
    return outcome


def _backoff(retries: int) -> float:
    # Exponential with full jitter, so workers that failed together do not retry together.
    ceiling = min(MAX_BACKOFF_S, current_settings().retry_backoff_s * 2.0 ** retries)
    return random.uniform(ceiling / 2, ceiling)


def _waited(task: Task) -> str:
    """Record the task's time in its queue; the queue's name."""
    queue = str((task.request.delivery_info or {}).get("routing_key") or "")
    sent_at = getattr(task.request, "sent_at", None)
    if isinstance(sent_at, int | float):
        METRICS.waited(queue, time.time() - sent_at)
    return queue or current_settings().queue
