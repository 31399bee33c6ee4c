"""best(): a solution with the largest possible number of cards, and whether that is proven.

Three phases share one Searcher (tables and failure memo):

1. a short search (``PROBE_NODES``) for a solution with every card: most boards a game
   deals have one, and finding it settles the maximum at once;
2. short searches (``LOWER_NODES`` each) over ever smaller sub-multisets until one
   gives a first answer: the anytime answer, should the budget run out;
3. exhaustive searches from every card down, each sub-multiset of k cards in turn,
   until one succeeds (k is then the proven maximum) or k reaches the first answer.

With a budget the call returns the best answer found when time is up, ``proven=False``;
between two clock checks the search does at most a few milliseconds of work.

Rule inclusion (M3): every solution under the default rules is one under allow_negative
or allow_fractions, and every one of those is one under both. So a search under looser
rules first runs the searches of the stricter rule sets (``stricter``), strictest first,
each seeded with the previous one's best, within the same deadline; the requested search
then starts from that seed (phase 2 is skipped, phase 3 stops at the seed's card count).
A looser search thus never answers with fewer cards than the stricter one in the same
budget, and once a stricter search uses every card the answer is proven under every rule
set. The stricter searches cost little: looser rules make far larger value tables, and
the strict search usually settles a board many times sooner (16 cards, target 99989:
0.35 s under the default rules; nothing at all in 10 s under allow_fractions alone).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational
from typing import Any

from cardroom.shared.arith import DEFAULT_RULES, ArithRules, Num
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.solver.expr import Solution, Tree
from cardroom.shared.solver.kernels import kernel_for
from cardroom.shared.solver.multiset import Cards, sub_multisets
from cardroom.shared.solver.search import OutOfBudget, OutOfNodes, Searcher

#: Node budget of the first try with every card.
PROBE_NODES = 400
#: Node budget per sub-multiset while looking for a first answer.
LOWER_NODES = 40


@dataclass(frozen=True, slots=True)
class BestResult:
    """The answer of best(): a solution (None if none found) and how far it is proven."""

    solution: Solution | None
    cards_used: int
    proven: bool
    nodes: int
    elapsed_s: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"solution": self.solution.to_dict() if self.solution else None,
                "cards_used": self.cards_used, "proven": self.proven, "nodes": self.nodes,
                "elapsed_s": self.elapsed_s}


def board_of(cards: Iterable[int]) -> Cards:
    """The board as a sorted tuple; InvalidArgument unless every card is a positive integer."""
    board = tuple(sorted(cards))
    for card in board:
        if isinstance(card, bool) or not isinstance(card, int) or card <= 0:
            raise InvalidArgument(f"card {card!r} is not a positive whole number", "cards")
    return board


def target_of(target: Num) -> Num:
    """The target as an int or Fraction; InvalidArgument for anything else."""
    if isinstance(target, bool) or not isinstance(target, Rational):
        raise InvalidArgument(f"target {target!r} is not a number", "target")
    value = Fraction(target)
    return value.numerator if value.denominator == 1 else value


@dataclass(slots=True)
class _Best:
    cards: int = 0
    tree: Tree | None = None

    def offer(self, k: int, tree: Tree | None) -> bool:
        if tree is not None and k > self.cards:
            self.cards, self.tree = k, tree
        return tree is not None


def _limited(searcher: Searcher, cards: Cards, target: Num, nodes: int) -> Tree | None:
    searcher.node_limit = searcher.nodes + nodes
    try:
        return searcher.find(cards, target)
    except OutOfNodes:
        return None
    finally:
        searcher.node_limit = None


def _first_answer(searcher: Searcher, board: Cards, target: Num, found: _Best) -> None:
    for k in range(len(board) - 1, 0, -1):
        for sub in sub_multisets(board, k):
            if found.offer(k, _limited(searcher, sub, target, LOWER_NODES)):
                return


def _prove(searcher: Searcher, board: Cards, target: Num, found: _Best) -> None:
    for k in range(len(board), found.cards, -1):
        for sub in sub_multisets(board, k):
            if found.offer(k, searcher.find(sub, target)):
                return


def stricter(rules: ArithRules) -> list[ArithRules]:
    """The rule sets whose solutions are all solutions under `rules`, strictest first."""
    chain = [DEFAULT_RULES, ArithRules(allow_negative=True), ArithRules(allow_fractions=True)]
    return [other for other in chain if other != rules and _within(other, rules)]


def _within(strict: ArithRules, loose: ArithRules) -> bool:
    return ((loose.allow_negative or not strict.allow_negative)
            and (loose.allow_fractions or not strict.allow_fractions))


def search_best(searcher: Searcher, board: Cards, target: Num, seed: int = 0,
                seed_tree: Tree | None = None) -> tuple[int, Tree | None, bool]:
    """(cards used, tree, proven) for a validated board, within the searcher's budget.

    A seed (a solution with `seed` cards, legal under the searcher's rules) stands in for
    the first answer: only larger card counts are searched.
    """
    found = _Best(seed, seed_tree) if seed_tree is not None else _Best()
    try:
        if found.cards == len(board):
            return found.cards, found.tree, True
        if board and not found.offer(len(board), _limited(searcher, board, target,
                                                          PROBE_NODES)):
            if found.tree is None:
                _first_answer(searcher, board, target, found)
            _prove(searcher, board, target, found)
    except OutOfBudget:
        return found.cards, found.tree, False
    return found.cards, found.tree, True


@dataclass(frozen=True, slots=True)
class Outcome:
    """What search_under found: the cards used, a tree, proof, and the requested searcher."""

    cards: int
    tree: Tree | None
    proven: bool
    searcher: Searcher
    nodes: int


def search_under(board: Cards, target: Num, rules: ArithRules,
                 deadline: float | None) -> Outcome:
    """The best search under `rules`, seeded by the searches under every stricter rule set."""
    cards, tree, nodes = 0, None, 0
    for strict in stricter(rules):
        if deadline is not None and time.perf_counter() > deadline:
            break
        seeder = Searcher(kernel_for(strict), deadline)
        cards, tree, _ = search_best(seeder, board, target, cards, tree)
        nodes += seeder.nodes
        if cards == len(board):
            break  # every card used: no rule set can do better
    searcher = Searcher(kernel_for(rules), deadline)
    if tree is not None and deadline is not None and time.perf_counter() > deadline:
        # Out of time already: the stricter answer stands (proven only with every card).
        return Outcome(cards, tree, cards == len(board), searcher, nodes)
    cards, tree, proven = search_best(searcher, board, target, cards, tree)
    return Outcome(cards, tree, proven, searcher, nodes + searcher.nodes)


def best(cards: Iterable[int], target: Num, rules: ArithRules = DEFAULT_RULES,
         budget_s: float | None = None) -> BestResult:
    """A solution using as many cards as possible; `proven` once no larger one exists."""
    start = time.perf_counter()
    board, goal = board_of(cards), target_of(target)
    deadline = None if budget_s is None else start + budget_s
    found = search_under(board, goal, rules, deadline)
    solution = None if found.tree is None else Solution.from_tree(found.tree, rules)
    return BestResult(solution, found.cards, found.proven, found.nodes,
                      time.perf_counter() - start)
