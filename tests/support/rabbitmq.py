"""The machine's RabbitMQ as a bot-task broker for the tests: queues of its own per use.

Tests share one vhost, so each use gets uniquely named bot queues (BOT_QUEUE and
BOT_SEARCH_QUEUE of the workers, MATCH_BOT_QUEUE and MATCH_BOT_SEARCH_QUEUE of the match
service), deleted afterwards with their exchanges. When nothing answers at the URL the tests
that need it are skipped, saying why. RABBITMQ_TEST_URL overrides the address.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import amqp  # type: ignore[import-untyped]
import pytest
from kombu import Connection

from support.needs import missing

RABBITMQ_URL = os.environ.get("RABBITMQ_TEST_URL", "amqp://guest:guest@127.0.0.1:5672//")


def unreachable(url: str = RABBITMQ_URL) -> str | None:
    """Why no RabbitMQ answers at `url` (None when one does)."""
    try:
        with Connection(url, connect_timeout=2) as connection:
            connection.ensure_connection(max_retries=1)
    except Exception as error:  # refused, timed out, bad credentials: all mean "skip"
        return f"{type(error).__name__}: {error}"
    return None


@dataclass(frozen=True)
class RabbitQueues:
    """A pair of bot queues of one test on the RabbitMQ at `url`."""

    url: str
    queue: str
    search_queue: str

    @property
    def names(self) -> tuple[str, str]:
        """Both queues, fast first."""
        return (self.queue, self.search_queue)

    def worker_env(self) -> dict[str, str]:
        """What a worker needs to consume these queues."""
        return {"CELERY_BROKER_URL": self.url, "BOT_QUEUE": self.queue,
                "BOT_SEARCH_QUEUE": self.search_queue}

    def match_changes(self) -> dict[str, str]:
        """MatchSettings fields that send bot tasks to these queues."""
        return {"bot_queue": self.queue, "bot_search_queue": self.search_queue}

    def ready(self) -> int:
        """Messages waiting in both queues (not those delivered and not yet acknowledged: a
        queue with no consumer left holds every copy of its tasks)."""
        return sum(self._status(name)[0] for name in self.names)

    def consumers(self) -> int:
        """Consumers of both queues."""
        return sum(self._status(name)[1] for name in self.names)

    def _status(self, name: str) -> tuple[int, int]:
        with Connection(self.url) as connection:
            channel = connection.channel()
            try:
                _, messages, consumers = channel.queue_declare(name, passive=True)
            except amqp.exceptions.NotFound:
                return (0, 0)
            return (int(messages), int(consumers))

    def delete(self) -> None:
        """Remove both queues and the exchanges Celery declared for them."""
        with Connection(self.url) as connection:
            for name in self.names:
                channel = connection.channel()
                channel.queue_delete(name)
                channel.exchange_delete(name)


def new_queues(url: str = RABBITMQ_URL) -> RabbitQueues:
    """Fresh queue names, or a skip when RabbitMQ is not reachable."""
    reason = unreachable(url)
    if reason is not None:
        missing(f"RabbitMQ is not reachable at {url.rsplit('@', 1)[-1]}: {reason}")
    prefix = f"cardroom.test.{uuid.uuid4().hex[:12]}"
    return RabbitQueues(url, f"{prefix}.bots", f"{prefix}.bots.search")


@pytest.fixture
def rabbitmq_queues() -> Iterator[RabbitQueues]:
    """Bot queues of this test's own on the machine's RabbitMQ, deleted after."""
    queues = new_queues()
    try:
        yield queues
    finally:
        queues.delete()
