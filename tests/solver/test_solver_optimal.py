"""all_optimal(), profile(), count_trees(): canonical counts against the exhaustive reference."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from support.cpu import cpu_spent
from support.solver_reference import class_counts

from cardroom.shared.arith import ArithRules, Num
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.mixmatch.claim import BinOp, Number, check_claim, parse_expression
from cardroom.shared.solver import all_optimal, count_trees, profile
from cardroom.shared.solver.expr import Tree, canonical

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
BOTH = ArithRules(allow_negative=True, allow_fractions=True)
RULES = [DEFAULT, NEGATIVE, FRACTIONS, BOTH]
IDS = ["default", "negative", "fractions", "both"]


def small_boards(seed: int, count: int) -> list[tuple[list[int], int]]:
    """Boards of 1-4 cards (a few of 5) with targets that are often reachable."""
    rng = random.Random(seed)
    boards = []
    for i in range(count):
        n = 5 if i % 25 == 0 else rng.randint(1, 4)
        cards = [rng.randint(1, 9) for _ in range(n)]
        boards.append((cards, rng.randint(1, 30)))
    return boards


def as_tree(node: object) -> Tree:
    if isinstance(node, Number):
        return node.card
    assert isinstance(node, BinOp)
    return (node.op, as_tree(node.left), as_tree(node.right))


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_profile_counts_each_class_the_reference_counts(rules: ArithRules) -> None:
    for cards, target in small_boards(7, 70):
        expected = class_counts(cards, target, rules)
        found = profile(cards, target, rules, limit=10 ** 6)
        assert {row.cards: row.count for row in found.rows if row.count} == expected, cards
        assert all(row.exact for row in found.rows)
        assert [row.cards for row in found.rows] == list(range(1, len(cards) + 1))
        assert found.max_cards == max(expected, default=0)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_all_optimal_lists_every_class_with_the_most_cards(rules: ArithRules) -> None:
    for cards, target in small_boards(11, 60):
        expected = class_counts(cards, target, rules)
        found = all_optimal(cards, target, rules, limit=10 ** 6)
        top = max(expected, default=0)
        assert (found.cards_used, found.count) == (top, expected.get(top, 0)), cards
        assert found.exact and found.proven
        assert len(found.solutions) == found.count
        check_solutions(found.solutions, cards, target, rules, top)


def check_solutions(solutions: tuple, cards: list[int], target: Num, rules: ArithRules,
                    used: int) -> None:
    texts = [s.expression for s in solutions]
    assert len(set(texts)) == len(texts)
    for solution in solutions:
        parsed = parse_expression(solution.expression)
        assert parsed.value(rules) == target
        assert len(solution.cards) == used
        assert not Counter(solution.cards) - Counter(cards)
        # canonical already, and without blanks: what the claim parser renders
        assert canonical(as_tree(parsed)).text.replace(" ", "") == solution.expression
        assert parsed.render() == solution.expression
        if isinstance(target, int):
            assert check_claim(solution.expression, cards, target, rules).valid


def test_hutton_765_from_1_3_7_10_25_50_counts_780_trees_and_22_classes() -> None:
    cards = [1, 3, 7, 10, 25, 50]
    # Hutton's "The countdown problem": 780 solutions when nothing is identified.
    assert count_trees(cards, 765) == 780
    expected = class_counts(cards, 765, DEFAULT)
    found = profile(cards, 765)
    assert {row.cards: row.count for row in found.rows if row.count} == expected
    assert sum(row.count for row in found.rows) == sum(expected.values()) == 22
    optimal = all_optimal(cards, 765)
    assert (optimal.cards_used, optimal.count, optimal.exact) == (6, expected[6], True)
    check_solutions(optimal.solutions, cards, 765, DEFAULT, 6)


def test_all_optimal_952_from_25_50_75_100_3_6_lists_every_six_card_class() -> None:
    cards = [25, 50, 75, 100, 3, 6]
    optimal = all_optimal(cards, 952)
    assert (optimal.cards_used, optimal.exact) == (6, True)
    assert optimal.count == class_counts(cards, 952, DEFAULT)[6]
    check_solutions(optimal.solutions, cards, 952, DEFAULT, 6)


def test_count_trees_counts_ordered_trees_over_every_subset() -> None:
    # 2 and 3 make 5 as 2+3 and 3+2; 6 as 2*3 and 3*2; 1 as 3-2; none as 2-3 or 2/3.
    assert count_trees([2, 3], 5) == 2
    assert count_trees([2, 3], 6) == 2
    assert count_trees([2, 3], 1) == 1
    assert count_trees([2, 3], 3) == 1  # the card alone
    assert count_trees([2, 3], -1, NEGATIVE) == 1


def test_all_optimal_stops_at_the_limit_and_says_at_least() -> None:
    cards = [2, 3, 4, 5, 6]
    everything = all_optimal(cards, 60, limit=10 ** 6)
    assert everything.exact and everything.count > 5
    capped = all_optimal(cards, 60, limit=5)
    assert (capped.count, capped.exact, len(capped.solutions)) == (5, False, 5)
    assert capped.cards_used == everything.cards_used
    exactly = all_optimal(cards, 60, limit=everything.count)
    assert (exactly.count, exactly.exact) == (everything.count, True)


def test_all_optimal_solutions_come_shortest_first() -> None:
    solutions = all_optimal([1, 2, 3, 4], 10).solutions
    keys = [(len(s.expression), s.expression) for s in solutions]
    assert keys == sorted(keys)


def test_profile_difficulty_is_cards_less_log10_of_the_ways() -> None:
    board = [12, 24, 7, 2, 6]
    found = profile(board, 48)
    top = found.rows[found.max_cards - 1]
    assert found.difficulty == round(found.max_cards - math.log10(top.count), 2)
    assert profile([1, 1], 77).difficulty == 0.0  # no solution at all
    assert profile([5], 5).difficulty == 1.0  # one card, one way


def test_profile_and_all_optimal_reject_a_bad_limit() -> None:
    for bad in (0, -3, 2.5, True):
        with pytest.raises(InvalidArgument):
            all_optimal([1, 2], 3, limit=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgument):
            profile([1, 2], 3, limit=bad)  # type: ignore[arg-type]


def test_all_optimal_with_a_budget_returns_on_time() -> None:
    # Listing every class of this board takes many seconds; the budget cuts it short.
    cards = [1, 2, 3, 4, 5, 6, 7]
    with cpu_spent() as spent:
        found = all_optimal(cards, 50, NEGATIVE, limit=10 ** 6, budget_s=0.3)
    assert spent.own < 0.4
    assert not found.exact
    assert found.count >= 1
    check_solutions(found.solutions, cards, 50, NEGATIVE, found.cards_used)


def test_optimal_and_profile_to_dict_are_json_ready() -> None:
    data = all_optimal([2, 3], 6).to_dict()
    assert data["solutions"] == [{"expression": "3*2", "cards": [2, 3], "value": 6}]
    rows = profile([2, 3], 6).to_dict()["rows"]
    assert rows == [{"cards": 1, "count": 0, "exact": True},
                    {"cards": 2, "count": 1, "exact": True}]


def test_profile_with_a_budget_returns_on_time_and_keeps_what_it_found() -> None:
    """How far 0.3 s of wall-clock time gets depends on the machine's load (the 2-card row
    was not reached once with another test process on the same two cores), so what is
    checked is that every row it keeps agrees with the whole profile."""
    cards = [1, 2, 3, 4, 5, 6, 7]
    whole = profile(cards, 50, NEGATIVE, limit=10 ** 6)
    with cpu_spent() as spent:
        found = profile(cards, 50, NEGATIVE, limit=10 ** 6, budget_s=0.3)
    assert spent.own < 0.4
    assert whole.exact and not found.exact
    assert [row.cards for row in found.rows] == [row.cards for row in whole.rows]
    for row, complete in zip(found.rows, whole.rows, strict=True):
        assert row.count == complete.count if row.exact else row.count <= complete.count, row
