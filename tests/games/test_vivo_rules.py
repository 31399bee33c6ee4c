"""VIVO rulebook examples, clarifications and rulings V4-V6, each on an explicit deal.

Seats are 0-based (N4): the rulebook's "Player 1" is seat 0 when seat 0 leads.
"""

from __future__ import annotations

import json

import pytest

from cardroom.shared.errors import IllegalMove
from cardroom.shared.games import vivo

ORDER = ["SOLO", "DUET", "TRIO", "QUARTET"]
DECK = {3: {"SOLO": 4, "DUET": 4, "TRIO": 4}, 4: {"SOLO": 3, "DUET": 3, "TRIO": 3, "QUARTET": 3}}


def cards(spec: str) -> list[str]:
    """Expand a compact hand such as 'R1-3 G7' into canonical cards."""
    out = []
    for part in spec.split():
        suit, ranks = part[0], part[1:]
        low, _, high = ranks.partition("-")
        out += [f"{suit}{rank}" for rank in range(int(low), int(high or low) + 1)]
    return out


def harmonies(players: int, first: list[str]) -> list[str]:
    """The given harmonies first, then the rest of the V1 deck in a fixed order."""
    left = dict(DECK[players])
    for name in first:
        left[name] -= 1
    return first + [name for name in ORDER for _ in range(left.get(name, 0))]


def game(hands: list[str], first: list[str], **options: object) -> vivo.State:
    """A game whose first round is dealt exactly as given."""
    players = len(hands)
    config = vivo.Config.from_dict({"players": players, **options})
    deal = {"hands": [cards(h) for h in hands], "harmonies": harmonies(players, first)}
    return vivo.new_game(config, seed=0, deal=deal)


def play(state: vivo.State, *moves: str) -> list[dict]:
    """Play cards in turn order; return the events."""
    events = []
    for card in moves:
        events += state.apply_action(card, state.current_player())
    return events


def trick_end(events: list[dict]) -> dict:
    """The trick_end event among events."""
    return next(e for e in events if e["type"] == "trick_end")


#: 4 players, every seat holding 3 cards of every suit.
BALANCED_4P = ["R1-3 G1-3 B1-3 Y1-3", "R4-6 G4-6 B4-6 Y4-6",
               "R7-9 G7-9 B7-9 Y7-9", "R10-12 G10-12 B10-12 Y10-12"]
#: 3 players (yellow removed), every seat holding 4 cards of every suit.
BALANCED_3P = ["R1-4 G1-4 B1-4", "R5-8 G5-8 B5-8", "R9-12 G9-12 B9-12"]
#: 4 players, each seat holding one whole suit.
ONE_SUIT_EACH = ["R1-12", "G1-12", "B1-12", "Y1-12"]


# ----------------------------------------------------------------- rulebook examples

def test_vivo_example1_duet_second_player_any_suit_then_first_two_suits_only():
    state = game(BALANCED_4P, ["DUET"])
    play(state, "R1")
    assert state.legal_actions() == cards("R4-6 G4-6 B4-6 Y4-6")  # any suit
    play(state, "G4")
    assert state.legal_actions() == cards("R7-9 G7-9")  # red or green
    play(state, "R7")
    assert state.legal_actions() == cards("R10-12 G10-12")


def test_vivo_example2_duet_after_three_blues_last_player_must_play_new_suit():
    state = game(BALANCED_4P, ["DUET"])
    play(state, "B1")
    assert len(state.legal_actions()) == 12
    play(state, "B4")
    assert len(state.legal_actions()) == 12  # only 1 suit so far, one player still follows
    play(state, "B7")
    assert state.legal_actions() == cards("R10-12 G10-12 Y10-12")
    with pytest.raises(IllegalMove, match="new suit") as err:
        state.apply_action("B10", 3)
    assert err.value.legal == cards("R10-12 G10-12 Y10-12")


def test_vivo_example3_trio_last_player_without_needed_suits_plays_off_harmony():
    state = game(["R1-3 G1-3 B1-3 Y1-3", "R4-7 G4-6 B4-6 Y4-5",
                  "R8-12 B7-12 Y6", "G7-12 Y7-12"], ["TRIO"])
    play(state, "G1", "G4")
    assert state.legal_actions() == cards("R8-12 B7-12 Y6")  # must play a new suit
    play(state, "Y6")
    # Red or blue would complete the Trio; seat 3 has neither, so any card goes.
    assert state.legal_actions() == cards("G7-12 Y7-12")
    events = play(state, "G12")
    assert events[0] == {"type": "play", "round": 1, "trick": 1, "seat": 3, "card": "G12",
                         "on_harmony": False}
    result = trick_end(events)
    assert result["highest"] == {"seat": 2, "points": 2}  # Y6, not the off-harmony G12
    assert result["lowest"] == {"seat": 0, "card": "G1", "points": 1}


