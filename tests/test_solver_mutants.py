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

from shared.solver.best import best


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
