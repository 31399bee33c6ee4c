"""The Livemix State: the engine contract (cardroom.shared.games.base) on top of the integer
rules."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from cardroom.shared.errors import GameOver, InvalidArgument, NotYourTurn
from cardroom.shared.games.base import JSON, Event, check_config, check_deal, check_now, check_seed
from cardroom.shared.games.livemix import serial, view
from cardroom.shared.games.livemix.cards import CARD_NAMES, card_id
from cardroom.shared.games.livemix.config import GAME, Config
from cardroom.shared.games.livemix.deal import parse_deal
from cardroom.shared.games.livemix.rules import Rules
from cardroom.shared.games.livemix.scoring import round_breakdown


class State(Rules):
    """A Livemix game in progress: three rounds of tricks, then the winners (L11)."""

    __slots__ = ()

    def apply_action(self, action: str, seat: int | None = None, now: float | None = None
                     ) -> list[Event]:
        """Play card `action` for `seat` (default: the seat to act) and return the events."""
        if self.turn < 0:
            raise GameOver("the game is over; no more cards are played")
        if seat is not None:
            self._check_seat(seat)
        card = card_id(action)
        if not self.legal_mask() >> card & 1:
            self._refuse(card)
        actor = self.turn
        self.log = []
        try:
            self._play(card)
            log = self.log
        finally:
            self.log = None
        return view.log_events(self, actor, card, log)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise InvalidArgument(f"seat must be 0..{self.n - 1}, not {seat!r}", "seat")
        if seat != self.turn:
            raise NotYourTurn(f"it is seat {self.turn}'s turn, not seat {seat}'s")

    def opening_events(self) -> list[Event]:
        """The events that opened the game: round 0's circle and first lead, each seat's hand."""
        return view.round_start_events(self, 0)

    def history(self) -> list[tuple[int, str]]:
        """Every card played so far, as (seat, card)."""
        return [(seat, CARD_NAMES[card]) for seat, card in self.plays]

    def score_breakdown(self) -> JSON:
        """Per finished round and seat: each scoring card, each Member's points, the totals."""
        return {
            "rounds": [round_breakdown(self.roster, r, k) for k, r in enumerate(self.records)],
            "totals": self.scores(),
        }

    def observation(self, seat: int | None) -> JSON:
        """What `seat` may see (L12); None is the spectators' public view."""
        if seat is not None and (isinstance(seat, bool) or seat not in range(self.n)):
            raise InvalidArgument(f"seat must be 0..{self.n - 1} or None, not {seat!r}", "seat")
        return view.observation(self, seat)

    def to_json(self) -> JSON:
        """Versioned, exact JSON of the whole state (config, seed, deal, position, history)."""
        return serial.dump(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return serial.key(self) == serial.key(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<livemix.State players={self.n} round={self.round} turn={self.turn} "
                f"plays={len(self.plays)}>")


def new_game(config: Config | Mapping[str, Any], seed: int | None = None,
             deal: Mapping[str, Any] | str | None = None, *, now: float | None = None) -> State:
    """A new game, shuffled from `seed` (random when None) except for the explicit deal;
    the arguments are those of every engine (cardroom.shared.games.base). Livemix has no clock, so
    `now` is only checked."""
    config = check_config(Config, config, GAME)
    chosen = check_seed(seed)
    given = parse_deal(config, check_deal(deal))
    check_now(now)
    return State(config, secrets.randbits(63) if chosen is None else chosen, given)


def replay(config: Config | Mapping[str, Any], seed: int | None = None,
           deal: Mapping[str, Any] | str | None = None, actions: Iterable[Any] = (), *,
           now: float | None = None) -> State:
    """new_game then each action: a card, or (seat, card) / (seat, card, now)."""
    state = new_game(config, seed, deal, now=now)
    for item in actions:
        if isinstance(item, str):
            state.apply_action(item)
        else:
            state.apply_action(item[1], item[0], *item[2:3])
    return state


def from_json(data: JSON) -> State:
    """The state serialized by State.to_json (InvalidArgument if it is not one)."""
    return serial.load(State, data)
