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

Callers share the pool fairly: each caller (cardroom.shared.rpc.identity) runs at most
`per_caller` calls at once and keeps at most `queued_per_caller` more waiting (one more is
RESOURCE_EXHAUSTED naming GRPC_MAX_RUNNING_PER_CALLER or GRPC_MAX_QUEUE_PER_CALLER), and a
thread that frees up goes to the callers in turn (round-robin), never to the caller with
the longest line: one caller flooding worst cases holds at most `per_caller` threads, and
another caller's call starts on the next free thread.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
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
    """Admits `running` calls' work at a time plus `queued` waiting, shared by callers in
    turn; refuses the rest."""

    def __init__(self, running: int, queued: int, name: str = "work", *,
                 per_caller: int = 0, queued_per_caller: int = 8) -> None:
        if running < 1 or queued < 0 or per_caller < 0 or queued_per_caller < 0:
            raise ValueError("a gate needs at least one running slot and a queue of 0 or more")
        self.running = running
        self.queued = queued
        #: Calls one caller runs at once (0: half the threads, at least one).
        self.per_caller = per_caller or max(1, running // 2)
        #: Calls one caller keeps waiting beyond those it runs.
        self.queued_per_caller = queued_per_caller
        self._pool = ThreadPoolExecutor(running, thread_name_prefix=name)
        self._admitted = 0
        self._busy = 0  # threads given to work (or reserved for a waiter just woken)
        self._held: dict[str, int] = {}  # per caller: calls admitted (running or waiting)
        self._busy_by: dict[str, int] = {}  # per caller: threads it holds
        #: The waiting calls of each caller, callers in the order their first call came.
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        #: When each caller was last given a thread (a count of threads given), so the
        #: waiting caller served longest ago goes next: round-robin over callers.
        self._served: dict[str, int] = {}
        self._given = 0

    @property
    def admitted(self) -> int:
        """Calls whose work runs or waits now, and work still on a thread after its call
        ended (a search whose client went away)."""
        return self._admitted

    async def run(self, method: str, deadline: float | None, work: Callable[..., T],
                  *args: Any, caller: str = "") -> T:
        """`work(*args)` on a thread of the pool, once one is free and it is `caller`'s
        turn: its result or its exception. ResourceExhausted when `queued` calls wait
        already, or `caller` has its share running and waiting; DeadlineExceeded when
        `deadline` (a deadline_of value) passes before a thread is free."""
        self._admit(method, caller)
        try:
            await self._turn(caller, deadline, method)
        except BaseException:
            self._leave(caller)
            raise
        job = asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        # The thread is given back when the work is done, not when the call ends.
        job.add_done_callback(lambda done: self._release(caller, done))
        return await asyncio.shield(job)

    def _admit(self, method: str, caller: str) -> None:
        if self._admitted >= self.running + self.queued:
            raise ResourceExhausted(f"server busy: {self.running} calls running and "
                                    f"{self.queued} waiting; retry {method} later or on "
                                    "another replica")
        held = self._held.get(caller, 0)
        if held >= self.per_caller + self.queued_per_caller:
            setting = "GRPC_MAX_RUNNING_PER_CALLER" if self.queued_per_caller == 0 \
                else "GRPC_MAX_QUEUE_PER_CALLER"
            raise ResourceExhausted(
                f"this caller has {self.per_caller} {method} calls running and "
                f"{self.queued_per_caller} waiting, its share of this server ({setting}); "
                "wait for one to finish", setting)
        self._admitted += 1
        self._held[caller] = held + 1

    def _leave(self, caller: str) -> None:
        self._admitted -= 1
        held = self._held[caller] - 1
        if held:
            self._held[caller] = held
        else:
            del self._held[caller]

    async def _turn(self, caller: str, deadline: float | None, method: str) -> None:
        """Wait until a thread is reserved for this call."""
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(caller, deque()).append(turn)
        self._dispatch()
        if turn.done():
            return
        try:
            await asyncio.wait_for(asyncio.shield(turn), remaining(deadline))
        except BaseException as exc:
            if turn.done() and not turn.cancelled():
                self._give_back(caller)  # woken as it gave up: the thread goes on
            else:
                turn.cancel()
                self._forget(caller, turn)
            if isinstance(exc, TimeoutError):
                raise DeadlineExceeded(f"the deadline passed while {method} waited for a "
                                       "worker") from None
            raise

    def _take(self, caller: str) -> None:
        self._given += 1
        self._served[caller] = self._given
        self._busy += 1
        self._busy_by[caller] = self._busy_by.get(caller, 0) + 1

    def _give_back(self, caller: str) -> None:
        self._busy -= 1
        left = self._busy_by[caller] - 1
        if left:
            self._busy_by[caller] = left
        else:
            del self._busy_by[caller]
            if caller not in self._waiting:
                self._served.pop(caller, None)  # neither running nor waiting: forgotten
        self._dispatch()

    def _forget(self, caller: str, turn: asyncio.Future[None]) -> None:
        line = self._waiting.get(caller)
        if line is not None and turn in line:
            line.remove(turn)
            if not line:
                del self._waiting[caller]

    def _dispatch(self) -> None:
        """Give free threads to waiting calls, one caller at a time in turn."""
        while self._busy < self.running:
            ready = [c for c in self._waiting if self._busy_by.get(c, 0) < self.per_caller]
            if not ready:
                return  # nobody waiting may start now
            caller = min(ready, key=lambda c: self._served.get(c, 0))  # stable: first come
            line = self._waiting[caller]
            turn = line.popleft()
            if not line:
                del self._waiting[caller]
            self._take(caller)
            turn.set_result(None)

    def _release(self, caller: str, job: asyncio.Future[Any]) -> None:
        self._leave(caller)
        self._give_back(caller)
        if not job.cancelled():
            job.exception()  # retrieved: a call that went away no longer awaits it

    def close(self) -> None:
        """Take no more work; work on a thread runs on (the process may exit without it)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
