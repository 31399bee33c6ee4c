"""The Celery app of the bot workers, and every setting of the bot processes (one module).

Start a worker with ``celery -A cardroom.services.bot.celery_app worker -Q cardroom.bots`` (and/or
``cardroom.bots.search``); docs/bots-workers.md has the rest. The API process
(``python -m cardroom.services.bot``) uses the same app to send suggestions and read their answers.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from celery import Celery, signals  # type: ignore[import-untyped]

from cardroom.shared import broker as transports
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.settings import Settings
from cardroom.shared.wire.bot_tasks import (
    DEFAULT_QUEUE,
    SEARCH_QUEUE,
    SUGGEST,
    TAKE_TURN,
    queue_for,
)


@dataclass(frozen=True, slots=True)
class BotSettings:
    """What the bot processes (API and workers) read from the environment."""

    common: Settings
    #: CELERY_RESULT_BACKEND: where suggestions' answers wait for the bot API (default: the
    #: broker if a Redis, else REDIS_URL if one Redis, else rpc://; cardroom.shared.broker).
    result_backend: str = ""
    #: BOT_TOKEN: the credential workers act with; the match service must know the same one.
    bot_token: str | None = None
    #: BOT_QUEUE: the queue of fast policies' tasks.
    queue: str = DEFAULT_QUEUE
    #: BOT_SEARCH_QUEUE: the queue of search policies' tasks.
    search_queue: str = SEARCH_QUEUE
    #: BOT_CONCURRENCY: worker processes per worker (0: one per core).
    concurrency: int = 0
    #: BOT_SOFT_TIME_LIMIT: seconds after which a task is asked to stop.
    soft_time_limit_s: float = 30.0
    #: BOT_TIME_LIMIT: seconds after which a task's process is killed (and the task dropped).
    time_limit_s: float = 60.0
    #: BOT_VISIBILITY_TIMEOUT: seconds before the task of a worker that died is delivered
    #: again; above the longest task plus the longest Mix Match claim delay. Redis broker
    #: only: RabbitMQ redelivers a dead worker's tasks as soon as its connection closes.
    visibility_timeout_s: float = 300.0
    #: BOT_RESTORE_INTERVAL: seconds between sweeps for such tasks (Redis broker only).
    restore_interval_s: float = 10.0
    #: BOT_MAX_RETRIES: retries of a task the match service could not answer (UNAVAILABLE).
    max_retries: int = 5
    #: BOT_RETRY_BACKOFF: seconds before the first retry; each next waits up to twice as long.
    retry_backoff_s: int = 1
    #: BOT_RPC_TIMEOUT: seconds each call to the match service may take.
    rpc_timeout_s: float = 5.0
    #: BOT_SUGGEST_MAX_SECONDS: the longest SuggestMove waits, whatever the caller's deadline.
    suggest_max_s: float = 10.0
    #: BOT_DEFAULT_POLICY: the policy of a human seat a bot stands in for, if its clock names
    #: none.
    default_policy: str = "random"
    #: BOT_EVENT_CACHE: seats whose events a worker process keeps, so that a decision reads
    #: only the events logged since (0: every decision reads the match's whole log).
    event_cache: int = 512

    @classmethod
    def from_env(cls, process: str = "worker", environ: Mapping[str, str] | None = None
                 ) -> BotSettings:
        """Read every setting; a bad value raises InvalidConfig naming the variable."""
        env = os.environ if environ is None else environ
        common = Settings.from_env(process, env)
        return cls(
            common=common,
            result_backend=transports.result_backend(
                _text(env, "CELERY_RESULT_BACKEND"), common.celery_broker_url,
                common.redis_url),
            bot_token=_text(env, "BOT_TOKEN"),
            queue=_text(env, "BOT_QUEUE") or DEFAULT_QUEUE,
            search_queue=_text(env, "BOT_SEARCH_QUEUE") or SEARCH_QUEUE,
            concurrency=int(_number(env, "BOT_CONCURRENCY", 0, whole=True, zero=True)),
            soft_time_limit_s=_number(env, "BOT_SOFT_TIME_LIMIT", 30.0),
            time_limit_s=_number(env, "BOT_TIME_LIMIT", 60.0),
            visibility_timeout_s=_number(env, "BOT_VISIBILITY_TIMEOUT", 300.0),
            restore_interval_s=_number(env, "BOT_RESTORE_INTERVAL", 10.0),
            max_retries=int(_number(env, "BOT_MAX_RETRIES", 5, whole=True, zero=True)),
            retry_backoff_s=int(_number(env, "BOT_RETRY_BACKOFF", 1, whole=True)),
            rpc_timeout_s=_number(env, "BOT_RPC_TIMEOUT", 5.0),
            suggest_max_s=_number(env, "BOT_SUGGEST_MAX_SECONDS", 10.0),
            default_policy=_text(env, "BOT_DEFAULT_POLICY") or "random",
            event_cache=int(_number(env, "BOT_EVENT_CACHE", 512, whole=True, zero=True)),
        )

    def queue_for(self, game: str, policy: str) -> str:
        """The queue of a policy's tasks: search policies apart from fast ones."""
        return queue_for(game, policy, self.queue, self.search_queue)


