"""The VIVO State (the engine contract of cardroom.shared.games.base) and how to build one: a new
game, a replay, a state read back from JSON."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardroom.shared.errors import GameOver, InvalidArgument, NotYourTurn
from cardroom.shared.games.base import JSON, Event, check_config, check_deal, check_now, check_seed
from cardroom.shared.games.vivo import scoring, serial, view
from cardroom.shared.games.vivo.cards import parse_card
from cardroom.shared.games.vivo.config import GAME, Config
from cardroom.shared.games.vivo.deal import build_deals
from cardroom.shared.games.vivo.rules import Rules


class State(Rules):
    """A VIVO game in progress; build one with new_game, from_json or replay."""

    def apply_action(self, action: str, seat: int | None = None, now: float | None = None
                     ) -> list[Event]:
        """Play a card in canonical notation; the events say what everyone (or one seat) sees."""
        del now  # VIVO has no clock
        if seat is not None and not (type(seat) is int and 0 <= seat < self._n):
            raise InvalidArgument(f"seat must be 0..{self._n - 1}, not {seat!r}", field="seat")
        if self._turn < 0:
            raise GameOver("the game is over: both rounds have been played")
        if seat is not None and seat != self._turn:
            raise NotYourTurn(f"it is seat {self._turn}'s turn, not seat {seat}'s")
        card = parse_card(action)
        on = self._check_legal(card)
        seat = self._turn
        self._place(card, on)
        events: list[Event] = [view.play_event(self, seat, card, on)]
        if len(self._cards) == self._n:
            number, trick, cards, lead = self._round, self._trick, self._cards, self._lead
            high, low = self._finish_trick()
            low_card = cards[(low - lead) % self._n] if low >= 0 else -1
            events.extend(view.after_trick_events(self, number, trick, high, low, low_card))
        return events

    def score_breakdown(self) -> JSON:
        """Per round and seat: the face-up cards with their ranks and the face-down count."""
        return scoring.breakdown(self._rows(), self.scores())

    def observation(self, seat: int | None) -> JSON:
        """V9: what `seat` may see (None: a spectator, who sees no hand)."""
        return view.observation(self, seat)

    def opening_events(self) -> list[Event]:
        """The events that open the game (round start, each seat's private deal, first trick)."""
        return view.round_open_events(self)

    def to_json(self) -> JSON:
        """Versioned JSON: config, seed, both rounds' deals and the plays (hidden data included)."""
        return serial.dump(self)


def new_game(config: Config | Mapping[str, Any], seed: int | None = None,
             deal: Mapping[str, Any] | str | None = None, *, now: float | None = None) -> State:
    """A fresh game: rounds from the explicit deal where given, the rest shuffled from the
    seed; the arguments are those of every engine (cardroom.shared.games.base). VIVO has no clock,
    so `now` is only checked."""
    config = check_config(Config, config, GAME)
    chosen = check_seed(seed)
    chosen, deals = build_deals(config, chosen, check_deal(deal))
    check_now(now)
    return State(config, chosen, deals)


def replay(config: Config | Mapping[str, Any], seed: int | None = None,
           deal: Mapping[str, Any] | str | None = None, actions: Iterable[Any] = (), *,
           now: float | None = None) -> State:
    """new_game, then each (seat, action[, now]) in order; a bare action string plays for
    whoever is to act."""
    state = new_game(config, seed, deal, now=now)
    for move in actions:
        if isinstance(move, str):
            state.apply_action(move)
        else:
            seat, action, *when = move
            state.apply_action(action, seat, *when)
    return state


def from_json(data: JSON) -> State:
    """The state serialized by State.to_json (rebuilt by replaying its plays)."""
    return serial.load(replay, data)
