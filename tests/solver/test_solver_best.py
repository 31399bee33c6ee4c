"""best(): the most cards, proven, against the exhaustive reference; known boards; budgets."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest
from support.cpu import cpu_spent
from support.solver_reference import max_cards, values_by_subset

from cardroom.shared.arith import ArithRules, Num
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.mixmatch.claim import check_claim, parse_expression
from cardroom.shared.solver import BestResult, best

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
BOTH = ArithRules(allow_negative=True, allow_fractions=True)

#: (rules, {board size: number of boards}); each board is tried with four targets. The
#: reference is exponential (a 7-card board under fractions would take minutes), hence the
#: few large boards.
DIFFERENTIAL = [
    (DEFAULT, {1: 60, 2: 120, 3: 200, 4: 300, 5: 120, 6: 15, 7: 2}),
    (NEGATIVE, {1: 40, 2: 80, 3: 150, 4: 200, 5: 60, 6: 6, 7: 1}),
    (FRACTIONS, {1: 40, 2: 80, 3: 150, 4: 80, 5: 5, 6: 1}),
    (BOTH, {2: 30, 3: 60, 4: 30, 5: 2}),
]
DECK = [v for v in range(1, 29) for _ in range(2)]


def deal(rng: random.Random, n: int, rules: ArithRules) -> tuple[list[int], int]:
    """Cards from the default deck (M1), or small ones; a target from the dice (M2)."""
    small = n >= 7 or (n == 6 and rules.allow_fractions) or rng.random() < 0.3
    cards = [rng.randint(1, 6) for _ in range(n)] if small else rng.sample(DECK, n)
    return cards, rng.choice([20, 30, 40, 50, 60, 70]) + rng.randint(3, 8)


def targets(rng: random.Random, cards: list[int], dice: int, rules: ArithRules) -> list[Num]:
    """The dice, a value of every card, a value of fewer cards, and an arbitrary one."""
    values = values_by_subset(cards, rules)
    full = values[(1 << len(cards)) - 1]
    some = values[rng.randrange(1, 1 << len(cards))]
    odd: Num = rng.randint(1, 120)
    if rules.allow_negative and rng.random() < 0.3:
        odd = rng.randint(-20, 0)
    if rules.allow_fractions and rng.random() < 0.3:
        odd = F(rng.randint(1, 40), rng.randint(2, 7))
    return [dice, rng.choice(sorted(full)), rng.choice(sorted(some)), odd]


def check_answer(result: BestResult, cards: list[int], target: Num, rules: ArithRules,
                 expected: int) -> None:
    assert result.proven
    assert result.cards_used == expected, (cards, target)
    if expected == 0:
        assert result.solution is None
        return
    solution = result.solution
    assert solution is not None
    parsed = parse_expression(solution.expression)
    assert parsed.value(rules) == target == solution.value
    assert Counter(parsed.cards()) == Counter(solution.cards)
    assert len(solution.cards) == expected
    assert not Counter(solution.cards) - Counter(cards)
    assert check_claim(solution.expression, cards, target, rules).valid  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "sizes"), DIFFERENTIAL,
                         ids=["default", "negative", "fractions", "both"])
def test_m3_best_uses_as_many_cards_as_the_exhaustive_reference(rules: ArithRules,
                                                                sizes: dict[int, int]) -> None:
    rng = random.Random(20240611)
    for n, count in sizes.items():
        for _ in range(count):
            cards, dice = deal(rng, n, rules)
            values = values_by_subset(cards, rules)
            for target in targets(rng, cards, dice, rules):
                expected = max((mask.bit_count() for mask, made in values.items()
                                if target in made), default=0)
                check_answer(best(cards, target, rules), cards, target, rules, expected)


def test_best_952_from_25_50_75_100_3_6_uses_all_six() -> None:
    result = best([25, 50, 75, 100, 3, 6], 952)
    check_answer(result, [25, 50, 75, 100, 3, 6], 952, DEFAULT, 6)


def test_m3_best_831_from_1_3_7_10_25_50_is_impossible_with_positive_integers() -> None:
    cards = [1, 3, 7, 10, 25, 50]
    assert max_cards(cards, 831, DEFAULT) == 0
    result = best(cards, 831)
    assert (result.solution, result.cards_used, result.proven) == (None, 0, True)


def test_m3_best_831_stays_impossible_with_negatives_or_fractions() -> None:
    cards = [1, 3, 7, 10, 25, 50]
    negative = best(cards, 831, NEGATIVE)
    assert max_cards(cards, 831, NEGATIVE) == 0
    assert (negative.cards_used, negative.proven) == (0, True)
    # Under fractions the reference needs seconds for six cards; the proof alone here.
    fractions = best(cards, 831, FRACTIONS)
    assert (fractions.cards_used, fractions.proven) == (0, True)


def test_rulebook_example_48_from_12_24_7_2_6_beats_the_three_card_answer() -> None:
    cards = [12, 24, 7, 2, 6]
    result = best(cards, 48)
    check_answer(result, cards, 48, DEFAULT, max_cards(cards, 48, DEFAULT))
    assert result.cards_used >= 3  # the rulebook's (24) + (12 x 2)


def test_best_single_card_and_empty_board() -> None:
    assert best([48], 48).solution.expression == "48"  # type: ignore[union-attr]
    assert best([47], 48).cards_used == 0
    empty = best([], 48)
    assert (empty.solution, empty.cards_used, empty.proven) == (None, 0, True)


def test_m3_best_zero_and_fractions_only_where_the_rules_allow_them() -> None:
    assert best([3, 3], 0).cards_used == 0
    assert best([3, 3], 0, NEGATIVE).solution.expression == "3-3"  # type: ignore[union-attr]
    assert best([7, 2], F(7, 2)).cards_used == 0
    assert best([7, 2], F(7, 2), FRACTIONS).solution.expression == "7/2"  # type: ignore[union-attr]


def test_best_rejects_cards_and_targets_that_are_not_numbers() -> None:
    for cards in ([0, 3], [-2], [2.5], [True]):
        with pytest.raises(InvalidArgument):
            best(cards, 10)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        best([1, 2], "3")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        best([1, 2], 2.5)  # type: ignore[arg-type]


def test_best_result_to_dict_is_json_ready() -> None:
    data = best([2, 3], 6).to_dict()
    assert data["solution"]["expression"] == "3*2"
    assert (data["cards_used"], data["proven"]) == (2, True)


ADVERSARIAL = [
    # All cards impossible, the proof is the work (large targets, many cards).
    ([2, 10, 14, 15, 17, 18, 20, 21, 23, 27], 44419702),
    ([1, 2, 3, 5, 5, 6, 14, 16, 18, 20, 24, 27], 68981442),
    ([3, 6, 8, 10, 11, 13, 15, 26, 27], 43230554),
]


@pytest.mark.parametrize(("cards", "target"), ADVERSARIAL)
def test_best_with_a_budget_returns_on_time_on_adversarial_boards(cards: list[int],
                                                                  target: int) -> None:
    budget = 0.05
    with cpu_spent() as spent:
        result = best(cards, target, budget_s=budget)
    assert spent.own < budget + 0.02
    assert result.elapsed_s >= 0
    if not result.proven:
        assert result.cards_used < len(cards)
    if result.solution is not None:
        assert result.solution.value == target
        assert len(result.solution.cards) == result.cards_used


def test_best_budget_answer_is_the_best_found_so_far() -> None:
    # A 5-card board whose maximum is 4: the first answer comes before the proof ends.
    cards, target = [2, 10, 17, 18, 19], 33
    full = best(cards, target)
    assert full.proven and full.cards_used == max_cards(cards, target, DEFAULT) == 4
    quick = best(cards, target, budget_s=1e-9)
    assert quick.cards_used <= full.cards_used
    assert not quick.proven or quick.cards_used == full.cards_used
