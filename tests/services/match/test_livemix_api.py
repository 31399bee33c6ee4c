"""Livemix engine contract: config (L1, L2), explicit deals, errors, JSON, replay, fast API."""

from __future__ import annotations

import json
import random

import pytest
from support.livemix_script import Trick, play, scripted_round

from cardroom.shared.errors import (
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidConfig,
    InvalidDeal,
    MalformedAction,
    NotYourTurn,
)
from cardroom.shared.games import livemix, registry
from cardroom.shared.games.base import STATE_FORMAT
from cardroom.shared.games.livemix.cards import CARD_NAMES

CUSTOM_ROSTER = ["A:2", "A:5", "A:8", "A:11", "B:heart", "B:gem", "B:flower", "B:moon",
                 "C:1", "C:4", "C:7", "C:10"]


def test_livemix_l1_default_roster() -> None:
    """L1: group A the four colours, group B 1, 4, 7, 10, group C 3, 6, 9, 12."""
    assert livemix.Config().roster == (
        "A:heart", "A:gem", "A:flower", "A:moon", "B:1", "B:4", "B:7", "B:10",
        "C:3", "C:6", "C:9", "C:12")


def test_livemix_l1_custom_roster_scores_by_its_members() -> None:
    """L1: a match's own roster; here group B are the colours (B:heart, B:gem score 4 each)."""
    tricks: list[Trick] = [
        [(0, "H2"), (1, "H11"), (2, "H3"), (3, "H4")],
        [(1, "G11"), (2, "G2"), (3, "G3"), (0, "G4")],   # seat 1: 2nd of group B, leaves
        [(2, "F11"), (3, "F2"), (0, "F3")],
        [(2, "M11"), (3, "M2"), (0, "M3")],              # seat 2 leaves
        [(3, "H12"), (0, "H5")],
        [(3, "G12"), (0, "G5")],                         # seat 3 leaves
    ]
    keep = {1: ["F5", "F6", "F7", "F8", "F9", "F10", "M5", "M6", "M7", "M8"]}
    circle = ["B:heart", "B:gem", "B:flower", "B:moon", "A:2", "A:5"]
    config = livemix.Config.from_dict({"players": 4, "roster": CUSTOM_ROSTER})
    deal = {"hands": scripted_round(4, tricks, keep)["hands"], "circle":
            circle + [m for m in CUSTOM_ROSTER if m not in circle]}
    state = livemix.new_game(config, seed=0, deal=deal)
    play(state, tricks)
    seat1 = state.score_breakdown()["rounds"][0]["seats"][1]
    assert seat1["by_member"] == {"B:heart": {"gained": 4, "lost": 0},
                                  "B:gem": {"gained": 4, "lost": 0}}
    assert state.round_scores()[0][1] == 8
    assert len(state.score_breakdown()["rounds"][0]["seats"][0]["members"]) == 6


@pytest.mark.parametrize("roster, words", [
    (CUSTOM_ROSTER[:11], "12 Members"),
    ([*CUSTOM_ROSTER[:11], "D:3"], "not a Member"),
    ([*CUSTOM_ROSTER[:11], "C:13"], "not a Member"),
    ([*CUSTOM_ROSTER[:11], "C:purple"], "not a Member"),
    ([*CUSTOM_ROSTER[:11], "C:1"], "appears twice"),
    ([*CUSTOM_ROSTER[:11], "A:12"], "group A has 5"),
    ("A:heart", "12 Members"),
])
def test_livemix_l1_bad_roster_is_refused(roster: object, words: str) -> None:
    """L1: a roster is 12 distinct Members, four per group, each a colour or a value 1-12."""
    with pytest.raises(InvalidConfig, match=words) as err:
        livemix.Config.from_dict({"players": 4, "roster": roster})
    assert err.value.field == "roster"


def test_livemix_l2_three_players_remove_moon_by_default() -> None:
    """L2: a 3-player game deals 36 cards without the moon colour unless told otherwise."""
    config = livemix.Config(players=3)
    assert config.removed_colour == "moon"
    state = livemix.new_game(config, seed=11)
    for k in range(3):
        hands, _ = state.dealt[k]
        cards = [c for seat in range(3) for c in livemix.cards.names_of(hands[seat])]
        assert len(set(cards)) == 36 and not [c for c in cards if c[0] == "M"]


def test_livemix_l2_removed_colour_is_selectable() -> None:
    """L2: the match may remove another colour; its cards are never dealt."""
    config = livemix.Config.from_dict({"players": 3, "removed_colour": "gem"})
    events = livemix.new_game(config, seed=4).opening_events()
    dealt = [c for e in events if e["type"] == "deal" for c in e["hand"]]
    assert len(dealt) == 36 and {c[0] for c in dealt} == {"H", "F", "M"}


