"""all_optimal(), profile() and count_trees(): how many solutions a board has, and how hard it is.

Counts are of canonical forms (cardroom.shared.solver.expr), never of raw trees, except in
count_trees(), which counts every binary tree the way Hutton's "The countdown problem"
does (operands in order, cards told apart by position, any subset of the cards).

Difficulty of a board and target: ``k - log10(N)``, k being the most cards any solution
uses and N the number of canonical solutions with k cards; 0 when there is no solution.
Read it as "cards to combine, less one for every tenfold more ways to do it": one
six-card solution rates 6, a hundred of them 4, a lone one-card solution 1.

profile() starts from the best search (cardroom.shared.solver.best.search_under, what Solve
answers), so its maximum is never below Solve's in the same budget, then counts the
solutions with that many cards, then the smaller counts from 1 up, as time allows. What
an inexact figure bounds:

- a row with ``exact=False`` holds a lower bound: at least that many solutions (the
  limit or the clock stopped the listing);
- ``max_cards`` is always reached by a solution; it is the maximum when the search was
  proven (``max_proven``), else a lower bound on it;
- ``difficulty`` uses the count of its top row: with that row inexact it is an upper
  bound on ``max_cards - log10(N)`` for the true N of that many cards (and with
  ``max_proven`` false the true maximum, and so the true rating, may be higher).

Cost (limit 1000, dealt boards): about 5 ms at 5 cards, 30 ms at 6 and 0.4-0.6 s at 7
under the default rules; allow_negative about 1.5x that, allow_fractions about 10x (a
7-card board can take seconds: pass budget_s where that matters).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from cardroom.shared.arith import DEFAULT_RULES, OPS, ArithRules, Num, combine
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.solver.best import board_of, search_under, target_of
from cardroom.shared.solver.canon_enum import Enumerator, distinct
from cardroom.shared.solver.expr import Canon, Solution
from cardroom.shared.solver.multiset import Cards, sub_multisets

#: Most of the time left after the search that profile() spends counting the top row.
TOP_SHARE = 0.5
#: Solutions written out between two checks of the clock (about 20 microseconds each).
CONVERT_TICK = 64


@dataclass(frozen=True, slots=True)
class Optimal:
    """Every canonical solution with the most cards (up to a limit), and their count.

    `solutions` holds `count` of them, the shortest first, unless the deadline passed
    while they were written out (then fewer, and `exact` is false).
    """

    cards_used: int
    solutions: tuple[Solution, ...]
    count: int
    exact: bool
    proven: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"cards_used": self.cards_used, "count": self.count, "exact": self.exact,
                "proven": self.proven, "solutions": [s.to_dict() for s in self.solutions]}


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """How many canonical solutions use exactly `cards` cards (at least, if not exact)."""

    cards: int
    count: int
    exact: bool


@dataclass(frozen=True, slots=True)
class Profile:
    """Solutions per number of cards, the maximum, and the difficulty rating."""

    rows: tuple[ProfileRow, ...]
    max_cards: int
    difficulty: float
    max_proven: bool = True

    @property
    def exact(self) -> bool:
        """True when every count is exact."""
        return all(row.exact for row in self.rows)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"max_cards": self.max_cards, "max_proven": self.max_proven,
                "difficulty": self.difficulty,
                "rows": [{"cards": r.cards, "count": r.count, "exact": r.exact}
                         for r in self.rows]}


def _check_limit(limit: int) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidArgument(f"limit {limit!r} is not a positive whole number", "limit")


def _forms(enumerator: Enumerator, board: Cards, target: Num, k: int) -> Iterator[Canon]:
    for sub in sub_multisets(board, k):
        yield from enumerator.exprs(sub, target)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


def _sorted(forms: Iterable[Canon], rules: ArithRules, deadline: float | None
            ) -> tuple[Solution, ...]:
    """Shortest first, ties by text; past the deadline, only those converted by then."""
    # Every form has the same number of operators and so of blanks: lengths compare alike.
    ordered = sorted(forms, key=lambda f: (len(f.text), f.text.replace(" ", "")))
    solutions = []
    for i, form in enumerate(ordered):
        if i and not i % CONVERT_TICK and _past(deadline):
            break
        solutions.append(Solution.from_canon(form, rules))
    return tuple(solutions)


def all_optimal(cards: Iterable[int], target: Num, rules: ArithRules = DEFAULT_RULES,
                limit: int = 1000, budget_s: float | None = None) -> Optimal:
    """The canonical solutions using the most cards, shortest first, at most `limit`."""
    _check_limit(limit)
    board, goal = board_of(cards), target_of(target)
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    found = search_under(board, goal, rules, deadline)
    used, tree, proven = found.cards, found.tree, found.proven
    if tree is None:
        return Optimal(used, (), 0, proven, proven)
    forms, exact = distinct(_forms(Enumerator(found.searcher), board, goal, used), limit,
                            deadline)
    if not forms:  # out of time before the listing found one: the search's own answer
        return Optimal(used, (Solution.from_tree(tree, rules),), 1, False, proven)
    solutions = _sorted(forms, rules, deadline)
    exact = exact and proven and len(solutions) == len(forms)
    return Optimal(used, solutions, len(forms), exact, proven)


def profile(cards: Iterable[int], target: Num, rules: ArithRules = DEFAULT_RULES,
            limit: int = 1000, budget_s: float | None = None) -> Profile:
    """Canonical solution counts for each number of cards (each at most `limit`)."""
    _check_limit(limit)
    board, goal = board_of(cards), target_of(target)
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    found = search_under(board, goal, rules, deadline)
    enumerator = Enumerator(found.searcher)
    rows: dict[int, ProfileRow] = {}
    # The top row first (it rates the board) with at most TOP_SHARE of the time left, then
    # the rest from 1 card up; above the top only while the search is unproven, since a
    # proof leaves nothing to list there.
    top = found.cards
    order = ([top] if top else []) + [k for k in range(1, len(board) + 1) if k != top]
    for k in order:
        if k > top and found.proven:
            rows[k] = ProfileRow(k, 0, True)
            continue
        if _past(deadline):  # no listing at all: even a few small ones overrun the cap
            rows[k] = ProfileRow(k, 1 if k == top else 0, False)
            continue
        until = deadline
        if k == top and deadline is not None:
            now = time.perf_counter()
            until = now + TOP_SHARE * max(0.0, deadline - now)
        found.searcher.deadline = until  # the enumerator's clock checks stop there too
        forms, exact = distinct(_forms(enumerator, board, goal, k), limit, until)
        found.searcher.deadline = deadline
        count = len(forms)
        if k == top and not count:
            count, exact = 1, False  # out of time before the listing: the search's solution
        rows[k] = ProfileRow(k, count, exact)
    ordered = tuple(rows[k] for k in sorted(rows))
    solved = [row for row in ordered if row.count]
    if not solved:
        return Profile(ordered, 0, 0.0, found.proven)
    best = solved[-1]
    # Proven by the search, or by complete (exact, empty) listings of every larger count.
    proven = found.proven or all(row.exact for row in ordered if row.cards > best.cards)
    return Profile(ordered, best.cards, round(best.cards - math.log10(best.count), 2), proven)


def count_trees(cards: Iterable[int], target: Num, rules: ArithRules = DEFAULT_RULES) -> int:
    """Binary expression trees worth `target` over any non-empty subset of the cards.

    No equivalence at all: operand order counts and equal cards are told apart by
    position. This is the count in Hutton's "The countdown problem" (780 for 765 from
    1 3 7 10 25 50). Exponential: meant for boards of up to about six cards.
    """
    board, goal = board_of(cards), target_of(target)
    counts: dict[int, Counter[Num]] = {}
    total = 0
    for mask in range(1, 1 << len(board)):
        counts[mask] = _count_mask(mask, board, counts, rules)
        total += counts[mask][goal]
    return total


def _count_mask(mask: int, board: Cards, counts: dict[int, Counter[Num]],
                rules: ArithRules) -> Counter[Num]:
    if mask & (mask - 1) == 0:
        return Counter({board[mask.bit_length() - 1]: 1})
    made: Counter[Num] = Counter()
    part = (mask - 1) & mask
    while part:
        for a, ways_a in counts[part].items():
            for b, ways_b in counts[mask ^ part].items():
                for op in OPS:
                    value = combine(op, a, b, rules)
                    if value is not None:
                        made[value] += ways_a * ways_b
        part = (part - 1) & mask
    return made
