"""Mix Match variants (ruling M7): younger players, own cards, faster, harder; and combined."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.shared.errors import IllegalMove, NotYourTurn
from cardroom.shared.games.mixmatch import Config, State, new_game, stacked_deal
from cardroom.shared.games.mixmatch.config import BLACK_DIE, UNITS_DIE


def stacked(top: list[int], rolls: Any = ((40, 8),), now: float = 0.0,
            **options: Any) -> State:
    """A game whose deck starts with `top`, the rest in ascending order, with fixed dice."""
    config = Config.from_dict(options)
    return new_game(config, deal=stacked_deal(config, top, rolls), now=now)


def own_game(**options: Any) -> State:
    """Variant 2, three players, youngest seat 1, table 12 24 7 2 6, target 48."""
    return stacked([12, 24, 7, 2, 6], players=3, own_cards=True, youngest_seat=1, **options)


def picked(**options: Any) -> State:
    """own_game after the picks: seat 1 has 24, seat 2 has 12, seat 0 has 7; table 2 6."""
    state = own_game(**options)
    state.apply_action("pick 24", 1, 1.0)
    state.apply_action("pick 12", 2, 2.0)
    state.apply_action("pick 7", 0, 3.0)
    return state


# -- variant 1 -----------------------------------------------------------------------------------

def test_mixmatch_m7_v1_younger_players_drop_cards_above_15() -> None:
    config = Config(younger_players=True, hourglass_seconds=0)
    assert config.full_deck() == tuple(sorted(list(range(1, 16)) * 2))
    state = new_game(config, seed=5)
    while not state.is_terminal():  # time out until the deck is spent: every card shows up
        state.apply_action("timeout")
    table = state.observation(None)["table"]
    assert sorted(table) == list(config.full_deck())


def test_mixmatch_m7_v1_applies_to_a_match_deck_too() -> None:
    config = Config.from_dict({"younger_players": True, "deck": [1, 2, 3, 4, 5, 15, 16, 40]})
    assert config.full_deck() == (1, 2, 3, 4, 5, 15)


# -- variant 2 -----------------------------------------------------------------------------------

def test_mixmatch_m7_v2_table_starts_with_players_plus_two() -> None:
    state = own_game()
    view = state.observation(None)
    assert view["table"] == [12, 24, 7, 2, 6] and view["phase"] == "pick"
    assert len(stacked([1, 2, 3, 4, 5, 6], players=4, own_cards=True)
               .observation(None)["table"]) == 6


def test_mixmatch_m7_v2_picks_go_in_seat_order_from_the_youngest() -> None:
    state = own_game()
    assert state.current_player() == 1
    assert state.observation(None)["pick_order"] == [1, 2, 0]
    assert state.legal_actions() == ["pick 2", "pick 6", "pick 7", "pick 12", "pick 24"]
    assert state.legal_actions(0) == []
    with pytest.raises(NotYourTurn):
        state.apply_action("pick 24", 0, 1.0)
    events = state.apply_action("pick 24", 1, 1.0)
    assert events == [{"type": "card_picked", "round": 1, "seat": 1, "card": 24}]
    assert state.current_player() == 2


def test_mixmatch_m7_v2_dice_are_rolled_after_the_last_pick() -> None:
    state = own_game()
    view = state.observation(None)
    assert view["dice"] is None and view["target"] is None and view["deadline"] is None
    state.apply_action("pick 24", 1, 1.0)
    state.apply_action("pick 12", 2, 2.0)
    events = state.apply_action("pick 7", 0, 3.0)
    assert events[-1] == {"type": "dice_rolled", "round": 1, "dice": [40, 8], "target": 48,
                          "deadline": 63.0}
    view = state.observation(None)
    assert view["table"] == [2, 6] and view["own"] == [[7], [24], [12]]


def test_mixmatch_m7_v2_no_claims_and_no_timeout_while_picking() -> None:
    state = own_game()
    with pytest.raises(IllegalMove):
        state.apply_action("claim 2 x 24", 0, 1.0)
    with pytest.raises(IllegalMove):
        state.apply_action("timeout", None, 1000.0)


def test_mixmatch_m7_v2_pick_must_be_a_table_card_and_pass_waits_for_round_2() -> None:
    state = own_game()
    with pytest.raises(IllegalMove) as err:
        state.apply_action("pick 25", 1, 1.0)
    assert err.value.reason == "card 25 is not on the table"
    with pytest.raises(IllegalMove):
        state.apply_action("pass", 1, 1.0)


def test_mixmatch_m7_v2_own_card_only_for_its_owner() -> None:
    state = picked()
    [event] = state.apply_action("claim 2 x 24", 0, 4.0)
    assert event["reason"] == "card 24 is not on the table"
    state.apply_action("claim 2 x 24", 1, 5.0)
    assert state.scores() == [0, 2, 0]
    assert state.observation(None)["own"] == [[7], [], [12]]  # the used own card is won


def test_mixmatch_m7_v2_own_card_is_not_required() -> None:
    state = stacked([12, 24, 7, 2, 6, 8], players=2, own_cards=True)
    state.apply_action("pick 7", 0, 1.0)
    state.apply_action("pick 2", 1, 1.0)  # table 12 24 6 8
    state.apply_action("claim 24 x 2", 1, 2.0)  # one own card used
    assert state.score_breakdown()["won"] == [[], [24, 2]]
    assert state.observation(None)["own"] == [[7], []]


def test_mixmatch_m7_v2_solver_does_not_pick_next_round_and_two_cards_stay() -> None:
    state = picked()
    events = state.apply_action("claim 2 x 24", 1, 5.0)
    assert events[2] == {"type": "round_started", "round": 2, "drawn": [1, 1, 2],
                         "table": [6, 1, 1, 2], "pick_order": [2, 0]}
    assert state.current_player() == 2
    assert state.legal_actions() == ["pass", "pick 1", "pick 2", "pick 6"]
    state.apply_action("pick 6", 2, 6.0)
    state.apply_action("pick 1", 0, 7.0)
    view = state.observation(None)
    assert view["table"] == [1, 2] and view["phase"] == "claims"
    assert view["own"] == [[7, 1], [], [12, 6]]  # unused own cards stay with their owners


def test_mixmatch_m7_v2_later_picks_may_be_passed() -> None:
    state = picked()
    state.apply_action("claim 2 x 24", 1, 5.0)
    assert state.apply_action("pass", 2, 6.0) == [{"type": "pick_passed", "round": 2, "seat": 2}]
    state.apply_action("pass", 0, 7.0)
    assert state.observation(None)["table"] == [6, 1, 1, 2]


def test_mixmatch_m7_v2_after_a_round_with_no_solver_everyone_picks() -> None:
    state = picked()
    for seat in (0, 1, 2):
        state.apply_action("claim 2", seat, 5.0)
    view = state.observation(None)
    assert view["pick_order"] == [1, 2, 0]
    assert view["table"] == [2, 6, 1, 1, 2]  # refilled to three pickers + 2


def test_mixmatch_m7_v2_same_number_on_table_and_own_comes_from_the_table() -> None:
    state = stacked([6, 6, 2, 8, 12], players=3, own_cards=True)
    state.apply_action("pick 6", 0, 1.0)
    state.apply_action("pick 2", 1, 1.0)
    state.apply_action("pick 12", 2, 1.0)  # table 6 8
    state.apply_action("claim 6 x 8", 0, 2.0)
    view = state.observation(None)
    assert view["own"][0] == [6] and state.scores() == [2, 0, 0]


def test_mixmatch_m7_v2_a_short_refill_leaves_later_pickers_without_a_card() -> None:
    state = stacked([12, 24, 7, 2, 6, 8], players=3, own_cards=True,
                    deck=[12, 24, 7, 2, 6, 8])
    for seat, card in ((0, 12), (1, 7), (2, 6)):
        state.apply_action(f"pick {card}", seat, 1.0)
    state.apply_action("claim 2 x 24", 0, 2.0)  # table empty; one card left to draw
    assert state.observation(None)["table"] == [8]
    state.apply_action("pick 8", 1, 3.0)  # the table is empty now: seat 2 gets nothing
    view = state.observation(None)
    assert view["phase"] == "claims" and view["own"] == [[12], [7, 8], [6]]


# -- variant 3 -----------------------------------------------------------------------------------

def test_mixmatch_m7_v3_faster_game_plays_as_many_rounds_as_players() -> None:
    state = stacked([12, 24, 7, 2, 6], players=3, faster=True)
    assert state.observation(None)["rounds"] == 3
    state.apply_action("claim 2 x 24", 0, 1.0)
    for seat in (0, 1):
        state.apply_action("claim 1", seat, 2.0)
    events = state.apply_action("claim 1", 2, 3.0)  # round 2: everyone out
    assert state.round == 3 and not state.is_terminal()
    assert events[1]["outcome"] == "all_out"
    for seat in (0, 1, 2):
        events = state.apply_action("claim 1", seat, 4.0)
    assert state.is_terminal() and state.round == 3
    assert events[-1] == {"type": "game_over", "reason": "rounds_played", "scores": [2, 0, 0],
                          "winners": [0]}


# -- variant 4 -----------------------------------------------------------------------------------

def test_mixmatch_m7_v4_harder_uses_the_black_die() -> None:
    config = Config(harder=True)
    assert config.big_die == BLACK_DIE
    for seed in range(30):
        state = new_game(config, seed=seed)
        big, units = state.observation(None)["dice"]
        assert big in BLACK_DIE and units in UNITS_DIE and state.target == big + units


# -- together ------------------------------------------------------------------------------------

def test_mixmatch_m7_variants_combine() -> None:
    state = stacked([15, 5, 14, 1], players=2, younger_players=True, own_cards=True,
                    faster=True, harder=True, youngest_seat=1, rolls=[(70, 4), (60, 3)])
    assert state.config.variants == [1, 2, 3, 4]
    assert state.observation(None)["table"] == [15, 5, 14, 1]
    state.apply_action("pick 15", 1, 1.0)
    state.apply_action("pick 14", 0, 1.0)  # table 5 1; the black die makes 74
    assert state.target == 74
    [event] = state.apply_action("claim 14 x 5 + 1", 0, 2.0)
    assert event["reason"] == "result 71, not 74"
    state.apply_action("claim 15 x 5 - 1", 1, 3.0)
    view = state.observation(None)
    assert view["round"] == 2 and view["pick_order"] == [0] and view["table"] == [1, 2, 2]
    state.apply_action("pick 2", 0, 4.0)
    state.apply_action("claim 1", 0, 5.0)
    events = state.apply_action("claim 2", 1, 6.0)
    assert state.is_terminal() and events[-1]["reason"] == "rounds_played"
    assert state.scores() == [0, 3] and state.winners() == [1]
