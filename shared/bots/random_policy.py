"""The random policy of each game: a uniformly random legal move (the baseline bot).

In Mix Match a random player picks a random own card, and during claims tries a few
random expressions; it claims only one that reaches the target (after its think time),
so it never puts itself out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from cardroom.shared.bots import mixmatch_view as mm
from cardroom.shared.bots.base import (
    FAST,
    JSON,
    SEED,
    STRENGTH,
    Decision,
    Factory,
    ParamInfo,
    PolicyInfo,
    check_view,
    no_move,
    rng_for,
)

#: Random expressions a Mix Match random bot tries per decision.
TRIES = 200

THINK = ParamInfo("think_s", "float", 5.0, 0.0, 600.0,
                  "seconds from the decision to a found claim")


class RandomPolicy:
    """A uniformly random legal move from the seat's view (strength has no effect)."""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        self.info = info
        self.seed = int(params["seed"])
        self.think_s = float(params.get("think_s", 0.0))

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """A random legal action; "" when the seat has none now."""
        view = check_view(view, self.info.game)
        rng = rng_for(self.seed, seed)
        if self.info.game == "mixmatch":
            return self._mixmatch(view, rng)
        legal = view.get("legal_actions") or []
        if view.get("current_player") != view["seat"] or not legal:
            return no_move("not this seat's turn")
        return Decision(rng.choice(sorted(legal)), {"legal": len(legal)})

    def _mixmatch(self, view: JSON, rng: random.Random) -> Decision:
        if mm.must_pick(view):
            return Decision(rng.choice(mm.pick_actions(view)))
        if not mm.may_claim(view):
            return no_move("no claim possible for this seat now")
        start = time.perf_counter()
        found = mm.random_expression(mm.board_of(view), view["target"], mm.rules_of(view),
                                     rng, TRIES)
        spent = time.perf_counter() - start
        if found is None:
            return Decision("", {"reason": "no random expression hit the target"}, spent, TRIES)
        return Decision(mm.claim_action(view, found), {"expression": found}, spent, TRIES,
                        delay_s=max(0.0, self.think_s - spent))


def _info(game: str) -> PolicyInfo:
    params = (STRENGTH, SEED, THINK) if game == "mixmatch" else (STRENGTH, SEED)
    return PolicyInfo(game, "random", "a uniformly random legal move", FAST, params)


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = tuple(
    (_info(game), RandomPolicy) for game in ("livemix", "vivo", "mixmatch"))
