"""The bots' sampled worlds are drawn from the right distribution, not just consistent ones.

A search bot plays against deals (and VIVO harmony orders) sampled from what its seat saw.
With no voids every consistent deal is equally likely, and every order of the harmonies not
shown yet is too: each test draws many samples with a fixed seed and runs Pearson's
chi-square test against those exact probabilities. Each test's false-alarm rate (a correct
sampler failing it, over the seeds one might pick) is ALPHA; with the fixed seed a run is
repeatable. A sampler that stops shuffling fails with p far below it.

With voids the greedy dealer is not uniform (its docstring promises uniformity only without
them); there the test checks that exactly the consistent deals come out, every one of them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from itertools import combinations, permutations

import pytest
from support.bot_inputs import play_to, seat_inputs
from support.stats import chi_square, chi_square_p

from cardroom.shared.bots import determinize_livemix, determinize_vivo
from cardroom.shared.bots.sampling import deal_hidden, ids_of

#: False-alarm rate of each chi-square test.
ALPHA = 1e-4
SAMPLES = 6000


def _deals(cards: Sequence[int], sizes: Sequence[int], voids: Sequence[int]) -> list[tuple]:
    """Every deal of `cards` into hands of `sizes` (any rest undealt) respecting `voids`."""
    if not sizes:
        return [()]
    out = []
    for hand in combinations(cards, sizes[0]):
        if any(voids[0] >> (card // 12) & 1 for card in hand):
            continue
        rest = [card for card in cards if card not in hand]
        mask = sum(1 << card for card in hand)
        out += [(mask, *tail) for tail in _deals(rest, sizes[1:], voids[1:])]
    return out


def _fit(draw: Callable[[random.Random], Hashable], expected: dict[Hashable, float],
         seed: int = 17) -> float:
    """The chi-square p-value of SAMPLES draws against `expected`."""
    rng = random.Random(seed)
    observed = Counter(draw(rng) for _ in range(SAMPLES))
    return chi_square_p(chi_square(observed, expected), len(expected) - 1)


@pytest.mark.parametrize("sizes", [(3, 3), (2, 2), (2, 1, 3)])
def test_deal_hidden_without_voids_draws_every_deal_equally_often(sizes):
    pool = sum(1 << card for card in (0, 5, 13, 20, 30, 47))
    deals = _deals(ids_of(pool), sizes, [0] * len(sizes))
    expected = {deal: 1 / len(deals) for deal in deals}
    p = _fit(lambda rng: tuple(deal_hidden(pool, sizes, [0] * len(sizes), rng)), expected)
    assert p > ALPHA


@pytest.mark.parametrize("voids", [(1, 0, 0), (1, 2, 0), (1, 1, 0), (6, 0, 1)])
def test_deal_hidden_with_voids_draws_exactly_the_consistent_deals(voids):
    pool = sum(1 << card for card in (0, 1, 12, 13, 24, 25))
    consistent = set(_deals(ids_of(pool), (2, 2, 2), voids))
    rng = random.Random(5)
    drawn = Counter(tuple(deal_hidden(pool, (2, 2, 2), voids, rng)) for _ in range(3000))
    assert set(drawn) == consistent


def _owners_expected(sizes: Sequence[int], cards: int) -> dict[Hashable, float]:
    """P(the first `cards` hidden cards go to seats (i, j, ...)) in a uniform deal."""
    total = sum(sizes)
    out: dict[Hashable, float] = {}
    for owners in _tuples(len(sizes), cards):
        left = list(sizes)
        p = 1.0
        for k, i in enumerate(owners):
            p *= left[i] / (total - k)
            left[i] -= 1
        if p:
            out[owners] = p
    return out


def _tuples(n: int, length: int) -> list[tuple[int, ...]]:
    if length == 0:
        return [()]
    return [(i, *rest) for i in range(n) for rest in _tuples(n, length - 1)]


def _owners(hands: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(next(i for i, hand in enumerate(hands) if hand >> card & 1) for card in cards)


@pytest.mark.parametrize(("game", "players", "moves"),
                         [("livemix", 4, 2), ("livemix", 3, 1), ("vivo", 4, 6), ("vivo", 3, 0)])
def test_determinization_deals_the_unseen_cards_uniformly(game, players, moves):
    # Early in a round, with no voids yet: who holds the three lowest unseen cards.
    state, events = play_to(game, players, 3, moves)
    seat, view, seen = seat_inputs(state, events)
    module = determinize_livemix if game == "livemix" else determinize_vivo
    knowledge = module.read(view, seen)
    assert not any(knowledge.voids)
    others = [s for s in range(players) if s != seat]
    watched = ids_of(knowledge.unseen)[:3]

    def draw(rng: random.Random) -> Hashable:
        sample = knowledge.sample(rng)
        # The hands the search plays from (a VIVO search position's deal is a placeholder).
        hands = sample.hands if game == "livemix" else sample._hands
        return _owners([hands[s] for s in others], watched)

    expected = _owners_expected([knowledge.hand_sizes[s] for s in others], 3)
    assert _fit(draw, expected) > ALPHA


@pytest.mark.parametrize(("players", "moves"), [(4, 0), (3, 7)])
def test_vivo_determinization_orders_the_unshown_harmonies_uniformly(players, moves):
    # The first two unshown slots: each ordered pair as likely as the pool's counts make it.
    state, events = play_to("vivo", players, 8, moves)
    _seat, view, seen = seat_inputs(state, events)
    knowledge = determinize_vivo.read(view, seen)
    slots = [t for t, h in enumerate(knowledge.harmonies) if not h][:2]
    pool = Counter(knowledge.hidden_harmonies)
    size = sum(pool.values())
    assert len(slots) == 2 and len(pool) > 2
    expected = {(a, b): pool[a] * (pool[b] - (a == b)) / (size * (size - 1))
                for a in pool for b in pool if pool[b] - (a == b) > 0}

    def draw(rng: random.Random) -> Hashable:
        harmonies = knowledge.sample(rng)._harmonies  # the order the search plays
        return tuple(int(harmonies[t]) for t in slots)

    assert _fit(draw, expected) > ALPHA


def test_the_expected_owner_probabilities_sum_to_one():
    # The exact distribution the tests above compare with, checked against brute force.
    sizes = (2, 1, 3)
    hands = list(permutations([0] * 2 + [1] + [2] * 3))
    brute = Counter(h[:3] for h in hands)
    expected = _owners_expected(sizes, 3)
    assert abs(sum(expected.values()) - 1) < 1e-12
    for owners, p in expected.items():
        assert abs(p - brute[owners] / len(hands)) < 1e-12
