"""Multisets of cards as sorted tuples: sub-multisets and two-way splits, each listed once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import combinations
from operator import itemgetter

Cards = tuple[int, ...]
Picker = Callable[[Cards], Cards]


def _picker(indices: tuple[int, ...]) -> Picker:
    """A C-level getter of the items at `indices`, always returning a tuple."""
    if not indices:
        return lambda cards: ()
    if len(indices) == 1:
        index = indices[0]
        return lambda cards: (cards[index],)
    return itemgetter(*indices)


@lru_cache(maxsize=512)
def _split_pickers(n: int, m: int) -> tuple[tuple[Picker, Picker], ...]:
    """Getters for every way to take m of n positions, with their complement."""
    everything = range(n)
    pairs = []
    for chosen in combinations(everything, m):
        rest = tuple(i for i in everything if i not in chosen)
        pairs.append((_picker(chosen), _picker(rest)))
    return tuple(pairs)


def splits(cards: Cards, m: int) -> list[tuple[Cards, Cards]]:
    """Every split of `cards` into (part of m cards, the rest), each multiset pair once.

    With 2*m == len(cards) the pair {A, B} is listed once, not as (A, B) and (B, A).
    """
    found: dict[Cards, Cards] = {}
    halves = 2 * m == len(cards)
    for take, leave in _split_pickers(len(cards), m):
        part = take(cards)
        if part in found or (halves and leave(cards) in found):
            continue
        found[part] = leave(cards)
    return list(found.items())


def sub_multisets(cards: Cards, k: int) -> list[Cards]:
    """The distinct sub-multisets of `cards` (sorted) with k cards, in lexicographic order."""
    return list(dict.fromkeys(combinations(cards, k)))


def blocks_with_first(cards: Cards) -> Iterator[tuple[Cards, Cards]]:
    """Each distinct (block, rest) where the block holds the first card; the block grows."""
    first, others = cards[:1], cards[1:]
    for m in range(len(others) + 1):
        if m == len(others):
            yield cards, ()
            return
        for part, rest in _pairs(others, m):
            yield first + part, rest


def _pairs(cards: Cards, m: int) -> Iterator[tuple[Cards, Cards]]:
    """Each distinct sub-multiset of m cards with its complement (no halving rule)."""
    seen: set[Cards] = set()
    for take, leave in _split_pickers(len(cards), m):
        part = take(cards)
        if part not in seen:
            seen.add(part)
            yield part, leave(cards)
