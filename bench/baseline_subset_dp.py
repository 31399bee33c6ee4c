"""Baseline: the plain subset DP (every value of every subset of positions), default rules only.

For each subset of card positions, in order of increasing mask, the set of every value
its cards make, built from every ordered split into two smaller subsets. The most
cards for a target is the largest subset whose set holds it. No pruning, no early exit.
"""

from __future__ import annotations

from collections.abc import Sequence


def subset_values(cards: Sequence[int]) -> list[set[int]]:
    """Every positive-integer value of each subset of positions (index = bit mask)."""
    values: list[set[int]] = [set() for _ in range(1 << len(cards))]
    for mask in range(1, 1 << len(cards)):
        if mask & (mask - 1) == 0:
            values[mask] = {cards[mask.bit_length() - 1]}
            continue
        made = values[mask]
        low = mask & -mask
        part = (mask - 1) & mask
        while part:
            if part & low:  # each unordered split once; both operand orders below
                for a in values[part]:
                    for b in values[mask ^ part]:
                        made.add(a + b)
                        made.add(a * b)
                        if a > b:
                            made.add(a - b)
                            if a % b == 0:
                                made.add(a // b)
                        elif b > a:
                            made.add(b - a)
                            if b % a == 0:
                                made.add(b // a)
                        else:
                            made.add(1)
            part = (part - 1) & mask
    return values


def max_cards(cards: Sequence[int], target: int) -> int:
    """The most cards of `cards` whose combination can make `target` (0 if none)."""
    values = subset_values(cards)
    return max((mask.bit_count() for mask, made in enumerate(values) if target in made),
               default=0)
