"""Places at the end of a match, for ratings: the winners share first place, then the
other seats by total score (every engine's total counts up: Livemix L11, VIVO V8, Mix Match
M6), seats that resigned after every seat that did not."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def placings(scores: Sequence[int], winners: Collection[int],
             resigned: Collection[int] = ()) -> list[int]:
    """The 1-based place of each seat (equal places for equal standing)."""
    def standing(seat: int) -> tuple[int, int, int]:
        return (seat in resigned, seat not in winners, -scores[seat])

    order = sorted(range(len(scores)), key=standing)
    places = [0] * len(scores)
    for i, seat in enumerate(order):
        same = i and standing(order[i - 1]) == standing(seat)
        places[seat] = places[order[i - 1]] if same else i + 1
    return places
