"""The Celery app of the bot workers (its settings: cardroom.services.bot.settings).

Start a worker with ``celery -A cardroom.services.bot.celery_app worker -Q cardroom.bots`` (and/or
``cardroom.bots.search``); docs/bots-workers.md has the rest. The API process
(``python -m cardroom.services.bot``) uses the same app to send suggestions and read their answers.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery, signals  # type: ignore[import-untyped]

from cardroom.shared import broker as transports
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.wire.bot_tasks import SUGGEST, TAKE_TURN

from .settings import BotSettings


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
        common = current_settings().common
        _metrics_httpd = metrics.serve(common.metrics_port, common.listen_host)
    except OSError as error:
        logging.getLogger(__name__).error("worker metrics not served: %s", error)


@signals.worker_shutdown.connect
def _stop_metrics(**_: Any) -> None:
    """Stop serving metrics and remove the files of a directory this worker named."""
    from cardroom.services.bot import metrics

    if _metrics_httpd is not None:
        _metrics_httpd.shutdown()
    metrics.remove_dir()
