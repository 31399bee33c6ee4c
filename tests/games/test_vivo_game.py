"""VIVO options (V1-V3), whole games (V8), visibility (V9), deals, errors and the APIs."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardroom.shared.errors import (
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidConfig,
    InvalidDeal,
    MalformedAction,
    NotYourTurn,
)
from cardroom.shared.games import vivo
from cardroom.shared.games.base import STATE_FORMAT

THREE = vivo.Config(players=3)
FOUR = vivo.Config(players=4)


def seeded_round(config: vivo.Config, seed: int, number: int = 0) -> dict:
    """Round `number`'s deal of a seeded game, in canonical notation."""
    return vivo.new_game(config, seed=seed).to_json()["deal"]["rounds"][number]


def finished(config: vivo.Config, seed: int) -> vivo.State:
    """A whole game played with random legal cards."""
    state = vivo.new_game(config, seed=seed)
    vivo.random_playout(state, random.Random(seed), whole_game=True)
    return state


def all_cards(hands: list[list[str]]) -> list[str]:
    return [card for hand in hands for card in hand]


# ----------------------------------------------------------------- V1-V3 options

@pytest.mark.parametrize(("config", "expected"), [
    (THREE, {"SOLO": 4, "DUET": 4, "TRIO": 4}),
    (FOUR, {"SOLO": 3, "DUET": 3, "TRIO": 3, "QUARTET": 3}),
])
def test_vivo_v1_every_round_uses_the_harmony_deck_of_its_player_count(config, expected):
    for seed in range(5):
        for number in (0, 1):
            deal = seeded_round(config, seed, number)
            assert Counter(deal["harmonies"]) == expected
            assert [len(hand) for hand in deal["hands"]] == [12] * config.players


def test_vivo_v1_3p_deal_with_a_quartet_is_refused():
    deal = seeded_round(THREE, 1)
    deal["harmonies"][deal["harmonies"].index("SOLO")] = "QUARTET"
    with pytest.raises(InvalidDeal, match="4 SOLO, 4 DUET, 4 TRIO; the deal gives 3 SOLO"):
        vivo.new_game(THREE, deal=deal)


def test_vivo_v1_4p_deal_with_four_solos_is_refused():
    deal = seeded_round(FOUR, 1)
    deal["harmonies"][deal["harmonies"].index("DUET")] = "SOLO"
    with pytest.raises(InvalidDeal, match="3 SOLO, 3 DUET, 3 TRIO, 3 QUARTET"):
        vivo.new_game(FOUR, deal=deal)


def test_vivo_v2_3p_removes_yellow_by_default():
    assert THREE.removed_suit == "Y"
    for number in (0, 1):
        dealt = all_cards(seeded_round(THREE, 7, number)["hands"])
        assert len(dealt) == 36 and len(set(dealt)) == 36
        assert {card[0] for card in dealt} == {"R", "G", "B"}


def test_vivo_v2_removed_suit_is_selectable():
    config = vivo.Config.from_dict({"players": 3, "removed_suit": "green"})
    assert config.removed_suit == "G"
    dealt = all_cards(seeded_round(config, 7)["hands"])
    assert {card[0] for card in dealt} == {"R", "B", "Y"}
    with_green = seeded_round(THREE, 7)  # yellow removed there, so green cards are dealt
    with pytest.raises(InvalidDeal, match="green, the suit removed"):
        vivo.new_game(config, deal=with_green)


@pytest.mark.parametrize(("options", "field"), [
    ({"players": 4, "removed_suit": "Y"}, "removed_suit"),
    ({"players": 3, "removed_suit": "purple"}, "removed_suit"),
    ({"players": 3, "removed_suit": 2}, "removed_suit"),
    ({"players": 5}, "players"),
    ({"players": "4"}, "players"),
    ({"players": 3, "first_lead": 3}, "first_lead"),
    ({"first_lead": -1}, "first_lead"),
    ({"rounds": 3}, "rounds"),
])
def test_vivo_bad_options_raise_invalid_config_naming_the_field(options, field):
    with pytest.raises(InvalidConfig) as err:
        vivo.Config.from_dict(options)
    assert err.value.field == field
    assert field in err.value.reason


def test_vivo_v3_first_lead_defaults_to_seat_0_and_is_selectable():
    assert vivo.new_game(FOUR, seed=1).current_player() == 0
    config = vivo.Config.from_dict({"players": 3, "first_lead": 2})
    assert vivo.new_game(config, seed=1).current_player() == 2


