"""What the bot-task broker needs on each transport: Redis lists or RabbitMQ (amqp://).

The match service (which sends bot tasks), the bot API (which sends suggestions) and the
workers (which consume) all build their Celery configuration from these, so every process
declares the queues alike: RabbitMQ refuses a second declaration whose arguments differ.
"""

from __future__ import annotations

import math
from typing import Any

#: URL schemes of the RabbitMQ transport (py-amqp).
AMQP_SCHEMES = ("amqp", "amqps", "pyamqp")
#: URL schemes of a single Redis (a Redis Cluster cannot carry Celery's lists).
REDIS_SCHEMES = ("redis", "rediss")
#: x-max-priority of every bot queue on RabbitMQ: message priorities 0-9 are honoured there,
#: as kombu's Redis transport honours them (on four steps, 0 first) without any argument.
MAX_PRIORITY = 9
#: The result backend when neither the broker nor REDIS_URL is a single Redis: answers come
#: back on a reply queue of the process that sent the task (the bot API reads its own only).
RPC_BACKEND = "rpc://"


def scheme(url: str) -> str:
    """The URL's scheme, lower case ("" without one)."""
    head, sep, _ = url.partition("://")
    return head.lower() if sep else ""


def is_amqp(url: str) -> bool:
    """Whether `url` names a RabbitMQ broker."""
    return scheme(url) in AMQP_SCHEMES


def is_redis(url: str) -> bool:
    """Whether `url` names one Redis (not a cluster)."""
    return scheme(url) in REDIS_SCHEMES


def result_backend(explicit: str | None, broker: str, redis_url: str) -> str:
    """CELERY_RESULT_BACKEND if set; else the broker when it is a Redis; else REDIS_URL when
    it is one Redis; else rpc:// (Celery keeps no results on RabbitMQ itself)."""
    if explicit:
        return explicit
    if is_redis(broker):
        return broker
    if is_redis(redis_url):
        return redis_url
    return RPC_BACKEND


def transport_conf(broker: str, *, visibility_timeout_s: float, restore_interval_s: float
                   ) -> dict[str, Any]:
    """The Celery settings that differ by transport, for a worker or a sender.

    Redis: a delivered task stays in an "unacked" hash and is restored to its queue once
    `visibility_timeout_s` has passed without an ack (a dead worker's tasks), swept every
    `restore_interval_s`. RabbitMQ: the broker itself redelivers every unacknowledged message
    of a connection that closes, at once; the queues are declared with x-max-priority, and a
    worker that loses its connection cancels the tasks it was running, whose messages are
    redelivered elsewhere (rather than letting both copies run)."""
    if is_amqp(broker):
        return {
            "task_queue_max_priority": MAX_PRIORITY,
            "worker_cancel_long_running_tasks_on_connection_loss": True,
            "broker_transport_options": {},
        }
    return {
        "broker_transport_options": {
            "visibility_timeout": visibility_timeout_s,
            "unacked_restore_interval": restore_interval_s,
            "unacked_restore_throttle": 1,
            # The sweep's lock outlives a sweep that died with its Redis for this long (kombu's
            # default, 300 s, held every restore back that long after a crash mid-sweep).
            "unacked_mutex_expire": max(1, math.ceil(min(visibility_timeout_s, 300.0))),
        },
    }