@pytest.mark.parametrize("options, field", [
    ({"players": 4, "removed_colour": "moon"}, "removed_colour"),
    ({"players": 3, "removed_colour": "spade"}, "removed_colour"),
    ({"players": 5}, "players"),
    ({"players": "3"}, "players"),
    ({"players": True}, "players"),
    ({"players": 4, "first_lead": 4}, "first_lead"),
    ({"players": 4, "first_lead": -1}, "first_lead"),
    ({"players": 4, "rounds": 2}, "rounds"),
])
def test_livemix_bad_options_name_the_field(options: dict[str, object], field: str) -> None:
    """Every bad option raises InvalidConfig naming its field."""
    with pytest.raises(InvalidConfig) as err:
        livemix.Config.from_dict(options)
    assert err.value.field == field and field in err.value.reason


def test_livemix_config_round_trips_through_dict() -> None:
    """to_dict gives every option explicitly; from_dict reads it back equal."""
    config = livemix.Config(players=3, roster=tuple(CUSTOM_ROSTER), removed_colour="heart",
                            first_lead=2)
    data = config.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert livemix.Config.from_dict(data) == config
    assert livemix.Config.from_dict({}) == livemix.Config(players=4)


def _seat_hands(state: livemix.State) -> list[list[str]]:
    return [livemix.cards.names_of(h) for h in state.hands]


def test_livemix_seed_reproduces_every_shuffle() -> None:
    """The same seed deals the same game; another seed deals another."""
    config = livemix.Config(players=4)
    a, b = livemix.new_game(config, seed=42), livemix.new_game(config, seed=42)
    assert a == b and a.dealt == b.dealt and a.opening_events() == b.opening_events()
    assert livemix.new_game(config, seed=43).dealt != a.dealt
    fresh = livemix.new_game(config)
    assert livemix.new_game(config, seed=fresh.seed) == fresh


def test_livemix_explicit_deal_for_one_round_keeps_the_seed_for_the_others() -> None:
    """A deal for round 0 only: rounds 1 and 2 are the seed's own shuffles."""
    config = livemix.Config(players=4)
    seeded = livemix.new_game(config, seed=9)
    other = livemix.new_game(config, seed=10)
    deal = {"hands": _seat_hands(other), "circle": [config.roster[m] for m in other.circle]}
    state = livemix.new_game(config, seed=9, deal=deal)
    assert state.dealt[0] == other.dealt[0]
    assert state.dealt[1:] == seeded.dealt[1:]


def test_livemix_explicit_deal_for_every_round() -> None:
    """{"rounds": [...]} fixes the whole game; a round without "circle" shuffles only that."""
    config = livemix.Config(players=3)
    games = [livemix.new_game(config, seed=s) for s in (1, 2, 3)]
    rounds = [{"hands": _seat_hands(g)} for g in games]
    state = livemix.new_game(config, seed=1, deal={"rounds": rounds})
    assert [state.dealt[k][0] for k in range(3)] == [g.dealt[0][0] for g in games]
    assert state.dealt[0][1] == games[0].dealt[0][1]
    assert livemix.new_game(config, seed=1, deal={"rounds": [None, None]}).dealt == \
        games[0].dealt


def _good_hands() -> list[list[str]]:
    return [list(CARD_NAMES[12 * s:12 * s + 12]) for s in range(4)]


@pytest.mark.parametrize("mutate, words", [
    (lambda h: h[0].pop(), "seat 0 is dealt 11 cards"),
    (lambda h: h[1].__setitem__(0, "H1"), "H1 is dealt twice"),
    (lambda h: h[2].__setitem__(0, "X4"), "'X4' is not a Livemix card"),
    (lambda h: h[2].__setitem__(0, "H13"), "'H13' is not a Livemix card"),
    (lambda h: h.pop(), "must list 4 hands"),
])
def test_livemix_bad_explicit_deal_is_refused(mutate: object, words: str) -> None:
    """A deal with a wrong count, a duplicate or an unknown card is refused with the reason."""
    hands = _good_hands()
    mutate(hands)  # type: ignore[operator]
    with pytest.raises(InvalidDeal, match=words):
        livemix.new_game(livemix.Config(players=4), seed=0, deal={"hands": hands})


def test_livemix_l2_deal_with_removed_colour_card_is_refused() -> None:
    """L2: a 3-player deal may not hold a card of the removed colour."""
    hands = [list(CARD_NAMES[12 * s:12 * s + 12]) for s in range(3)]
    hands[0][0] = "M1"
    with pytest.raises(InvalidDeal, match="M1 is of the removed colour moon"):
        livemix.new_game(livemix.Config(players=3), seed=0, deal={"hands": hands})


