"""Rule inclusion (M3): a looser rule set never answers with fewer cards than a stricter one.

Every default-rules solution is legal under allow_negative and allow_fractions, and every
one of those under both. Before the searches were seeded, allow_fractions found nothing in
10 s on these boards, where the default rules prove a 16-card solution in 0.3 s and 2.3 s.
"""

from __future__ import annotations

from functools import cache

import pytest

from cardroom.shared.arith import ArithRules
from cardroom.shared.games.mixmatch import check_claim
from cardroom.shared.solver import all_optimal, best, profile
from cardroom.shared.solver.best import stricter

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
BOTH = ArithRules(allow_negative=True, allow_fractions=True)
PRIMES = (997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919, 911, 907, 887, 883)
BOARDS = {"1..16 to 99989": (tuple(range(1, 17)), 99989), "primes to 99991": (PRIMES, 99991)}
#: Ample on a loaded machine: every search here ends once proven, well before it.
BUDGET_S = 30.0
PAIRS = [(DEFAULT, NEGATIVE), (DEFAULT, FRACTIONS), (DEFAULT, BOTH), (NEGATIVE, BOTH),
         (FRACTIONS, BOTH)]


@cache
def _best(board: str, rules: ArithRules) -> tuple[int, bool, str | None]:
    cards, target = BOARDS[board]
    found = best(cards, target, rules, BUDGET_S)
    return found.cards_used, found.proven, found.solution and found.solution.expression


def test_stricter_lists_every_included_rule_set_strictest_first() -> None:
    assert stricter(DEFAULT) == []
    assert stricter(NEGATIVE) == [DEFAULT]
    assert stricter(FRACTIONS) == [DEFAULT]
    assert stricter(BOTH) == [DEFAULT, NEGATIVE, FRACTIONS]


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize(("strict", "loose"), PAIRS, ids=lambda r: str(r.to_dict()))
def test_looser_rules_answer_at_least_the_stricter_best(board: str, strict: ArithRules,
                                                        loose: ArithRules) -> None:
    strict_cards, _, _ = _best(board, strict)
    loose_cards, loose_proven, expression = _best(board, loose)
    assert strict_cards == 16  # these boards have a default-rules solution with every card
    assert loose_cards >= strict_cards
    assert loose_proven  # every card used: nothing can beat it under any rules
    cards, target = BOARDS[board]
    assert expression is not None and check_claim(expression, cards, target, loose).valid


def test_all_optimal_and_profile_under_both_options_start_from_the_strict_answer() -> None:
    cards, target = BOARDS["1..16 to 99989"]
    optimal = all_optimal(cards, target, BOTH, limit=1, budget_s=3.0)
    assert (optimal.cards_used, optimal.proven, len(optimal.solutions)) == (16, True, 1)
    rated = profile(cards, target, BOTH, limit=1, budget_s=2.0)
    assert (rated.max_cards, rated.max_proven) == (16, True)


def test_a_seeded_search_still_finds_a_larger_solution_only_looser_rules_allow() -> None:
    # 24 from 3 3 8 8 with every card needs 8/(3-8/3): the default rules reach 2 cards.
    assert best([3, 3, 8, 8], 24).cards_used == 2
    found = best([3, 3, 8, 8], 24, FRACTIONS)
    assert (found.cards_used, found.proven) == (4, True)
    assert found.solution is not None and found.solution.expression == "8/(3-8/3)"
