"""The tests' LoopThread: a loop whose task will not end when cancelled is left running
(and named in the log) instead of being closed under that task's sockets."""

from __future__ import annotations

import asyncio
import logging

import pytest
from support.loops import LoopThread


async def _stubborn(started: asyncio.Event, release: asyncio.Event) -> None:
    started.set()
    while not release.is_set():
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            continue  # a task that swallows its cancellation


_TASKS: set[asyncio.Task[None]] = set()


async def _spawn(started: asyncio.Event, release: asyncio.Event) -> None:
    _TASKS.add(asyncio.create_task(_stubborn(started, release), name="stubborn"))
    await started.wait()


def test_a_loop_whose_task_ignores_cancellation_is_left_running(
        caplog: pytest.LogCaptureFixture) -> None:
    runner = LoopThread("stubborn-loop")
    started, release = asyncio.Event(), asyncio.Event()
    runner.run(_spawn(started, release), timeout=5)
    with caplog.at_level(logging.WARNING, logger="support.loops"):
        runner.close(wait=0.3)
    assert not runner.loop.is_closed() and runner.loop.is_running()
    assert "stubborn" in caplog.text and "_stubborn" in caplog.text
    runner.loop.call_soon_threadsafe(release.set)
    runner.close(wait=0.3)  # the task ends now: the loop closes
    assert runner.loop.is_closed()


def test_a_loop_whose_tasks_end_is_closed() -> None:
    runner = LoopThread("plain-loop")
    runner.run(asyncio.sleep(0), timeout=5)
    runner.close()
    assert runner.loop.is_closed()

