"""VIVO match options (V1-V3): player count, the suit removed at 3 players, the first lead."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.games.base import GameInfo
from cardroom.shared.games.vivo.cards import SUITS, SUITS_MASK, Harmony, Suit
from cardroom.shared.quoting import clip, quote

#: The game's wire name (the registry key and every view's "game").
GAME = "vivo"
ROUNDS = 2
TRICKS = 12
HAND_SIZE = 12

#: V1: the full harmony deck; each player count removes some of it.
FULL_HARMONY_DECK = {Harmony.SOLO: 4, Harmony.DUET: 4, Harmony.TRIO: 4, Harmony.QUARTET: 3}
_REMOVED_HARMONIES = {
    3: {Harmony.QUARTET: 3},
    4: {Harmony.SOLO: 1, Harmony.DUET: 1, Harmony.TRIO: 1},
}
#: V2: the suit a 3-player game leaves out unless the match picks another.
DEFAULT_REMOVED_SUIT = Suit.YELLOW.letter

#: What a host knows of VIVO: strictly in turns, no clock of its own; rounds fixed (ROUNDS).
INFO = GameInfo(GAME, "VIVO", 3, 4, simultaneous=False, host_clock=False,
                rounds=ROUNDS)


@dataclass(frozen=True)
class Config:
    """Options of one VIVO game; validated on construction (InvalidConfig names the field)."""

    players: int = 4
    removed_suit: str | None = None
    first_lead: int = 0

    def __post_init__(self) -> None:
        players = self.players
        if type(players) is not int or players not in (3, 4):
            raise InvalidConfig(f"players must be 3 or 4, not {quote(players)}", field="players")
        object.__setattr__(self, "removed_suit", _check_removed_suit(players, self.removed_suit))
        lead = self.first_lead
        if type(lead) is not int or not 0 <= lead < players:
            raise InvalidConfig(
                f"first_lead must be a seat 0..{players - 1}, not {quote(lead)}",
                field="first_lead")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Config:
        """A config from JSON-able options; unknown keys or bad values raise InvalidConfig."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise InvalidConfig(f"VIVO options must be an object, not {quote(data)}")
        for key in data:
            if key not in ("players", "removed_suit", "first_lead"):
                raise InvalidConfig(
                    f"unknown VIVO option {quote(key)} (known: players, removed_suit, first_lead)",
                    field=clip(str(key)))
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-able data (from_dict's inverse)."""
        return {"players": self.players, "removed_suit": self.removed_suit,
                "first_lead": self.first_lead}

    @property
    def suit_set(self) -> int:
        """The suits in play as a 4-bit set."""
        full = (1 << SUITS) - 1
        if self.removed_suit is None:
            return full
        return full & ~(1 << Suit.parse(self.removed_suit))

    @property
    def deck_mask(self) -> int:
        """The card bitmask of the playing deck."""
        return SUITS_MASK[self.suit_set]

    def harmony_deck(self) -> Counter[Harmony]:
        """V1: how many harmonies of each kind the round's 12 tricks use."""
        deck = Counter(FULL_HARMONY_DECK)
        deck.subtract(_REMOVED_HARMONIES[self.players])
        return +deck


def _check_removed_suit(players: int, suit: object) -> str | None:
    """V2: a suit letter at 3 players (default yellow), none at 4."""
    if players == 4:
        if suit is not None:
            raise InvalidConfig(
                f"removed_suit applies to 3 players only; a 4-player game uses every suit, "
                f"got {quote(suit)}", field="removed_suit")
        return None
    if suit is None:
        return DEFAULT_REMOVED_SUIT
    if not isinstance(suit, str):
        raise InvalidConfig(f"removed_suit must be R, G, B or Y, not {quote(suit)}",
                            field="removed_suit")
    try:
        return Suit.parse(suit).letter
    except ValueError as exc:
        raise InvalidConfig(f"removed_suit must be R, G, B or Y, not {quote(suit)}",
                            field="removed_suit") from exc
