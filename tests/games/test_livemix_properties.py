"""Livemix properties over thousands of random games, 3 and 4 players (Hypothesis).

Scores are checked against a recount written here from scratch: it reads only the public
circles, the dealt hands and the plays, and applies L4-L11 in its own plain way.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.shared.errors import IllegalMove
from cardroom.shared.games import livemix

PLAYERS = st.sampled_from([3, 4])
SEEDS = st.integers(0, 2**32)
CHOICES = st.randoms(use_true_random=False)
COLOUR = {"H": "heart", "G": "gem", "F": "flower", "M": "moon"}
LEAVE_AT = {3: (4, 3), 4: (3, 2)}


# -- the independent recount -----------------------------------------------------------


def _next_on_table(table: list[str | None], pos: int) -> int | None:
    for step in range(1, 13):
        if table[(pos + step) % 12] is not None:
            return (pos + step) % 12
    return None


def _points(members: list[str], cards: set[str]) -> int:
    return sum(1 for m in members for c in cards if m.split(":")[1] in (COLOUR[c[0]], c[1:]))


def _trick_winner(trick: list[tuple[int, str]]) -> int:
    lead = trick[0][1][0]
    values = {int(c[1:]): s for s, c in trick if c[0] == lead}
    return values[1] if 1 in values and 12 in values else values[max(values)]


def _recount_round(players: int, circle: list[str], hands: list[list[str]],
                   plays: list[tuple[int, str]]) -> list[int] | None:
    """One round's scores, consuming its plays from `plays` (None if they run out)."""
    hand = [set(h) for h in hands]
    won: list[set[str]] = [set() for _ in range(players)]
    held: list[list[str]] = [[] for _ in range(players)]
    table: list[str | None] = list(circle)
    token: int | None = 0
    active = list(range(players))
    while len(active) > 1 and any(hand[s] for s in active):
        if len(plays) < len(active):
            return None
        trick = [plays.pop(0) for _ in active]
        for seat, card in trick:
            hand[seat].remove(card)
            if card[1:] == "9" and token is not None:
                token = _next_on_table(table, token)
        winner = _trick_winner(trick)
        won[winner] |= {c for _, c in trick}
        if token is not None:
            member = table[token]
            assert member is not None
            table[token] = None
            held[winner].append(member)
            token = _next_on_table(table, token)
            total, same = LEAVE_AT[players]
            groups = [m[0] for m in held[winner]]
            if len(held[winner]) >= total or groups.count(member[0]) >= same:
                active.remove(winner)
    if len(active) == 1:
        held[active[0]] += [m for m in table if m is not None]
    for seat in active:
        won[seat] |= hand[seat]
        hand[seat] = set()
    return [_points(held[s], won[s]) - _points(held[s], hand[s]) for s in range(players)]


def recount(players: int, events: list[dict[str, Any]], history: list[tuple[int, str]]
            ) -> tuple[list[list[int]], list[int]]:
    """Scores of every finished round, and each round's first lead by L3/L10."""
    plays = list(history)
    scores: list[list[int]] = []
    leads: list[int] = []
    for start in (e for e in events if e["type"] == "round_start"):
        k = start["round"]
        hands = [e["hand"] for e in events if e["type"] == "deal" and e["round"] == k]
        leads.append(plays[0][0] if plays else start["first_lead"])
        result = _recount_round(players, start["circle"], hands, plays)
        if result is None:
            break
        scores.append(result)
    return scores, leads


def expected_leads(first: int, scores: list[list[int]]) -> list[int]:
    """L10 done plainly: lowest score, ties to the first clockwise from the last first lead."""
    leads = [first]
    for row in scores[:2]:
        n = len(row)
        order = [(leads[-1] + i) % n for i in range(n)]
        leads.append(next(s for s in order if row[s] == min(row)))
    return leads


def expected_winners(scores: list[list[int]]) -> list[int]:
    """L11 done plainly."""
    totals = [sum(r[s] for r in scores) for s in range(len(scores[0]))]
    tied = [s for s, t in enumerate(totals) if t == max(totals)]
    best_last = max(scores[-1][s] for s in tied)
    return [s for s in tied if scores[-1][s] == best_last]


def string_replay(config: livemix.Config, seed: int, history: list[tuple[int, str]]
                  ) -> tuple[livemix.State, list[dict[str, Any]]]:
    """Replay plays through the string API, collecting every event."""
    state = livemix.new_game(config, seed=seed)
    events = state.opening_events()
    for seat, card in history:
        events += state.apply_action(card, seat)
    return state, events


def check_scores(state: livemix.State, events: list[dict[str, Any]]) -> None:
    """The engine's scores, leads and winners equal the recount's."""
    scores, leads = recount(state.n, events, state.history())
    assert state.round_scores() == scores
    assert leads == expected_leads(state.config.first_lead, scores)[:len(leads)]
    assert state.scores() == [sum(r[s] for r in scores) for s in range(state.n)]
    if state.is_terminal():
        assert len(scores) == 3 and state.winners() == expected_winners(scores)


