"""The Mix Match bots: claims that the engine accepts, with at least the strength's share of
the most cards any solution uses, sent after the think time; picks in variant 2; no move
for a seat that is out or a board without a solution."""

from __future__ import annotations

import math
import random

import pytest

from cardroom.shared.bots import get_policy
from cardroom.shared.bots.mixmatch_bot import LEVELS
from cardroom.shared.games import mixmatch
from cardroom.shared.games.mixmatch.claim import check_claim
from cardroom.shared.solver import best


def _game(seed: int, **options: object) -> mixmatch.State:
    config = mixmatch.Config.from_dict({"players": 2, "hourglass_seconds": 0, **options})
    return mixmatch.new_game(config, seed=seed)


@pytest.mark.parametrize("strength", [1, 2, 3, 4, 5])
def test_mixmatch_solver_claim_is_valid_and_uses_the_strengths_share_of_the_maximum(strength):
    policy = get_policy("mixmatch", "solver", strength=strength)
    share = LEVELS[strength][1]
    checked = 0
    for seed in range(6):
        state = _game(seed)
        view = state.observation(1)
        board, target = view["table"], view["target"]
        most = best(board, target).cards_used
        decision = policy.decide(view, [], seed)
        if most == 0:
            assert decision.action == ""
            continue
        expression = decision.action.split(" ", 1)[1]
        result = check_claim(expression, board, target, state.config.rules)
        assert result.valid
        assert len(result.cards) >= math.ceil(share * most)
        assert decision.evaluation["max_cards"] == most
        events = state.apply_action(decision.action, 1)
        assert events[0]["type"] == "claim_accepted"
        checked += 1
    assert checked >= 4


def test_mixmatch_solver_claims_after_its_think_time():
    state = _game(2)
    decision = get_policy("mixmatch", "solver", think_s=7.5).decide(state.observation(0), [], 0)
    assert decision.action.startswith("claim@1 ")
    assert decision.delay_s == pytest.approx(7.5 - decision.think_s)
    quick = get_policy("mixmatch", "solver", think_s=0).decide(state.observation(0), [], 0)
    assert quick.delay_s == 0.0


def _unsolvable(hourglass: float) -> mixmatch.State:
    deck = [1] * 5 + list(range(2, 12))
    config = mixmatch.Config.from_dict({"players": 2, "hourglass_seconds": hourglass,
                                        "deck": deck})
    state = mixmatch.new_game(config, deal={"deck": deck, "rolls": [[70, 8]]}, now=0.0)
    assert state.observation(0)["table"] == [1, 1, 1, 1, 1]
    return state


def test_mixmatch_bots_make_no_claim_on_a_board_without_solution():
    state = _unsolvable(30)
    for name in ("solver", "random"):
        decision = get_policy("mixmatch", name).decide(state.observation(0), [], 0)
        assert decision.action == ""


def test_mixmatch_solver_calls_time_on_a_board_without_solution_and_no_hourglass():
    state = _unsolvable(0)
    decision = get_policy("mixmatch", "solver", think_s=3).decide(state.observation(0), [], 0)
    assert decision.action == "timeout" and decision.delay_s > 2
    assert get_policy("mixmatch", "random").decide(state.observation(0), [], 0).action == ""
    events = state.apply_action(decision.action, None)  # the service applies it as the host
    assert events[0]["type"] == "hourglass_ran_out"


def test_mixmatch_bot_makes_no_move_for_a_seat_that_is_out():
    state = _game(4)
    state.apply_action("claim 1+1+1+1+1+1+1", 0)  # wrong: seat 0 is out this round
    assert state.observation(0)["out"][0]
    for name in ("solver", "random"):
        assert get_policy("mixmatch", name).decide(state.observation(0), [], 0).action == ""


def test_mixmatch_bots_pick_own_cards_in_variant_2():
    state = _game(5, own_cards=True, players=3)
    for name in ("solver", "random"):
        probe = state.clone()
        while probe.observation(0)["phase"] == "pick":
            seat = probe.current_player()
            decision = get_policy("mixmatch", name).decide(probe.observation(seat), [], seat)
            assert decision.action in probe.legal_actions(seat)
            probe.apply_action(decision.action, seat)
        assert all(len(cards) == 1 for cards in probe.observation(0)["own"])


def test_mixmatch_random_bot_only_claims_what_reaches_the_target_reproducibly():
    claimed = 0
    for seed in range(30):
        state = _game(seed)
        view = state.observation(0)
        decision = get_policy("mixmatch", "random", think_s=0).decide(view, [], seed)
        again = get_policy("mixmatch", "random", think_s=0).decide(view, [], seed)
        assert again.action == decision.action
        if decision.action:
            expression = decision.action.split(" ", 1)[1]
            assert check_claim(expression, view["table"], view["target"],
                               state.config.rules).valid
            claimed += 1
    assert claimed >= 3


def test_mixmatch_solver_plays_a_whole_game_of_bots():
    state = _game(9, players=3)
    policies = [get_policy("mixmatch", "solver", strength=s) for s in (1, 3, 5)]
    rng = random.Random(0)
    while not state.is_terminal():
        decisions = [(p.decide(state.observation(s), [], 0), s) for s, p in enumerate(policies)]
        claims = sorted(((d.delay_s, s, d.action) for d, s in decisions
                         if d.action.startswith("claim")),
                        key=lambda x: (x[0], rng.random()))
        if claims:
            events = state.apply_action(claims[0][2], claims[0][1])
            assert events[0]["type"] == "claim_accepted"
        else:
            state.apply_action("timeout", None)
    assert state.winners()
    assert sum(state.scores()) > 20
