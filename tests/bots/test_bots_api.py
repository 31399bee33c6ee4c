"""The policy registry and interface: what exists per game, parameters checked, errors
named, decisions JSON-able, views checked."""

from __future__ import annotations

import json

import pytest
from support.bot_inputs import play_to, seat_inputs

from cardroom.shared.bots import Decision, get_policy, list_policies
from cardroom.shared.bots.ismcts_policies import LEVEL_ITERATIONS
from cardroom.shared.errors import InvalidArgument, NotFound


def test_list_policies_per_game_with_cost_and_params():
    names = {(p.game, p.name): p for p in list_policies()}
    assert set(names) == {("livemix", "random"), ("livemix", "heuristic"),
                          ("livemix", "ismcts"), ("livemix", "guided"), ("vivo", "random"),
                          ("vivo", "heuristic"), ("vivo", "ismcts"), ("vivo", "guided"),
                          ("mixmatch", "random"), ("mixmatch", "solver")}
    assert names[("vivo", "ismcts")].cost == "search"
    assert names[("livemix", "guided")].cost == "search"
    assert names[("livemix", "heuristic")].cost == "fast"
    assert [p.name for p in list_policies("vivo")] == ["guided", "heuristic", "ismcts", "random"]
    for info in names.values():
        data = json.loads(json.dumps(info.to_dict()))
        assert data["params"][0]["name"] == "strength"
        for param in data["params"]:
            assert param["minimum"] <= param["default"] <= param["maximum"]


def test_get_policy_unknown_game_or_name_is_not_found():
    with pytest.raises(NotFound) as err:
        get_policy("chess", "random")
    assert err.value.resource_type == "game"
    with pytest.raises(NotFound) as err:
        get_policy("vivo", "alphazero")
    assert err.value.resource_type == "policy" and "ismcts" in err.value.reason


@pytest.mark.parametrize(("params", "field"), [
    ({"depth": 3}, "depth"),
    ({"strength": 6}, "strength"),
    ({"strength": -1}, "strength"),
    ({"iterations": "many"}, "iterations"),
    ({"iterations": 1.5}, "iterations"),
    ({"time_ms": True}, "time_ms"),
    ({"exploration": float("nan")}, "exploration"),
])
def test_get_policy_bad_params_are_invalid_arguments_naming_the_field(params, field):
    with pytest.raises(InvalidArgument) as err:
        get_policy("livemix", "ismcts", **params)
    assert err.value.field == field


def test_ismcts_strength_sets_iterations_unless_given():
    assert get_policy("vivo", "ismcts", strength=1).iterations == LEVEL_ITERATIONS[1]
    assert get_policy("vivo", "ismcts").iterations == LEVEL_ITERATIONS[0]
    assert get_policy("vivo", "ismcts", strength=1, iterations=77).iterations == 77


def test_decide_refuses_another_games_view_and_a_spectators_view():
    state, events = play_to("vivo", 4, 1, 3)
    policy = get_policy("livemix", "random")
    with pytest.raises(InvalidArgument):
        policy.decide(state.observation(state.current_player()), events, 0)
    with pytest.raises(InvalidArgument):
        get_policy("vivo", "random").decide(state.observation(None), events, 0)


@pytest.mark.parametrize("game", ["livemix", "vivo"])
def test_decisions_are_json_able(game):
    state, events = play_to(game, 4, 2, 6)
    _, view, seen = seat_inputs(state, events)
    for info in list_policies(game):
        params = {"iterations": 50} if info.cost == "search" else {}
        decision = get_policy(game, info.name, **params).decide(view, seen, 1)
        assert isinstance(decision, Decision)
        data = json.loads(json.dumps(decision.to_dict()))
        assert data["action"] in view["legal_actions"]
        assert data["delay_s"] == 0.0


def test_policy_seed_param_changes_the_random_stream():
    state, events = play_to("livemix", 4, 3, 0)
    _, view, seen = seat_inputs(state, events)
    moves = {get_policy("livemix", "random", seed=s).decide(view, seen, 0).action
             for s in range(20)}
    assert len(moves) > 3
