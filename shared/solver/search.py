"""Target-directed search: can a multiset of cards, every one of them, make a given value?

``find(cards, target)`` splits the cards in two (smaller parts first) and asks, for each
value x the smaller part can make, whether the rest can make a value y with x op y or
y op x equal to the target: backwards from the target, so only values that could finish
the expression are ever asked for. Multisets of at most ``SMALL`` cards are answered from
forward value tables (every value they make), and a split whose both parts are tabled is
settled by one set intersection per operation (``Kernel.meet``). Failures are memoised
per (multiset, target); since a failure is recorded only after its whole subtree was
searched, the memo stays valid when a search is cut short by a node or time budget.

Memory is bounded: at most ``MEMO_CAP`` failures, ``TABLE_CAP`` tabled values and
``SPLIT_CAP`` split lists are kept; past a cap that store is emptied (only time is lost).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from functools import partial

from cardroom.shared.arith import Num, combine
from cardroom.shared.errors import CardroomError
from cardroom.shared.solver.expr import Tree, evaluate
from cardroom.shared.solver.kernels import Kernel
from cardroom.shared.solver.multiset import Cards, splits

#: Multisets up to this many cards are looked up in forward value tables.
SMALL = 3
#: Most (multiset, target) failures remembered at once (about 120 bytes each).
MEMO_CAP = 250_000
#: Most values held in forward tables at once (about 70 bytes each).
TABLE_CAP = 500_000
#: Most cached split lists.
SPLIT_CAP = 50_000
#: Pairs of values combined between two checks of the clock while building a table.
CHUNK = 20_000
#: Steps (calls and splits tried) between two checks of the clock: about 1 ms of work
#: at most on 16 cards with fractions (256 steps allowed 20 ms, 200 ms on a loaded machine).
PULSE = 32
#: The most any budgeted call (best, all_optimal, profile, reachable) runs past its
#: budget, with the CPU shared with busy processes;
#: tests/services/solver/test_solver_deadlines.py holds every call to it.
OVERRUN_MARGIN_S = 0.05


class OutOfBudget(Exception):
    """The node or time budget of the current search ran out."""


class OutOfNodes(OutOfBudget):
    """The node budget of a short search ran out (the clock has not)."""


class OutOfTime(OutOfBudget):
    """The deadline passed."""


class Searcher:
    """One search context: its tables, memo and budget, for one rule set."""

    def __init__(self, kernel: Kernel, deadline: float | None = None) -> None:
        self.kernel = kernel
        self.deadline = deadline
        self.node_limit: int | None = None
        self.nodes = 0
        self._steps = 0
        self._tables: dict[Cards, set[Num]] = {}
        self._sorted: dict[Cards, list[Num]] = {}
        self._tabled = 0
        self._failed: set[tuple[Cards, Num]] = set()
        self._splits: dict[tuple[Cards, int], list[tuple[Cards, Cards]]] = {}

    # -- budget -------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfNodes

    def _pulse(self) -> None:
        # Most calls end at a bound or the memo; counting them too keeps clock checks
        # a fraction of a millisecond apart on any board.
        self._steps += 1
        if not self._steps % PULSE:
            self.check_clock()

    def check_clock(self) -> None:
        """Raise OutOfTime once the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    # -- tables -------------------------------------------------------------------------

    def split(self, cards: Cards, m: int) -> list[tuple[Cards, Cards]]:
        """Cached ``multiset.splits``."""
        key = (cards, m)
        found = self._splits.get(key)
        if found is None:
            if len(self._splits) >= SPLIT_CAP:
                self._splits.clear()
            found = self._splits[key] = splits(cards, m)
        return found

    def halves(self, cards: Cards) -> Iterator[tuple[Cards, Cards]]:
        """Every split of `cards` in two, smaller parts first."""
        for m in range(1, len(cards) // 2 + 1):
            yield from self.split(cards, m)

    def values(self, cards: Cards) -> set[Num]:
        """Every value `cards` (all of them) can make."""
        found = self._tables.get(cards)
        if found is not None:
            return found
        if len(cards) == 1:
            made: set[Num] = {cards[0]}
        else:
            made = set()
            for part, rest in self.halves(cards):
                self._combine_into(made, part, rest)
        if self._tabled + len(made) > TABLE_CAP:
            self._tables.clear()
            self._sorted.clear()
            self._tabled = 0
        self._tables[cards] = made
        self._tabled += len(made)
        return made

    def _sorted_values(self, cards: Cards) -> list[Num]:
        # Sorted on demand only: the larger side while a table is built, and parts whose
        # values are searched by range (Kernel.partners).
        found = self._sorted.get(cards)
        if found is None:
            found = self._sorted[cards] = sorted(self.values(cards))
        return found

    def _combine_into(self, made: set[Num], part: Cards, rest: Cards) -> None:
        if len(self.values(part)) > len(self.values(rest)):
            part, rest = rest, part
        ys = self._sorted_values(rest)
        step = max(1, CHUNK // max(1, len(ys)))
        listed = list(self.values(part))
        for start in range(0, len(listed), step):
            made |= self.kernel.forward(set(listed[start:start + step]), ys)
            self.check_clock()

    # -- search -------------------------------------------------------------------------

    def can(self, cards: Cards, target: Num) -> bool:
        """True when `cards`, every one of them, can make `target`."""
        if len(cards) <= SMALL:
            return target in self.values(cards)
        return self.find(cards, target) is not None

    def find(self, cards: Cards, target: Num) -> Tree | None:
        """An expression using every card of `cards` with value `target`, or None if none."""
        if len(cards) <= SMALL:
            return self.explain(cards, target) if target in self.values(cards) else None
        kernel = self.kernel
        self._pulse()
        if not kernel.possible(cards, target):
            return None
        key = (cards, target)
        if key in self._failed:
            return None
        self._tick()
        tables = self._tables
        for m in range(1, len(cards) // 2 + 1):
            for part, rest in self.split(cards, m):
                self._pulse()
                xs = tables.get(part) or self.values(part)
                if len(rest) <= SMALL:
                    if kernel.meet(xs, tables.get(rest) or self.values(rest), target):
                        return self._meet_tree(part, rest, target)
                    continue
                ordered = partial(self._sorted_values, part)
                for x in kernel.partners(xs, ordered, target, rest):
                    if kernel.absorbs(target, x):
                        return self._join(self.explain(part, x), x, self._sum_tree(rest),
                                          target)
                    for y in kernel.inverses(target, x):
                        sub = self.find(rest, y)
                        if sub is not None:
                            return self._join(self.explain(part, x), x, sub, target)
        if len(self._failed) >= MEMO_CAP:
            self._failed.clear()
        self._failed.add(key)
        return None

    def explain(self, cards: Cards, value: Num) -> Tree:
        """A tree for a value known to be in the table of `cards`."""
        if len(cards) == 1:
            return cards[0]
        for part, rest in self.halves(cards):
            if self.kernel.meet(self.values(part), self.values(rest), value):
                return self._meet_tree(part, rest, value)
        raise CardroomError(f"no tree for {value} from {cards}: inconsistent tables")

    def _meet_tree(self, part: Cards, rest: Cards, target: Num) -> Tree:
        xs, ys = self.values(part), self.values(rest)
        if len(xs) > len(ys):
            part, rest, xs, ys = rest, part, ys, xs
        for x in xs:
            self._pulse()
            if self.kernel.absorbs(target, x):
                return self._join(self.explain(part, x), x, self._sum_tree(rest), target)
            for y in self.kernel.inverses(target, x):
                if y in ys:
                    return self._join(self.explain(part, x), x, self.explain(rest, y), target)
        raise CardroomError(f"no meet for {target} from {part} and {rest}")

    @staticmethod
    def _sum_tree(cards: Sequence[int]) -> Tree:
        # Stands in for "any value": a sum of positive cards is positive, so never zero.
        tree: Tree = cards[0]
        for card in cards[1:]:
            tree = ("+", tree, card)
        return tree

    def _join(self, left: Tree, x: Num, right: Tree, target: Num) -> Tree:
        """`left` (value x) and `right` joined by the operation giving `target`."""
        y = evaluate(right, self.kernel.rules)
        if y is not None:
            for op in ("+", "-", "*", "/"):
                if combine(op, x, y, self.kernel.rules) == target:
                    return (op, left, right)
                if combine(op, y, x, self.kernel.rules) == target:
                    return (op, right, left)
        raise CardroomError(f"no step gives {target} from {x} and {y}")
