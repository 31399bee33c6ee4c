"""The IS-MCTS policies of Livemix and VIVO: read the seat's knowledge, search, answer.

Budget: ``iterations`` (from ``strength`` unless given) and, when ``time_ms`` > 0, a
clock as well, whichever ends first. Only an iteration budget is reproducible: with the
same view, events and seeds the move is the same; a clock makes it depend on speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardroom.shared.bots import determinize_livemix, determinize_vivo
from cardroom.shared.bots.base import (
    JSON,
    SEARCH,
    SEED,
    STRENGTH,
    Decision,
    Factory,
    ParamInfo,
    PolicyInfo,
    check_view,
    no_move,
    rng_for,
    visible_events,
)
from cardroom.shared.bots.ismcts import DEFAULT_EXPLORATION, Knowledge, search
from cardroom.shared.games import livemix, vivo
from cardroom.shared.games.livemix.cards import CARD_NAMES as LIVEMIX_NAMES
from cardroom.shared.games.vivo.position import to_act

#: Iterations per strength level (index 0 is the default level, 3).
LEVEL_ITERATIONS = (1000, 100, 300, 1000, 2000, 4000)

ITERATIONS = ParamInfo("iterations", "int", 0, 0, 1_000_000,
                       "search iterations per move; 0 takes them from strength")
TIME_MS = ParamInfo("time_ms", "int", 0, 0, 600_000,
                    "also stop after this many milliseconds; 0 means no clock (reproducible)")
CPU_TIME = ParamInfo("cpu_time", "int", 0, 0, 1,
                     "1: count time_ms in CPU time of the process (a dedicated core's "
                     "budget, for benchmarks on a shared machine); 0: wall-clock time")
EXPLORATION = ParamInfo("exploration", "float", DEFAULT_EXPLORATION, 0.0, 10.0,
                        "UCB1 exploration constant (rewards are in [0, 1])")


class _Game:
    """What differs between the two games: reading knowledge, the fast API, notation."""

    def __init__(self, read: Callable[[JSON, Sequence[JSON]], Knowledge],
                 turn: Callable[[Any], int], playout: Callable[[Any, random.Random], None],
                 to_id: Callable[[str], int], names: Sequence[str]) -> None:
        self.read, self.turn, self.playout = read, turn, playout
        self.to_id, self.names = to_id, names


GAMES = {
    "livemix": _Game(determinize_livemix.read, lambda s: s.turn, livemix.random_playout,
                     livemix.State.string_to_action, LIVEMIX_NAMES),
    "vivo": _Game(determinize_vivo.read, to_act, vivo.random_playout,
                  vivo.State.string_to_action, vivo.CARD_NAMES),
}


class IsmctsPolicy:
    """IS-MCTS over determinizations consistent with the seat's view and events."""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        self.info = info
        self.game = GAMES[info.game]
        self.seed = int(params["seed"])
        iterations = int(params["iterations"])
        self.iterations = iterations or LEVEL_ITERATIONS[int(params["strength"])]
        self.time_s = int(params["time_ms"]) / 1000.0
        self.clock = time.process_time if params["cpu_time"] else time.perf_counter
        self.exploration = float(params["exploration"])

    def bias(self, view: JSON, events: Sequence[JSON], legal: list[str]) -> dict[int, float]:
        """A prior per legal card (by card id) added at the root (guided.py); none here."""
        return {}

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """The most visited move after the search; a forced move without searching."""
        start = time.perf_counter()
        deadline = self.clock() + self.time_s if self.time_s else math.inf
        view = check_view(view, self.info.game)
        legal = sorted(view.get("legal_actions") or [])
        if view.get("current_player") != view["seat"] or not legal:
            return no_move("not this seat's turn")
        if len(legal) == 1:
            return Decision(legal[0], {"forced": True})
        seen = visible_events(events, view["seat"])
        knowledge = self.game.read(view, seen)
        root = [self.game.to_id(a) for a in legal]
        result = search(knowledge, root, rng_for(self.seed, seed), self.game.turn,
                        self.game.playout, self.iterations, deadline, self.exploration,
                        self.clock, bias=self.bias(view, seen, legal))
        names = self.game.names
        evaluation = {
            "visits": {names[a]: n for a, n in sorted(result.visits.items())},
            "values": {names[a]: round(result.means[a], 4)
                       for a in sorted(result.visits) if a in result.means},
            "expected_reward": round(result.means.get(result.best, 0.0), 4),
        }
        return Decision(names[result.best], evaluation, time.perf_counter() - start,
                        result.iterations)


def _info(game: str) -> PolicyInfo:
    return PolicyInfo(game, "ismcts",
                      "Information-Set MCTS over deals consistent with what the seat has seen",
                      SEARCH, (STRENGTH, SEED, ITERATIONS, TIME_MS, CPU_TIME, EXPLORATION))


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = tuple(
    (_info(game), IsmctsPolicy) for game in GAMES)
