"""The bot-task broker of a worker test: the test's Redis database, or the machine's RabbitMQ.

Bot worker modules parametrize their broker fixture over BROKERS; the match store (and the
result backend) stays on Redis either way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis

from bench.load import tasks_left
from deploy.launch.worker import QUEUES
from support.rabbitmq import RabbitQueues, new_queues

BROKERS = ["redis", "rabbitmq"]


@dataclass(frozen=True)
class BotBroker:
    """Where one test module's bot tasks go."""

    kind: str
    url: str
    redis_url: str
    rabbit: RabbitQueues | None = None

    @property
    def queues(self) -> tuple[str, str]:
        """The fast and search bot queues."""
        return self.rabbit.names if self.rabbit else QUEUES

    def worker_env(self) -> dict[str, str]:
        """A worker's REDIS_URL, CELERY_BROKER_URL and (on RabbitMQ) its queues."""
        env = {"REDIS_URL": self.redis_url, "CELERY_BROKER_URL": self.url}
        return {**env, **(self.rabbit.worker_env() if self.rabbit else {})}

    def match_changes(self) -> dict[str, Any]:
        """match_server keywords sending bot tasks to this broker's queues."""
        changes: dict[str, Any] = {"broker_url": self.url}
        return {**changes, **(self.rabbit.match_changes() if self.rabbit else {})}

    def waiting(self) -> int:
        """Copies of tasks the broker holds for delivery. Redis: queued or delivered and not
        yet acknowledged. RabbitMQ: queued, which includes every unacknowledged copy once
        no worker consumes any more (it requeues them when a consumer goes)."""
        if self.rabbit is not None:
            return self.rabbit.ready()
        with redis.Redis.from_url(self.url) as client:
            return tasks_left(client)


@contextmanager
def bot_broker(kind: str, redis_url: str) -> Iterator[BotBroker]:
    """A BotBroker of `kind` (one of BROKERS); RabbitMQ queues are deleted after, and a
    RabbitMQ that is not reachable skips the test."""
    if kind == "redis":
        yield BotBroker(kind, redis_url, redis_url)
        return
    queues = new_queues()
    try:
        yield BotBroker(kind, queues.url, redis_url, queues)
    finally:
        queues.delete()
