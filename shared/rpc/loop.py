"""Helpers of a process's one event loop: stopping a task that resists, and measuring how
late the loop runs (the lag CPU work on it causes)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from prometheus_client import CollectorRegistry, Histogram

log = logging.getLogger(__name__)


async def stop_task(task: asyncio.Task[Any] | None, patience_s: float = 5.0) -> None:
    """Cancel `task` and wait until it ends, cancelling again while it runs on: a step that
    swallows a cancellation (some client libraries' reads do) must not keep a stop waiting.
    Gives up after `patience_s` seconds."""
    if task is None:
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience_s
    while not task.done() and loop.time() < deadline:
        task.cancel()
        await asyncio.wait({task}, timeout=0.1)
    if not task.done():
        log.warning("task %s did not stop when cancelled", task.get_name())
    elif not task.cancelled():
        task.exception()  # retrieved: it ended with an error while being stopped


class LoopLag:
    """Measures how late the event loop wakes a sleeper: the time one step of CPU work held
    every other call back (cardroom_event_loop_lag_seconds)."""

    BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

    def __init__(self, registry: CollectorRegistry, every_s: float = 0.1) -> None:
        self.every_s = every_s
        self.histogram = Histogram(
            "cardroom_event_loop_lag_seconds",
            "How much later than asked the event loop woke a periodic sleeper.",
            buckets=self.BUCKETS, registry=registry)
        self.worst = 0.0

    async def run(self) -> None:
        """Sleep, measure the overshoot, repeat until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.every_s)
            lag = max(0.0, loop.time() - asked - self.every_s)
            self.worst = max(self.worst, lag)
            self.histogram.observe(lag)