def test_vivo_3p_scoring_example_off_harmony_nine_cannot_score_highest():
    state = game(["R1-3 G1-3 B1-6", "R4-6 G4-6 B7-12", "R7-12 G7-12"], ["TRIO"])
    events = play(state, "R3", "G6", "R9")
    assert events[2]["on_harmony"] is False
    result = trick_end(events)
    assert result["highest"] == {"seat": 1, "points": 2}
    assert result["lowest"] == {"seat": 0, "card": "R3", "points": 3}
    assert state.round_scores() == [[3, 2, 0]]


def test_vivo_4p_scoring_example_lowest_tie_to_later_player_off_harmony_one_ignored():
    state = game(["R11-12 B1-5 Y1-5", "R5-10 B6-11", "G5 G10-12 B12 Y6-12",
                  "R1-4 G1-4 G6-9"], ["TRIO"])
    events = play(state, "R11", "R5", "G5")
    assert state.legal_actions() == cards("R1-4 G1-4 G6-9")  # no blue or yellow
    events += play(state, "R1")
    result = trick_end(events)
    assert result["highest"] == {"seat": 0, "points": 2}
    assert result["lowest"] == {"seat": 2, "card": "G5", "points": 5}
    assert state.round_scores() == [[2, 0, 5, 0]]
    assert state.current_player() == 2


# A whole 3-player round, trick by trick (lead first); all cards follow the harmony.
# Seat 0 scores lowest with 5, 1 and 7 and highest four times: the Round Total Example.
SCRIPTED_ROUND = [
    ("SOLO", ["R5", "R9", "R10"]), ("SOLO", ["G1", "G8", "G9"]),
    ("SOLO", ["B7", "B8", "B9"]), ("SOLO", ["R12", "R2", "R1"]),
    ("DUET", ["R3", "R11", "G2"]), ("DUET", ["G3", "B1", "G12"]),
    ("DUET", ["B2", "B12", "G4"]), ("DUET", ["B10", "B6", "G5"]),
    ("TRIO", ["R4", "G10", "B5"]), ("TRIO", ["G6", "B11", "R7"]),
    ("TRIO", ["B3", "G11", "R6"]), ("TRIO", ["B4", "R8", "G7"]),
]
SCRIPTED_LEADS = [0, 0, 0, 0, 2, 1, 2, 2, 1, 1, 1, 1]


def scripted_deal() -> dict:
    """Round 1 dealt so that SCRIPTED_ROUND can be played; round 2 a plain split."""
    hands: list[list[str]] = [[], [], []]
    for (_, trick), lead in zip(SCRIPTED_ROUND, SCRIPTED_LEADS, strict=True):
        for i, card in enumerate(trick):
            hands[(lead + i) % 3].append(card)
    round1 = {"hands": hands, "harmonies": [h for h, _ in SCRIPTED_ROUND]}
    round2 = {"hands": [cards(h) for h in BALANCED_3P],
              "harmonies": harmonies(3, ["TRIO", "TRIO", "TRIO", "TRIO"])}
    return {"rounds": [round1, round2]}


def play_scripted_round() -> tuple[vivo.State, list[dict]]:
    """The scripted round 1, each trick checked to open with the V6 leader."""
    state = vivo.new_game(vivo.Config(players=3), deal=scripted_deal())
    events = []
    for (_, trick), lead in zip(SCRIPTED_ROUND, SCRIPTED_LEADS, strict=True):
        assert state.current_player() == lead
        for i, card in enumerate(trick):
            events += state.apply_action(card, (lead + i) % 3)
    return state, events


def test_vivo_round_total_example_three_lowest_and_four_highest_make_21():
    state, _ = play_scripted_round()
    row = state.score_breakdown()["rounds"][0]["seats"][0]
    assert sorted(c["points"] for c in row["lowest"]["cards"]) == [1, 5, 7]
    assert row["lowest"]["points"] == 13
    assert row["highest"] == {"count": 4, "points": 8}
    assert row["total"] == 21
    assert state.round_scores()[0][0] == 21
    assert vivo.row_points(0b0, 0b1111) == 8


# ----------------------------------------------------------------- clarifications

def test_vivo_clarification_solo_everyone_plays_the_lead_suit():
    state = game(BALANCED_4P, ["SOLO"])
    play(state, "R1")
    for seat, expected in [(1, "R4-6"), (2, "R7-9"), (3, "R10-12")]:
        assert state.current_player() == seat
        assert state.legal_actions() == cards(expected)
        with pytest.raises(IllegalMove, match="must follow the SOLO: play red"):
            state.apply_action(cards(expected.replace("R", "G"))[0], seat)
        play(state, cards(expected)[0])