@pytest.mark.parametrize("deal, words", [
    ({"hands": _good_hands(), "circle": ["A:heart"]}, "12 Members"),
    ({"hands": _good_hands(), "circle": ["A:heart"] * 12}, "placed twice"),
    ({"hands": _good_hands(), "circle": ["A:5", *livemix.DEFAULT_ROSTER[1:]]},
     "not a Member of the roster"),
    ({"hands": _good_hands(), "extra": 1}, "unknown key 'extra'"),
    ({"rounds": [None, None, None, None]}, "at most 3 rounds"),
    ({"rounds": [{"circle": list(livemix.DEFAULT_ROSTER)}]}, "\"hands\" is missing"),
    ({"rounds": [], "hands": []}, "no other keys"),
    ([1, 2], "JSON object"),
])
def test_livemix_bad_deal_structure_is_refused(deal: object, words: str) -> None:
    """The circle must be the roster in some order; the JSON shape must be a deal."""
    with pytest.raises(InvalidDeal, match=words):
        livemix.new_game(livemix.Config(players=4), seed=0, deal=deal)  # type: ignore[arg-type]


def _started(players: int = 4) -> livemix.State:
    """A game dealt round-robin from the ordered deck (3 players: no moons)."""
    deck = CARD_NAMES[:12 * players]
    hands = [list(deck[s::players]) for s in range(players)]
    return livemix.new_game(livemix.Config(players=players), seed=0, deal={"hands": hands})


def test_livemix_must_follow_lead_colour_is_explained() -> None:
    """IllegalMove says why (the lead colour) and lists the legal cards."""
    state = _started()
    state.apply_action("H1", 0)
    with pytest.raises(IllegalMove, match="must follow the lead colour heart") as err:
        state.apply_action("G2", 1)
    assert err.value.legal == ["H10", "H2", "H6"]
    assert state.legal_actions() == ["H10", "H2", "H6"]


def test_livemix_errors_for_wrong_seat_card_and_notation() -> None:
    """Not your turn, a card not in hand, bad notation, a seat that does not exist."""
    state = _started()
    with pytest.raises(NotYourTurn, match="seat 0's turn"):
        state.apply_action("H2", 1)
    with pytest.raises(IllegalMove, match=r"H2 is not in your hand \(seat 0\)"):
        state.apply_action("H2")
    for text in ("h1", "H01", "H0", "Z3", "", "H 1"):
        with pytest.raises(MalformedAction):
            state.apply_action(text, 0)
    with pytest.raises(InvalidArgument, match="seat must be"):
        state.apply_action("H1", 7)
    assert state.legal_actions(1) == [] and state.plays == []


def test_livemix_game_over_refuses_moves() -> None:
    """After the third round every move raises GameOver; the view says who won."""
    state = livemix.new_game(livemix.Config(players=3), seed=8)
    livemix.random_playout(state, random.Random(0), whole_game=True)
    assert state.is_terminal() and state.current_player() is None
    assert state.legal_actions() == [] and state.winners()
    with pytest.raises(GameOver):
        state.apply_action("H1")
    with pytest.raises(GameOver):
        state.apply_action_id(0)
    assert state.observation(None)["winners"] == state.winners()


def test_livemix_to_json_round_trips_exactly() -> None:
    """Versioned JSON, json.dumps-able, restored equal mid-trick, between rounds and at the end."""
    state = livemix.new_game(livemix.Config(players=4), seed=21)
    rng = random.Random(1)
    for steps in (0, 7, 50, 200):
        while len(state.plays) < steps and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        data = json.loads(json.dumps(state.to_json()))
        assert data["format"] == STATE_FORMAT and data["game"] == "livemix"
        back = livemix.from_json(data)
        assert back == state and back.to_json() == state.to_json()
        assert back.observation(1) == state.observation(1)
    assert state.is_terminal()


@pytest.mark.parametrize("change", [
    {"game": "vivo"}, {"format": 99}, {"hands": "x"}, {"round": 7}, {"history": [[0, "Q"]]},
    {"config": {"players": 9}},
])
def test_livemix_from_json_refuses_bad_data(change: dict[str, object]) -> None:
    """A corrupt or foreign state raises InvalidArgument, never another exception."""
    data = livemix.new_game(livemix.Config(players=4), seed=1).to_json()
    data.update(change)
    with pytest.raises(InvalidArgument):
        livemix.from_json(data)


