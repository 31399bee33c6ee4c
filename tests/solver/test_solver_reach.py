"""reachable(): the targets a board makes and the most cards for each, against the reference."""

from __future__ import annotations

import random

import pytest
from support.cpu import cpu_spent
from support.solver_reference import values_by_subset

from cardroom.shared.arith import ArithRules, Num
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.solver import reachable

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
RULES = [DEFAULT, NEGATIVE, FRACTIONS]
IDS = ["default", "negative", "fractions"]


def most_cards(cards: list[int], rules: ArithRules) -> dict[Num, int]:
    found: dict[Num, int] = {}
    for mask, made in values_by_subset(cards, rules).items():
        for value in made:
            found[value] = max(found.get(value, 0), mask.bit_count())
    return found


def boards(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(1, 28) for _ in range(rng.randint(1, 4))] for _ in range(count)]


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_reachable_in_the_dice_range_matches_the_reference(rules: ArithRules) -> None:
    for cards in boards(3, 40):
        expected = {int(t): k for t, k in most_cards(cards, rules).items()
                    if t.denominator == 1 and 23 <= t <= 78}
        found = reachable(cards, rules, lo=23, hi=78)
        assert found.complete
        assert found.max_cards == expected, cards


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_reachable_without_a_range_lists_every_value(rules: ArithRules) -> None:
    for cards in boards(5, 40):
        found = reachable(cards, rules)
        assert found.complete
        assert found.max_cards == most_cards(cards, rules), cards


def test_reachable_one_sided_bound_filters_the_listing() -> None:
    cards = [2, 3, 7]
    everything = most_cards(cards, DEFAULT)
    assert reachable(cards, lo=20).max_cards == {t: k for t, k in everything.items() if t >= 20}
    assert reachable(cards, hi=5).max_cards == {t: k for t, k in everything.items() if t <= 5}


def test_reachable_tells_a_board_with_no_solution_for_any_dice_total() -> None:
    cards = [1, 1, 2, 2]  # at most (1+2)*(1+2) = 9
    assert reachable(cards, lo=23, hi=78).max_cards == {}
    assert max(most_cards(cards, DEFAULT)) < 23
    assert reachable([11, 19, 20, 20, 21, 21], lo=114, hi=114).max_cards == {}
    assert reachable([11, 19, 20, 20, 21, 21], lo=23, hi=78).max_cards


def test_reachable_with_a_budget_says_incomplete() -> None:
    cards = [3, 6, 8, 10, 11, 13, 15, 26, 27]
    with cpu_spent() as spent:
        found = reachable(cards, lo=43230550, hi=43230560, budget_s=0.05)
    assert spent.own < 0.1
    assert not found.complete


def test_reachable_rejects_a_range_that_is_not_one() -> None:
    with pytest.raises(InvalidArgument):
        reachable([1, 2], lo=10, hi=5)
    with pytest.raises(InvalidArgument):
        reachable([1, 2], lo=1.5, hi=5)  # type: ignore[arg-type]


def test_reach_to_dict_sorts_targets() -> None:
    data = reachable([2, 3], lo=1, hi=6).to_dict()
    assert data == {"complete": True, "max_cards": {"1": 2, "2": 1, "3": 1, "5": 2, "6": 2}}
