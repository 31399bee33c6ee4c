"""Guided IS-MCTS for Livemix and VIVO: today's IS-MCTS with a prior at the root.

The prior is the rule-based bot's score of each legal card, read from the same view and
events, scaled to [0, 1] and added to the root's UCB1 value as
``prior_weight * prior / (visits + 1)`` (progressive bias): it steers the first
iterations, and an untried root card is tried in the prior's order, and it fades as the
search's own statistics grow. Below the root the search is IS-MCTS's (ismcts.py):
determinizations of the seat's information set, random playouts to the round's end.

Move-average playouts (MAST) were tried too and measured worse at equal CPU (docs/bots.md):
they are not part of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.bots.base import (
    JSON,
    SEARCH,
    SEED,
    STRENGTH,
    Factory,
    ParamInfo,
    PolicyInfo,
)
from cardroom.shared.bots.heuristic_livemix import HeuristicLivemix
from cardroom.shared.bots.heuristic_vivo import HeuristicVivo
from cardroom.shared.bots.ismcts_policies import (
    CPU_TIME,
    EXPLORATION,
    GAMES,
    ITERATIONS,
    TIME_MS,
    IsmctsPolicy,
)

PRIOR_WEIGHT = ParamInfo("prior_weight", "float", 1.0, 0.0, 1000.0,
                         "weight of the rule-based bot's scores at the root; 0: none")

_HEURISTICS = {"livemix": HeuristicLivemix, "vivo": HeuristicVivo}


class GuidedPolicy(IsmctsPolicy):
    """Guided IS-MCTS over determinizations consistent with the seat's view and events: the
    search of IsmctsPolicy with the rule-based bot's scores as its root's prior."""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        super().__init__(info, params)
        self.prior_weight = float(params["prior_weight"])
        self.heuristic = _HEURISTICS[info.game](
            PolicyInfo(info.game, "heuristic", "", "fast", ()),
            {"seed": 0, "strength": 0, "mistakes": 0.0})

    def bias(self, view: JSON, events: Sequence[JSON], legal: list[str]) -> dict[int, float]:
        """The rule-based bot's score of each legal card scaled to [0, 1] (by card id),
        times the prior's weight; empty when the weight is 0."""
        if not self.prior_weight:
            return {}
        judge = self.heuristic.scorer(view, events)
        scores = {self.game.to_id(a): judge.score(self.heuristic.card(a)) for a in legal}
        low, high = min(scores.values()), max(scores.values())
        span = high - low
        return {a: self.prior_weight * ((s - low) / span if span > 0 else 0.5)
                for a, s in scores.items()}


def _info(game: str) -> PolicyInfo:
    return PolicyInfo(game, "guided",
                      "IS-MCTS with the rule-based bot's scores as a prior at the root",
                      SEARCH, (STRENGTH, SEED, ITERATIONS, TIME_MS, CPU_TIME, EXPLORATION,
                               PRIOR_WEIGHT))


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = tuple(
    (_info(game), GuidedPolicy) for game in GAMES)