def test_livemix_replay_reproduces_state() -> None:
    """config + seed/deal + the actions taken determine the state (seat, action, now triples)."""
    config = livemix.Config(players=3, first_lead=1)
    state = livemix.new_game(config, seed=7)
    rng = random.Random(5)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()), state.current_player())
    actions = [(seat, card, None) for seat, card in state.history()]
    assert livemix.replay(config, seed=7, actions=actions) == state
    cards = [card for _, card, _ in actions]
    assert livemix.replay(config.to_dict(), 7, None, cards) == state


def test_livemix_clone_is_independent() -> None:
    """A clone equals its source and diverges without touching it."""
    state = _started()
    state.apply_action("H1")
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state and len(state.plays) == 1 and state.trick == [0]


def test_livemix_fast_api_matches_string_api() -> None:
    """Card ids and canonical strings map one to one; the legal ids are the legal cards."""
    state = _started(3)
    assert [state.string_to_action(state.action_to_string(i)) for i in range(48)] == list(
        range(48))
    state.apply_action_id(state.string_to_action("H1"))
    ids = state.legal_action_ids()
    assert ids == sorted(ids)
    assert sorted(state.action_to_string(i) for i in ids) == state.legal_actions()
    with pytest.raises(IllegalMove, match="must follow"):
        state.apply_action_id(state.string_to_action("G2"))
    with pytest.raises(IllegalMove, match="not a card id"):
        state.apply_action_id(99)


def test_livemix_deal_events_are_private_and_public_events_hide_hands() -> None:
    """Each hand goes "to" its seat only; a public event names only cards already played."""
    state = livemix.new_game(livemix.Config(players=4), seed=3)
    events = state.opening_events()
    deals = [e for e in events if e["type"] == "deal"]
    assert [e["to"] for e in deals] == [0, 1, 2, 3]
    assert [e["hand"] for e in deals] == [state.observation(s)["hand"] for s in range(4)]
    assert all("to" not in e for e in events if e["type"] != "deal")
    played: set[str] = set()
    while state.round == 0:
        card = state.legal_actions()[0]
        played.add(card)
        for event in state.apply_action(card):
            if event["type"] not in ("deal", "round_end", "round_start"):
                named = {c for c in CARD_NAMES if f'"{c}"' in json.dumps(event)}
                assert named <= played, event


def test_livemix_registry_hosts_the_engine() -> None:
    """The match service's registry builds, serializes and replays Livemix like any game."""
    config = registry.make_config("livemix", {"players": 3})
    state = registry.new_game("livemix", config, seed=12)
    assert registry.opening_events(state)[0]["type"] == "round_start"
    state.apply_action(state.legal_actions()[0])
    back = registry.from_json("livemix", json.loads(json.dumps(state.to_json())))
    assert back.observation(0) == state.observation(0)
    assert registry.players(config) == 3


def test_livemix_n1_card_and_member_notation() -> None:
    """N1: colour letter + value for cards; group:colour or group:value for Members."""
    assert [CARD_NAMES[i] for i in (0, 11, 12, 47)] == ["H1", "H12", "G1", "M12"]
    assert livemix.cards.parse_member("A:heart") == livemix.cards.Member(0, 0, None)
    assert livemix.cards.parse_member("B:7") == livemix.cards.Member(1, None, 7)
    assert [livemix.cards.parse_member(t) for t in ("B:07", "D:7", "A:Heart", "A7")] == [
        None, None, None, None]


def test_livemix_l11_shared_win_in_a_played_game() -> None:
    """L11: a played game whose leaders tie on total and on the last round shares the win."""
    for seed in range(2000):
        state = livemix.new_game(livemix.Config(players=3), seed=seed)
        livemix.random_playout(state, random.Random(seed), whole_game=True)
        if len(state.winners()) > 1:
            break
    else:
        raise AssertionError("no shared win in 2000 random games")
    totals, last = state.scores(), state.round_scores()[-1]
    assert {totals[s] for s in state.winners()} == {max(totals)}
    assert len({last[s] for s in state.winners()}) == 1
    assert state.observation(None)["winners"] == state.winners()


def test_livemix_naive_baseline_plays_the_same_rules() -> None:
    """The benchmark's set-of-strings baseline agrees with the engine move for move."""
    from bench.naive_livemix import NaiveLivemix

    for players in (3, 4):
        for seed in range(25):
            state = livemix.new_game(livemix.Config(players=players), seed=seed)
            naive = NaiveLivemix(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                assert sorted(naive.legal()) == state.legal_actions()
                card = rng.choice(state.legal_actions())
                state.apply_action(card)
                naive.play(card)
            assert naive.scores == state.round_scores()
