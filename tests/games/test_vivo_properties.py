"""VIVO invariants over random games, checked against a referee written independently here.

The referee re-reads the deal and the history with plain sets of strings and restates
the rulebook (follow the harmony, score the trick, pass the lead) without the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.shared.errors import IllegalMove
from cardroom.shared.games import vivo

COUNT = {"SOLO": 1, "DUET": 2, "TRIO": 3, "QUARTET": 4}
SUITS = set("RGBY")

players = st.sampled_from([3, 4])
seeds = st.integers(min_value=0, max_value=2**32)


class Referee:
    """Replays a serialized game by the rulebook; knows scores so far and the next legal cards."""

    def __init__(self, data: dict) -> None:
        self.n = data["config"]["players"]
        self.lead = data["config"]["first_lead"]
        self.rounds: list[list[int]] = []
        self.next_legal: list[str] = []
        self.run(data["deal"]["rounds"], iter(data["history"]))

    def run(self, rounds: list[dict], moves: Iterator[list]) -> None:
        for deal in rounds:
            self.hands = [set(hand) for hand in deal["hands"]]
            self.rounds.append([0] * self.n)
            for harmony in deal["harmonies"]:
                if not self.trick(COUNT[harmony], moves):
                    return

    def legal(self, seat: int, count: int, suits: set[str], after: int) -> tuple[set, bool]:
        """The cards seat may play and whether they are on-harmony."""
        if len(suits) >= count:
            allowed = suits
        elif len(suits) + after >= count:
            allowed = SUITS
        else:
            allowed = SUITS - suits
        follow = {card for card in self.hands[seat] if card[0] in allowed}
        return (follow, True) if follow else (set(self.hands[seat]), False)

    def trick(self, count: int, moves: Iterator[list]) -> bool:
        """Play one trick from the history; False if the history ends first."""
        suits: set[str] = set()
        scored: list[tuple[int, int, str]] = []  # on-harmony (seat, rank, card) in order
        for i in range(self.n):
            seat = (self.lead + i) % self.n
            legal, on = self.legal(seat, count, suits, self.n - 1 - i)
            move = next(moves, None)
            if move is None:
                self.next_legal = sorted(legal, key=vivo.parse_card)
                return False
            assert move[0] == seat and move[1] in legal, (move, seat, legal)
            self.hands[seat].remove(move[1])
            if on:
                suits.add(move[1][0])
                scored.append((seat, int(move[1][1:]), move[1]))
        top = max(rank for _, rank, _ in scored)
        bottom = min(rank for _, rank, _ in scored)
        high = [seat for seat, rank, _ in scored if rank == top][-1]
        self.rounds[-1][high] += 2
        self.lead = high
        if top != bottom:
            low = [seat for seat, rank, _ in scored if rank == bottom][-1]
            self.rounds[-1][low] += bottom
            self.lead = low
        return True


def check_views(state: vivo.State, data: dict) -> None:
    """Cards are conserved and no view shows another seat's cards."""
    n = state.config.players
    number = state.observation(None)["round"] - 1
    dealt = data["deal"]["rounds"][number]["hands"]
    this_round = data["history"][number * 12 * n:]
    hands = [state.observation(seat)["hand"] for seat in range(n)]
    for seat in range(n):
        played = [card for who, card in this_round if who == seat]
        assert sorted(hands[seat] + played) == sorted(dealt[seat])
        assert not set(hands[seat]) & set(played)
    for viewer in [None, *range(n)]:
        text = json.dumps(state.observation(viewer))
        for seat in range(n):
            if seat != viewer:
                assert not any(f'"{card}"' in text for card in hands[seat])


def check_every_card(state: vivo.State) -> None:
    """Each legal card applies cleanly; each other card in hand is refused, state untouched."""
    seat = state.current_player()
    assert seat is not None
    legal = state.legal_actions()
    assert legal
    for card in state.observation(seat)["hand"]:
        trial = state.clone()
        if card in legal:
            assert trial.apply_action(card, seat)
        else:
            try:
                trial.apply_action(card, seat)
            except IllegalMove as err:
                assert err.legal == legal and "harmony" in err.reason
            else:
                raise AssertionError(f"{card} was accepted though not legal")
            assert trial == state


@settings(max_examples=160, deadline=None)
@given(players=players, seed=seeds, rng=st.randoms(use_true_random=False),
       stop=st.floats(min_value=0, max_value=1))
def test_vivo_property_random_games_keep_every_invariant(players, seed, rng, stop):
    config = vivo.Config(players=players, first_lead=seed % players)
    state = vivo.new_game(config, seed=seed)
    snapshot_at = int(stop * 24 * players)
    while not state.is_terminal():
        data = state.to_json()
        if len(data["history"]) == snapshot_at:
            assert vivo.from_json(json.loads(json.dumps(data))) == state
            referee = Referee(data)
            assert referee.rounds == state.round_scores()
            assert referee.next_legal == state.legal_actions()
        check_views(state, data)
        check_every_card(state)
        state.apply_action(rng.choice(state.legal_actions()), state.current_player())
    data = state.to_json()
    referee = Referee(data)
    assert referee.rounds == state.round_scores()
    assert state.scores() == [a + b for a, b in zip(*referee.rounds, strict=True)]
    best = max(state.scores())
    assert state.winners() == [s for s, total in enumerate(state.scores()) if total == best]
    assert vivo.replay(config, seed=seed, actions=state.history()) == state
    assert vivo.from_json(json.loads(json.dumps(data))) == state


@settings(max_examples=40, deadline=None)
@given(players=players, seed=seeds)
def test_vivo_property_fast_playouts_agree_with_strings_and_the_referee(players, seed):
    config = vivo.Config(players=players)
    rng = random.Random(seed)
    for game in range(50):  # 40 examples x 50 games = 2,000 games
        start = vivo.new_game(config, seed=seed + game)
        fast = start.clone()
        vivo.random_playout(fast, rng, whole_game=True)
        assert fast.is_terminal()
        slow = start.clone()
        for seat, card in fast.history():
            slow.apply_action(card, seat)
        assert slow == fast and slow.scores() == fast.scores()
        assert Referee(fast.to_json()).rounds == fast.round_scores()
        assert start.history() == []


@settings(max_examples=60, deadline=None)
@given(players=players, seed=seeds, moves=st.integers(min_value=0, max_value=95))
def test_vivo_property_playout_from_any_point_matches_the_int_api(players, seed, moves):
    state = vivo.new_game(vivo.Config(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves % (24 * players)):
        state.apply_action_id(rng.choice(state.legal_action_ids()))
    played = state.clone()
    vivo.random_playout(played, random.Random(moves))
    stepped = state.clone()
    for seat, card in played.history()[len(state.history()):]:
        assert stepped.current_player() == seat
        stepped.apply_action_id(stepped.string_to_action(card))
    assert stepped == played
    round_end = 12 * players * (len(state.history()) // (12 * players) + 1)
    assert len(played.history()) == round_end  # exactly to the end of the current round
