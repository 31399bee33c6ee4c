"""Every engine keeps the host contract of cardroom.shared.games.base: its static facts in one
frozen GameInfo, and a State that answers what a host asks (acting seats, deadline, the move
a time-out makes, round pins, who is still in, who a move is applied for, legal moves at a
time, opening events), consistent with the game's own rules all through a played game."""

from __future__ import annotations

import dataclasses
import inspect
import random
from typing import Any

import pytest

from cardroom.shared.errors import IllegalMove
from cardroom.shared.games import registry
from cardroom.shared.games.base import SIMULTANEOUS, GameInfo, State
from cardroom.shared.games.mixmatch.notation import claim_action, parse_action

OPTIONS: dict[str, dict[str, Any]] = {
    "livemix": {"players": 3}, "vivo": {"players": 4},
    "mixmatch": {"players": 3, "hourglass_seconds": 10.0},
}
#: The methods a host calls, besides those that play the game.
HOST_METHODS = ("acting_seats", "deadline", "timeout_move", "pin_round", "still_in", "actor",
                "legal_moves", "opening_events")


def _protocol_methods() -> set[str]:
    return {name for name, value in vars(State).items()
            if callable(value) and not name.startswith("_")}


@pytest.mark.parametrize("game", registry.GAMES)
def test_games_declare_their_facts_once_in_a_frozen_game_info(game: str) -> None:
    info = registry.info(game)
    engine = registry.module(game)
    assert isinstance(info, GameInfo) and info is engine.INFO is engine.config.INFO
    assert info.name == engine.GAME == game and info.long_name
    assert 1 <= info.min_players <= info.max_players
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.simultaneous = not info.simultaneous  # type: ignore[misc]
    # A host clock comes with the option that sets it; a game without one names none.
    assert bool(info.clock_option) == info.host_clock
    if info.clock_option:
        assert info.clock_option in engine.Config().to_dict()


@pytest.mark.parametrize("game", registry.GAMES)
def test_games_states_answer_every_method_of_the_contract(game: str) -> None:
    """The protocol lists the host's questions, and each engine's State has every method
    of the protocol with the protocol's parameter names (no getattr fallbacks needed)."""
    assert set(HOST_METHODS) <= _protocol_methods()
    state_type = type(registry.new_game(game, OPTIONS[game], seed=1))
    for name in _protocol_methods():
        method = getattr(state_type, name, None)
        assert callable(method), f"{game} State lacks {name}"
        wanted = list(inspect.signature(getattr(State, name)).parameters)
        have = list(inspect.signature(method).parameters)
        assert have[:len(wanted)] == wanted, f"{game} State.{name}{have} != {wanted}"


def _checked_step(game: str, state: Any, rng: random.Random, now: float) -> bool:
    """Check the host answers against the rules at this point, then play one move as a
    host would (a seat's move, or the time-out once the deadline passed); False at the end."""
    info = registry.info(game)
    current = state.current_player()
    acting = state.acting_seats()
    assert acting == sorted(acting)
    if state.is_terminal():
        assert acting == [] and current is None
        return False
    if not info.simultaneous:
        assert current != SIMULTANEOUS
    if not info.host_clock:
        assert state.deadline() is None and state.timeout_move() is None
    if current != SIMULTANEOUS:
        assert acting == [current]
        assert state.legal_moves(current, now) == state.legal_actions(current)
        assert state.actor(current, state.legal_actions(current)[0]) == current
        for seat in range(registry.players(state.config)):
            if seat != current:
                assert state.legal_moves(seat, now) == []
        action = rng.choice(state.legal_actions(current))
        assert state.pin_round(action) == action  # picks and cards tie to no round
        state.apply_action(action, current, now)
        return True
    out = [s for s in range(registry.players(state.config)) if not state.still_in(s)]
    assert acting == [s for s in range(registry.players(state.config)) if s not in out]
    deadline = state.deadline()
    if deadline is not None and now >= deadline:
        seat, action = state.timeout_move()
        state.apply_action(action, seat, now)
        return True
    if rng.random() < 0.7:
        return True  # nobody claims yet: the hourglass runs on
    seat = rng.choice(acting)
    # A wrong claim: the seat is out for the rest of the round.
    pinned = state.pin_round("claim 1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1")
    assert parse_action(pinned).round == state.observation(None)["round"]
    state.apply_action(pinned, seat, now)
    assert not state.still_in(seat) or state.observation(None)["round"] > parse_action(
        pinned).round
    return True