def test_vivo_config_round_trips_through_dict():
    for config in (THREE, FOUR, vivo.Config(players=3, removed_suit="R", first_lead=1)):
        assert vivo.Config.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    assert vivo.Config.from_dict(None) == FOUR
    assert THREE.to_dict() == {"players": 3, "removed_suit": "Y", "first_lead": 0}


# ----------------------------------------------------------------- V8 whole game

def test_vivo_v8_game_is_two_rounds_and_the_highest_total_wins():
    state = finished(FOUR, 3)
    assert state.is_terminal() and state.current_player() is None
    rounds = state.round_scores()
    assert len(rounds) == 2
    totals = [a + b for a, b in zip(*rounds, strict=True)]
    assert state.scores() == totals
    assert state.winners() == [s for s, t in enumerate(totals) if t == max(totals)]
    assert len(state.history()) == 2 * 48


def test_vivo_v8_tied_totals_share_the_win():
    for seed in range(300):
        state = finished(THREE, seed)
        totals = state.scores()
        tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
        if len(tied) > 1:
            break
    else:
        pytest.fail("no tied game among 300 seeds")
    assert state.winners() == tied
    assert state.observation(None)["winners"] == tied


def test_vivo_v8_no_winner_before_the_end():
    state = vivo.new_game(FOUR, seed=2)
    vivo.random_playout(state, random.Random(2))  # round 1 only
    assert not state.is_terminal()
    assert state.winners() == []
    assert len(state.round_scores()) == 2 and state.round_scores()[1] == [0, 0, 0, 0]


# ----------------------------------------------------------------- V9 visibility

HANDS_4P = [["R11", "R12", *(f"B{r}" for r in range(1, 6)), *(f"Y{r}" for r in range(1, 6))],
            [*(f"R{r}" for r in range(5, 11)), *(f"B{r}" for r in range(6, 12))],
            ["G5", "G10", "G11", "G12", "B12", *(f"Y{r}" for r in range(6, 13))],
            [*(f"R{r}" for r in range(1, 5)), *(f"G{r}" for r in range(1, 5)),
             *(f"G{r}" for r in range(6, 10))]]
HARMONIES_4P = ["TRIO", "SOLO", "SOLO", "SOLO", "DUET", "DUET", "DUET", "TRIO", "TRIO",
                "QUARTET", "QUARTET", "QUARTET"]


def test_vivo_v9_face_down_and_discarded_cards_appear_in_no_view():
    state = vivo.new_game(FOUR, seed=0, deal={"hands": HANDS_4P, "harmonies": HARMONIES_4P})
    events = []
    for seat, card in enumerate(["R11", "R5", "G5", "R1"]):
        events += state.apply_action(card, seat)
    # R11 scored face down (highest); R5 and R1 were discarded; G5 is face up.
    for viewer in (None, 0, 1, 2, 3):
        view = state.observation(viewer)
        text = json.dumps(view)
        for hidden in ("R11", "R5", "R1"):
            assert f'"{hidden}"' not in text
        assert view["scoring_rows"][0] == {"face_up": [], "face_down": 1}
        assert view["scoring_rows"][2] == {"face_up": ["G5"], "face_down": 0}
    after_trick = json.dumps([e for e in events if e["type"] != "play"])
    assert '"R11"' not in after_trick
    assert state.observation(None)["round_scores"] == [[2, 0, 5, 0]]


def test_vivo_v9_a_seat_sees_only_its_own_hand_and_a_spectator_none():
    state = vivo.new_game(FOUR, seed=11)
    state.apply_action(state.legal_actions()[0], 0)
    hands = {seat: set(state.observation(seat)["hand"]) for seat in range(4)}
    spectator = state.observation(None)
    assert "hand" not in spectator and "legal_actions" not in spectator
    assert spectator["hand_sizes"] == [11, 12, 12, 12]
    assert spectator["trick_cards"][0]["seat"] == 0
    for seat in range(4):
        view = state.observation(seat)
        text = json.dumps(view)
        others = set().union(*(hands[o] for o in range(4) if o != seat))
        assert not any(f'"{card}"' in text for card in others)
        assert ("legal_actions" in view) == (seat == 1)
    assert state.observation(1)["legal_actions"] == state.legal_actions()


def test_vivo_v9_current_and_next_harmony_are_public():
    deal = {"hands": HANDS_4P, "harmonies": HARMONIES_4P}
    view = vivo.new_game(FOUR, deal=deal).observation(None)
    assert (view["harmony"], view["next_harmony"]) == ("TRIO", "SOLO")


