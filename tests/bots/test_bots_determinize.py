"""Determinizations: what a seat knows is read soundly, and every sampled deal agrees with it.

A sampled deal keeps the seat's own hand, conserves cards (the hidden hands are exactly
the cards in play that the seat has not seen, in the right sizes), never gives a seat a
colour (Livemix) or suit (VIVO) it showed void in, and is a real position: the seat's
legal moves are the same and the round plays out to its end.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.bot_inputs import play_to, seat_inputs

from cardroom.shared.bots import determinize_livemix, determinize_vivo
from cardroom.shared.bots.sampling import _greedy, deal_hidden, groups_of
from cardroom.shared.games import livemix, registry, vivo
from cardroom.shared.games.livemix.cards import COLOURS

seeds = st.integers(min_value=0, max_value=2**31)
moves = st.integers(min_value=0, max_value=140)
players = st.sampled_from([3, 4])


def _groups(mask: int) -> int:
    """The 4-bit mask of the colours (suits) a hand mask holds."""
    return sum(1 << g for g in range(4) if mask >> (12 * g) & 0xFFF)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, n=players, count=moves)
def test_livemix_determinization_conserves_cards_and_respects_voids(seed, n, count):
    state, events = play_to("livemix", n, seed, count)
    if state.is_terminal():
        return
    seat, view, seen = seat_inputs(state, events)
    k = determinize_livemix.read(view, seen)
    others = [s for s in range(n) if s != seat]
    # Sound knowledge: the true hidden hands are the unseen cards and honour the voids.
    assert k.unseen == sum(state.hands[s] for s in others)
    for s in others:
        assert not _groups(state.hands[s]) & k.voids[s]
    assert k.won == state.won
    rng = random.Random(seed)
    for _ in range(8):
        sample = k.sample(rng)
        assert sample.hands[seat] == state.hands[seat]
        assert sum(sample.hands[s] for s in others) == k.unseen
        for s in others:
            assert sample.hands[s].bit_count() == state.hands[s].bit_count()
            assert not _groups(sample.hands[s]) & k.voids[s]
        assert sample.legal_actions() == state.legal_actions()
        livemix.random_playout(sample, rng)
        assert sample.round == state.round + 1
        assert len(sample.records) == state.round + 1


@settings(max_examples=40, deadline=None)
@given(seed=seeds, n=players, count=moves)
def test_vivo_determinization_conserves_cards_voids_and_harmonies(seed, n, count):
    state, events = play_to("vivo", n, seed, count)
    if state.is_terminal():
        return
    seat, view, seen = seat_inputs(state, events)
    k = determinize_vivo.read(view, seen)
    others = [s for s in range(n) if s != seat]
    assert k.unseen == sum(state._hands[s] for s in others)
    for s in others:
        assert not _groups(state._hands[s]) & k.voids[s]
    assert k.down == state._down and k.up == state._up
    shown = state._trick + 2
    rng = random.Random(seed)
    for _ in range(8):
        sample = k.sample(rng)
        assert sample._hands[seat] == state._hands[seat]
        assert sum(sample._hands[s] for s in others) == k.unseen
        for s in others:
            assert sample._hands[s].bit_count() == state._hands[s].bit_count()
            assert not _groups(sample._hands[s]) & k.voids[s]
        assert sample._harmonies[:shown] == state._harmonies[:shown]
        assert sorted(sample._harmonies) == sorted(state._harmonies)
        assert sample.legal_actions() == state.legal_actions()
        vivo.random_playout(sample, rng)
        assert sample._round == state._round + 1 or sample.is_terminal()


def test_vivo_off_harmony_play_reveals_void_in_every_allowed_suit():
    # A SOLO led red: seat 1 holds no red, so it plays off-harmony and is void in red only.
    hands = [["R1", "R2", "R3", "R4", "R5", "R6", "G1", "G2", "G3", "G4", "G5", "G6"],
             ["G7", "G8", "G9", "G10", "G11", "G12", "B1", "B2", "B3", "B4", "B5", "B6"],
             ["R7", "R8", "R9", "R10", "R11", "R12", "B7", "B8", "B9", "B10", "B11", "B12"],
             ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10", "Y11", "Y12"]]
    harmonies = ["SOLO", "DUET", "TRIO", "QUARTET", "SOLO", "DUET", "TRIO", "QUARTET",
                 "SOLO", "DUET", "TRIO", "QUARTET"]
    state = vivo.new_game(vivo.Config(players=4), seed=1,
                          deal={"hands": hands, "harmonies": harmonies})
    events = state.opening_events()
    events += state.apply_action("R1")
    events += state.apply_action("G7")
    _seat, view, seen = seat_inputs(state, events)
    k = determinize_vivo.read(view, seen)
    assert k.voids[1] == 1 << vivo.Suit.RED
    assert k.voids[0] == 0 and k.voids[3] == 0


def test_livemix_not_following_reveals_void_in_the_lead_colour():
    # Seat 1 holds no heart: on seat 0's heart lead it plays a gem, and is void in heart.
    hands = [[f"H{v}" for v in range(1, 13)],
             [f"G{v}" for v in range(1, 13)],
             [f"F{v}" for v in range(1, 13)],
             [f"M{v}" for v in range(1, 13)]]
    state = livemix.new_game(livemix.Config(players=4), seed=1, deal={"hands": hands})
    events = state.opening_events()
    events += state.apply_action("H5")
    events += state.apply_action("G2")
    seat, view, seen = seat_inputs(state, events)
    k = determinize_livemix.read(view, seen)
    assert seat == 2
    assert k.voids == [0, 1, 0, 0]
    assert k.unseen == (0xFFF << 12 | 0xFFF << 36 | 0xFFF) & ~(1 << 4 | 1 << 13)


def test_sampling_with_tight_voids_always_finds_the_consistent_deal():
    # Three hands, each void in all but one group: the only consistent deal is forced.
    pool = sum(1 << c for c in list(range(0, 4)) + list(range(12, 16)) + list(range(24, 28)))
    voids = [0b1110, 0b1101, 0b1011]
    for seed in range(50):
        hands = deal_hidden(pool, [4, 4, 4], voids, random.Random(seed))
        assert hands == [0xF, 0xF << 12, 0xF << 24]


def test_sampling_without_voids_is_a_plain_deal_of_the_pool():
    pool = (1 << 30) - 1
    hands = deal_hidden(pool, [10, 10, 10], [0, 0, 0], random.Random(3))
    assert [h.bit_count() for h in hands] == [10, 10, 10]
    assert hands[0] | hands[1] | hands[2] == pool


def test_samples_honour_voids_in_many_real_positions_of_both_games():
    with_voids = 0
    for seed in range(60):
        for game, read in (("livemix", determinize_livemix.read),
                           ("vivo", determinize_vivo.read)):
            state, events = play_to(game, 4, seed, 20 + seed)
            if state.is_terminal():
                continue
            seat, view, seen = seat_inputs(state, events)
            k = read(view, seen)
            others = [s for s in range(4) if s != seat]
            if not any(k.voids[s] for s in others):
                continue
            with_voids += 1
            rng = random.Random(seed)
            for _ in range(20):
                sample = k.sample(rng)
                hands = sample.hands if game == "livemix" else sample._hands
                for s in others:
                    assert not _groups(hands[s]) & k.voids[s]
    assert with_voids >= 30


@settings(max_examples=200, deadline=None)
@given(seed=seeds, sizes=st.lists(st.integers(1, 8), min_size=2, max_size=3),
       keep=st.integers(0, 15))
def test_sampling_finds_a_void_consistent_deal_whenever_one_exists(seed, sizes, keep):
    # A true deal, its seats declared void in (some of) the groups they lack: the sampler
    # must always produce hands of the same sizes from the same cards, within the voids.
    rng = random.Random(seed)
    cards = rng.sample(range(48), sum(sizes))
    truth, at = [], 0
    for size in sizes:
        truth.append(sum(1 << c for c in cards[at:at + size]))
        at += size
    voids = [(~_groups(h) & 15) & (keep | rng.randrange(16)) for h in truth]
    pool = sum(truth)
    hands = deal_hidden(pool, sizes, voids, rng)
    assert sum(hands) == pool
    assert [h.bit_count() for h in hands] == sizes
    for hand, void in zip(hands, voids, strict=True):
        assert not _groups(hand) & void
    # The careful pass alone (Hall's condition before each card) never gets stuck.
    by_group = [[c for c in cards if c // 12 == g] for g in range(4)]
    careful = _greedy(by_group, sizes, voids, rng, careful=True)
    assert careful is not None and sum(careful) == pool
    for hand, void in zip(careful, voids, strict=True):
        assert not _groups(hand) & void


@pytest.mark.parametrize("game", ["livemix", "vivo"])
def test_three_player_knowledge_finds_the_left_out_colour_whichever_it_is(game):
    # Any colour (suit) may be the one a 3-player game leaves out: once the seat has seen
    # the three in play (its hand nearly always shows them), the unseen cards it deals are
    # exactly the other seats' hands, never a card of the colour out of the game.
    module, key, names = ((determinize_livemix, "removed_colour", COLOURS)
                          if game == "livemix" else
                          (determinize_vivo, "removed_suit", [s.letter for s in vivo.Suit]))
    checked = 0
    for removed in names:
        config = registry.make_config(game, {"players": 3, key: removed})
        for seed in range(3):
            # At the opening, and after a few tricks (the plays show colours too).
            for moves in (0, 4 + 3 * seed):
                state = registry.new_game(game, config, seed=seed)
                events = registry.opening_events(state)
                rng = random.Random(seed)
                for _ in range(moves):
                    events += state.apply_action(rng.choice(state.legal_actions()))
                seat, view, seen = seat_inputs(state, events)
                k = module.read(view, seen)
                hands = state.hands if game == "livemix" else state._hands
                assert k.unseen == sum(hands[s] for s in range(3) if s != seat)
                checked += 1
    assert checked == 24


def test_groups_of_sees_every_card_of_every_group():
    # Which colours (suits) a hand shows decides voids and the left-out colour: every card,
    # the 1 and the 12 of a group included, shows its group, and nothing else does.
    for card in range(48):
        assert groups_of(1 << card) == 1 << (card // 12)
    assert groups_of(0) == 0 and groups_of((1 << 48) - 1) == 0b1111


def test_sampling_fills_every_hand_even_when_the_voids_cannot_all_hold():
    # One seat needs two cards, is void in group 0, and the pool holds two group-0 cards and
    # one other, one card more than needed: no deal respects the void, so it is ignored
    # (the knowledge was incomplete) and the hand is still full, from the pool.
    pool = 1 << 0 | 1 << 1 | 1 << 12
    for seed in range(20):
        [hand] = deal_hidden(pool, [2], [0b0001], random.Random(seed))
        assert hand.bit_count() == 2 and hand & ~pool == 0
