"""Information-Set Monte Carlo Tree Search (single observer, Cowling, Powley & Whitehouse 2012).

One tree over the acting seat's information set. Each iteration samples a
determinization (a full state consistent with what the seat knows), walks the tree
with the actions legal in that determinization, expands one node, plays the rest of
the round out at random on the engine's fast int API, and backs up each seat's reward
into the nodes of the moves it made. Selection is UCB1 over the children available in
this determinization, with availability counts in place of the parent's visits (the
subset-armed bandit), since a card may be in an opponent's hand in one sample only.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

#: UCB1 exploration constant for rewards in [0, 1].
DEFAULT_EXPLORATION = 0.7


class Knowledge(Protocol):
    """One seat's information set: sample it, judge a finished round, tell whose turn."""

    seat: int

    def sample(self, rng: random.Random) -> Any:
        """A determinization: a state consistent with everything the seat has seen."""
        ...

    def rewards(self, state: Any) -> list[float]:
        """Each seat's reward in [0, 1] once the searched round is over."""
        ...

    def round_over(self, state: Any) -> bool:
        """Whether the searched round has ended in `state`."""
        ...


class Node:
    """A tree node: the move that led here, its mover's statistics, its children."""

    __slots__ = ("avail", "children", "mover", "total", "tried", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[int, Node] = {}
        #: The actions of `children`, as a mask.
        self.tried = 0


@dataclass(slots=True)
class SearchResult:
    """The root's statistics after a search."""

    visits: dict[int, int]
    means: dict[int, float]
    iterations: int
    elapsed_s: float
    best: int


def search(knowledge: Knowledge, root_actions: list[int], rng: random.Random,
           turn: Callable[[Any], int], playout: Callable[[Any, random.Random], None],
           iterations: int, deadline: float = math.inf,
           exploration: float = DEFAULT_EXPLORATION,
           clock: Callable[[], float] = time.perf_counter,
           bias: dict[int, float] | None = None) -> SearchResult:
    """Run IS-MCTS for `iterations`, or until `clock()` reaches `deadline`.

    With a deadline, an iteration is started only when the average one so far still fits,
    so the search ends before the deadline rather than just after it (at least one runs).
    `bias` (a prior per root action, already weighted; guided.py) is added to the root's
    UCB1 value as bias / (visits + 1) and orders the untried root actions; none: plain.
    """
    start = now = clock()
    root = Node(-1)
    done = 0
    while done < iterations:
        if done and now + (now - start) / done > deadline:
            break
        _iterate(knowledge, root, rng, turn, playout, exploration, bias or None)
        done += 1
        now = clock()
    visits = {a: c.visits for a, c in root.children.items() if a in root_actions}
    means = {a: c.total / c.visits for a, c in root.children.items() if c.visits}
    # Most visited wins; a tie goes to the better mean, then the lower id (deterministic).
    best = max(sorted(visits), key=lambda a: (visits[a], means.get(a, 0.0)))
    return SearchResult(visits, means, done, now - start, best)


def _iterate(knowledge: Knowledge, root: Node, rng: random.Random,
             turn: Callable[[Any], int], playout: Callable[[Any, random.Random], None],
             exploration: float, bias: dict[int, float] | None = None) -> None:
    """One iteration: sample, select/expand (biased at the root when `bias`), play out,
    back up.

    Legal moves are read as the engine's mask (no list per step) and the chosen one is
    played without a second legality check.
    """
    state = knowledge.sample(rng)
    node = root
    path: list[Node] = []
    round_over = knowledge.round_over
    legal_mask, play = state.legal_mask, state.apply_legal_id
    log, sqrt = math.log, math.sqrt
    while not round_over(state):
        legal = legal_mask()
        children = node.children
        untried = legal & ~node.tried
        prior = bias if node is root else None
        if untried:
            if prior is not None:
                action = _best_prior(untried, prior)
            else:
                count = untried.bit_count()
                if count > 1:
                    for _ in range(int(rng.random() * count)):
                        untried &= untried - 1
                action = (untried & -untried).bit_length() - 1
            for a, other in children.items():
                if legal >> a & 1:
                    other.avail += 1
            child = Node(turn(state))
            children[action] = child
            node.tried |= 1 << action
            play(action)
            path.append(child)
            break
        # UCB1 over the available children; every one's availability grows by one.
        best, best_score = node, -math.inf
        for a, child in children.items():
            if legal >> a & 1:
                avail = child.avail = child.avail + 1
                visits = child.visits
                score = child.total / visits + exploration * sqrt(log(avail) / visits)
                if prior is not None:
                    score += prior.get(a, 0.0) / (visits + 1)
                if score > best_score:
                    action, best, best_score = a, child, score
        play(action)
        path.append(best)
        node = best
    if not round_over(state):
        playout(state, rng)
    rewards = knowledge.rewards(state)
    for n in path:
        n.visits += 1
        n.total += rewards[n.mover]


def _best_prior(mask: int, bias: dict[int, float]) -> int:
    """The action of `mask` the prior likes best (the lowest id on a tie)."""
    best, best_value = -1, -math.inf
    while mask:
        low = mask & -mask
        action = low.bit_length() - 1
        value = bias.get(action, 0.0)
        if value > best_value:
            best, best_value = action, value
        mask ^= low
    return best
