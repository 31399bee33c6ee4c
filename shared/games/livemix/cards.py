"""Livemix cards and Members: canonical notation (N1) and their integer ids.

A Fan card is an int 0..47: ``colour * 12 + value - 1`` with colours in rulebook order
heart, gem, flower, moon. Sets of cards are 48-bit masks (bit = card id), so one colour is
one 12-bit slice. A Member is an index into the roster (its 12 entries in config order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardroom.shared.errors import MalformedAction

COLOURS = ("heart", "gem", "flower", "moon")
LETTERS = ("H", "G", "F", "M")
GROUPS = ("A", "B", "C")
VALUES = range(1, 13)
N_CARDS = 48
N_MEMBERS = 12
ALL_CARDS = (1 << N_CARDS) - 1

#: Ruling L1: the default roster (an assumption, documented as such).
DEFAULT_ROSTER = (
    "A:heart", "A:gem", "A:flower", "A:moon",
    "B:1", "B:4", "B:7", "B:10",
    "C:3", "C:6", "C:9", "C:12",
)

#: All cards of one colour, as a mask.
COLOUR_MASK = tuple(0xFFF << (12 * c) for c in range(4))
#: All cards of one value (index = value), as a mask.
VALUE_MASK = (0, *(sum(1 << (12 * c + v - 1) for c in range(4)) for v in VALUES))

CARD_NAMES = tuple(f"{LETTERS[i // 12]}{i % 12 + 1}" for i in range(N_CARDS))
_CARD_IDS = {name: i for i, name in enumerate(CARD_NAMES)}
_CARD_HINT = 'a colour letter H, G, F or M and a value 1-12, e.g. "H12"'


def card_id(text: str) -> int:
    """The id of a card in canonical notation ("H12"); MalformedAction if it is not one."""
    cid = _CARD_IDS.get(text) if isinstance(text, str) else None
    if cid is None:
        raise MalformedAction(f"{text!r} is not a Livemix card: expected {_CARD_HINT}")
    return cid


def colour_of(cid: int) -> int:
    """The colour index (0 heart .. 3 moon) of a card id."""
    return cid // 12


def winner_index(cards: Sequence[int]) -> int:
    """L5: the index of the winning card of a trick (or of its cards so far): the highest
    value of the lead colour, the lead colour's 1 counting 13 beside its 12."""
    lead = cards[0] // 12
    best, best_i, one_i = -1, 0, -1
    for i, card in enumerate(cards):
        if card // 12 == lead:
            value = card % 12
            if value > best:
                best, best_i = value, i
            if value == 0:
                one_i = i
    return one_i if best == 11 and one_i >= 0 else best_i


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The mask holding the given card ids."""
    mask = 0
    for cid in cards:
        mask |= 1 << cid
    return mask


def ids_of(mask: int) -> list[int]:
    """The card ids in a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names_of(mask: int) -> list[str]:
    """The cards of a mask in canonical notation, in card order."""
    return [CARD_NAMES[cid] for cid in ids_of(mask)]


@dataclass(frozen=True, slots=True)
class Member:
    """A Member card: its group and the colour or value it stands for."""

    group: int
    colour: int | None
    value: int | None

    @property
    def name(self) -> str:
        """Canonical notation, e.g. "A:heart" or "B:7"."""
        attr = COLOURS[self.colour] if self.colour is not None else str(self.value)
        return f"{GROUPS[self.group]}:{attr}"

    @property
    def matches(self) -> int:
        """The mask of every card of this Member's colour or value (ruling L9)."""
        if self.colour is not None:
            return COLOUR_MASK[self.colour]
        return VALUE_MASK[self.value or 0]


def parse_member(text: object) -> Member | None:
    """The Member written as "A:heart" / "B:7", or None when the text is not one."""
    if not isinstance(text, str):
        return None
    group, sep, attr = text.partition(":")
    if not sep or group not in GROUPS:
        return None
    if attr in COLOURS:
        return Member(GROUPS.index(group), COLOURS.index(attr), None)
    if attr.isdigit() and str(int(attr)) == attr and int(attr) in VALUES:
        return Member(GROUPS.index(group), None, int(attr))
    return None


@dataclass(frozen=True, slots=True)
class Roster:
    """Tables derived once from a roster: each Member's name, group and matching cards."""

    names: tuple[str, ...]
    groups: tuple[int, ...]
    matches: tuple[int, ...]
    group_masks: tuple[int, ...]

    def index(self, name: str) -> int | None:
        """The roster index of a Member name, or None."""
        return self.names.index(name) if name in self.names else None


@lru_cache(maxsize=64)
def roster_tables(roster: tuple[str, ...]) -> Roster:
    """Derived tables of an already validated roster."""
    members = [parse_member(name) for name in roster]
    groups = tuple(m.group for m in members if m is not None)
    return Roster(
        names=roster,
        groups=groups,
        matches=tuple(m.matches for m in members if m is not None),
        group_masks=tuple(
            sum(1 << i for i, g in enumerate(groups) if g == grp) for grp in range(len(GROUPS))
        ),
    )
