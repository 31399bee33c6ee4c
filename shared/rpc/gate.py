"""The in-flight gate of a server whose calls do blocking work: a thread pool behind a
bounded admission (the solver's searches, the bot API's waits for a worker's answer).

    gate = WorkGate(running=4, queued=16)
    answer = await gate.run("Solve", deadline_of(context), search, board)

`running` calls work at once, each on a thread of the gate's pool; up to `queued` more
wait for a thread, each until its deadline (then DEADLINE_EXCEEDED); one more is refused
at once with RESOURCE_EXHAUSTED, so its caller retries on another replica. The event loop
never blocks, so health checks and reflection answer however busy the pool is. A call
whose client goes away stops waiting, but work already on a thread runs to its end (a
search stops at its own clock, not at a cancellation) and keeps its slot until then: the
gate never lets more work in than it has threads.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import grpc

from cardroom.shared.errors import DeadlineExceeded, ResourceExhausted

T = TypeVar("T")


def deadline_of(context: grpc.aio.ServicerContext) -> float | None:
    """The call's deadline on the time.monotonic() clock (None: the caller set none)."""
    remaining = context.time_remaining()
    return None if remaining is None else time.monotonic() + remaining


def remaining(deadline: float | None) -> float | None:
    """Seconds left before `deadline` (a deadline_of value; None: no deadline)."""
    return None if deadline is None else deadline - time.monotonic()


class WorkGate:
    """Admits `running` calls' work at a time plus `queued` waiting; refuses the rest."""

    def __init__(self, running: int, queued: int, name: str = "work") -> None:
        if running < 1 or queued < 0:
            raise ValueError("a gate needs at least one running slot and a queue of 0 or more")
        self.running = running
        self.queued = queued
        self._pool = ThreadPoolExecutor(running, thread_name_prefix=name)
        self._slots: asyncio.Semaphore | None = None
        self._admitted = 0

    @property
    def admitted(self) -> int:
        """Calls whose work runs or waits now, and work still on a thread after its call
        ended (a search whose client went away)."""
        return self._admitted

    async def run(self, method: str, deadline: float | None, work: Callable[..., T],
                  *args: Any) -> T:
        """`work(*args)` on a thread of the pool, once one is free: its result or its
        exception. ResourceExhausted when `queued` calls wait already; DeadlineExceeded
        when `deadline` (a deadline_of value) passes before a thread is free."""
        if self._admitted >= self.running + self.queued:
            raise ResourceExhausted(f"server busy: {self.running} calls running and "
                                    f"{self.queued} waiting; retry {method} later or on "
                                    "another replica")
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.running)
        self._admitted += 1
        try:
            await asyncio.wait_for(self._slots.acquire(), remaining(deadline))
        except TimeoutError:
            self._admitted -= 1
            raise DeadlineExceeded(f"the deadline passed while {method} waited for a "
                                   "worker") from None
        except BaseException:
            self._admitted -= 1
            raise
        job = asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        # The slot is given back when the thread is done, not when the call ends.
        job.add_done_callback(self._release)
        return await asyncio.shield(job)

    def _release(self, job: asyncio.Future[Any]) -> None:
        assert self._slots is not None
        self._slots.release()
        self._admitted -= 1
        if not job.cancelled():
            job.exception()  # retrieved: a call that went away no longer awaits it

    def close(self) -> None:
        """Take no more work; work on a thread runs on (the process may exit without it)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
