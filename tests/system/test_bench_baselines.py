"""Every baseline the benchmarks compare with plays or answers exactly as the real code does.

The Livemix baseline has its own test (tests/services/match/test_livemix_api.py); these are
the VIVO one and the solver's two, each against the engine or cardroom.shared.solver and,
for the solver, the exhaustive reference of the solver's tests.
"""

from __future__ import annotations

import random

import pytest
from support.solver_reference import max_cards as reference_max_cards

from bench import baseline_dfs, baseline_subset_dp
from bench.naive_vivo import NaiveVivo
from cardroom.shared.arith import ArithRules
from cardroom.shared.games import vivo
from cardroom.shared.solver.best import best


@pytest.mark.parametrize("players", [3, 4])
def test_vivo_naive_baseline_plays_the_same_rules_move_for_move(players: int) -> None:
    for seed in range(25):
        state = vivo.new_game(vivo.Config(players=players), seed=seed)
        naive = NaiveVivo(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert sorted(naive.legal()) == sorted(state.legal_actions())
            card = rng.choice(state.legal_actions())
            state.apply_action(card)
            naive.play(card)
        assert naive.over and naive.totals == state.scores()


@pytest.mark.parametrize("players", [3, 4])
def test_vivo_naive_baseline_random_rounds_play_legal_cards_and_score_as_the_engine(
        players: int) -> None:
    # What the benchmark times: a copy of a fresh deal played round by round with random
    # cards. The cards it chose, replayed through the engine, are legal and score the same.
    rng = random.Random(players)
    for seed in range(10):
        start = NaiveVivo(players=players, seed=seed)
        game = start.copy()
        played = _recording(game)
        game.random_round(rng)
        assert game.round == 1 and len(played) == 12 * players
        game.random_round(rng)
        assert game.over and start.round == 0 and all(len(h) == 12 for h in start.hands)
        state = vivo.new_game(vivo.Config(players=players), seed=seed)
        for card in played:
            assert card in state.legal_actions()
            state.apply_action(card)
        assert state.is_terminal() and state.scores() == game.totals


def _recording(game: NaiveVivo) -> list[str]:
    """The list every card the game places from now on is appended to."""
    played: list[str] = []
    place = game._place

    def recorded(card: str, on: bool) -> None:
        played.append(card)
        place(card, on)

    game._place = recorded  # type: ignore[method-assign]
    return played


BOARDS = [((3, 7, 8, 25), 100), ((1, 3, 7, 10, 25), 831), ((2, 4, 6, 9), 77),
          ((5, 5, 5, 5), 6), ((2, 3, 3, 3, 3), 162), ((1, 2, 3, 4, 5), 1000),
          ((4, 9, 11, 13, 20), 97)]


@pytest.mark.parametrize(("cards", "target"), BOARDS)
def test_solver_baselines_answer_what_best_and_the_reference_answer(
        cards: tuple[int, ...], target: int) -> None:
    expected = reference_max_cards(cards, target, ArithRules())
    assert best(cards, target).cards_used == expected
    assert baseline_dfs.max_cards(cards, target) == expected
    assert baseline_subset_dp.max_cards(cards, target) == expected


def test_solver_baselines_agree_on_random_dealt_boards() -> None:
    rng = random.Random(2024)
    for _ in range(40):
        cards = tuple(rng.randint(1, 28) for _ in range(rng.randint(3, 5)))
        target = rng.randint(2, 12) * rng.randint(2, 12)
        expected = best(cards, target).cards_used
        assert baseline_dfs.max_cards(cards, target) == expected
        assert baseline_subset_dp.max_cards(cards, target) == expected
