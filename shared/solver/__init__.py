"""Mix Match solver (ruling M3): best solutions, all optimal ones, difficulty, reachable targets.

Every step is judged by shared.arith (the rules the claim checker uses); solutions are
written in the canonical form described in shared.solver.expr, which the claim parser
reads back. A budgeted call returns within its budget plus ``OVERRUN_MARGIN_S``.
"""

from shared.solver.best import BestResult, best
from shared.solver.expr import Solution
from shared.solver.optimal import Optimal, Profile, ProfileRow, all_optimal, count_trees, profile
from shared.solver.reach import Reach, reachable
from shared.solver.search import OVERRUN_MARGIN_S

__all__ = ["OVERRUN_MARGIN_S", "BestResult", "Optimal", "Profile", "ProfileRow", "Reach",
           "Solution", "all_optimal", "best", "count_trees", "profile", "reachable"]
