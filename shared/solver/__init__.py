"""Mix Match solver (ruling M3): best solutions, all optimal ones, difficulty, reachable targets.

Every step is judged by cardroom.shared.arith (the rules the claim checker uses); solutions are
written in the canonical form described in cardroom.shared.solver.expr, which the claim parser
reads back. A budgeted call returns within its budget plus ``OVERRUN_MARGIN_S``.
"""

from cardroom.shared.solver.best import BestResult, best
from cardroom.shared.solver.expr import Solution
from cardroom.shared.solver.optimal import (
           Optimal,
           Profile,
           ProfileRow,
           all_optimal,
           count_trees,
           profile,
)
from cardroom.shared.solver.reach import Reach, reachable
from cardroom.shared.solver.search import OVERRUN_MARGIN_S

__all__ = ["OVERRUN_MARGIN_S", "BestResult", "Optimal", "Profile", "ProfileRow", "Reach",
           "Solution", "all_optimal", "best", "count_trees", "profile", "reachable"]