# -- properties ------------------------------------------------------------------------


def _check_step(state: livemix.State, hands: list[list[str]]) -> None:
    """Invariants of a position where `state.current_player()` is to play."""
    seat = state.current_player()
    assert seat is not None
    legal = state.legal_actions()
    assert legal and legal == sorted(legal) and set(legal) <= set(hands[seat])
    for card in legal:
        state.clone().apply_action(card, seat)
    for card in set(hands[seat]) - set(legal):
        try:
            state.apply_action(card, seat)
        except IllegalMove as err:
            assert "must follow the lead colour" in err.reason and err.legal == legal
        else:
            raise AssertionError(f"{card} was accepted")
    public = state.observation(None)
    in_play = sum(public["hand_sizes"]) + sum(public["won_sizes"]) + len(public["trick"])
    assert in_play == 12 * state.n
    for viewer in [None, *range(state.n)]:
        text = json.dumps(state.observation(viewer))
        for other, hand in enumerate(hands):
            if other != viewer:
                assert not [c for c in hand if f'"{c}"' in text], (viewer, other)


@settings(max_examples=150, deadline=None)
@given(players=PLAYERS, seed=SEEDS, rnd=CHOICES)
def test_livemix_random_games_keep_every_invariant(players: int, seed: int,
                                                   rnd: random.Random) -> None:
    """Legal moves exist and apply, others are refused, cards are conserved, nothing leaks."""
    config = livemix.Config(players=players, first_lead=seed % players)
    state = livemix.new_game(config, seed=seed)
    events = state.opening_events()
    while not state.is_terminal():
        hands = [state.observation(s)["hand"] for s in range(players)]
        _check_step(state, hands)
        played = {c for _, c in state.history()[-48:]}
        card = rnd.choice(state.legal_actions())
        new = state.apply_action(card, state.current_player())
        for event in new:
            if "to" not in event and event["type"] not in ("round_end", "round_start"):
                named = [c for h in hands for c in h if f'"{c}"' in json.dumps(event)]
                assert set(named) <= played | {card}, event
        events += new
    check_scores(state, events)


@settings(max_examples=1500, deadline=None)
@given(players=PLAYERS, seed=SEEDS, rnd=CHOICES)
def test_livemix_fast_path_and_string_path_agree(players: int, seed: int,
                                                 rnd: random.Random) -> None:
    """A game played on card ids equals its replay on strings, and the recount's scores."""
    config = livemix.Config(players=players)
    fast = livemix.new_game(config, seed=seed)
    while not fast.is_terminal():
        fast.apply_action_id(rnd.choice(fast.legal_action_ids()))
    slow, events = string_replay(config, seed, fast.history())
    assert slow == fast
    check_scores(slow, events)


@settings(max_examples=400, deadline=None)
@given(players=PLAYERS, seed=SEEDS, rnd=CHOICES, steps=st.integers(0, 150),
       whole=st.booleans())
def test_livemix_random_states_serialize_replay_and_play_out(
        players: int, seed: int, rnd: random.Random, steps: int, whole: bool) -> None:
    """At a random state: JSON round trip, replay, then random_playout finishes the round."""
    config = livemix.Config(players=players)
    state = livemix.new_game(config, seed=seed)
    while len(state.plays) < steps and not state.is_terminal():
        state.apply_action(rnd.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_json()))
    assert livemix.from_json(data) == state
    assert livemix.replay(config, seed, None, state.history()) == state
    before = state.round
    livemix.random_playout(state, rnd, whole_game=whole)
    if whole or before >= 2:
        assert state.is_terminal()
    else:
        assert state.round == before + 1 and state.plays and not state.trick
    check_scores(state, string_replay(config, seed, state.history())[1])


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(0, 150))
def test_livemix_property_fast_playouts_equal_the_same_plays_through_apply_action(
        players: int, seed: int, steps: int) -> None:
    """The playout's inline trick loop plays the rules exactly: from any point, its game
    equals the same cards played one by one through State.apply_action (the whole state,
    scores and round records included)."""
    config = livemix.Config(players=players)
    rng = random.Random(seed)
    for game in range(25):  # 40 examples x 25 games = 1,000 games
        start = livemix.new_game(config, seed=seed + game)
        while len(start.plays) < steps % 100 and not start.is_terminal():
            start.apply_action_id(rng.choice(start.legal_action_ids()))
        fast = start.clone()
        livemix.random_playout(fast, rng, whole_game=bool(game % 2))
        slow = start.clone()
        for seat, card in fast.history()[len(start.plays):]:
            slow.apply_action(card, seat)
        assert slow == fast and slow.scores() == fast.scores()
        assert slow.last_trick == fast.last_trick and slow.records == fast.records
        assert slow.turn == fast.turn and slow.leader == fast.leader
