"""Mix Match rounds and claims: the rulebook example and rulings M4, M5, M6, M8."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.shared.errors import GameOver, IllegalMove, InvalidArgument, MalformedAction
from cardroom.shared.games.base import SIMULTANEOUS
from cardroom.shared.games.mixmatch import Config, State, from_json, new_game, replay, stacked_deal


def stacked(top: list[int], rolls: Any = ((40, 8),), now: float = 0.0,
            **options: Any) -> State:
    """A game whose deck starts with `top`, the rest in ascending order, with fixed dice."""
    config = Config.from_dict(options)
    return new_game(config, deal=stacked_deal(config, top, rolls), now=now)


def book(**options: Any) -> State:
    """The rulebook example: target 48, cards 12 24 7 2 6 (then 1 1 2 3 3 ...)."""
    return stacked([12, 24, 7, 2, 6], **options)


def test_mixmatch_rulebook_example_2_x_24_wins_2_cards() -> None:
    state = book()
    events = state.apply_action("claim 2 x 24", 0, 5.0)
    assert events[0] == {"type": "claim_accepted", "round": 1, "seat": 0, "claim": "2 x 24",
                         "expression": "2*24", "cards": [2, 24]}
    assert state.scores() == [2, 0]
    assert state.round_scores()[0] == [2, 0]


def test_mixmatch_rulebook_example_24_plus_12_x_2_wins_3_cards() -> None:
    state = book()
    state.apply_action("claim (24) + (12 x 2)", 1, 5.0)
    assert state.scores() == [0, 3]
    assert state.score_breakdown()["won"] == [[], [24, 12, 2]]


# -- M4: claims ---------------------------------------------------------------------------------

def test_mixmatch_m4_correct_claim_wins_the_cards_used_and_ends_the_round() -> None:
    state = book()
    events = state.apply_action("claim 2 x 24", 0, 5.0)
    assert [event["type"] for event in events] == [
        "claim_accepted", "round_ended", "round_started", "dice_rolled"]
    assert events[1] == {"type": "round_ended", "round": 1, "outcome": "solved", "winner": 0,
                         "cards": [2, 24]}
    view = state.observation(None)
    assert view["round"] == 2
    assert view["table"] == [12, 7, 6, 1, 1]  # the three left, refilled from the deck


def test_mixmatch_m4_wrong_claim_puts_player_out() -> None:
    state = book(players=3)
    events = state.apply_action("claim 24 + 12", 1, 5.0)
    assert events == [{"type": "claim_rejected", "round": 1, "seat": 1, "claim": "24 + 12",
                       "reason": "result 36, not 48", "fault": "wrong_result"}]
    view = state.observation(None)
    assert view["out"] == [False, True, False]
    assert view["round"] == 1 and view["table"] == [12, 24, 7, 2, 6]


@pytest.mark.parametrize(("claim", "reason"), [
    ("8 x 6", "card 8 is not on the table"),
    ("24 + 24", "24 used twice"),
    ("24 + 12", "result 36, not 48"),
    ("7/2", "7/2 is not whole"),
    ("2-6+52", "card 52 is not on the table"),
    ("6-7+2*24", "6-7 is negative"),
])
def test_mixmatch_m4_every_kind_of_wrong_claim_puts_out(claim: str, reason: str) -> None:
    state = book()
    [event] = state.apply_action(f"claim {claim}", 0, 5.0)
    assert event["reason"] == reason
    assert state.observation(None)["out"] == [True, False]


@pytest.mark.parametrize(("action", "reason"), [
    ("claim", "empty claim: write the expression after 'claim '"),
    ("claim ", "syntax error at column 1: expected a number or '(', found end of claim"),
    ("claim@1", "empty claim: write the expression after 'claim '"),
    ("claim 2 x", "syntax error at column 4: expected a number or '(', found end of claim"),
    ("claim 024*02", "syntax error at column 1: number '024' has a leading zero"),
    ("claim 0x10", "syntax error at column 2: unexpected character 'x' after '0': numbers are "
                   "plain decimal, with no prefix"),
    ("claim 2\n*24", "syntax error at column 2: unexpected character '\\n' (U+000A)"),
    ("claim 2\u00a0*24", "syntax error at column 2: unexpected character '\\xa0' (U+00A0)"),
    ("claim 2*\u0662\u0664", "syntax error at column 3: unexpected character '\u0662'"),
    ("claim@\u0661 2*24", "the round of claim@<round> must be a number written with the "
                          "digits 0-9, not '\u0661'"),
])
def test_mixmatch_m4_malformed_claim_is_refused_without_putting_the_player_out(
        action: str, reason: str) -> None:
    # Only a well-formed claim that is wrong costs the round; text outside the grammar is
    # refused as a request error (INVALID_ARGUMENT on the wire), as Verify refuses it.
    state = book()
    before = state.to_json()
    with pytest.raises(MalformedAction) as err:
        state.apply_action(action, 0, 5.0)
    assert err.value.reason == reason
    assert state.to_json() == before
    assert state.apply_action("claim 2 x 24", 0, 6.0)[0]["type"] == "claim_accepted"


def test_mixmatch_m4_out_player_may_not_claim_again_this_round() -> None:
    state = book()
    state.apply_action("claim 24 + 12", 0, 5.0)
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply_action("claim 2 x 24", 0, 6.0)
    assert err.value.reason == "seat 0 is out until the next round"
    assert state.to_json() == before


def test_mixmatch_m4_every_player_out_ends_the_round_with_no_winner() -> None:
    state = book(players=2)
    state.apply_action("claim 24", 0, 5.0)
    events = state.apply_action("claim 12", 1, 6.0)
    assert events[1] == {"type": "round_ended", "round": 1, "outcome": "all_out", "winner": None,
                         "cards": []}
    view = state.observation(None)
    assert view["round"] == 2 and view["out"] == [False, False]
    assert view["table"] == [12, 24, 7, 2, 6]  # nothing taken, so nothing to refill
    assert state.round_scores() == [[0, 0], [0, 0]]


def test_mixmatch_m4_out_players_are_back_in_next_round() -> None:
    state = book(players=3)
    state.apply_action("claim 24", 0, 5.0)
    state.apply_action("claim 2 x 24", 1, 6.0)
    assert state.observation(None)["out"] == [False, False, False]
    state.apply_action("claim@2 1", 0, 7.0)  # seat 0 may claim again (and be wrong again)
    assert state.observation(None)["out"] == [True, False, False]


def test_mixmatch_m4_claim_uses_each_table_copy_once() -> None:
    state = stacked([2, 2, 12, 5, 9])
    state.apply_action("claim 2 x 2 x 12", 1)
    assert state.scores() == [0, 3]


def test_mixmatch_m4_claim_needs_a_seat_and_a_bounded_text() -> None:
    state = book()
    with pytest.raises(InvalidArgument):
        state.apply_action("claim 2 x 24", None, 1.0)
    with pytest.raises(MalformedAction) as err:
        state.apply_action("claim " + "1+" * 150 + "1", 0, 1.0)
    assert err.value.reason == "claim too long: 301 characters, at most 200"
    assert state.observation(None)["out"] == [False, False]


def test_mixmatch_m3_match_options_decide_which_claims_hold() -> None:
    state = book()
    [event] = state.apply_action("claim 7 / 2 x 12 + 6", 0, 1.0)
    assert event["reason"] == "7/2 is not whole"
    relaxed = book(allow_fractions=True)
    relaxed.apply_action("claim 7 / 2 x 12 + 6", 0, 1.0)
    assert relaxed.scores() == [4, 0]
    [event] = book().apply_action("claim (2 - 6) x (12 - 24)", 1, 1.0)
    assert event["reason"] == "2-6 is negative"
    negative = book(allow_negative=True)
    negative.apply_action("claim (2 - 6) x (12 - 24)", 1, 1.0)
    assert negative.score_breakdown()["won"] == [[], [2, 6, 12, 24]]


# -- M5: the hourglass --------------------------------------------------------------------------

def test_mixmatch_m5_timeout_draws_one_card() -> None:
    state = book(now=100.0)
    assert state.deadline() == 160.0
    events = state.apply_action("timeout", None, 160.0)
    assert events == [{"type": "hourglass_ran_out", "round": 1, "card": 1,
                       "table": [12, 24, 7, 2, 6, 1], "deadline": 220.0}]
    view = state.observation(None)
    assert view["round"] == 1 and view["deck_size"] == 50 and view["target"] == 48


def test_mixmatch_m5_timeout_before_the_deadline_is_refused() -> None:
    state = book(now=100.0)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply_action("timeout", None, 159.5)
    assert state.to_json() == before
    assert state.legal_actions(None, now=159.5) == []
    assert state.legal_actions(None, now=160.0) == ["timeout"]


def test_mixmatch_m5_hourglass_restarts_when_the_host_times_out() -> None:
    state = book(now=100.0)
    state.apply_action("timeout", None, 175.0)
    assert state.deadline() == 235.0


def test_mixmatch_m5_each_timeout_draws_another_card_until_solved() -> None:
    state = book(hourglass_seconds=10)
    for when in (10.0, 20.0, 30.0):
        state.apply_action("timeout", None, when)
    assert state.observation(None)["table"] == [12, 24, 7, 2, 6, 1, 1, 2]
    state.apply_action("claim 2 x 24", 1, 31.0)
    assert state.score_breakdown()["rounds"][0]["timeouts"] == 3
    assert state.observation(None)["table"] == [12, 7, 6, 1, 1, 2]  # already five or more


def test_mixmatch_m5_zero_hourglass_means_no_timer() -> None:
    state = book(hourglass_seconds=0)
    assert state.deadline() is None
    assert state.observation(None)["deadline"] is None
    assert state.legal_actions(None, now=0.0) == ["timeout"]
    [event] = state.apply_action("timeout")
    assert event["deadline"] is None and event["card"] == 1


def test_mixmatch_m5_a_seat_still_in_calls_time_only_once_the_hourglass_ran_out() -> None:
    state = book(now=0.0)
    deadline = state.deadline()
    assert deadline is not None
    with pytest.raises(IllegalMove):
        state.clone().apply_action("timeout", 0, deadline - 1.0)  # not before it
    state.apply_action("claim 24", 1, 1.0)  # wrong: seat 1 is out
    with pytest.raises(IllegalMove, match="out"):
        state.clone().apply_action("timeout", 1, deadline)
    [ran_out] = state.apply_action("timeout", 0, deadline)
    assert ran_out["type"] == "hourglass_ran_out" and ran_out["seat"] == 0


def test_mixmatch_m5_out_players_stay_out_across_a_timeout() -> None:
    state = book(players=3)
    state.apply_action("claim 24", 2, 5.0)
    state.apply_action("timeout", None, 60.0)
    assert state.observation(None)["out"] == [False, False, True]


def test_mixmatch_m5_next_round_hourglass_counts_from_the_deciding_claim() -> None:
    state = book(now=100.0)
    events = state.apply_action("claim 2 x 24", 0, 130.0)
    assert events[-1]["deadline"] == 190.0 == state.deadline()


def test_mixmatch_m5_claim_arriving_before_the_hosts_timeout_counts() -> None:
    state = book(now=100.0)
    state.apply_action("claim 2 x 24", 0, 500.0)  # past the deadline, but the host never timed out
    assert state.scores() == [2, 0]


# -- M6: new rounds and the end ------------------------------------------------------------------

def test_mixmatch_m6_new_round_refills_to_five_and_rolls_again() -> None:
    state = stacked([12, 24, 7, 2, 6], rolls=[(40, 8), (70, 3)])
    events = state.apply_action("claim (24) + (12 x 2)", 0, 1.0)
    assert events[2] == {"type": "round_started", "round": 2, "drawn": [1, 1, 2],
                         "table": [7, 6, 1, 1, 2], "pick_order": []}
    assert events[3]["dice"] == [70, 3] and state.target == 73


def small(top: list[int], deck: list[int], rolls: Any, players: int = 2) -> State:
    """A short game: a small deck, no timer, targets 11 to 28 from custom dice."""
    return stacked(top, rolls=rolls, deck=deck, players=players, hourglass_seconds=0,
                   tens_die=[10, 20], units_die=[1, 2, 3, 4, 5, 6, 7, 8])


def test_mixmatch_m6_partial_refill_plays_on() -> None:
    state = small([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5, 6, 7], rolls=[(10, 3)])
    state.apply_action("claim 5 x 2 + 3", 0)  # three cards gone, two left in the deck
    view = state.observation(None)
    assert not state.is_terminal()
    assert view["round"] == 2 and view["table"] == [1, 4, 6, 7] and view["deck_size"] == 0


def test_mixmatch_m6_game_ends_when_a_card_must_be_drawn_from_an_empty_deck() -> None:
    state = small([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5, 6, 7], rolls=[(10, 3)])
    state.apply_action("claim 5 x 2 + 3", 0)
    events = state.apply_action("claim 6 + 7", 1)
    assert [event["type"] for event in events] == ["claim_accepted", "round_ended", "game_over"]
    assert events[-1] == {"type": "game_over", "reason": "deck_empty", "scores": [3, 2],
                          "winners": [0]}
    assert state.is_terminal() and state.observation(None)["table"] == [1, 4]
    assert state.current_player() is None and state.legal_actions() == []
    assert state.round_scores() == [[3, 0], [0, 2]]
    with pytest.raises(GameOver):
        state.apply_action("claim 1", 0)


def test_mixmatch_m6_timeout_with_an_empty_deck_ends_the_game() -> None:
    state = stacked([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5], rolls=[(20, 4)], hourglass_seconds=0)
    events = state.apply_action("timeout")
    assert [event["type"] for event in events] == ["hourglass_ran_out", "round_ended",
                                                   "game_over"]
    assert events[1]["outcome"] == "unsolved"
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.observation(None)["end_reason"] == "deck_empty"


def test_mixmatch_m6_round_with_everyone_out_draws_nothing_even_from_an_empty_deck() -> None:
    state = stacked([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5], rolls=[(20, 4)])
    state.apply_action("claim 1", 0, 1.0)
    state.apply_action("claim 1", 1, 2.0)
    assert not state.is_terminal() and state.round == 2


def test_mixmatch_m6_most_cards_wins() -> None:
    state = small([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5, 6, 7, 8], rolls=[(10, 3), (10, 4)],
                  players=3)
    state.apply_action("claim 5 x 2 + 3", 0)  # table 1 4 6 7 8, deck empty
    assert state.winners() == []  # nobody wins before the end
    state.apply_action("claim 6 + 8", 2)
    assert state.is_terminal()
    assert state.scores() == [3, 0, 2] and state.winners() == [0]


def test_mixmatch_m6_ties_share_the_win() -> None:
    state = small([1, 2, 3, 4, 5], deck=[1, 2, 3, 4, 5, 6], rolls=[(10, 3), (10, 1)])
    state.apply_action("claim 5 x 2 + 3", 0)  # table 1 4 6, deck empty
    state.apply_action("claim 4 + 6 + 1", 1)
    assert state.scores() == [3, 3] and state.winners() == [0, 1]


# -- M8: simultaneous claims -----------------------------------------------------------------------

def test_mixmatch_m8_first_correct_claim_wins_and_a_late_one_is_stale() -> None:
    state = book(players=3)
    state.apply_action("claim@1 2 x 24", 2, 10.0)
    with pytest.raises(IllegalMove) as err:
        state.apply_action("claim@1 (24) + (12 x 2)", 0, 10.1)
    assert err.value.reason == "stale claim: round 1 was already decided"
    assert state.scores() == [0, 0, 2]


def test_mixmatch_m8_stale_claim_does_not_put_out() -> None:
    state = book()
    state.apply_action("claim@1 2 x 24", 1, 10.0)
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply_action("claim@1 24 + 25", 0, 10.1)
    assert state.to_json() == before
    assert state.observation(None)["out"] == [False, False]


def test_mixmatch_m8_wrong_claim_does_not_stop_a_later_correct_one() -> None:
    state = book(players=3)
    state.apply_action("claim@1 24 + 12", 0, 10.0)
    state.apply_action("claim@1 2 x 24", 1, 10.2)
    assert state.scores() == [0, 2, 0] and state.round == 2


def test_mixmatch_m8_claim_for_a_round_not_started_is_refused() -> None:
    state = book()
    with pytest.raises(IllegalMove) as err:
        state.apply_action("claim@2 2 x 24", 0, 1.0)
    assert err.value.reason == "round 2 has not started; this is round 1"


# -- the engine contract ---------------------------------------------------------------------------

def test_mixmatch_claims_are_simultaneous_and_not_enumerated() -> None:
    state = book()
    assert state.current_player() == SIMULTANEOUS
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.legal_actions() == ["timeout"]


@pytest.mark.parametrize("action", ["stop", "claim2x24", "claim@x 2", "pick two", "Timeout", ""])
def test_mixmatch_malformed_actions_are_refused(action: str) -> None:
    with pytest.raises(MalformedAction):
        book().apply_action(action, 0, 1.0)


@pytest.mark.parametrize(("seat", "now"), [(2, 1.0), (-1, 1.0), (True, 1.0), (0, "soon"),
                                           (0, float("nan"))])
def test_mixmatch_bad_seat_or_time_is_refused(seat: Any, now: Any) -> None:
    with pytest.raises(InvalidArgument):
        book().apply_action("claim 2 x 24", seat, now)


def test_mixmatch_time_never_runs_backwards() -> None:
    state = book(now=100.0)
    state.apply_action("claim 24", 0, 150.0)
    state.apply_action("claim 12", 1, 120.0)  # arrived later, stamped earlier: counts as 150
    assert state.deadline() == 210.0


def test_mixmatch_observation_shows_the_table_never_the_deck() -> None:
    state = book(players=3)
    view = state.observation(1)
    assert view["seat"] == 1 and view["table"] == [12, 24, 7, 2, 6]
    assert view["won"] == [0, 0, 0] and view["out"] == [False, False, False]
    assert view["dice"] == [40, 8] and view["target"] == 48 and view["deck_size"] == 51
    assert view["deadline"] == 60.0 and view["phase"] == "claims"
    assert "deck" not in view and "seed" not in view and "deal" not in view
    assert {**state.observation(None), "seat": 1} == view
    with pytest.raises(InvalidArgument):
        state.observation(3)


def test_mixmatch_opening_events_show_round_1() -> None:
    assert book().opening_events() == [
        {"type": "round_started", "round": 1, "drawn": [12, 24, 7, 2, 6],
         "table": [12, 24, 7, 2, 6], "pick_order": []},
        {"type": "dice_rolled", "round": 1, "dice": [40, 8], "target": 48, "deadline": 60.0}]


def test_mixmatch_from_json_refuses_other_games_formats_and_damage() -> None:
    data = book().to_json()
    assert from_json(data).to_json() == data
    for bad in ({**data, "game": "vivo"}, {**data, "format": 99}, {**data, "table": [12, 24]},
                {**data, "rounds": [{"number": 1, "colour": "red"}]}, [data]):
        with pytest.raises(InvalidArgument):
            from_json(bad)  # type: ignore[arg-type]


def test_mixmatch_clone_is_independent() -> None:
    state = book()
    twin = state.clone()
    twin.apply_action("claim 2 x 24", 0, 1.0)
    assert state.scores() == [0, 0] and state.round == 1 and state.history() == []
    assert twin.scores() == [2, 0] and twin.round == 2


def test_mixmatch_replay_reproduces_deadlines_and_outcomes() -> None:
    state = book(now=100.0)
    state.apply_action("claim@1 24 + 12", 0, 110.0)
    state.apply_action("timeout", None, 160.0)
    state.apply_action("claim 2 x 24", 1, 170.0)
    again = replay(state.config, None, stacked_deal(state.config, [12, 24, 7, 2, 6], [(40, 8)]),
                   state.history(), now=100.0)
    assert again.to_json() == state.to_json()
    assert again.deadline() == 230.0
