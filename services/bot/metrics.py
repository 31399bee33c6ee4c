"""Prometheus metrics of the bot workers (prefork-safe) and of the bot API.

A prefork worker runs tasks in child processes. prometheus_client's multiprocess mode
(PROMETHEUS_MULTIPROC_DIR, named by the package cardroom.services.bot before prometheus_client
is imported) has every process count in files of one directory, and the worker's parent
process serves their sum at /metrics on METRICS_PORT (default 9104).
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram

from cardroom.shared.bots import list_policies
from cardroom.shared.bots.base import SEARCH
from cardroom.shared.rpc.metrics import start_metrics_server
from cardroom.shared.rpc.procfiles import ProcessFiles
from cardroom.shared.wire.bot_tasks import QUEUES, TASKS

log = logging.getLogger(__name__)

#: Task outcomes counted (see cardroom.services.bot.turns, plus the task-level ones here).
OUTCOMES = ("moved", "duplicate", "stale", "no_move", "scheduled", "refused", "retried",
            "failed", "timeout", "suggested", "invalid")
SECONDS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
           10.0, 30.0)
RATES = (100.0, 300.0, 1000.0, 3000.0, 10_000.0, 30_000.0, 100_000.0, 300_000.0)


class WorkerMetrics:
    """The cardroom_bot_* series a worker process updates."""

    def __init__(self, registry: CollectorRegistry | None = REGISTRY) -> None:
        self.tasks = Counter(
            "cardroom_bot_worker_tasks_total",
            "Bot tasks run, by task name and outcome (moved, duplicate, stale, no_move, "
            "scheduled, refused, retried, failed, timeout, suggested, invalid).",
            ["task", "outcome"], registry=registry)
        self.think_seconds = Histogram(
            "cardroom_bot_think_seconds", "Seconds a policy took to decide, by game and policy.",
            ["game", "policy"], buckets=SECONDS, registry=registry)
        self.queue_wait_seconds = Histogram(
            "cardroom_bot_queue_wait_seconds",
            "Seconds a bot task waited on the broker before a worker started it, by queue.",
            ["queue"], buckets=SECONDS, registry=registry)
        self.iterations_per_second = Histogram(
            "cardroom_bot_search_iterations_per_second",
            "Search iterations per second of each searching decision, by game and policy.",
            ["game", "policy"], buckets=RATES, registry=registry)

    def preregister(self, queues: tuple[str, ...] = QUEUES) -> None:
        """Show every task outcome, queue and policy at zero before the first task, so that
        rate() counts a new pod's first tasks and ratio alerts evaluate from the start.

        A worker calls it once its metrics directory is ready (the values live in files)."""
        for task in TASKS:
            for outcome in OUTCOMES:
                self.tasks.labels(task, outcome)
        for queue in queues:
            self.queue_wait_seconds.labels(queue)
        for info in list_policies():
            self.think_seconds.labels(info.game, info.name)
            if info.cost == SEARCH:
                self.iterations_per_second.labels(info.game, info.name)

    def outcome(self, task: str, outcome: str) -> None:
        """Count one finished task."""
        self.tasks.labels(task, outcome).inc()

    def decided(self, game: str, policy: str, think_s: float, iterations: int) -> None:
        """Record one decision's think time and, for a search, its speed."""
        self.think_seconds.labels(game, policy).observe(max(think_s, 0.0))
        if iterations > 0 and think_s > 0:
            self.iterations_per_second.labels(game, policy).observe(iterations / think_s)

    def waited(self, queue: str, seconds: float) -> None:
        """Record how long one task waited in its queue."""
        self.queue_wait_seconds.labels(queue).observe(max(seconds, 0.0))


_worker_metrics: WorkerMetrics | None = None


def worker_metrics() -> WorkerMetrics:
    """This process's worker series (made on first use, in the default registry): the tasks
    update them, the worker's start shows them at zero."""
    global _worker_metrics
    if _worker_metrics is None:
        _worker_metrics = WorkerMetrics()
    return _worker_metrics


def multiprocess_dir() -> Path | None:
    """The directory of the multiprocess mode, when this process counts in files."""
    from prometheus_client import values

    if values.ValueClass is values.MutexValue:
        return None
    named = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    return Path(named) if named else None


def prepare_dir() -> None:
    """Empty (or create) the multiprocess directory before the worker forks its children."""
    folder = multiprocess_dir()
    if folder is None:
        return
    if folder.exists():
        for stale in folder.glob("*.db"):
            stale.unlink()
    folder.mkdir(parents=True, exist_ok=True)


def remove_dir() -> None:
    """Remove the multiprocess directory this worker named itself (on shutdown)."""
    folder = multiprocess_dir()
    if folder is not None and folder.name.startswith("cardroom-worker-metrics-"):
        shutil.rmtree(folder, ignore_errors=True)


def serve(port: int, host: str = "") -> Any:
    """Serve the sum over the worker's processes at /metrics on `port` (of `host`: every
    interface when empty); the HTTP server."""
    registry: CollectorRegistry = REGISTRY
    folder = multiprocess_dir()
    if folder is not None:
        registry = CollectorRegistry()
        registry.register(ProcessFiles(folder))
    else:
        log.warning("PROMETHEUS_MULTIPROC_DIR was not set before prometheus_client was "
                    "imported: /metrics shows the parent process only")
    httpd, _, bound = start_metrics_server(port, registry, host or "0.0.0.0")
    log.info("worker metrics on port %d", bound, extra={"metrics_port": bound})
    return httpd