@pytest.mark.parametrize("game", registry.GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_host_answers_agree_with_the_rules_through_a_whole_game(game: str, seed: int
                                                                      ) -> None:
    rng = random.Random(seed)
    state = registry.new_game(game, OPTIONS[game], seed=seed, now=0.0)
    assert registry.opening_events(state) == state.opening_events()
    now, steps = 0.0, 0
    while _checked_step(game, state, rng, now):
        steps += 1
        now += 3.0
        assert steps < 5000
    assert state.is_terminal() and steps > 5


def test_mixmatch_claims_are_tied_to_their_round_and_time_outs_to_who_called_them() -> None:
    info = registry.info("mixmatch")
    assert info.simultaneous and info.host_clock and info.rounds is None
    state = registry.new_game("mixmatch", {"players": 2, "hourglass_seconds": 10.0}, seed=3,
                              now=100.0)
    assert state.current_player() == SIMULTANEOUS and state.acting_seats() == [0, 1]
    assert state.deadline() == 110.0 and state.timeout_move() == (None, "timeout")
    # The seats call time once the hourglass allows it, each as itself (not the host).
    assert state.legal_moves(0, 105.0) == [] and state.legal_moves(0, 110.0) == ["timeout"]
    assert state.actor(0, "timeout") == 0 and state.actor(1, "claim 3") == 1
    assert state.pin_round("claim 1+2") == "claim@1 1+2"
    assert state.pin_round("claim@4 1+2") == "claim@4 1+2" and state.pin_round("pass") == "pass"
    state.apply_action(state.pin_round("claim 999"), 0, 101.0)  # wrong: seat 0 is out
    assert not state.still_in(0) and state.still_in(1) and state.acting_seats() == [1]
    assert state.legal_moves(0, 120.0) == [] and state.actor(0, "timeout") == 0
    with pytest.raises(IllegalMove, match="out"):
        state.clone().apply_action("timeout", 0, 120.0)  # a seat that is out calls nothing
    ran_out = state.apply_action("timeout", 1, 120.0)[0]
    assert ran_out["type"] == "hourglass_ran_out" and ran_out["seat"] == 1
    assert "seat" not in state.apply_action("timeout", None, 131.0)[0]  # the host's timer


def test_game_infos_say_how_a_move_is_tied_to_its_round() -> None:
    mix = registry.info("mixmatch")
    assert mix.tag_round("claim 1+2", 3) == "claim@3 1+2"
    assert mix.tag_round("claim@2 1+2", 3) == "claim@2 1+2"
    assert mix.tag_round("claim 1+2", None) == "claim 1+2"
    assert mix.tag_round("pick 4", 3) == "pick 4" and mix.tag_round("timeout", 1) == "timeout"
    assert mix.round_bound("claim 1+2") and mix.round_bound("claim@2 1+2")
    assert not mix.round_bound("pick 4") and not mix.round_bound("timeout")
    assert claim_action("(1+2)*3", 2) == "claim@2 (1+2)*3" == mix.tag_round("claim (1+2)*3", 2)
    assert claim_action("7") == "claim 7" == claim_action("7", 0)
    for game in ("livemix", "vivo"):
        info = registry.info(game)
        assert not info.simultaneous and not info.host_clock and info.rounds in (2, 3)
        assert info.tag_round("claim 1", 2) == "claim 1" and not info.round_bound("claim 1")
