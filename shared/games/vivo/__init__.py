"""VIVO: two rounds of twelve tricks in which the suits played must match the harmony card.

The engine follows the contract in cardroom.shared.games.base; rules as implemented (with rulings
V1-V9) are documented in docs/rules/vivo.md.
"""

from cardroom.shared.games.vivo.cards import CARD_NAMES, Card, Harmony, Suit, parse_card
from cardroom.shared.games.vivo.config import GAME, INFO, Config
from cardroom.shared.games.vivo.deal import RoundDeal
from cardroom.shared.games.vivo.playout import random_playout
from cardroom.shared.games.vivo.scoring import row_points
from cardroom.shared.games.vivo.state import State, from_json, new_game, replay

__all__ = [
    "CARD_NAMES",
    "GAME",
    "INFO",
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
