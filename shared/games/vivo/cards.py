"""VIVO cards and harmonies in canonical notation (N2), with the int tables the engine runs on.

A card's id is ``suit * 12 + rank - 1`` (0..47): it is the card's action id, its bit in a
hand bitmask, and its sort key, so "sorted" always means suit order R, G, B, Y then rank.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from cardroom.shared.errors import MalformedAction

RANKS = 12
SUITS = 4
DECK_SIZE = SUITS * RANKS


class Suit(enum.IntEnum):
    """The four suits, in their canonical order."""

    RED = 0
    GREEN = 1
    BLUE = 2
    YELLOW = 3

    @property
    def letter(self) -> str:
        """The one-letter notation of the suit (N2)."""
        return self.name[0]

    @property
    def label(self) -> str:
        """The suit's name in lower case, for messages."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or its name, any case; ValueError if neither."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name):
                return suit
        raise ValueError(f"{text!r} is not a suit (R, G, B or Y)")


class Harmony(enum.IntEnum):
    """A harmony card; its value is the number of suits the trick must show."""

    SOLO = 1
    DUET = 2
    TRIO = 3
    QUARTET = 4


@dataclass(frozen=True, order=True)
class Card:
    """A playing card as a value: suit and rank 1-12."""

    suit: Suit
    rank: int

    @property
    def id(self) -> int:
        """The stable integer id (also the action id)."""
        return self.suit * RANKS + self.rank - 1

    def __str__(self) -> str:
        return CARD_NAMES[self.id]


#: Canonical text of each card id, e.g. CARD_NAMES[4] == "R5".
CARD_NAMES: tuple[str, ...] = tuple(
    f"{suit.letter}{rank}" for suit in Suit for rank in range(1, RANKS + 1))
_CARD_IDS = {name: i for i, name in enumerate(CARD_NAMES)}

#: Suit index and rank of each card id (tables: cheaper than arithmetic in hot loops).
SUIT_OF: tuple[int, ...] = tuple(i // RANKS for i in range(DECK_SIZE))
RANK_OF: tuple[int, ...] = tuple(i % RANKS + 1 for i in range(DECK_SIZE))

_ONE_SUIT = (1 << RANKS) - 1
#: SUITS_MASK[s] is the card bitmask of every card whose suit bit is in the 4-bit set s.
SUITS_MASK: tuple[int, ...] = tuple(
    sum(_ONE_SUIT << (RANKS * suit) for suit in range(SUITS) if s >> suit & 1)
    for s in range(1 << SUITS))


def parse_card(text: object) -> int:
    """The id of a card in canonical notation; MalformedAction if it is not one."""
    card_id = _CARD_IDS.get(text) if isinstance(text, str) else None
    if card_id is None:
        raise MalformedAction(
            f"{text!r} is not a VIVO card: expected a suit letter R, G, B or Y followed "
            "by a rank 1-12, e.g. 'R5'", field="action")
    return card_id


def parse_harmony(text: object) -> Harmony:
    """A harmony from its canonical name; ValueError if it is not one."""
    if isinstance(text, str) and text in Harmony.__members__:
        return Harmony[text]
    raise ValueError(f"{text!r} is not a harmony (SOLO, DUET, TRIO or QUARTET)")


def mask_of(card_ids: Iterable[int]) -> int:
    """The bitmask holding these card ids."""
    mask = 0
    for card_id in card_ids:
        mask |= 1 << card_id
    return mask


def ids_of(mask: int) -> Iterator[int]:
    """The card ids in a bitmask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def names_of(mask: int) -> list[str]:
    """The canonical names of the cards in a bitmask, in card order."""
    return [CARD_NAMES[i] for i in ids_of(mask)]


def suit_labels(suit_set: int) -> str:
    """A 4-bit suit set as words, e.g. 'red or green'."""
    names = [suit.label for suit in Suit if suit_set >> suit & 1]
    return " or ".join(names) if names else "none"
