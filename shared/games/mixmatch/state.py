"""The Mix Match State (the engine contract of cardroom.shared.games.base) and how to build one: a
new game, a replay, a state read back from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.shared.games.base import JSON, check_config, check_deal, check_now, check_seed
from cardroom.shared.games.mixmatch import serial, view
from cardroom.shared.games.mixmatch.config import GAME, Config
from cardroom.shared.games.mixmatch.deal import read_deal, shuffled_deck
from cardroom.shared.games.mixmatch.rules import Rules


class State(Rules):
    """A Mix Match game: build one with new_game, from_json or replay."""

    def observation(self, seat: int | None) -> JSON:
        """The public table (every card in Mix Match lies face up); never the deck order or seed."""
        return view.observation(self, seat)

    def to_json(self) -> JSON:
        """Versioned, exact serialization: config, seed, deal, history and the full position."""
        return serial.dump(self)


def new_game(config: Config | Mapping[str, Any], seed: int | None = None,
             deal: Mapping[str, Any] | str | None = None, *, now: float | None = None) -> State:
    """A game from a seed (default 0) or an explicit deal; the first hourglass counts from
    `now` (default 0). The arguments are those of every engine (cardroom.shared.games.base)."""
    config = check_config(Config, config, GAME)
    chosen = check_seed(seed)
    chosen = 0 if chosen is None else chosen
    given = check_deal(deal)
    read = None if given is None else read_deal(config, given)
    start = check_now(now)
    state = State(config, chosen, read, 0.0 if start is None else start)
    state._deck = (read["deck"] if read and read["deck"] is not None
                   else shuffled_deck(config, chosen))
    state._begin_round(state._start, state._opening)
    return state


def replay(config: Config | Mapping[str, Any], seed: int | None = None,
           deal: Mapping[str, Any] | str | None = None, actions: Any = (), *,
           now: float | None = None) -> State:
    """new_game (its first hourglass from `now`), then each (seat, action[, now]) in order."""
    state = new_game(config, seed, deal, now=now)
    for seat, action, *when in actions:
        state.apply_action(action, seat, *when)
    return state


def from_json(data: JSON) -> State:
    """The state serialized by State.to_json; anything else raises InvalidArgument."""
    return serial.load(State, data)
