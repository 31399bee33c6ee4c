"""Mix Match match options (rulings M1-M3, M5, M7) and their validation."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from cardroom.shared.arith import ArithRules
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.games.base import GameInfo
from cardroom.shared.games.mixmatch.notation import round_bound, tag_round
from cardroom.shared.quoting import clip, quote

#: The game's wire name (the registry key and every view's "game").
GAME = "mixmatch"
#: M1: the numbers 1-28, two copies each (56 cards).
DEFAULT_DECK: tuple[int, ...] = tuple(sorted(list(range(1, 29)) * 2))
#: M2: the blue tens die, the blue units die and the black die of the harder variant.
TENS_DIE: tuple[int, ...] = (20, 30, 40, 50, 60, 70)
UNITS_DIE: tuple[int, ...] = (3, 4, 5, 6, 7, 8)
BLACK_DIE: tuple[int, ...] = (60, 70, 80, 90, 100, 110)
#: Cards face up at the start of a round in the standard game (rulebook, M6).
TABLE_SIZE = 5
#: Variant 1 drops every card above this number.
YOUNGER_MAX = 15

MAX_PLAYERS = 8
#: Twice the rulebook's 56 cards: each hourglass run-out draws a card, so the deck also
#: bounds how often one round's hourglass can fire.
MAX_DECK = 112
MAX_CARD = 999_999
MAX_FACES = 20
MAX_HOURGLASS = 86_400.0

#: What a host knows of Mix Match: picks in turn, then claims from every seat at once,
#: timed by the hourglass the host keeps (M5); rounds until the deck runs out (M6); a claim
#: names the round it was found for (M8).
INFO = GameInfo(GAME, "Mix Match", 1, MAX_PLAYERS, simultaneous=True, host_clock=True,
                clock_option="hourglass_seconds", rounds=None, tag_round=tag_round,
                round_bound=round_bound)

_CARD_LISTS = ("deck", "tens_die", "units_die", "black_die")
_BOOLS = ("younger_players", "own_cards", "faster", "harder", "allow_negative",
          "allow_fractions")


@dataclass(frozen=True)
class Config:
    """Options of one Mix Match match; every default is the rulebook's game with M1-M8."""

    players: int = 2
    #: M5: seconds per turn of the hourglass; 0 means no timer (the host times out).
    hourglass_seconds: float = 60.0
    #: M1: a match's own deck, or None for DEFAULT_DECK.
    deck: tuple[int, ...] | None = None
    tens_die: tuple[int, ...] = TENS_DIE
    units_die: tuple[int, ...] = UNITS_DIE
    black_die: tuple[int, ...] = BLACK_DIE
    #: M7 variant 1: drop the cards above YOUNGER_MAX.
    younger_players: bool = False
    #: M7 variant 2: players pick own cards, in seat order from `youngest_seat`.
    own_cards: bool = False
    youngest_seat: int = 0
    #: M7 variant 3: as many rounds as players.
    faster: bool = False
    #: M7 variant 4: the black die replaces the blue tens die.
    harder: bool = False
    #: M3: which intermediate results a claim may produce.
    allow_negative: bool = False
    allow_fractions: bool = False

    def __post_init__(self) -> None:
        _check_range("players", self.players, 1, MAX_PLAYERS)
        if not 0 <= self.youngest_seat < self.players:
            raise InvalidConfig(f"youngest_seat must be a seat of the {self.players} players",
                                field="youngest_seat")
        if not (math.isfinite(self.hourglass_seconds)
                and 0 <= self.hourglass_seconds <= MAX_HOURGLASS):
            raise InvalidConfig(f"hourglass_seconds must be 0 (no timer) to {MAX_HOURGLASS:g}",
                                field="hourglass_seconds")
        if self.deck is not None:
            _check_cards("deck", self.deck, MAX_DECK)
        for name in ("tens_die", "units_die", "black_die"):
            _check_cards(name, getattr(self, name), MAX_FACES)
        have = len(self.full_deck())
        if have < self.opening_table():
            raise InvalidConfig(f"the deck has {have} playable cards, the first round needs "
                                f"{self.opening_table()}", field="deck")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        """Options from JSON; unknown keys and values of the wrong kind raise InvalidConfig."""
        if not isinstance(data, Mapping):
            raise InvalidConfig("the config must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidConfig(f"unknown option {quote(unknown[0])}", field=clip(str(unknown[0])))
        values: dict[str, Any] = {}
        for name, raw in data.items():
            values[name] = _read(name, raw)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able options, every key present; from_dict(to_dict()) is equal."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in _CARD_LISTS:
            if out[name] is not None:
                out[name] = list(out[name])
        return out

    @property
    def rules(self) -> ArithRules:
        """The M3 arithmetic this match allows."""
        return ArithRules(self.allow_negative, self.allow_fractions)

    @property
    def big_die(self) -> tuple[int, ...]:
        """The die added to the units die: the black one in variant 4, else the blue tens."""
        return self.black_die if self.harder else self.tens_die

    @property
    def rounds_limit(self) -> int | None:
        """Variant 3's number of rounds (one per player), or None when the deck decides."""
        return self.players if self.faster else None

    @property
    def variants(self) -> list[int]:
        """The rulebook variant numbers in play, e.g. [2, 4]."""
        flags = (self.younger_players, self.own_cards, self.faster, self.harder)
        return [number for number, on in enumerate(flags, start=1) if on]

    def full_deck(self) -> tuple[int, ...]:
        """Every card of this match in ascending order (variant 1 already applied)."""
        cards = DEFAULT_DECK if self.deck is None else tuple(sorted(self.deck))
        if self.younger_players:
            cards = tuple(card for card in cards if card <= YOUNGER_MAX)
        return cards

    def opening_table(self) -> int:
        """Cards face up when the first round starts: five, or players + 2 in variant 2."""
        return self.players + 2 if self.own_cards else TABLE_SIZE


def _read(name: str, raw: Any) -> Any:
    """One JSON value checked for its kind and converted to the field's type."""
    if name in _BOOLS:
        if not isinstance(raw, bool):
            raise InvalidConfig(f"{name} must be true or false", field=name)
        return raw
    if name == "hourglass_seconds":
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            raise InvalidConfig(f"{name} must be a number of seconds", field=name)
        return float(raw)
    if name in _CARD_LISTS:
        if raw is None and name == "deck":
            return None
        if not isinstance(raw, list | tuple) or not all(is_whole(v) for v in raw):
            raise InvalidConfig(f"{name} must be a list of whole numbers", field=name)
        return tuple(raw)
    if not is_whole(raw):
        raise InvalidConfig(f"{name} must be a whole number", field=name)
    return raw


def is_whole(value: Any) -> bool:
    """True for an int proper (JSON true/false arrive as bools, which are ints in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidConfig(f"{name} must be {low} to {high}, not {value}", field=name)


def _check_cards(name: str, values: tuple[int, ...], most: int) -> None:
    if not 1 <= len(values) <= most:
        raise InvalidConfig(f"{name} must have 1 to {most} entries", field=name)
    for value in values:
        if not 1 <= value <= MAX_CARD:
            raise InvalidConfig(f"{name} entries must be 1 to {MAX_CARD}, not {value}",
                                field=name)
