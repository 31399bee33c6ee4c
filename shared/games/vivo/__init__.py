"""VIVO: two rounds of twelve tricks in which the suits played must match the harmony card.

The engine follows the contract in shared.games.base; rules as implemented (with rulings
V1-V9) are documented in docs/rules/vivo.md.
"""

from .cards import CARD_NAMES, Card, Harmony, Suit, parse_card
from .config import Config
from .deal import RoundDeal
from .playout import random_playout
from .rules import State, row_points
from .state import from_json, new_game, replay
from .view import GAME

__all__ = [
    "CARD_NAMES",
    "GAME",
    "Card",
    "Config",
    "Harmony",
    "RoundDeal",
    "State",
    "Suit",
    "from_json",
    "new_game",
    "parse_card",
    "random_playout",
    "replay",
    "row_points",
]
