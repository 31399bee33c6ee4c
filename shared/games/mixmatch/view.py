"""What a Mix Match seat sees: the public table (every card in Mix Match lies face up).

Everything here reads the rules (rules.Rules) only; state.py calls in, never the other
way round. The deck order and the seed are never shown.
"""

from __future__ import annotations

from cardroom.shared.games.base import JSON
from cardroom.shared.games.mixmatch.config import GAME
from cardroom.shared.games.mixmatch.rules import OVER, PICK, Rules


def observation(state: Rules, seat: int | None) -> JSON:
    """The public table (every card in Mix Match lies face up); never the deck order or seed."""
    state._check_seat(seat)
    log = state._rounds[-1]
    return {
        "game": GAME, "seat": seat, "players": state.config.players,
        "variants": state.config.variants, "rules": state.config.rules.to_dict(),
        "round": state.round, "rounds": state.config.rounds_limit, "phase": state._phase,
        "table": list(state._table), "own": [list(cards) for cards in state._own],
        "won": state.scores(), "out": list(state._out),
        "dice": None if log.dice is None else list(log.dice), "target": log.target,
        "hourglass_seconds": state.config.hourglass_seconds, "deadline": state._deadline,
        "deck_size": len(state._deck),
        "to_pick": state._pickers[0] if state._phase == PICK else None,
        "pick_order": list(state._pickers), "may_pass": state._phase == PICK and state.round > 1,
        "round_log": [entry.to_dict() for entry in state._rounds],
        "terminal": state._phase == OVER, "end_reason": state._end_reason,
        "winners": state.winners(),
    }