def test_vivo_v9_opening_events_deal_privately_and_announce_publicly():
    state = vivo.new_game(THREE, seed=4)
    events = state.opening_events()
    assert [e["type"] for e in events] == ["round_start", "deal", "deal", "deal", "trick_start"]
    for seat, event in enumerate(events[1:4]):
        assert event["to"] == seat and event["hand"] == state.observation(seat)["hand"]
    public = json.dumps([e for e in events if "to" not in e])
    assert not any(f'"{card}"' in public for e in events[1:4] for card in e["hand"])


# ----------------------------------------------------------------- deals

def _broken(mutate) -> dict:
    deal = seeded_round(FOUR, 5)
    mutate(deal)
    return deal


@pytest.mark.parametrize(("deal", "reason", "field"), [
    (_broken(lambda d: d["hands"][0].pop()), "a hand holds 12 cards, got 11", "hands[0]"),
    (_broken(lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0])), "dealt twice",
     "hands[1]"),
    (_broken(lambda d: d["hands"][2].__setitem__(0, "X5")), "'X5' is not a VIVO card",
     "hands[2]"),
    (_broken(lambda d: d["hands"][2].__setitem__(0, "R13")), "'R13' is not a VIVO card",
     "hands[2]"),
    (_broken(lambda d: d["hands"].pop()), "must list 4 hands", "hands"),
    (_broken(lambda d: d["harmonies"].pop()), "the 12 harmonies", "harmonies"),
    (_broken(lambda d: d["harmonies"].__setitem__(0, "OCTET")), "'OCTET' is not a harmony",
     "harmonies"),
    (_broken(lambda d: d.__setitem__("lead", 0)), "exactly 'hands' and 'harmonies'", "deal"),
    ({"rounds": [None, None, None]}, "has 2 rounds", "deal"),
    ({"rounds": []}, "has 2 rounds", "deal"),
    ({"rounds": [None, _broken(lambda d: d["hands"][3].pop())]}, "round 2, seat 3",
     "rounds[1].hands[3]"),
    ("{not json", "not valid JSON", "deal"),
    (["R1"], "must be an object", "deal"),
])
def test_vivo_explicit_deal_is_validated(deal, reason, field):
    """Each fault names its field as a path within the deal ("deal": the whole deal)."""
    with pytest.raises(InvalidDeal, match=reason) as err:
        vivo.new_game(FOUR, seed=1, deal=deal)
    assert err.value.field == field


def test_vivo_deal_of_removed_suit_card_is_refused_with_reason():
    deal = seeded_round(THREE, 2)
    deal["hands"][0][0] = "Y3"
    with pytest.raises(InvalidDeal, match="round 1, seat 0: Y3 belongs to yellow"):
        vivo.new_game(THREE, deal=deal)


def test_vivo_rounds_not_given_are_shuffled_from_the_seed():
    round1, round2 = seeded_round(FOUR, 9, 0), seeded_round(FOUR, 9, 1)
    other = seeded_round(FOUR, 10, 0)
    only_round2 = vivo.new_game(FOUR, seed=9, deal={"rounds": [None, other]}).to_json()
    assert only_round2["deal"]["rounds"] == [round1, other]
    only_round1 = vivo.new_game(FOUR, seed=9, deal=other).to_json()
    assert only_round1["deal"]["rounds"] == [other, round2]
    assert vivo.new_game(FOUR, deal=json.dumps({"rounds": [round1, round2]})).seed is None


def test_vivo_a_seed_reproduces_every_shuffle():
    assert vivo.new_game(THREE, seed=42).to_json() == vivo.new_game(THREE, seed=42).to_json()
    assert seeded_round(THREE, 42) != seeded_round(THREE, 43)
    assert seeded_round(THREE, 42, 0) != seeded_round(THREE, 42, 1)  # V7: a fresh shuffle
    drawn = vivo.new_game(THREE)
    assert isinstance(drawn.seed, int)
    assert vivo.new_game(THREE, seed=drawn.seed).to_json() == drawn.to_json()


# ----------------------------------------------------------------- errors

def test_vivo_not_your_turn_reveals_no_legal_moves():
    state = vivo.new_game(FOUR, seed=1)
    with pytest.raises(NotYourTurn, match="seat 0's turn") as err:
        state.apply_action(state.legal_actions()[0], 2)
    assert err.value.legal == []