def test_vivo_clarification_trio_3p_every_player_a_different_suit():
    state = game(BALANCED_3P, ["TRIO"])
    play(state, "R1")
    assert state.legal_actions() == cards("G5-8 B5-8")
    play(state, "G5")
    assert state.legal_actions() == cards("B9-12")


def test_vivo_clarification_quartet_4p_every_player_a_different_suit():
    state = game(BALANCED_4P, ["QUARTET"])
    play(state, "R1")
    assert state.legal_actions() == cards("G4-6 B4-6 Y4-6")
    play(state, "G4")
    assert state.legal_actions() == cards("B7-9 Y7-9")
    play(state, "B7")
    assert state.legal_actions() == cards("Y10-12")


def test_vivo_clarification_trio_4p_pair_led_third_player_must_play_new_suit():
    state = game(BALANCED_4P, ["TRIO"])
    play(state, "R1", "R4")
    assert state.legal_actions() == cards("G7-9 B7-9 Y7-9")
    play(state, "G7")
    assert state.legal_actions() == cards("B10-12 Y10-12")  # the only player left


def test_vivo_clarification_impossible_trio_still_requires_a_new_suit():
    state = game(["R1-2 G1-4 B1-6", "R5-12 G5-8", "R3-4 G9-12 B7-12"], ["SOLO"] * 4 + ["TRIO"])
    for rank in range(4):  # four green Solos: seat 1 is left with reds only
        play(state, f"G{rank + 1}", f"G{rank + 5}", f"G{rank + 9}")
    assert state.current_player() == 0
    play(state, "R1")
    assert state.legal_actions() == cards("R5-12")  # no green or blue: off-harmony
    assert play(state, "R5")[0]["on_harmony"] is False
    # Two suits can no longer be added by one player, yet a new suit is still required.
    assert state.legal_actions() == cards("B7-12")
    with pytest.raises(IllegalMove, match="new suit"):
        state.apply_action("R3", 2)
    result = trick_end(play(state, "B7"))
    assert result["highest"]["seat"] == 2
    assert result["lowest"] == {"seat": 0, "card": "R1", "points": 1}


# ----------------------------------------------------------------- V4: following the harmony

def test_vivo_v4_complete_duet_allows_only_its_suits():
    state = game(BALANCED_4P, ["DUET"])
    play(state, "R1", "G4")
    assert state.legal_actions() == cards("R7-9 G7-9")
    with pytest.raises(IllegalMove, match="already shows its 2 suits: play red or green"):
        state.apply_action("B7", 2)


def test_vivo_v4_any_suit_while_the_others_can_still_complete():
    state = game(BALANCED_4P, ["TRIO"])
    play(state, "R1")  # |S| = 1, two players after seat 1: 1 + 2 >= 3
    assert state.legal_actions() == cards("R4-6 G4-6 B4-6 Y4-6")
    play(state, "G4")  # |S| = 2, one player after seat 2: 2 + 1 >= 3
    assert state.legal_actions() == cards("R7-9 G7-9 B7-9 Y7-9")


def test_vivo_v4_trio_4p_new_suit_when_pair_led():
    state = game(BALANCED_4P, ["TRIO"])
    play(state, "Y1", "Y4")  # |S| = 1, one player after seat 2: 1 + 1 < 3
    with pytest.raises(IllegalMove, match="new suit, not yellow") as err:
        state.apply_action("Y7", 2)
    assert err.value.legal == cards("R7-9 G7-9 B7-9")


def test_vivo_v4_no_following_card_means_any_card_off_harmony():
    state = game(ONE_SUIT_EACH, ["SOLO"])
    play(state, "R5")
    assert state.legal_actions() == cards("G1-12")
    assert play(state, "G12")[0]["on_harmony"] is False


def test_vivo_v4_off_harmony_card_adds_no_suit_and_never_scores():
    state = game(["R1-6 Y1-5 G12", "G1-6 Y6-11", "B1-11 Y12", "R7-12 G7-11 B12"], ["DUET"])
    play(state, "R1", "G1")
    assert state.legal_actions() == cards("B1-11 Y12")  # no red or green
    assert play(state, "B11")[0]["on_harmony"] is False
    # Blue was not added to the Duet's suits: seat 3 may not play its B12.
    assert state.legal_actions() == cards("R7-12 G7-11")
    result = trick_end(play(state, "R7"))
    assert result["highest"] == {"seat": 3, "points": 2}  # R7 beats the ignored B11
    assert result["lowest"] == {"seat": 1, "card": "G1", "points": 1}


def test_vivo_v4_lead_is_always_on_harmony_any_card():
    state = game(ONE_SUIT_EACH, ["QUARTET"])
    assert state.legal_actions() == cards("R1-12")
    assert play(state, "R3")[0]["on_harmony"] is True


