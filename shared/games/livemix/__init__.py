"""Livemix: a trick-taking game scored by the Members each player wins (docs/rules/livemix.md).

The engine contract of cardroom.shared.games.base, plus a fast integer API for search bots
(State.legal_action_ids / apply_action_id, random_playout).
"""

from cardroom.shared.games.base import STATE_FORMAT
from cardroom.shared.games.livemix.cards import DEFAULT_ROSTER
from cardroom.shared.games.livemix.config import GAME, INFO, ROUNDS, Config
from cardroom.shared.games.livemix.playout import random_playout
from cardroom.shared.games.livemix.state import State, from_json, new_game, replay

__all__ = [
    "DEFAULT_ROSTER",
    "GAME",
    "INFO",
    "ROUNDS",
    "STATE_FORMAT",
    "Config",
    "State",
    "from_json",
    "new_game",
    "random_playout",
    "replay",
]
