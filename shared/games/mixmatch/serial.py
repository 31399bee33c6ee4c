"""Versioned JSON of a Mix Match state: config, seed, deal, history and the full position,
restored exactly (and checked: every card of the match in exactly one place)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import TypeVar

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.base import JSON, STATE_FORMAT
from cardroom.shared.games.mixmatch.config import GAME, Config
from cardroom.shared.games.mixmatch.rules import RoundLog, Rules

S = TypeVar("S", bound=Rules)


def dump(state: Rules) -> JSON:
    """Versioned, exact serialization: config, seed, deal, history and the full position."""
    return {
        "game": GAME, "format": STATE_FORMAT, "config": state.config.to_dict(),
        "seed": state._seed, "deal": copy.deepcopy(state._deal), "start": state._start,
        "history": [list(entry) for entry in state._history],
        "deck": list(state._deck), "table": list(state._table),
        "own": [list(cards) for cards in state._own],
        "won": [list(cards) for cards in state._won], "out": list(state._out),
        "phase": state._phase, "pickers": list(state._pickers), "deadline": state._deadline,
        "clock": state._clock, "rounds": [log.to_dict() for log in state._rounds],
        "end_reason": state._end_reason, "opening": copy.deepcopy(state._opening),
    }


def load(cls: type[S], data: JSON) -> S:
    """A state of class `cls` from dump(); anything else raises InvalidArgument."""
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise InvalidArgument("not a serialized Mix Match state", field="state")
    if data.get("format") != STATE_FORMAT:
        raise InvalidArgument(f"unsupported Mix Match state format {data.get('format')!r} "
                              f"(this engine reads format {STATE_FORMAT})", field="state")
    try:
        state = cls(Config.from_dict(data["config"]), data["seed"],
                    copy.deepcopy(data["deal"]), data["start"])
        data = copy.deepcopy(data)
        state._deck, state._table, state._out = data["deck"], data["table"], data["out"]
        state._own, state._won, state._pickers = data["own"], data["won"], data["pickers"]
        state._phase, state._deadline, state._clock = data["phase"], data["deadline"], data["clock"]
        state._rounds = [RoundLog(**log) for log in data["rounds"]]
        state._end_reason, state._history = data["end_reason"], data["history"]
        state._opening = data["opening"]
    except (KeyError, TypeError, ValueError) as err:
        raise InvalidArgument(f"damaged Mix Match state: {err}", field="state") from err
    _check_cards(state)
    return state


def _check_cards(state: Rules) -> None:
    """Every card of the match is in exactly one place: deck, table, own cards or won piles."""
    held = Counter(state._deck + state._table)
    for cards in state._own + state._won:
        held.update(cards)
    if held != Counter(state.config.full_deck()):
        raise InvalidArgument("damaged Mix Match state: the cards do not add up to the deck",
                              field="state")
