"""Sub-multisets and splits of a board: each listed once, nothing missed."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from cardroom.shared.solver.multiset import blocks_with_first, splits, sub_multisets

BOARDS = [(1, 2, 3, 4), (2, 2, 3), (5, 5, 5, 5), (1, 1, 2, 2, 3, 3), (7,)]


def everything(cards: tuple[int, ...], m: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for c in combinations(cards, m)}


@pytest.mark.parametrize("cards", BOARDS)
def test_sub_multisets_are_the_distinct_combinations_in_order(cards: tuple[int, ...]) -> None:
    for k in range(len(cards) + 1):
        found = sub_multisets(cards, k)
        assert found == sorted(everything(cards, k))


@pytest.mark.parametrize("cards", BOARDS)
def test_splits_cover_every_two_way_split_once(cards: tuple[int, ...]) -> None:
    for m in range(1, len(cards) // 2 + 1):
        found = splits(cards, m)
        for part, rest in found:
            assert Counter(part) + Counter(rest) == Counter(cards)
            assert len(part) == m
        pairs = [frozenset([part, rest]) if 2 * m == len(cards) else (part, rest)
                 for part, rest in found]
        assert len(set(pairs)) == len(pairs)
        assert {part for part, _ in found} | {rest for _, rest in found
                                              if 2 * m == len(cards)} >= everything(cards, m)


@pytest.mark.parametrize("cards", BOARDS)
def test_blocks_with_first_hold_the_first_card_and_cover_the_rest(cards: tuple[int, ...]
                                                                  ) -> None:
    found = list(blocks_with_first(cards))
    assert len(set(found)) == len(found)
    for block, rest in found:
        assert block[0] == cards[0]
        assert Counter(block) + Counter(rest) == Counter(cards)
    assert {block for block, _ in found} == {
        (cards[0], *others) for m in range(len(cards)) for others in everything(cards[1:], m)}
