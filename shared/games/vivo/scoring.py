"""VIVO scoring (V5, V8): the value of a scoring row and the per-round breakdown."""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.games.base import JSON
from cardroom.shared.games.vivo.cards import CARD_NAMES, RANK_OF, RANKS, ids_of

#: A finished round's scoring rows: (face-up masks per seat, face-down masks per seat).
Rows = tuple[tuple[int, ...], tuple[int, ...]]


#: RANK_SUM[m]: the ranks of the cards of one suit's 12-bit slice `m` of a mask, summed.
RANK_SUM: tuple[int, ...] = tuple(sum(RANK_OF[c] for c in ids_of(m)) for m in range(1 << RANKS))


def row_points(face_up: int, face_down: int) -> int:
    """A scoring row's value: each face-up card its rank, each face-down card 2 (V5)."""
    return (RANK_SUM[face_up & 0xFFF] + RANK_SUM[face_up >> 12 & 0xFFF]
            + RANK_SUM[face_up >> 24 & 0xFFF] + RANK_SUM[face_up >> 36 & 0xFFF]
            + 2 * face_down.bit_count())


def breakdown(rows: Sequence[Rows], totals: list[int]) -> JSON:
    """Per round and seat: LOWEST (face-up cards, their ranks) and HIGHEST (count x 2)."""
    rounds = []
    for number, (ups, downs) in enumerate(rows):
        seats = []
        for up, down in zip(ups, downs, strict=True):
            cards = [{"card": CARD_NAMES[c], "points": RANK_OF[c]} for c in ids_of(up)]
            lowest = sum(RANK_OF[c] for c in ids_of(up))
            highest = 2 * down.bit_count()
            seats.append({"lowest": {"count": len(cards), "cards": cards, "points": lowest},
                          "highest": {"count": down.bit_count(), "points": highest},
                          "total": lowest + highest})
        rounds.append({"round": number + 1, "seats": seats})
    return {"rounds": rounds, "totals": totals}
