"""The Mix Match bot: races the humans with the solver, at a chosen speed and ambition.

Strength sets two things: the think time (the claim is sent that long after the
decision, which a worker makes as soon as the board appears: ``Decision.delay_s``) and
the share of the maximum card count it settles for. It asks ``cardroom.shared.solver.best`` for
the most cards any solution uses (within ``budget_s``), then looks for a solution with
``ceil(share * max)`` cards, growing to the maximum when that count has none. A board
with no solution gets no claim: with no hourglass the bot calls time (``"timeout"``,
after its think time), since nobody else may ever do it in a match of bots; with one, the
service calls it when the sand runs out. The next board (a drawn card, a new round) brings
a new decision. In variant 2 it takes the smallest card on the table as its own:
small numbers fit the most solutions.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from cardroom.shared.arith import ArithRules
from cardroom.shared.bots import mixmatch_view as mm
from cardroom.shared.bots.base import (
    JSON,
    SEARCH,
    SEED,
    STRENGTH,
    Decision,
    Factory,
    ParamInfo,
    PolicyInfo,
    check_view,
    no_move,
)
from cardroom.shared.solver import best
from cardroom.shared.solver.expr import Solution
from cardroom.shared.solver.kernels import kernel_for
from cardroom.shared.solver.multiset import sub_multisets
from cardroom.shared.solver.search import OutOfBudget, Searcher

#: (think seconds, share of the maximum card count) per level; index 0 is level 3.
LEVELS = ((12.0, 0.75), (30.0, 0.5), (20.0, 0.6), (12.0, 0.75), (6.0, 0.9), (2.0, 1.0))

THINK = ParamInfo("think_s", "float", -1.0, -1.0, 600.0,
                  "seconds from the decision to the claim; -1 takes it from strength")
SHARE = ParamInfo("share", "float", -1.0, -1.0, 1.0,
                  "least share of the maximum card count to claim with; -1: strength's")
BUDGET = ParamInfo("budget_s", "float", 2.0, 0.01, 60.0,
                   "solver time per board (the maximum is proven within it on most boards)")


class SolverBot:
    """Claims a solution with at least `share` of the maximum cards, `think_s` in."""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        self.info = info
        think, share = LEVELS[int(params["strength"])]
        self.think_s = think if params["think_s"] < 0 else float(params["think_s"])
        self.share = share if params["share"] < 0 else float(params["share"])
        self.budget_s = float(params["budget_s"])

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """A pick in variant 2, a timed claim when claims are open, else no move."""
        view = check_view(view, "mixmatch")
        if mm.must_pick(view):
            table = sorted(view.get("table", []))
            return Decision(f"pick {table[0]}" if table else "pass", {"rule": "smallest card"})
        if not mm.may_claim(view):
            return no_move("no claim possible for this seat now")
        return self._claim(view)

    def _claim(self, view: JSON) -> Decision:
        start = time.perf_counter()
        board, target, rules = mm.board_of(view), view["target"], mm.rules_of(view)
        top = best(board, target, rules, self.budget_s)
        if top.solution is None:
            evaluation = {"reason": "no solution found", "proven": top.proven}
            spent = time.perf_counter() - start
            if not view.get("hourglass_seconds"):
                # No hourglass: time moves only when a seat calls it (ruling M5).
                return Decision("timeout", evaluation, spent, top.nodes,
                                delay_s=max(0.0, self.think_s - spent))
            return Decision("", evaluation, spent, top.nodes)
        want = max(1, math.ceil(self.share * top.cards_used))
        solution = top.solution
        if want < top.cards_used:
            solution = _with_cards(board, target, rules, want, top.cards_used,
                                   start + self.budget_s) or solution
        spent = time.perf_counter() - start
        evaluation = {"expression": solution.expression, "cards_used": len(solution.cards),
                      "max_cards": top.cards_used, "proven": top.proven, "share": self.share}
        return Decision(mm.claim_action(view, solution.expression), evaluation, spent,
                        top.nodes, delay_s=max(0.0, self.think_s - spent))


def _with_cards(board: list[int], target: int, rules: ArithRules, low: int, high: int,
                deadline: float) -> Solution | None:
    """A solution with the fewest cards from `low` up to (not including) `high`."""
    searcher = Searcher(kernel_for(rules), deadline)
    try:
        for k in range(low, high):
            for sub in sub_multisets(tuple(sorted(board)), k):
                tree = searcher.find(sub, target)
                if tree is not None:
                    return Solution.from_tree(tree, rules)
    except OutOfBudget:
        return None
    return None


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = (
    (PolicyInfo("mixmatch", "solver",
                "races the table with the solver: think time and card ambition by strength",
                SEARCH, (STRENGTH, SEED, THINK, SHARE, BUDGET)), SolverBot),
)
