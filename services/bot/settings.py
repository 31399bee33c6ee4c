"""Every setting of the bot processes (the API and the workers): the common ones
(cardroom.shared.rpc.settings) plus their own, read by the same parser with the same bounds."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.shared import broker as transports
from cardroom.shared.rpc.settings import Settings, count, read, seconds, var
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, SEARCH_QUEUE, queue_for


@dataclass(frozen=True, slots=True)
class BotSettings:
    """What the bot processes (API and workers) read from the environment."""

    common: Settings
    #: CELERY_RESULT_BACKEND: where suggestions' answers wait for the bot API (default: the
    #: broker if a Redis, else REDIS_URL if one Redis, else rpc://; cardroom.shared.broker).
    result_backend: str = var("CELERY_RESULT_BACKEND", "")
    #: The credential workers act with; the match service must know the same one.
    bot_token: str | None = var("BOT_TOKEN", None)
    #: The queue of fast policies' tasks.
    queue: str = var("BOT_QUEUE", DEFAULT_QUEUE)
    #: The queue of search policies' tasks.
    search_queue: str = var("BOT_SEARCH_QUEUE", SEARCH_QUEUE)
    #: Worker processes per worker (0: one per core).
    concurrency: int = var("BOT_CONCURRENCY", 0, count())
    #: Seconds after which a task is asked to stop.
    soft_time_limit_s: float = var("BOT_SOFT_TIME_LIMIT", 30.0, seconds())
    #: Seconds after which a task's process is killed (and the task dropped).
    time_limit_s: float = var("BOT_TIME_LIMIT", 60.0, seconds())
    #: Seconds before the task of a worker that died is delivered again; above the longest
    #: task plus the longest Mix Match claim delay. Redis broker only: RabbitMQ redelivers a
    #: dead worker's tasks as soon as its connection closes.
    visibility_timeout_s: float = var("BOT_VISIBILITY_TIMEOUT", 300.0, seconds())
    #: Seconds between sweeps for such tasks (Redis broker only).
    restore_interval_s: float = var("BOT_RESTORE_INTERVAL", 10.0, seconds())
    #: Retries of a task the match service could not answer (UNAVAILABLE).
    max_retries: int = var("BOT_MAX_RETRIES", 5, count())
    #: Seconds before the first retry; each next waits up to twice as long.
    retry_backoff_s: int = var("BOT_RETRY_BACKOFF", 1, count(least=1))
    #: Seconds each call to the match service may take.
    rpc_timeout_s: float = var("BOT_RPC_TIMEOUT", 5.0, seconds())
    #: The longest SuggestMove waits, whatever the caller's deadline.
    suggest_max_s: float = var("BOT_SUGGEST_MAX_SECONDS", 10.0, seconds())
    #: The policy of a human seat a bot stands in for, if its clock names none.
    default_policy: str = var("BOT_DEFAULT_POLICY", "random")
    #: Seats whose events a worker process keeps, so that a decision reads only the events
    #: logged since (0: every decision reads the match's whole log).
    event_cache: int = var("BOT_EVENT_CACHE", 512, count())

    @classmethod
    def from_env(cls, process: str = "worker", environ: Mapping[str, str] | None = None
                 ) -> BotSettings:
        """Read every setting; a bad value raises InvalidConfig naming the variable."""
        common = Settings.from_env(process, environ)
        settings = read(cls, environ, common=common)
        backend = transports.result_backend(settings.result_backend or None,
                                            common.celery_broker_url, common.redis_url)
        return dataclasses.replace(settings, result_backend=backend)

    def queue_for(self, game: str, policy: str) -> str:
        """The queue of a policy's tasks: search policies apart from fast ones."""
        return queue_for(game, policy, self.queue, self.search_queue)
