"""Boards on the edge of the solver's pruning bounds, where an off-by-one in a kernel turns
a solution into "none, proven".

The product of every card of a board is the largest value it can make (the bound the
positive-integer kernel prunes with), so in a split of such a board each factor is a divisor
exactly at target/bound(rest): the smallest one the kernel may keep. The product itself is a
7-card solution that needs no reference solver to check.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import prod

import pytest

from cardroom.shared.solver.best import best


def test_solver_best_finds_the_product_whose_factor_is_exactly_target_over_the_rest() -> None:
    # 1458 = 2 * 3**6: with the six 3s as the rest (bound 729) the 2 is exactly 1458/729.
    result = best([2, 3, 3, 3, 3, 3, 3], 1458)
    assert result.cards_used == 7 and result.proven
    assert result.solution is not None and result.solution.value == 1458


#: Every 7-card board of cards 2..5, one in nine (a spread of shapes, in well under a second).
PRODUCT_BOARDS = list(combinations_with_replacement(range(2, 6), 7))[::9]


@pytest.mark.parametrize("board", PRODUCT_BOARDS, ids=lambda b: "-".join(map(str, b)))
def test_solver_best_uses_all_seven_cards_when_the_target_is_their_product(
        board: tuple[int, ...]) -> None:
    result = best(board, prod(board))
    assert result.cards_used == 7 and result.proven


#: Boards the exhaustive search of a 7-card board gets right only with the partners kernel's
#: sum-and-difference window [t - m, t + m] exactly (found by comparing answers with that
#: window narrowed); each has a 7-card solution.
WINDOW_BOARDS = [((4, 6, 6, 6, 7, 10, 11), 111096), ((3, 7, 7, 7, 7, 9, 13), 3121),
                 ((2, 2, 6, 7, 8, 8, 9), 2701), ((2, 4, 8, 8, 9, 11, 13), 73288)]


@pytest.mark.parametrize(("board", "target"), WINDOW_BOARDS)
def test_solver_best_uses_all_seven_cards_next_to_the_partners_window(
        board: tuple[int, ...], target: int) -> None:
    result = best(board, target)
    assert result.cards_used == 7 and result.proven
    assert result.solution is not None and result.solution.value == target

