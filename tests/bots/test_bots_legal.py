"""Every policy of the trick-taking games plays only legal moves, in whole games of 3 and 4
players, and the same inputs and seed always give the same move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.bot_inputs import play_to, seat_inputs, visible
from support.cpu import cpu_spent

from cardroom.shared.bots import get_policy
from cardroom.shared.games import registry

GAMES = ["livemix", "vivo"]
SMALL = {"random": {}, "heuristic": {}, "ismcts": {"iterations": 40},
         "guided": {"iterations": 40}}


def _whole_game(game: str, players: int, seed: int, names: list[str]) -> int:
    """Play a game with the named policies in turn per seat; the moves checked."""
    config = registry.make_config(game, {"players": players})
    state = registry.new_game(game, config, seed=seed)
    events = registry.opening_events(state)
    policies = [get_policy(game, names[s % len(names)], **SMALL[names[s % len(names)]])
                for s in range(players)]
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        decision = policies[seat].decide(state.observation(seat), visible(events, seat), moves)
        assert decision.action in legal
        events += state.apply_action(decision.action, seat)
        moves += 1
    return moves


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_every_policy_plays_whole_games_with_legal_moves_only(game, players):
    moves = 0
    for seed, names in enumerate([["ismcts", "heuristic", "random"],
                                  ["heuristic", "guided", "ismcts"]]):
        moves += _whole_game(game, players, seed, names)
    assert moves > 40


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.sampled_from([3, 4]),
       seed=st.integers(0, 2**31), count=st.integers(0, 120),
       name=st.sampled_from(sorted(SMALL)), decide_seed=st.integers(0, 2**31))
def test_policy_move_is_legal_and_reproducible_at_random_states(
        game, players, seed, count, name, decide_seed):
    state, events = play_to(game, players, seed, count)
    if state.is_terminal():
        return
    _seat, view, seen = seat_inputs(state, events)
    policy = get_policy(game, name, **SMALL[name])
    first = policy.decide(view, seen, decide_seed)
    second = get_policy(game, name, **SMALL[name]).decide(view, seen, decide_seed)
    assert first.action in state.legal_actions()
    assert (second.action, second.evaluation) == (first.action, first.evaluation)


@pytest.mark.parametrize("game", GAMES)
def test_policy_makes_no_move_when_it_is_not_the_seats_turn(game):
    state, events = play_to(game, 4, 3, 5)
    waiting = (state.current_player() + 1) % 4
    for name, params in SMALL.items():
        decision = get_policy(game, name, **params).decide(
            state.observation(waiting), visible(events, waiting), 0)
        assert decision.action == ""
        assert decision.evaluation["reason"] == "not this seat's turn"


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_reports_visits_that_sum_to_its_iterations(game):
    state, events = play_to(game, 4, 11, 0)
    _seat, view, seen = seat_inputs(state, events)
    decision = get_policy(game, "ismcts", iterations=300).decide(view, seen, 5)
    assert decision.iterations == 300
    assert sum(decision.evaluation["visits"].values()) == 300
    assert set(decision.evaluation["visits"]) == set(view["legal_actions"])
    top = max(decision.evaluation["visits"].values())
    assert decision.evaluation["visits"][decision.action] == top


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_a_forced_move_without_searching(game):
    for seed in range(40):
        state, events = play_to(game, 4, seed, 1 + seed % 30)
        if len(state.legal_actions()) == 1:
            _seat, view, seen = seat_inputs(state, events)
            decision = get_policy(game, "ismcts").decide(view, seen, 0)
            assert decision.action == state.legal_actions()[0]
            assert decision.iterations == 0
            return
    pytest.fail("no forced move found in 40 games")


#: The search's time budget in the test, and what the call may spend past it: the seat's
#: knowledge is read and the result built outside the search (well under a millisecond each)
#: and one iteration may finish after the last check (about 0.4 ms); 10 ms covers both
#: many times over and is still a quarter of the budget.
BUDGET_MS, OVER_MS = 40, 10


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("cpu_time", [0, 1])
def test_ismcts_time_budget_stops_the_search(game, cpu_time):
    state, events = play_to(game, 4, 12, 0)
    _, view, seen = seat_inputs(state, events)
    policy = get_policy(game, "ismcts", iterations=1_000_000, time_ms=BUDGET_MS,
                        cpu_time=cpu_time)
    with cpu_spent() as spent:
        decision = policy.decide(view, seen, 1)
    assert 0 < decision.iterations < 1_000_000
    assert decision.action in view["legal_actions"]
    # The call's own CPU time, which other processes on the machine cannot inflate: within
    # the budget either way (a wall-clock budget bounds CPU time too).
    assert spent.own * 1000 < BUDGET_MS + OVER_MS
    if cpu_time:
        # It uses its budget, counted in CPU time (half of it at least: another thread of
        # this process, or a collector pause, advances the process clock as well).
        assert spent.total * 1000 > BUDGET_MS / 2
    else:
        # Wall time may stretch past the budget only while the machine runs something else.
        assert decision.think_s < 0.2


@settings(max_examples=20, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.sampled_from([3, 4]),
       seed=st.integers(0, 2**31), count=st.integers(0, 120),
       name=st.sampled_from(sorted(SMALL)), keep=st.floats(0.0, 1.0))
def test_policy_still_plays_legally_when_events_are_missing(game, players, seed, count,
                                                           name, keep):
    # A raw observation with a tail of its events (a hint request, say): less knowledge,
    # but the move is still one of the view's legal moves.
    state, events = play_to(game, players, seed, count)
    if state.is_terminal():
        return
    _, view, seen = seat_inputs(state, events)
    tail = seen[int(keep * len(seen)):]
    decision = get_policy(game, name, **SMALL[name]).decide(view, tail, seed)
    assert decision.action in state.legal_actions()
