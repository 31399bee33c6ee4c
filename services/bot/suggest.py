"""SuggestMove's work: gather the seat's view, run the suggest task, wait within the deadline.

The API never decides itself: it sends ``cardroom.bots.suggest`` to the queue of the policy's
cost and waits for the worker's answer (the Celery result backend: a Redis, or with rpc:// a
reply queue of this process on RabbitMQ) for as long as the caller's deadline allows, capped
by BOT_SUGGEST_MAX_SECONDS.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from celery import Celery  # type: ignore[import-untyped]
from celery.backends.rpc import RPCBackend  # type: ignore[import-untyped]
from celery.exceptions import TimeoutError as ResultTimeout  # type: ignore[import-untyped]
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

from cardroom.shared.bots import get_policy
from cardroom.shared.bots.base import check_view
from cardroom.shared.client import MatchClient
from cardroom.shared.errors import (
    CardroomError,
    DeadlineExceeded,
    InvalidArgument,
    NotFound,
    Unauthenticated,
    Unavailable,
)
from cardroom.shared.wire.bot_tasks import SUGGEST

from .mapping import Query
from .settings import BotSettings
from .turns import seat_view

#: Seconds kept from the caller's deadline to answer in time.
MARGIN_S = 0.05
#: Seconds a worker's suggestion may run past the API's wait before it is asked to stop
#: (the answer then has nobody to go to), and after that before its process is killed.
WORKER_MARGIN_S = 0.5
KILL_AFTER_S = 5.0


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A policy's decision (Decision.to_dict()) and the match version it was made at."""

    decision: dict[str, Any]
    version: int = 0


class Suggester:
    """Runs suggestions on the bot workers."""

    def __init__(self, app: Celery, settings: BotSettings, client: MatchClient) -> None:
        self.app = app
        self.settings = settings
        self.client = client
        # Celery gives each thread a backend of its own; with rpc:// each holds a connection
        # and a reply queue on the broker, closed by close().
        self._backends: dict[int, Any] = {}
        self._lock = threading.Lock()

    def suggest(self, query: Query, token: str | None, time_left: float | None) -> Suggestion:
        """The decision of `query.policy` for the seat; DeadlineExceeded when no worker
        answers within `time_left` seconds (None: no deadline) or the server's cap."""
        budget = self.settings.suggest_max_s if time_left is None else min(
            time_left - MARGIN_S, self.settings.suggest_max_s)
        game, view, events, version = self._seat(query, token)
        _check(game, query, view)
        result = self._send(game, query, view, events, max(budget, 0.001))
        self._keep(result.backend)
        try:
            answer = result.get(timeout=max(budget, 0.001), propagate=False)
        except ResultTimeout:
            raise DeadlineExceeded(f"no bot worker answered within {budget:.2f}s") from None
        except (OperationalError, RedisError) as error:
            raise Unavailable(f"the result backend is unreachable: {error}") from None
        finally:
            result.forget()
        return Suggestion(_decision(answer, game), version)

    def close(self) -> None:
        """Close the rpc:// reply consumers of every thread that waited for an answer."""
        with self._lock:
            backends, self._backends = list(self._backends.values()), {}
        for backend in backends:
            consumer = backend.result_consumer
            if getattr(consumer, "_consumer", None) is not None:
                consumer.stop()

    def _keep(self, backend: Any) -> None:
        if isinstance(backend, RPCBackend):
            with self._lock:
                self._backends.setdefault(id(backend), backend)

    def _seat(self, query: Query, token: str | None
              ) -> tuple[str, dict[str, Any], list[dict[str, Any]], int]:
        if not query.match_id:
            assert query.view is not None
            return query.game, query.view, list(query.events), 0
        if not token:
            raise Unauthenticated("a suggestion for a match needs the caller's seat token "
                                  "(authorization: Bearer ...)")
        seat = seat_view(self.client, query.match_id, token)
        events = self.client.events(query.match_id, token, until=seat.event_seq)
        return seat.game, seat.observation, [e.data for e in events], seat.version

    def _send(self, game: str, query: Query, view: dict[str, Any],
              events: list[dict[str, Any]], budget: float) -> Any:
        try:
            return self.app.send_task(
                SUGGEST, args=[game, query.policy, query.params, view, events, query.seed],
                queue=self.settings.queue_for(game, query.policy), expires=budget,
                # The worker stops the search once this API has given up waiting (its soft
                # limit raised in the task), instead of running on to BOT_SOFT_TIME_LIMIT.
                soft_time_limit=budget + WORKER_MARGIN_S,
                time_limit=budget + WORKER_MARGIN_S + KILL_AFTER_S,
                retry=False, headers={"sent_at": time.time()})
        except (OperationalError, RedisError) as error:
            raise Unavailable(f"the bot broker is unreachable: {error}") from None
        except RuntimeError as error:
            # Celery's result backend gives up reconnecting with a RuntimeError.
            if isinstance(error.__cause__, OperationalError | RedisError):
                raise Unavailable(f"the result backend is unreachable: {error.__cause__}"
                                  ) from None
            raise


def _check(game: str, query: Query, view: dict[str, Any]) -> None:
    """Refuse an unknown policy, bad parameters or a spectator's view before any work."""
    try:
        get_policy(game, query.policy, **query.params)
    except NotFound as error:
        raise NotFound(error.reason, "policy", query.policy) from None
    except InvalidArgument as error:
        raise InvalidArgument(error.reason, f"params[{error.field}]") from None
    try:
        check_view(view, game)
    except InvalidArgument as error:
        raise InvalidArgument(error.reason, f"observation.{game}") from None


def _decision(answer: Any, game: str) -> dict[str, Any]:
    """The decision in a task's answer; its error as a domain error."""
    if isinstance(answer, dict) and isinstance(answer.get("decision"), dict):
        return dict(answer["decision"])
    if isinstance(answer, dict) and isinstance(answer.get("error"), dict):
        error = answer["error"]
        if error.get("type") in ("InvalidArgument", "InvalidFields", "MalformedAction"):
            raise InvalidArgument(str(error.get("reason")), f"observation.{game}")
        raise CardroomError(f"the suggestion failed: {error.get('reason')}")
    raise CardroomError(f"the suggestion failed on the worker: {answer!r}")
