"""The work gate's fair share (cardroom.shared.rpc.gate): each caller's cap on calls running
and waiting, threads handed to the callers in turn, and a waiter's deadline."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from cardroom.shared.errors import DeadlineExceeded, ResourceExhausted
from cardroom.shared.rpc.gate import WorkGate


class Jobs:
    """Work that runs until released, recording the order it started in."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.go = threading.Event()

    def work(self, name: str) -> str:
        self.started.append(name)
        self.go.wait(5)
        return name


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.01)


async def test_a_freed_thread_goes_to_the_callers_in_turn() -> None:
    gate, jobs = WorkGate(1, 10, per_caller=1, queued_per_caller=5), Jobs()
    flood = [asyncio.create_task(gate.run("Solve", None, jobs.work, f"a{i}", caller="a"))
             for i in range(4)]
    await settle()
    other = asyncio.create_task(gate.run("Solve", None, jobs.work, "b0", caller="b"))
    await settle()
    jobs.go.set()
    await asyncio.gather(*flood, other)
    # "b" came after all of "a"'s calls but is served on the first thread that frees up.
    assert jobs.started[:3] == ["a0", "b0", "a1"]
    assert gate.admitted == 0
    gate.close()


async def test_a_caller_runs_its_share_and_another_starts_at_once() -> None:
    gate, jobs = WorkGate(4, 10, per_caller=2, queued_per_caller=2), Jobs()
    flood = [asyncio.create_task(gate.run("Solve", None, jobs.work, f"a{i}", caller="a"))
             for i in range(4)]
    await settle()
    assert sorted(jobs.started) == ["a0", "a1"]  # two threads stay free for others
    other = asyncio.create_task(gate.run("Solve", None, jobs.work, "b0", caller="b"))
    await settle()
    assert "b0" in jobs.started
    with pytest.raises(ResourceExhausted) as refused:
        await gate.run("Solve", None, jobs.work, "a4", caller="a")
    assert refused.value.limit == "GRPC_MAX_QUEUE_PER_CALLER"
    jobs.go.set()
    await asyncio.gather(*flood, other)
    assert gate.admitted == 0
    gate.close()


async def test_a_waiter_whose_deadline_passes_leaves_the_line() -> None:
    gate, jobs = WorkGate(1, 10, per_caller=1, queued_per_caller=5), Jobs()
    first = asyncio.create_task(gate.run("Solve", None, jobs.work, "a0", caller="a"))
    await settle()
    with pytest.raises(DeadlineExceeded):
        await gate.run("Solve", time.monotonic() + 0.05, jobs.work, "b0", caller="b")
    assert gate.admitted == 1
    jobs.go.set()
    assert await first == "a0"
    assert await gate.run("Solve", None, jobs.work, "b1", caller="b") == "b1"
    assert jobs.started == ["a0", "b1"]
    assert gate.admitted == 0
    gate.close()
