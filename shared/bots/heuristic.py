"""What the rule-based card players share: mistakes by strength, and the best-scoring card."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Protocol

from cardroom.shared.bots.base import (
    JSON,
    Decision,
    ParamInfo,
    PolicyInfo,
    check_view,
    no_move,
    rng_for,
)

#: Chance of a random move per strength level (index 0 is the default level, 5).
LEVEL_MISTAKES = (0.0, 0.5, 0.3, 0.15, 0.05, 0.0)

MISTAKES = ParamInfo("mistakes", "float", -1.0, -1.0, 1.0,
                     "chance of a random move instead; -1 takes it from strength")


class Scorer(Protocol):
    """How good playing a card (by its engine id) looks from the seat's knowledge."""

    def score(self, card: int) -> float:
        """Higher is better."""
        ...


class CardHeuristic(ABC):
    """A bot that plays the legal card its game's Scorer likes best (or, at the strength's
    mistake rate, a random one); subclasses name the game, the card ids and the scorer."""

    game = ""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        self.info = info
        self.seed = int(params["seed"])
        mistakes = float(params["mistakes"])
        self.mistakes = LEVEL_MISTAKES[int(params["strength"])] if mistakes < 0 else mistakes

    @abstractmethod
    def card(self, name: str) -> int:
        """The engine id of a card in canonical notation."""

    def sort_key(self, name: str) -> Any:
        """The order legal cards are considered in (for reproducible random choices)."""
        return name

    @abstractmethod
    def scorer(self, view: JSON, events: Sequence[JSON]) -> Scorer:
        """The game's judge of each card, from what the seat has seen."""

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """The best-scoring legal card (a random one with the strength's mistake rate)."""
        view = check_view(view, self.game)
        legal = sorted(view.get("legal_actions") or [], key=self.sort_key)
        if view.get("current_player") != view["seat"] or not legal:
            return no_move("not this seat's turn")
        rng = rng_for(self.seed, seed)
        if self.mistakes and rng.random() < self.mistakes:
            return Decision(rng.choice(legal), {"mistake": True})
        judge = self.scorer(view, events)
        scores = {name: judge.score(self.card(name)) for name in legal}
        return Decision(_best(scores, rng), {"scores": {a: round(s, 3) for a, s in
                                                         scores.items()}})


def _best(scores: dict[str, float], rng: random.Random) -> str:
    """The top-scoring action; near ties (within 1e-9) broken at random."""
    top = max(scores.values())
    return rng.choice(sorted(a for a, s in scores.items() if s >= top - 1e-9))
