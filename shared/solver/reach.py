"""reachable(): which targets a board can make, and with at most how many cards.

With a range [lo, hi] each whole target in it gets its own best() search, all sharing
one Searcher (tables and failure memo), so a host can tell at once whether a board has
any solution for the dice. Without a range every value of every sub-multiset is listed
from forward tables: exponential in the cards, fine up to about eight of them.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardroom.shared.arith import DEFAULT_RULES, ArithRules, Num
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.solver.best import board_of, search_best
from cardroom.shared.solver.expr import plain
from cardroom.shared.solver.kernels import kernel_for
from cardroom.shared.solver.multiset import Cards, sub_multisets
from cardroom.shared.solver.search import OutOfBudget, Searcher


@dataclass(frozen=True, slots=True)
class Reach:
    """Reachable targets with the most cards each; `complete` unless the budget ran out."""

    max_cards: dict[Num, int] = field(default_factory=dict)
    complete: bool = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (targets as text keys)."""
        return {"complete": self.complete,
                "max_cards": {str(t): k for t, k in sorted(self.max_cards.items())}}


def reachable(cards: Iterable[int], rules: ArithRules = DEFAULT_RULES, lo: int | None = None,
              hi: int | None = None, budget_s: float | None = None) -> Reach:
    """Targets reachable from the board (within [lo, hi] if given) and the most cards each."""
    board = board_of(cards)
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    searcher = Searcher(kernel_for(rules), deadline)
    if lo is not None and hi is not None:
        if isinstance(lo, bool) or isinstance(hi, bool) or not (
                isinstance(lo, int) and isinstance(hi, int)) or lo > hi:
            raise InvalidArgument(f"target range [{lo!r}, {hi!r}] is not a range of integers",
                                  "range")
        return _per_target(searcher, board, range(lo, hi + 1))
    return _listed(searcher, board, lo, hi)


def _per_target(searcher: Searcher, board: Cards, targets: range) -> Reach:
    found: dict[Num, int] = {}
    for target in targets:
        used, _, proven = search_best(searcher, board, target)
        if not proven:
            return Reach(found, False)
        if used:
            found[target] = used
    return Reach(found, True)


def _listed(searcher: Searcher, board: Cards, lo: int | None, hi: int | None) -> Reach:
    found: dict[Num, int] = {}
    try:
        for k in range(1, len(board) + 1):
            for sub in sub_multisets(board, k):
                for value in searcher.values(sub):
                    if (lo is None or value >= lo) and (hi is None or value <= hi):
                        found[plain(value)] = k
    except OutOfBudget:
        return Reach(found, False)
    return Reach(found, True)
