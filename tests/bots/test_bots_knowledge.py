"""The rewards a search bot gives a played-out sample: each seat's lead before the last
round, the game's outcome in it."""

from __future__ import annotations

import random

import pytest
from support.bot_inputs import play_to, seat_inputs

from cardroom.shared.bots import determinize_livemix, determinize_vivo
from cardroom.shared.bots.determinize_livemix import game_rewards
from cardroom.shared.games import livemix, vivo
from cardroom.shared.games.vivo.position import round_points


def _lead(total: int, best_other: int, scale: float = 8.0) -> float:
    x = (total - best_other) / scale
    return 0.5 + 0.5 * x / (1 + abs(x))


def test_rewards_before_the_last_round_are_each_seats_lead_squashed() -> None:
    # Totals 5, 3, 9, 0: seat 2 leads by 4, seat 0 trails it by 4, seat 3 by 9.
    rewards = game_rewards([[3, 1, 4, 0]], [2, 2, 5, 0], last=False, tie_break_last=True)
    assert rewards == pytest.approx([_lead(5, 9), _lead(3, 9), _lead(9, 5), _lead(0, 9)])
    assert rewards[2] > 0.5 > rewards[0] > rewards[1] > rewards[3]


def test_rewards_in_the_last_round_go_mostly_to_the_winner_ties_broken_by_that_round() -> None:
    # Totals 5, 3, 5, 0: seats 0 and 2 tie; seat 2 scored more in this round and wins.
    rewards = game_rewards([[3, 1, 0, 0]], [2, 2, 5, 0], last=True, tie_break_last=True)
    leads = [_lead(5, 5), _lead(3, 5), _lead(5, 5), _lead(0, 5)]
    assert rewards == pytest.approx([0.2 * leads[0], 0.2 * leads[1], 0.8 + 0.2 * leads[2],
                                     0.2 * leads[3]])


def test_rewards_in_the_last_round_split_a_tie_that_stands() -> None:
    # Without the tie break (VIVO) the two leaders share the win.
    rewards = game_rewards([[3, 1, 0, 0]], [2, 2, 5, 0], last=True, tie_break_last=False)
    assert rewards[0] == pytest.approx(rewards[2]) == pytest.approx(0.4 + 0.2 * _lead(5, 5))
    assert max(rewards[1], rewards[3]) < 0.2


@pytest.mark.parametrize("seed", range(4))
def test_vivo_rewards_of_the_last_round_are_the_game_outcome(seed: int) -> None:
    # A position in VIVO's second (last) round: a played-out sample pays the seats with the
    # best totals (earlier round included) at least 0.8 shared, the others under 0.2.
    state, events = play_to("vivo", 4, seed, 52)
    _seat, view, seen = seat_inputs(state, events)
    knowledge = determinize_vivo.read(view, seen)
    assert knowledge.round_index == 1
    rng = random.Random(seed)
    for _ in range(5):
        sample = knowledge.sample(rng)
        vivo.random_playout(sample, rng)
        rewards = knowledge.rewards(sample)
        winners = [s for s, r in enumerate(rewards) if r >= 0.8 / 4]
        # Four seats never all tie, so someone loses: and a loser gets under 0.2.
        assert 0 < len(winners) < 4
        assert sum(rewards[s] for s in winners) >= 0.8
        # The winners are those with the best totals over both rounds.
        totals = [a + b for a, b in zip(view["round_scores"][0], round_points(sample, 1),
                                        strict=True)]
        assert winners == [s for s in range(4) if totals[s] == max(totals)]



@pytest.mark.parametrize("seed", range(3))
def test_livemix_rewards_of_the_last_round_are_the_game_outcome(seed: int) -> None:
    # A position in Livemix's third (last) round: the seats with the best totals, ties
    # broken by this round's score, take at least 0.8 between them; the others under 0.2.
    state, events = play_to("livemix", 4, seed, 80)
    _seat, view, seen = seat_inputs(state, events)
    knowledge = determinize_livemix.read(view, seen)
    assert knowledge.round_index == 2
    rng = random.Random(seed)
    for _ in range(5):
        sample = knowledge.sample(rng)
        livemix.random_playout(sample, rng)
        rewards = knowledge.rewards(sample)
        last = sample.records[2].scores
        totals = [sum(r[s] for r in view["round_scores"]) + last[s] for s in range(4)]
        top = [s for s in range(4) if totals[s] == max(totals)]
        won = [s for s in top if last[s] == max(last[t] for t in top)]
        assert [s for s, r in enumerate(rewards) if r >= 0.8 / 4] == won
        assert sum(rewards[s] for s in won) >= 0.8
