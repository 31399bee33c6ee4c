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

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[int, Node] = {}


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
           clock: Callable[[], float] = time.perf_counter) -> SearchResult:
    """Run IS-MCTS for `iterations`, or until `clock()` reaches `deadline`.

    With a deadline, an iteration is started only when the average one so far still fits,
    so the search ends before the deadline rather than just after it (at least one runs).
    """
    start = now = clock()
    root = Node(-1)
    done = 0
    while done < iterations:
        if done and now + (now - start) / done > deadline:
            break
        _iterate(knowledge, root, rng, turn, playout, exploration)
        done += 1
        now = clock()
    visits = {a: c.visits for a, c in root.children.items() if a in root_actions}
    means = {a: c.total / c.visits for a, c in root.children.items() if c.visits}
    # Most visited wins; a tie goes to the better mean, then the lower id (deterministic).
    best = max(sorted(visits), key=lambda a: (visits[a], means.get(a, 0.0)))
    return SearchResult(visits, means, done, now - start, best)


def _iterate(knowledge: Knowledge, root: Node, rng: random.Random,
             turn: Callable[[Any], int], playout: Callable[[Any, random.Random], None],
             exploration: float) -> None:
    """One iteration: sample, select/expand, play out, back up."""
    state = knowledge.sample(rng)
    node = root
    path: list[Node] = []
    round_over = knowledge.round_over
    while not round_over(state):
        legal = state.legal_action_ids()
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = Node(turn(state))
            children[action] = child
            for a in legal:
                other = children.get(a)
                if other is not None and a != action:
                    other.avail += 1
            state.apply_action_id(action)
            path.append(child)
            break
        action = _select(children, legal, exploration)
        state.apply_action_id(action)
        path.append(children[action])
        node = children[action]
    if not round_over(state):
        playout(state, rng)
    rewards = knowledge.rewards(state)
    for n in path:
        n.visits += 1
        n.total += rewards[n.mover]


def _select(children: dict[int, Node], legal: list[int], exploration: float) -> int:
    """UCB1 over the available children; every one's availability grows by one."""
    best_action, best_score = legal[0], -math.inf
    for a in legal:
        child = children[a]
        child.avail += 1
        score = child.total / child.visits + exploration * math.sqrt(
            math.log(child.avail) / child.visits)
        if score > best_score:
            best_action, best_score = a, score
    return best_action
