"""Random playouts for search bots and benchmarks, on the rules' integer fast path."""

from __future__ import annotations

import random

from cardroom.shared.games.livemix.config import ROUNDS
from cardroom.shared.games.livemix.rules import Rules

#: For each 12-bit slice of a hand (one colour), the card offsets it holds.
BITS12 = tuple(tuple(v for v in range(12) if m >> v & 1) for m in range(1 << 12))


def random_playout(state: Rules, rng: random.Random, whole_game: bool = False) -> None:
    """Play uniformly random legal cards to the end of the round (or game), fast path."""
    rand = rng.random
    stop = ROUNDS if whole_game else min(state.round + 1, ROUNDS)
    play = state._play
    while state.round < stop:
        hand = state.hands[state.turn]
        trick = state.trick
        if trick:
            base = trick[0] // 12 * 12
            bits = BITS12[hand >> base & 0xFFF]
            if bits:
                play(base + bits[int(rand() * len(bits))])
                continue
        k = int(rand() * hand.bit_count())
        for base in (0, 12, 24, 36):
            bits = BITS12[hand >> base & 0xFFF]
            if k < len(bits):
                play(base + bits[k])
                break
            k -= len(bits)
