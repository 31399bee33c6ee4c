"""Measuring a call's own CPU time, for the tests that check a search stops at its budget."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class CpuSpent:
    """This thread's CPU seconds over a block, less the garbage collector's pauses in it."""

    total: float = 0.0
    collector: list[float] = field(default_factory=list)

    @property
    def own(self) -> float:
        """CPU seconds of the code under test itself."""
        return self.total - sum(self.collector)


@contextmanager
def cpu_spent() -> Iterator[CpuSpent]:
    """Thread CPU time, so the machine's other load does not count; a full collection of the
    whole test process's heap may fall inside the block too and is not the code's own work
    (in a large pytest process one lasts 50-160 ms), so its pauses are counted apart."""
    spent = CpuSpent()
    started: list[float] = []

    def note(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.thread_time())
        elif started:
            spent.collector.append(time.thread_time() - started.pop())

    gc.callbacks.append(note)
    start = time.thread_time()
    try:
        yield spent
    finally:
        spent.total = time.thread_time() - start
        gc.callbacks.remove(note)
