"""Helpers for the Livemix rule tests: a scripted round becomes an explicit deal.

A script lists each trick as (seat, card) plays in order. Each seat is dealt the cards it
plays, the cards the test says it keeps, and then unused cards up to 12, never of a colour
the seat showed void in (it played off-colour to that lead), so every scripted play is legal.
"""

from __future__ import annotations

from typing import Any

from cardroom.shared.games import livemix
from cardroom.shared.games.livemix.cards import CARD_NAMES, DEFAULT_ROSTER

Trick = list[tuple[int, str]]
LETTERS = "HGFM"


def scripted_round(players: int, tricks: list[Trick], keep: dict[int, list[str]] | None = None,
                   circle: list[str] | None = None, removed: str = "M") -> dict[str, Any]:
    """One round of an explicit deal where the script can be played as written."""
    keep = keep or {}
    hands: list[list[str]] = [[] for _ in range(players)]
    void: list[set[str]] = [set() for _ in range(players)]
    for trick in tricks:
        lead = trick[0][1][0]
        for seat, card in trick:
            hands[seat].append(card)
            if card[0] != lead:
                void[seat].add(lead)
    for seat, cards in keep.items():
        hands[seat] += cards
    letters = LETTERS if players == 4 else LETTERS.replace(removed, "")
    used = {card for hand in hands for card in hand}
    spare = [c for c in CARD_NAMES if c[0] in letters and c not in used]
    for seat in range(players):
        if seat in keep:
            continue
        while len(hands[seat]) < 12:
            card = next(c for c in spare if c[0] not in void[seat])
            spare.remove(card)
            hands[seat].append(card)
    return {"hands": hands, "circle": circle_of(circle or [])}


def circle_of(first: list[str]) -> list[str]:
    """A circle starting with `first` (token on first[0]), then the other Members."""
    return list(first) + [m for m in DEFAULT_ROSTER if m not in first]


def play(state: livemix.State, tricks: list[Trick]) -> list[dict[str, Any]]:
    """Play a script with the seats it names; return every event."""
    events = []
    for trick in tricks:
        for seat, card in trick:
            events += state.apply_action(card, seat)
    return events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type, in order."""
    return [e for e in events if e["type"] == kind]
