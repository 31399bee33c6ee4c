"""Livemix scoring (L9), the next round's first lead (L10), and the game's winners (L11)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.shared.games.livemix.cards import CARD_NAMES, Roster, ids_of


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round: what each seat gained, still held and scored (masks per seat)."""

    first_lead: int
    won: tuple[int, ...]
    hands: tuple[int, ...]
    members: tuple[int, ...]
    scores: tuple[int, ...]
    last_player: int

    @property
    def next_lead(self) -> int:
        """The first lead of the round after this one (L10)."""
        return next_first_lead(self)


def member_ids(mask: int) -> list[int]:
    """Roster indexes in a Member mask, ascending."""
    return ids_of(mask)


def seat_score(roster: Roster, members: int, won: int, hand: int) -> int:
    """L9: +1 per gained card per matching Member held, -1 likewise per card still in hand."""
    score = 0
    matches = roster.matches
    while members:
        low = members & -members
        match = matches[low.bit_length() - 1]
        score += (won & match).bit_count() - (hand & match).bit_count()
        members ^= low
    return score


def next_first_lead(record: RoundRecord) -> int:
    """L10: the lowest scorer; a tie goes to the tied seat first clockwise from the first lead."""
    n = len(record.scores)
    low = min(record.scores)
    for step in range(n):
        seat = (record.first_lead + step) % n
        if record.scores[seat] == low:
            return seat
    raise AssertionError("a minimum always exists")


def winners(records: Sequence[RoundRecord]) -> list[int]:
    """L11: highest total; a tie is broken by the last round's score; still tied, a shared win."""
    totals = [sum(col) for col in zip(*(r.scores for r in records), strict=True)]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    last = records[-1].scores
    top_last = max(last[s] for s in tied)
    return [s for s in tied if last[s] == top_last]


def _card_lines(roster: Roster, members: list[int], cards: int, sign: int) -> list[dict[str, Any]]:
    lines = []
    for cid in ids_of(cards):
        hits = [roster.names[m] for m in members if roster.matches[m] >> cid & 1]
        lines.append({"card": CARD_NAMES[cid], "members": hits, "points": sign * len(hits)})
    return lines


def seat_breakdown(roster: Roster, record: RoundRecord, seat: int) -> dict[str, Any]:
    """Where a seat's points of one round came from: per card and per Member."""
    members = member_ids(record.members[seat])
    won, hand = record.won[seat], record.hands[seat]
    by_member = {
        roster.names[m]: {
            "gained": (won & roster.matches[m]).bit_count(),
            "lost": (hand & roster.matches[m]).bit_count(),
        }
        for m in members
    }
    gained = _card_lines(roster, members, won, 1)
    lost = _card_lines(roster, members, hand, -1)
    return {
        "seat": seat,
        "members": [roster.names[m] for m in members],
        "gained_cards": gained,
        "hand_cards": lost,
        "by_member": by_member,
        "gained": sum(line["points"] for line in gained),
        "lost": -sum(line["points"] for line in lost),
        "score": record.scores[seat],
    }


def round_breakdown(roster: Roster, record: RoundRecord, k: int) -> dict[str, Any]:
    """The breakdown of round k, every seat."""
    return {
        "round": k,
        "first_lead": record.first_lead,
        "last_player": None if record.last_player < 0 else record.last_player,
        "seats": [seat_breakdown(roster, record, s) for s in range(len(record.scores))],
    }
