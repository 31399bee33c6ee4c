"""Mix Match (docs/rules/mixmatch.md, rulings M1-M8, N3): the engine and the claim parser.

The engine keeps the contract of cardroom.shared.games.base: ``GAME``, ``Config``, ``new_game``,
``from_json``, ``replay`` and ``State``. The claim tools stand alone for the solver and the
services: ``parse_expression(text)`` gives an expression tree whose nodes answer
``value(rules)``, ``cards()`` and ``render()``; ``check_claim(text, cards, target, rules)``
gives a ``ClaimResult``. The one grammar of claims and actions is
cardroom.shared.games.mixmatch.notation (``parse_expression``, ``parse_action``); the verdicts are
in cardroom.shared.games.mixmatch.claim.
"""

from cardroom.shared.games.mixmatch.claim import (
    FAULTS,
    MAX_CLAIM_LENGTH,
    MAX_DEPTH,
    MAX_DIGITS,
    BinOp,
    ClaimResult,
    Expr,
    Number,
    check_claim,
    judge,
    parse_expression,
)
from cardroom.shared.games.mixmatch.config import GAME, INFO, Config
from cardroom.shared.games.mixmatch.deal import stacked_deal
from cardroom.shared.games.mixmatch.notation import Action, parse_action
from cardroom.shared.games.mixmatch.state import State, from_json, new_game, replay

__all__ = [
    "FAULTS",
    "GAME",
    "INFO",
    "MAX_CLAIM_LENGTH",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "Action",
    "BinOp",
    "ClaimResult",
    "Config",
    "Expr",
    "Number",
    "State",
    "check_claim",
    "from_json",
    "judge",
    "new_game",
    "parse_action",
    "parse_expression",
    "replay",
    "stacked_deal",
]
