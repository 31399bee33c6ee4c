"""Building VIVO states: a new game, a replay, a state read back from JSON."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from shared.errors import CardroomError, InvalidArgument
from shared.games.base import JSON, STATE_FORMAT

from .config import Config
from .deal import build_deals
from .rules import State
from .view import GAME


def new_game(config: Config, seed: int | None = None, deal: object = None) -> State:
    """A fresh game: rounds from the explicit deal where given, the rest shuffled from the seed."""
    if not isinstance(config, Config):
        raise InvalidArgument(f"config must be a vivo Config, not {config!r}", field="config")
    if seed is not None and type(seed) is not int:
        raise InvalidArgument(f"seed must be an integer, not {seed!r}", field="seed")
    seed, deals = build_deals(config, seed, deal)
    return State(config, seed, deals)


def replay(config: Config, seed: int | None = None, deal: object = None,
           actions: Iterable[Any] = ()) -> State:
    """new_game, then each (seat, action[, now]) in order; a bare action string plays for
    whoever is to act."""
    state = new_game(config, seed, deal)
    for move in actions:
        if isinstance(move, str):
            state.apply_action(move)
        else:
            seat, action, *now = move
            state.apply_action(action, seat, *now)
    return state


def from_json(data: JSON) -> State:
    """The state serialized by State.to_json (rebuilt by replaying its plays)."""
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise InvalidArgument("not a serialized VIVO state", field="state")
    if data.get("format") != STATE_FORMAT:
        raise InvalidArgument(f"unsupported VIVO state format {data.get('format')!r} "
                              f"(this engine reads format {STATE_FORMAT})", field="state")
    try:
        config = Config.from_dict(data["config"])
        history = [(seat, card) for seat, card in data["history"]]
        return replay(config, data["seed"], data["deal"], history)
    except (KeyError, TypeError, ValueError, CardroomError) as exc:
        raise InvalidArgument(f"corrupt VIVO state: {exc}", field="state") from None