def test_vivo_card_not_in_hand_is_illegal_with_the_legal_moves():
    state = vivo.new_game(FOUR, seed=1)
    hand = state.observation(0)["hand"]
    missing = next(c for c in vivo.CARD_NAMES if c not in hand)
    with pytest.raises(IllegalMove, match=rf"{missing} is not in your hand \(seat 0\)") as err:
        state.apply_action(missing, 0)
    assert err.value.legal == state.legal_actions() == hand


@pytest.mark.parametrize("action", ["X5", "R0", "R13", "r5", " R5", "", "5R", None, 4])
def test_vivo_bad_notation_is_malformed(action):
    with pytest.raises(MalformedAction, match="is not a VIVO card"):
        vivo.new_game(FOUR, seed=1).apply_action(action, 0)


def test_vivo_bad_seat_is_invalid_argument():
    with pytest.raises(InvalidArgument, match=r"seat must be 0\.\.3"):
        vivo.new_game(FOUR, seed=1).apply_action("R1", 4)
    with pytest.raises(InvalidArgument, match="seat must be"):
        vivo.new_game(FOUR, seed=1).observation(7)


def test_vivo_moves_after_the_end_raise_game_over():
    state = finished(THREE, 1)
    with pytest.raises(GameOver):
        state.apply_action("R1", 0)
    with pytest.raises(GameOver):
        state.apply_action_id(0)
    assert state.legal_actions() == [] and state.legal_action_ids() == []


# ----------------------------------------------------------------- serialization, replay, copies

def test_vivo_json_round_trip_and_replay_mid_game():
    state = vivo.new_game(FOUR, seed=8)
    rng = random.Random(8)
    for _ in range(53):
        state.apply_action(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_json()))
    assert data["format"] == STATE_FORMAT and data["game"] == "vivo"
    assert vivo.from_json(data) == state
    moves = [(seat, card, 0.0) for seat, card in state.history()]
    assert vivo.replay(FOUR, seed=8, actions=moves) == state
    assert vivo.replay(FOUR, seed=8, actions=[card for _, card, _ in moves]) == state


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.__setitem__("game", "livemix"), "not a serialized VIVO state"),
    (lambda d: d.__setitem__("format", 999), "unsupported VIVO state format"),
    (lambda d: d["history"].append([0, "R99"]), "corrupt VIVO state"),
    (lambda d: d.pop("deal"), "corrupt VIVO state"),
])
def test_vivo_from_json_refuses_foreign_or_corrupt_data(change, reason):
    data = vivo.new_game(THREE, seed=3).to_json()
    data["history"] = [[0, vivo.new_game(THREE, seed=3).legal_actions()[0]]]
    change(data)
    with pytest.raises(InvalidArgument, match=reason):
        vivo.from_json(data)


def test_vivo_clone_is_independent():
    state = vivo.new_game(FOUR, seed=6)
    copy = state.clone()
    assert copy == state
    vivo.random_playout(copy, random.Random(1))
    assert copy != state
    assert state.history() == [] and all(size == 12 for size in
                                         state.observation(None)["hand_sizes"])


# ----------------------------------------------------------------- fast API

def test_vivo_fast_api_mirrors_the_string_api():
    state = vivo.new_game(THREE, seed=12)
    rng = random.Random(12)
    while not state.is_terminal():
        ids = state.legal_action_ids()
        assert [state.action_to_string(a) for a in ids] == state.legal_actions()
        assert state.legal_mask() == sum(1 << a for a in ids)
        state.apply_action_id(rng.choice(ids))
    assert all(vivo.State.string_to_action(vivo.State.action_to_string(a)) == a
               for a in range(48))


def test_vivo_fast_api_refuses_an_illegal_id():
    state = vivo.new_game(FOUR, seed=12)
    hand = set(state.legal_action_ids())
    outside = next(a for a in range(48) if a not in hand)
    with pytest.raises(IllegalMove):
        state.apply_action_id(outside)
    with pytest.raises(IllegalMove):
        state.apply_action_id(99)
    assert state == vivo.new_game(FOUR, seed=12)


def test_vivo_random_playout_ends_the_round_or_the_game():
    state = vivo.new_game(FOUR, seed=13)
    state.apply_action(state.legal_actions()[0])  # start mid-trick
    vivo.random_playout(state, random.Random(0))
    assert state.observation(None)["round"] == 2 and state.observation(None)["trick"] == 1
    assert len(state.history()) == 48
    vivo.random_playout(state, random.Random(0), whole_game=True)
    assert state.is_terminal() and len(state.history()) == 96
