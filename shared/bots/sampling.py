"""Dealing the cards a seat cannot see to the other seats, consistently with their voids.

Both trick-taking engines number cards ``group * 12 + value - 1`` (a Livemix colour, a VIVO
suit), so one sampler serves both. A *void* is a group a seat has shown it holds no card
of (it failed to follow it). Cards go one by one to a seat chosen with probability
proportional to the room left in its hand, which is an exactly uniform deal when nobody is
void; with voids the most constrained groups go first. Should that greedy pass paint
itself into a corner, a careful pass checks Hall's condition before each card, which
always succeeds when any consistent deal exists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

# Livemix's mask reader serves VIVO too: both number their cards alike (above).
from cardroom.shared.games.livemix.cards import ids_of

#: Greedy passes tried before the careful one.
GREEDY_TRIES = 4
GROUPS = 4


def groups_of(mask: int) -> int:
    """The 4-bit mask of the groups (colours, suits) a card mask holds."""
    return sum(1 << g for g in range(GROUPS) if mask >> (12 * g) & 0xFFF)


def deal_hidden(pool: int, sizes: Sequence[int], voids: Sequence[int], rng: random.Random
                ) -> list[int]:
    """One hand mask per entry of `sizes`, drawn from the `pool` mask, none breaking `voids`.

    ``voids[i]`` is a 4-bit mask of the groups hand i must not hold. If the pool holds more
    cards than the hands need, the rest stay undealt; if no deal respects the voids (the
    seat's knowledge is incomplete), they are ignored rather than failing.
    """
    return Dealer(pool, sizes, voids).deal(rng)


class Dealer:
    """deal_hidden for one pool, sizes and voids, read once and then dealt many times.

    A search draws thousands of deals from the same knowledge: the card list and the
    hands' shape are worked out here once, so a deal costs one shuffle and the masks.
    """

    __slots__ = ("by_group", "cards", "sizes", "voids")

    def __init__(self, pool: int, sizes: Sequence[int], voids: Sequence[int]) -> None:
        self.cards = ids_of(pool)
        self.sizes = tuple(sizes)
        self.voids = tuple(voids)
        self.by_group: list[list[int]] | None = None
        if any(voids):
            self.by_group = [[c for c in self.cards if c // 12 == g] for g in range(GROUPS)]

    def deal(self, rng: random.Random) -> list[int]:
        """One deal, uniform over the consistent ones when nobody is void."""
        rand = rng.random
        by_group = self.by_group
        if by_group is None:
            # Sorting by random keys is a uniform shuffle, several times faster than
            # Random.shuffle's one Python-level call per card.
            return _slices(sorted(self.cards, key=lambda _: rand()), self.sizes)
        shuffled = [sorted(group, key=lambda _: rand()) for group in by_group]
        for _ in range(GREEDY_TRIES):
            hands = _greedy(shuffled, self.sizes, self.voids, rng, careful=False)
            if hands is not None:
                return hands
        hands = _greedy(shuffled, self.sizes, self.voids, rng, careful=True)
        if hands is not None:
            return hands
        return _slices(sorted(self.cards, key=lambda _: rand()), self.sizes)


def _slices(cards: list[int], sizes: Sequence[int]) -> list[int]:
    hands, at = [], 0
    for size in sizes:
        mask = 0
        for card in cards[at:at + size]:
            mask |= 1 << card
        hands.append(mask)
        at += size
    return hands


def _greedy(by_group: list[list[int]], sizes: Sequence[int], voids: Sequence[int],
            rng: random.Random, careful: bool) -> list[int] | None:
    """One pass, most constrained group first; None when a card finds no room."""
    k = len(sizes)
    caps = list(sizes)
    remaining = [len(g) for g in by_group]
    spare = sum(remaining) - sum(caps)
    eligible = [[i for i in range(k) if not voids[i] >> g & 1] for g in range(GROUPS)]
    order = sorted(range(GROUPS), key=lambda g: len(eligible[g]))
    hands = [0] * k
    for g in order:
        for card in by_group[g]:
            remaining[g] -= 1
            cands = [i for i in eligible[g] if caps[i]]
            if careful:
                cands = [i for i in cands if _feasible(remaining, caps, eligible, i)]
            if not cands:
                if spare > 0:
                    spare -= 1
                    continue
                return None
            i = _weighted(cands, caps, rng)
            caps[i] -= 1
            hands[i] |= 1 << card
    return hands


def _weighted(cands: list[int], caps: list[int], rng: random.Random) -> int:
    """A candidate chosen with probability proportional to its room left."""
    pick = int(rng.random() * sum(caps[i] for i in cands))
    for i in cands:
        pick -= caps[i]
        if pick < 0:
            return i
    return cands[-1]


def _feasible(remaining: list[int], caps: list[int], eligible: list[list[int]], taker: int
              ) -> bool:
    """Hall's condition for the cards still to deal once `taker` takes the current one."""
    room = list(caps)
    room[taker] -= 1
    for subset in range(1, 1 << GROUPS):
        need = 0
        seats: set[int] = set()
        for g in range(GROUPS):
            if subset >> g & 1 and remaining[g]:
                need += remaining[g]
                seats.update(eligible[g])
        if need > sum(room[i] for i in seats):
            return False
    return True
