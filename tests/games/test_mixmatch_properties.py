"""Mix Match invariants under random play: cards conserved, exact serialization and replay,
observations that depend on public play only."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.shared.arith import combine
from cardroom.shared.errors import CardroomError, IllegalMove, MalformedAction
from cardroom.shared.games.base import SIMULTANEOUS
from cardroom.shared.games.mixmatch import Config, State, from_json, new_game, replay
from cardroom.shared.games.mixmatch.deal import shuffled_deck


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """Small random matches (targets 6 to 23) with any mix of variants and M3 options."""
    players = draw(st.integers(1, 4))
    options = {
        "players": players,
        "hourglass_seconds": draw(st.sampled_from([0, 30])),
        # 1-7 always in: enough cards for any opening table, even after variant 1.
        "deck": list(range(1, 8)) + draw(st.lists(st.integers(1, 18), max_size=40)),
        "tens_die": [5, 10], "units_die": [1, 2, 3], "black_die": [10, 20],
        "younger_players": draw(st.booleans()), "own_cards": draw(st.booleans()),
        "youngest_seat": draw(st.integers(0, players - 1)),
        "faster": draw(st.sampled_from([False, False, False, True])),  # else games are short
        "harder": draw(st.booleans()), "allow_negative": draw(st.booleans()),
        "allow_fractions": draw(st.booleans()),
    }
    return Config.from_dict(options)


def finder(cards: list[int], target: int, config: Config) -> str | None:
    """A correct claim of one or two cards, if there is one."""
    if target in cards:
        return str(target)
    for a, b in permutations(cards, 2):
        for op in "+-*/":
            if combine(op, a, b, config.rules) == target:
                return f"{a} {op} {b}"
    return None


def held_cards(data: dict[str, Any]) -> Counter[int]:
    held = Counter(data["deck"] + data["table"])
    for pile in data["own"] + data["won"]:
        held.update(pile)
    return held


def step(state: State, rng: random.Random, when: float) -> None:
    """One random but sensible move: a pick, a claim (right, wrong, stale, out) or a time-out."""
    view = state.observation(None)
    if view["phase"] == "pick":
        seat = view["to_pick"]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat, when)
        return
    seats = range(state.config.players)
    active = [seat for seat in seats if not view["out"][seat]]
    seat = rng.choice(active)
    right = finder(view["table"] + view["own"][seat], view["target"], state.config)
    roll = rng.random()
    if roll < 0.1 and view["round"] > 1:
        _refused(state, f"claim@{view['round'] - 1} 1", seat, when)  # M8: stale
    elif roll < 0.15 and len(active) < len(seats):
        out = next(seat for seat in seats if view["out"][seat])
        _refused(state, "claim 1", out, when)
    elif roll < 0.5 and right is not None:
        state.apply_action(f"claim@{view['round']} {right}", seat, when)
    elif roll < 0.75:
        wrong = rng.choice(["99", "1 + 1 + 1 + 1", "5 / 7 x 7"])
        state.apply_action(f"claim {wrong}", seat, when)
    elif roll < 0.85:  # malformed: refused, and the seat stays in (M4)
        malformed = rng.choice(["claim 1 +", "claim (2 x 3", "claim", "claim 01", "pick ١"])
        _refused(state, malformed, seat, when, MalformedAction)
    else:
        deadline = view["deadline"]
        state.apply_action("timeout", None, when if deadline is None else max(when, deadline))


def _refused(state: State, action: str, seat: int, when: float,
             error: type[CardroomError] = IllegalMove) -> None:
    before = state.to_json()
    try:
        state.apply_action(action, seat, when)
    except error:
        assert state.to_json() == before
    else:
        raise AssertionError(f"{action!r} from seat {seat} should have been refused")


def played(config: Config, seed: int, moves: int) -> State:
    """A game after up to `moves` random moves, checking the invariants after every one."""
    state = new_game(config, seed, now=1000.0)
    full = Counter(config.full_deck())
    rng = random.Random(seed)
    for number in range(moves):
        if state.is_terminal():
            break
        step(state, rng, 1000.0 + 7 * number)
        data = state.to_json()
        assert held_cards(data) == full  # cards conserved
        assert [sum(column) for column in zip(*state.round_scores(), strict=True)] \
            == state.scores()
    return state


@settings(max_examples=100, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), moves=st.integers(10, 80))
def test_mixmatch_cards_are_conserved_and_scores_add_up(config: Config, seed: int,
                                                        moves: int) -> None:
    state = played(config, seed, moves)
    assert sum(state.scores()) == sum(len(pile) for pile in state.score_breakdown()["won"])
    if state.is_terminal():
        best = max(state.scores())
        assert state.winners() == [s for s, n in enumerate(state.scores()) if n == best]
        assert state.current_player() is None and state.legal_actions() == []


@settings(max_examples=50, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), moves=st.integers(10, 60))
def test_mixmatch_serialization_round_trips_exactly(config: Config, seed: int,
                                                   moves: int) -> None:
    state = played(config, seed, moves)
    data = state.to_json()
    back = from_json(json.loads(json.dumps(data)))
    assert back.to_json() == data
    assert back.observation(None) == state.observation(None)
    twin = state.clone()
    if not twin.is_terminal():
        seat = twin.current_player()
        seat = None if seat == SIMULTANEOUS else seat
        twin.apply_action(twin.legal_actions(seat)[0], seat, 10**9)
        assert twin.to_json() != data and state.to_json() == data  # only the copy moved


@settings(max_examples=50, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), moves=st.integers(10, 60))
def test_mixmatch_replay_reproduces_the_game(config: Config, seed: int, moves: int) -> None:
    state = played(config, seed, moves)
    again = replay(config, seed, None, state.history(), now=1000.0)
    assert again.to_json() == state.to_json()


@settings(max_examples=50, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32), moves=st.integers(10, 60))
def test_mixmatch_observation_never_shows_deck_order_or_seed(config: Config, seed: int,
                                                             moves: int) -> None:
    state = played(config, seed, moves)
    data = state.to_json()
    # A twin dealt the same cards so far but the undrawn rest reversed, with another seed
    # and the same dice so far: every seat must see exactly the same thing.
    dealt = shuffled_deck(config, seed)
    drawn = dealt[:len(dealt) - len(data["deck"])]
    rolls = [log["dice"] for log in data["rounds"] if log["dice"] is not None]
    deal: dict[str, Any] = {"deck": drawn + data["deck"][::-1]}
    if rolls:
        deal["rolls"] = rolls
    twin = replay(config, seed + 1, deal, state.history(), now=1000.0)
    for seat in [None, *range(config.players)]:
        view = state.observation(seat)
        assert twin.observation(seat) == view
        assert "deck" not in view and "seed" not in view
        json.dumps(view)


@settings(max_examples=30, deadline=None)
@given(config=configs(), seed=st.integers(0, 2**32))
def test_mixmatch_events_are_public_and_json_ready(config: Config, seed: int) -> None:
    state = new_game(config, seed, now=0.0)
    rng = random.Random(seed)
    events = state.opening_events()
    for number in range(40):
        if state.is_terminal():
            break
        before = len(state.history())
        copy = state.clone()
        step(copy, rng, float(number))
        for seat, action, when in copy.history()[before:]:
            events += state.apply_action(action, seat, when)
    for event in events:
        assert isinstance(event["type"], str) and "to" not in event
        json.dumps(event)
