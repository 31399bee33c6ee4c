"""The Mix Match State (the engine contract of cardroom.shared.games.base) and how to build one: a
new game, a replay, a state read back from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.shared.games.base import JSON, check_config, check_deal, check_now, check_seed
from cardroom.shared.games.mixmatch import serial, view
from cardroom.shared.games.mixmatch.config import GAME, Config
from cardroom.shared.games.mixmatch.deal import read_deal, shuffled_deck
from cardroom.shared.games.mixmatch.notation import tag_round
from cardroom.shared.games.mixmatch.rules import CLAIMS, OVER, PICK, Rules


class State(Rules):
    """A Mix Match game: build one with new_game, from_json or replay."""

    def observation(self, seat: int | None) -> JSON:
        """The public table (every card in Mix Match lies face up); never the deck order or seed."""
        return view.observation(self, seat)

    def to_json(self) -> JSON:
        """Versioned, exact serialization: config, seed, deal, history and the full position."""
        return serial.dump(self)

    # -- what a host asks (cardroom.shared.games.base) -------------------------------------

    def acting_seats(self) -> list[int]:
        """The seat to pick; while claims are open every seat still in (M4); none at the end."""
        if self._phase == OVER:
            return []
        if self._phase == PICK:
            return [self._pickers[0]]
        return [seat for seat, out in enumerate(self._out) if not out]

    def timeout_move(self) -> tuple[int | None, str] | None:
        """The host's "timeout" (M5): what it applies once the hourglass ran out."""
        return None, "timeout"

    def pin_round(self, action: str) -> str:
        """An untagged claim tagged with the current round (M8); other moves as they are."""
        return tag_round(action, self.round)

    def still_in(self, seat: int) -> bool:
        """Whether `seat` was not put out of this round by a wrong claim (M4)."""
        self._check_seat(seat)
        return not self._out[seat]

    def actor(self, seat: int, action: str) -> int | None:
        """Every move is the seat's own: a seat still in calling time (with hourglass 0
        nobody else would, and play must go on) is recorded as the seat that called it."""
        return seat

    def legal_moves(self, seat: int, now: float | None = None) -> list[str]:
        """The picks of the seat to pick; while claims are open, calling time once the
        hourglass allows it at `now` for a seat still in (claims are never listed)."""
        if self._phase == CLAIMS:
            return self.legal_actions(None, now) if self.still_in(seat) else []
        return self.legal_actions(seat)


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
