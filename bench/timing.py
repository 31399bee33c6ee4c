"""Timing helpers the engine benchmarks share: batches that take turns, medians of rates."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

#: A batch runs `count` units of work (playouts, clones, applied cards).
Batch = Callable[[int], None]


def rate(batch: Batch, count: int) -> float:
    """Units per second of one batch."""
    start = time.perf_counter()
    batch(count)
    return count / (time.perf_counter() - start)


def alternating_medians(batches: Sequence[Batch], count: int, reps: int) -> list[float]:
    """Median rate of each batch, the batches taking turns in every repetition."""
    rates: list[list[float]] = [[] for _ in batches]
    for _ in range(reps):
        for i, batch in enumerate(batches):
            rates[i].append(rate(batch, count))
    return [statistics.median(r) for r in rates]


def replay_batches(start: Any, ids: Sequence[int], names: Sequence[str], naive_start: Any
                   ) -> list[Batch]:
    """Replaying one game's cards: the engine's fast path, its string path, the baseline."""

    def fast(count: int) -> None:
        for _ in range(count):
            state = start.clone()
            for card in ids:
                state.apply_action_id(card)

    def strings(count: int) -> None:
        for _ in range(count):
            state = start.clone()
            for name in names:
                state.apply_action(name)

    def naive(count: int) -> None:
        for _ in range(count):
            game = naive_start.copy()
            for name in names:
                game.play(name)

    return [fast, strings, naive]