# ----------------------------------------------------------------- V5: scoring a trick

def test_vivo_v5_ties_go_to_the_later_player_for_highest_and_lowest():
    state = game(["R9-12 B1-4 Y1-4", "G9-12 B5-8 Y5-8", "R1-8 B9-12", "G1-8 Y9-12"],
                 ["DUET"])
    result = trick_end(play(state, "R9", "G9", "R2", "G2"))
    assert result["highest"] == {"seat": 1, "points": 2}
    assert result["lowest"] == {"seat": 3, "card": "G2", "points": 2}
    assert result["next_lead"] == 3


def test_vivo_v5_all_tied_trick_scores_highest_only_for_the_last_player():
    state = game(ONE_SUIT_EACH, ["QUARTET"])
    result = trick_end(play(state, "R7", "G7", "B7", "Y7"))
    assert result["highest"] == {"seat": 3, "points": 2}
    assert result["lowest"] is None
    assert state.round_scores() == [[0, 0, 0, 2]]
    obs = state.observation(None)
    assert obs["scoring_rows"][3] == {"face_up": [], "face_down": 1}


def test_vivo_v5_single_on_harmony_card_scores_highest_and_nobody_lowest():
    state = game(ONE_SUIT_EACH, ["SOLO"])
    result = trick_end(play(state, "R5", "G1", "B1", "Y1"))
    assert result["highest"] == {"seat": 0, "points": 2}
    assert result["lowest"] is None
    assert state.round_scores() == [[2, 0, 0, 0]]


def test_vivo_v5_highest_face_down_worth_two_lowest_face_up_worth_its_rank():
    state = game(BALANCED_4P, ["SOLO"])
    play(state, "R3", "R6", "R9", "R12")
    assert state.round_scores() == [[3, 0, 0, 2]]
    rows = state.observation(None)["scoring_rows"]
    assert rows[0] == {"face_up": ["R3"], "face_down": 0}
    assert rows[3] == {"face_up": [], "face_down": 1}


# ----------------------------------------------------------------- V6: the next lead

def test_vivo_v6_lowest_scorer_leads_next_trick():
    state = game(BALANCED_4P, ["SOLO", "DUET", "TRIO"])
    events = play(state, "R3", "R4", "R9", "R12")
    assert trick_end(events)["next_lead"] == 0
    start = next(e for e in events if e["type"] == "trick_start")
    assert start == {"type": "trick_start", "round": 1, "trick": 2, "lead": 0,
                     "harmony": "DUET", "next_harmony": "TRIO"}
    assert state.current_player() == 0
    state = game(ONE_SUIT_EACH, ["QUARTET"])
    play(state, "R9", "G2", "B5", "Y12")
    assert state.current_player() == 1


def test_vivo_v6_highest_scorer_leads_when_nobody_scored_lowest():
    state = game(ONE_SUIT_EACH, ["QUARTET"], first_lead=1)
    play(state, "G7", "B7", "Y7", "R7")
    assert state.current_player() == 0  # R7, the last of the tie


def test_vivo_v6_round_2_first_lead_is_round_1_last_tricks_lowest_scorer():
    state, events = play_scripted_round()
    last = [e for e in events if e["type"] == "trick_end"][-1]
    assert last["lowest"] == {"seat": 1, "card": "B4", "points": 4}
    assert state.current_player() == 1
    start = next(e for e in events if e["type"] == "round_start" and e["round"] == 2)
    assert start["lead"] == 1


def test_vivo_v6_v3_first_lead_of_the_game_is_the_configured_seat():
    assert game(BALANCED_4P, []).current_player() == 0
    assert game(BALANCED_4P, [], first_lead=2).current_player() == 2


# ----------------------------------------------------------------- V7: round 2 afresh

def test_vivo_v7_round_2_is_dealt_afresh_and_round_1_scores_stay_written():
    state, events = play_scripted_round()
    assert [e["type"] for e in events[-7:]] == [
        "trick_end", "round_end", "round_start", "deal", "deal", "deal", "trick_start"]
    round_end = next(e for e in events if e["type"] == "round_end")
    assert round_end["scores"] == [21, 24, 20]
    deals = [e for e in events if e["type"] == "deal"]
    assert [(e["to"], e["hand"]) for e in deals] == list(enumerate(cards(h) for h in BALANCED_3P))
    assert all(e["round"] == 2 for e in deals)
    obs = state.observation(1)
    assert obs["round"] == 2 and obs["trick"] == 1
    assert obs["hand"] == cards(BALANCED_3P[1])
    assert obs["harmony"] == "TRIO"
    assert obs["scoring_rows"] == [{"face_up": [], "face_down": 0}] * 3
    assert state.round_scores() == [[21, 24, 20], [0, 0, 0]]
    json.dumps(events)
