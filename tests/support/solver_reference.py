"""A deliberately simple exhaustive solver, for differential tests of cardroom.shared.solver.

Every subset of card positions, every binary tree over it, every operation, each step
judged by cardroom.shared.arith.combine: nothing clever, so obviously right (and slow).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.shared.arith import OPS, ArithRules, Num, combine

Key = tuple[Any, ...]


def _splits(mask: int) -> list[tuple[int, int]]:
    """Every ordered pair (left, right) of non-empty disjoint masks covering `mask`."""
    pairs = []
    part = (mask - 1) & mask
    while part:
        pairs.append((part, mask ^ part))
        part = (part - 1) & mask
    return pairs


def values_by_subset(cards: Sequence[int], rules: ArithRules) -> dict[int, set[Num]]:
    """Every value of every tree over each subset of positions (bit i = card i)."""
    values: dict[int, set[Num]] = {}
    for mask in range(1, 1 << len(cards)):
        if mask & (mask - 1) == 0:
            values[mask] = {cards[mask.bit_length() - 1]}
            continue
        made: set[Num] = set()
        for left, right in _splits(mask):
            for a in values[left]:
                for b in values[right]:
                    for op in OPS:
                        value = combine(op, a, b, rules)
                        if value is not None:
                            made.add(value)
        values[mask] = made
    return values


def max_cards(cards: Sequence[int], target: Num, rules: ArithRules) -> int:
    """The most cards any tree worth `target` uses (0 when there is none)."""
    values = values_by_subset(cards, rules)
    return max((mask.bit_count() for mask, made in values.items() if target in made),
               default=0)


def _terms(key: Key, kind: str, flip: bool) -> tuple[list[Key], list[Key]]:
    """Positive and negative parts of `key` inside a chain of `kind` (+ or *)."""
    if key[0] == kind:
        pos, neg = list(key[1]), list(key[2])
        return (neg, pos) if flip else (pos, neg)
    return ([], [key]) if flip else ([key], [])


def join(op: str, left: Key, right: Key) -> Key:
    """The equivalence class key of `left op right`: flattened chains, sorted operands."""
    kind = "+" if op in "+-" else "*"
    pos_l, neg_l = _terms(left, kind, False)
    pos_r, neg_r = _terms(right, kind, op in "-/")
    return (kind, tuple(sorted(pos_l + pos_r, key=repr)), tuple(sorted(neg_l + neg_r, key=repr)))


def forms_by_subset(cards: Sequence[int], rules: ArithRules) -> dict[int, set[tuple[Num, Key]]]:
    """(value, class key) of every legal tree over each subset of positions."""
    forms: dict[int, set[tuple[Num, Key]]] = {}
    for mask in range(1, 1 << len(cards)):
        if mask & (mask - 1) == 0:
            card = cards[mask.bit_length() - 1]
            forms[mask] = {(card, ("n", card))}
            continue
        made: set[tuple[Num, Key]] = set()
        for left, right in _splits(mask):
            for a, key_a in forms[left]:
                for b, key_b in forms[right]:
                    for op in OPS:
                        value = combine(op, a, b, rules)
                        if value is not None:
                            made.add((value, join(op, key_a, key_b)))
        forms[mask] = made
    return forms


def class_counts(cards: Sequence[int], target: Num, rules: ArithRules) -> dict[int, int]:
    """Distinct classes worth `target`, per number of cards (equal cards alike)."""
    keys: dict[int, set[Key]] = {}
    for mask, made in forms_by_subset(cards, rules).items():
        for value, key in made:
            if value == target:
                keys.setdefault(mask.bit_count(), set()).add(key)
    return {k: len(found) for k, found in keys.items()}