def _text(env: Mapping[str, str], name: str) -> str | None:
    return env.get(name, "").strip() or None


def _number(env: Mapping[str, str], name: str, default: float, *, whole: bool = False,
            zero: bool = False) -> float:
    raw = _text(env, name)
    if raw is None:
        return default
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise InvalidConfig(f"{name} must be {kind}, not {raw!r}", name) from None
    if not (0 if zero else 1e-9) <= value < 10**9:
        raise InvalidConfig(f"{name} must be {'0 or more' if zero else 'positive'}, "
                            f"not {raw!r}", name)
    return value


def route_task(name: str, args: Any, kwargs: Any, options: Any, task: Any = None,
               **rest: Any) -> dict[str, str]:
    """Celery router: suggestions by their policy's cost; claims with the fast bots."""
    settings = current_settings()
    if name in (SUGGEST, TAKE_TURN):
        kwargs = kwargs or {}
        return {"queue": settings.queue_for(kwargs.get("game", ""), kwargs.get("policy", ""))}
    return {"queue": settings.queue}


def configure(app: Celery, settings: BotSettings) -> None:
    """Apply `settings` to `app`: reliability first (acks late, requeue on a lost worker)."""
    broker = settings.common.celery_broker_url
    app.conf.update(
        broker_url=broker,
        # Only suggestions keep a result (the API waits for it); turns report through moves.
        result_backend=settings.result_backend or transports.result_backend(
            None, broker, settings.common.redis_url),
        task_ignore_result=True,
        result_expires=max(60, int(settings.suggest_max_s * 6)),
        task_serializer="json", result_serializer="json", accept_content=["json"],
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_soft_time_limit=settings.soft_time_limit_s,
        task_time_limit=settings.time_limit_s,
        task_default_queue=settings.queue,
        task_routes=(route_task,),
        worker_concurrency=settings.concurrency or os.cpu_count() or 1,
        worker_hijack_root_logger=False,
        worker_disable_rate_limits=True,
        worker_send_task_events=False,
        broker_connection_retry_on_startup=True,
        result_backend_transport_options={"retry_policy": {"timeout": 2.0}},
        # Redis: the visibility timeout; RabbitMQ: queue priorities (cardroom.shared.broker).
        **transports.transport_conf(broker,
                                    visibility_timeout_s=settings.visibility_timeout_s,
                                    restore_interval_s=settings.restore_interval_s),
    )


_settings: BotSettings | None = None


def current_settings() -> BotSettings:
    """This process's settings (read from the environment once)."""
    global _settings
    if _settings is None:
        _settings = BotSettings.from_env()
    return _settings


def create_app(settings: BotSettings) -> Celery:
    """A configured Celery app whose tasks are those of cardroom.services.bot.tasks."""
    app = Celery("cardroom-bots", set_as_current=False, include=["cardroom.services.bot.tasks"])
    configure(app, settings)
    return app


#: The app `celery -A cardroom.services.bot.celery_app worker` runs.
app = create_app(current_settings())


# ---- worker life cycle: logging like every Cardroom process, and the /metrics endpoint ----

_metrics_httpd: Any = None


@signals.setup_logging.connect
def _logging(**_: Any) -> None:
    """Workers log per LOG_LEVEL and LOG_FORMAT, as every Cardroom process does."""
    common = current_settings().common
    configure_logging(common.log_level, common.log_format)
    if common.log_level != "DEBUG":
        # Two lines per bot move (received, succeeded) drown the rest; DEBUG shows them.
        for name in ("celery.app.trace", "celery.worker.strategy"):
            logging.getLogger(name).setLevel(logging.WARNING)


@signals.worker_init.connect
def _before_fork(**_: Any) -> None:
    """Start the worker's metrics files afresh, before any child process is forked, with
    every series at zero (the parent's file keeps them for the sum)."""
    from cardroom.services.bot import metrics

    metrics.prepare_dir()
    settings = current_settings()
    metrics.worker_metrics().preregister((settings.queue, settings.search_queue))
    if not settings.bot_token:
        logging.getLogger(__name__).error(
            "BOT_TOKEN is not set: this worker cannot act for any bot seat")


@signals.worker_ready.connect
def _serve_metrics(**_: Any) -> None:
    """Serve the sum of every process's metrics on METRICS_PORT (the worker goes on without)."""
    global _metrics_httpd
    from cardroom.services.bot import metrics

    try:
        _metrics_httpd = metrics.serve(current_settings().common.metrics_port)
    except OSError as error:
        logging.getLogger(__name__).error("worker metrics not served: %s", error)


@signals.worker_shutdown.connect
def _stop_metrics(**_: Any) -> None:
    """Stop serving metrics and remove the files of a directory this worker named."""
    from cardroom.services.bot import metrics

    if _metrics_httpd is not None:
        _metrics_httpd.shutdown()
    metrics.remove_dir()
