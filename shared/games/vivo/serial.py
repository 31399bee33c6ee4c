"""Versioned JSON of a VIVO state: config, seed, both rounds' deals and the plays.

A state is read back by replaying its plays from its deals, so a load is exactly as
strict as playing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from cardroom.shared.errors import CardroomError, InvalidArgument
from cardroom.shared.games.base import JSON, STATE_FORMAT
from cardroom.shared.games.vivo.config import GAME, Config
from cardroom.shared.games.vivo.rules import Rules

S = TypeVar("S", bound=Rules)


def dump(state: Rules) -> JSON:
    """The serialized state: enough to rebuild it exactly by replaying the plays."""
    return {"format": STATE_FORMAT, "game": GAME, "config": state.config.to_dict(),
            "seed": state.seed, "deal": {"rounds": [d.to_json() for d in state.deals]},
            "history": [[seat, card] for seat, card in state.history()]}


def load(replay: Callable[[Config, Any, Any, Iterable[Any]], S], data: JSON) -> S:
    """Rebuild a state from dump() with `replay` (InvalidArgument when the data is not one)."""
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
