"""Livemix rules: the rulebook's example and rulings L3-L12, each on an explicit deal."""

from __future__ import annotations

import json

import pytest
from support.livemix_script import Trick, of_type, play, scripted_round

from cardroom.shared.errors import GameOver, InvalidConfig
from cardroom.shared.games import livemix
from cardroom.shared.games.livemix.scoring import RoundRecord, winners

# The rulebook's 4-player example. Player 1 is seat 0, Player 2 seat 1; seats 2 and 3 leave
# during tricks 4 and 6 (two Members of group A / group B). No [9] is played before trick 8.
EXAMPLE_CIRCLE = ["A:heart", "A:gem", "B:4", "A:flower", "B:1", "B:7", "C:3", "A:moon",
                  "C:12", "B:10", "C:6", "C:9"]
EXAMPLE_TRICKS: list[Trick] = [
    [(0, "M12"), (1, "M8"), (2, "M3"), (3, "M4")],   # seat 0 takes A:heart
    [(0, "F2"), (1, "F4"), (2, "F11"), (3, "F5")],   # seat 2 takes A:gem
    [(2, "H4"), (3, "H10"), (0, "H7"), (1, "H2")],   # seat 3 takes B:4
    [(3, "F3"), (0, "F7"), (1, "G2"), (2, "F8")],    # seat 2 takes A:flower: 2nd of A, leaves
    [(3, "H6"), (0, "H1"), (1, "H11")],              # seat 1 takes B:1
    [(1, "M6"), (3, "M11"), (0, "G8")],              # seat 3 takes B:7: 2nd of B, leaves
    [(0, "G3"), (1, "G1")],                          # seat 0 takes C:3
]
EXAMPLE_EIGHTH: Trick = [(0, "F9"), (1, "H8")]       # the 9 moves the token A:moon -> C:12
EXAMPLE_KEEP = {
    0: ["H3", "H12", "G12", "G5"],
    1: ["M2", "M5", "M7", "G6"],
    2: ["G9", "G10", "G11", "F1", "F6", "F10", "F12", "M10"],
    3: ["G4", "G7", "H5", "H9", "M1", "M9"],
}


def example_game() -> livemix.State:
    """The example's round, up to the eighth trick."""
    deal = scripted_round(4, [*EXAMPLE_TRICKS, EXAMPLE_EIGHTH], EXAMPLE_KEEP, EXAMPLE_CIRCLE)
    state = livemix.new_game(livemix.Config(players=4), seed=1, deal=deal)
    play(state, EXAMPLE_TRICKS)
    return state


def test_livemix_rulebook_example_4p_player1_minus1_player2_plus6() -> None:
    """Eighth trick: P2 plays off-colour, one 9 moves the token, P1 takes its 2nd C and leaves."""
    state = example_game()
    assert state.observation(None)["active"] == [True, True, False, False]
    events = play(state, [EXAMPLE_EIGHTH])
    assert [e["member"] for e in of_type(events, "token_moved")] == ["C:12"]
    (trick,) = of_type(events, "trick_won")
    assert (trick["winner"], trick["member"]) == (0, "C:12")
    (leave,) = of_type(events, "leave")
    assert leave["seat"] == 0 and 2 in leave["conditions"]
    (end,) = of_type(events, "round_end")
    assert end["last_player"] == 1
    p1, p2 = end["breakdown"][0], end["breakdown"][1]
    # P1: +1 (H8 by A:heart), +2 (M3, G3 by C:3), +1 (M12 by C:12); in hand H3, H12, G12.
    assert (p1["gained"], p1["lost"], p1["score"]) == (4, 5, -1)
    assert [c["card"] for c in p1["hand_cards"]] == ["H3", "H12", "G5", "G12"]
    # P2 gains every Member left and its hand: +3 moons, +1 (H1 by B:1), +2 (H6, G6 by C:6).
    assert p2["members"] == ["A:moon", "B:1", "B:10", "C:6", "C:9"]
    assert (p2["gained"], p2["lost"], p2["score"]) == (6, 0, 6)
    assert p2["hand_cards"] == []
    assert {m: v["gained"] for m, v in p2["by_member"].items() if v["gained"]} == {
        "B:1": 1, "A:moon": 3, "C:6": 2}
    assert state.round_scores()[0][:2] == [-1, 6]


def test_livemix_rulebook_example_leaver_keeps_hand_apart_from_won_cards() -> None:
    """A seat that leaves keeps its hand (still hidden, counted apart) until the round ends."""
    state = example_game()
    obs = state.observation(2)
    assert obs["active"][2] is False
    assert obs["hand_sizes"][2] == 8 and len(obs["hand"]) == 8
    assert obs["won_sizes"][2] == 8 and set(obs["hand"]).isdisjoint(obs["won"])


def test_livemix_rulebook_detail_last_player_gains_more_members() -> None:
    """After others leave under condition 2, the last player may hold more Members than 3."""
    state = example_game()
    play(state, [EXAMPLE_EIGHTH])
    record = state.score_breakdown()["rounds"][0]["seats"][1]
    assert len(record["members"]) == 5


# A quick 4-player round led by seat 2 (L3): seats 3, 0 and 1 each take two Members of one
# group and leave (L6 condition 2); seat 2 is left and gains the rest (L8).
QUICK_CIRCLE = ["A:heart", "A:gem", "B:1", "B:4", "C:3", "C:6"]
QUICK_TRICKS: list[Trick] = [
    [(2, "F2"), (3, "F11"), (0, "F3"), (1, "F4")],
    [(3, "F12"), (0, "F5"), (1, "F6"), (2, "F8")],
    [(0, "M11"), (1, "M2"), (2, "M3")],
    [(0, "M12"), (1, "M4"), (2, "M5")],
    [(1, "H11"), (2, "H2")],
    [(1, "H12"), (2, "H4")],
]
QUICK_KEEP = {
    0: ["H8", "H9", "H10", "G5", "G7", "G8", "G11", "G12"],
    1: ["H3", "H6", "G3", "G6", "M6", "G1"],
    2: ["F7", "F10", "M10", "G9", "G2", "M9"],
    3: ["H1", "H5", "H7", "G4", "G10", "F1", "F9", "M1", "M7", "M8"],
}
#: Per seat: +1 (M4 by B:4); -5 (3s and 6s in hand); +9; -5 (hearts and gems in hand).
QUICK_SCORES = [1, -5, 9, -5]


def rotated(shift: int) -> tuple[list[Trick], dict[int, list[str]]]:
    """The quick round with every seat moved `shift` places clockwise."""
    tricks = [[((s + shift) % 4, c) for s, c in trick] for trick in QUICK_TRICKS]
    keep = {(s + shift) % 4: cards for s, cards in QUICK_KEEP.items()}
    return tricks, keep


def quick_game(rounds: int = 1) -> tuple[livemix.State, list[dict[str, object]]]:
    """The quick round (then rotated copies of it as later rounds), played out."""
    shifts = [0, 1, 2][:rounds]
    deal = {"rounds": [scripted_round(4, *rotated(k), QUICK_CIRCLE) for k in shifts]}
    state = livemix.new_game(livemix.Config(players=4, first_lead=2), seed=3, deal=deal)
    events = []
    for k in shifts:
        events += play(state, rotated(k)[0])
    return state, events


def test_livemix_l3_first_lead_is_configurable() -> None:
    """L3: seat 0 leads by default; the match may name another seat."""
    assert livemix.new_game(livemix.Config(players=3), seed=5).current_player() == 0
    state = livemix.new_game(livemix.Config(players=4, first_lead=2), seed=5)
    assert state.current_player() == 2
    assert len(state.legal_actions()) == 12
    with pytest.raises(InvalidConfig):
        livemix.Config(players=3, first_lead=3)


def test_livemix_l6_4p_second_member_of_a_group_leaves() -> None:
    """L6 (4p): the 2nd Member of one group makes the seat leave (condition 2)."""
    _, events = quick_game()
    assert [(e["seat"], e["conditions"]) for e in of_type(events, "leave")] == [
        (3, [2]), (0, [2]), (1, [2])]


def test_livemix_l7_lead_passes_left_when_winner_leaves() -> None:
    """L7: when the winner leaves, the next still-active seat clockwise leads."""
    _, events = quick_game()
    leads = [e["plays"][0]["seat"] for e in of_type(events, "trick_won")]
    # Seat 3 leaves after trick 2 -> seat 0 leads; seat 0 leaves after 4 -> seat 1 leads.
    assert leads == [2, 3, 0, 0, 1, 1]


def test_livemix_l7_next_lead_skips_seats_already_out() -> None:
    """L7: seat 1 wins and leaves while seat 2 is out: seat 3 leads, not seat 2."""
    tricks: list[Trick] = [
        [(0, "H2"), (1, "H3"), (2, "H11"), (3, "H4")],   # seat 2: A:heart
        [(2, "H12"), (3, "H5"), (0, "H6"), (1, "H7")],   # seat 2: A:gem, leaves
        [(3, "G2"), (0, "G3"), (1, "G11")],              # seat 1: B:1
        [(1, "G12"), (3, "G4"), (0, "G5")],              # seat 1: B:4, leaves
    ]
    deal = scripted_round(4, tricks, circle=QUICK_CIRCLE)
    state = livemix.new_game(livemix.Config(players=4), seed=2, deal=deal)
    play(state, tricks)
    assert state.current_player() == 3
    state.apply_action(state.legal_actions()[0], 3)
    assert state.current_player() == 0


def test_livemix_l8_last_player_gains_hand_and_members_left() -> None:
    """L8: the round ends when one seat is left; it gains its hand and the Members on the table."""
    state, events = quick_game()
    (end,) = of_type(events, "round_end")
    last = end["breakdown"][2]
    assert end["last_player"] == 2 and state.round == 1
    assert last["members"] == ["A:flower", "A:moon", "B:7", "B:10", "C:9", "C:12"]
    assert sorted(c["card"] for c in last["gained_cards"]) == sorted(QUICK_KEEP[2])
    assert last["hand_cards"] == []
    # The leavers keep what they held when they left.
    assert [len(end["breakdown"][s]["hand_cards"]) for s in (0, 1, 3)] == [8, 6, 10]


def test_livemix_l9_card_matching_two_members_scores_twice() -> None:
    """L9: a card scores once per matching Member held (F7: A:flower and B:7)."""
    state, _ = quick_game()
    last = state.score_breakdown()["rounds"][0]["seats"][2]
    points = {c["card"]: c["points"] for c in last["gained_cards"]}
    assert points == {"F7": 2, "F10": 2, "M10": 2, "G9": 1, "G2": 0, "M9": 2}
    assert last["by_member"]["A:flower"] == {"gained": 2, "lost": 0}
    assert last["score"] == 9


def test_livemix_l9_hand_cards_lose_points_and_scores_go_negative() -> None:
    """L9 and the rulebook detail: cards left in hand lose points; a score can be negative."""
    state, _ = quick_game()
    assert state.round_scores() == [QUICK_SCORES]
    seat1 = state.score_breakdown()["rounds"][0]["seats"][1]
    assert (seat1["gained"], seat1["lost"]) == (0, 5)
    assert seat1["by_member"] == {"C:3": {"gained": 0, "lost": 2},
                                  "C:6": {"gained": 0, "lost": 3}}


def test_livemix_l10_next_round_led_by_lowest_score() -> None:
    """L10: the rulebook example's Player 1 (-1) leads the next round."""
    state = example_game()
    events = play(state, [EXAMPLE_EIGHTH])
    scores = state.round_scores()[0]
    assert min(scores) == -1 and scores.count(-1) == 1
    assert of_type(events, "round_start")[0]["first_lead"] == 0
    assert state.current_player() == 0 and state.round == 1


def test_livemix_l10_tie_goes_first_clockwise_from_first_lead() -> None:
    """L10: seats 1 and 3 tie lowest; counting clockwise from the first lead (2), 3 comes first."""
    state, _ = quick_game()
    assert state.round_scores()[0] == QUICK_SCORES
    assert state.round == 1 and state.current_player() == 3


def test_livemix_l11_three_rounds_total_and_last_round_breaks_tie() -> None:
    """L11: three rounds; seats 0 and 2 tie on 5, seat 0 scored more in the last round."""
    state, events = quick_game(rounds=3)
    assert state.is_terminal()
    assert state.round_scores() == [[1, -5, 9, -5], [-5, 1, -5, 9], [9, -5, 1, -5]]
    assert state.scores() == [5, -9, 5, -1]
    assert state.winners() == [0]
    (end,) = of_type(events, "game_end")
    assert end == {"type": "game_end", "scores": [5, -9, 5, -1], "winners": [0]}
    with pytest.raises(GameOver):
        state.apply_action("H1", 0)


def test_livemix_l11_shared_win_when_last_round_ties_too() -> None:
    """L11: equal totals and equal last-round scores share the win."""
    records = [_record([3, 1, 3]), _record([1, 2, 1])]
    assert winners(records) == [0, 2]
    # All three tie on 3; the last round decides alone.
    assert winners([_record([3, 1, 0]), _record([0, 2, 3])]) == [2]


def _record(scores: list[int]) -> RoundRecord:
    n = len(scores)
    return RoundRecord(0, (0,) * n, (0,) * n, (0,) * n, tuple(scores), 0)


def test_livemix_l5_one_beats_twelve_only_in_lead_colour() -> None:
    """L5: the lead-colour 1 beats the lead-colour 12 (it counts 13)."""
    assert _winner([(0, "H12"), (1, "H1"), (2, "H5"), (3, "H7")]) == 1


def test_livemix_l5_one_is_low_when_the_twelve_is_off_colour() -> None:
    """L5: a 12 of another colour does not lift the lead-colour 1."""
    assert _winner([(0, "H1"), (1, "G12"), (2, "H3"), (3, "H2")]) == 2


def test_livemix_l5_one_is_low_without_a_twelve() -> None:
    """L5: without the 12 of the lead colour, the 1 is the lowest value."""
    assert _winner([(0, "H1"), (1, "H11"), (2, "H3"), (3, "H2")]) == 1


def test_livemix_l5_off_colour_never_wins() -> None:
    """L5: only lead-colour cards win: a lead H2 beats three off-colour 12s (and an off 1)."""
    assert _winner([(0, "H2"), (1, "G12"), (2, "F12"), (3, "M1")]) == 0


def _winner(trick: Trick) -> int:
    deal = scripted_round(4, [trick])
    state = livemix.new_game(livemix.Config(players=4), seed=0, deal=deal)
    (won,) = of_type(play(state, [trick]), "trick_won")
    return int(won["winner"])


def test_livemix_l4_several_nines_move_the_token_several_times() -> None:
    """L4: each [9] moves the token at once; the winner takes the Member it ends on."""
    trick = [(0, "H9"), (1, "G9"), (2, "H5"), (3, "F9")]
    deal = scripted_round(4, [trick], circle=QUICK_CIRCLE)
    state = livemix.new_game(livemix.Config(players=4), seed=0, deal=deal)
    events = play(state, [trick])
    assert [e["position"] for e in of_type(events, "token_moved")] == [1, 2, 3]
    (won,) = of_type(events, "trick_won")
    assert (won["winner"], won["member"], won["token"]) == (0, "B:4", 4)
    obs = state.observation(None)
    assert [m["member"] for m in obs["circle"] if not m["on_table"]] == ["B:4"]


def _edited(state: livemix.State, **changes: object) -> livemix.State:
    data = json.loads(json.dumps(state.to_json()))
    data.update(changes)
    return livemix.from_json(data)


def test_livemix_l4_nine_skips_members_already_taken() -> None:
    """L4: the token moves to the next Member still on the table, past taken ones.

    Set up as after the token went round the circle: B:1 and C:3 (positions 1, 2) are
    already held by seat 3.
    """
    trick = [(0, "H9"), (1, "H2"), (2, "H3"), (3, "H4")]
    deal = scripted_round(4, [trick], circle=["A:heart", "B:1", "C:3", "A:gem"])
    state = livemix.new_game(livemix.Config(players=4), seed=0, deal=deal)
    state = _edited(state, on_table=[0, *range(3, 12)], members=[[], [], [], ["B:1", "C:3"]])
    events = play(state, [trick])
    assert [e["member"] for e in of_type(events, "token_moved")] == ["A:gem"]
    assert of_type(events, "trick_won")[0]["member"] == "A:gem"
    assert state.observation(None)["token_member"] == "A:flower"


def test_livemix_l4_no_member_left_winner_takes_none() -> None:
    """L4: with no Member on the table a 9 moves nothing and the winner takes none.

    A standard round ends before the Members run out, so the table is emptied by hand.
    """
    trick = [(0, "H9"), (1, "H2"), (2, "H3"), (3, "H4")]
    deal = scripted_round(4, [trick])
    state = _edited(livemix.new_game(livemix.Config(players=4), seed=0, deal=deal),
                    on_table=[], token=None)
    events = play(state, [trick])
    assert of_type(events, "token_moved") == []
    won = of_type(events, "trick_won")[0]
    assert (won["winner"], won["member"], won["token"]) == (0, None, None)
    assert state.observation(None)["members"] == [[], [], [], []]
    assert state.current_player() == 0


def _member_run(players: int, circle: list[str], winner: int) -> list[dict[str, object]]:
    """Seat `winner` wins one trick per Member in `circle` order; return the events."""
    order = [(winner + i) % players for i in range(players)]
    tricks: list[Trick] = []
    for k in range(len(circle)):
        colour, high, low = "HGF"[k % 3], 12 - k // 3, 2 + 4 * (k // 3)
        tricks.append([(s, f"{colour}{high if i == 0 else low + i}") for i, s in enumerate(order)])
    deal = scripted_round(players, tricks, circle=circle)
    state = livemix.new_game(livemix.Config(players=players, first_lead=winner), seed=0,
                             deal=deal)
    return play(state, tricks)


def test_livemix_l6_4p_third_member_leaves() -> None:
    """L6 (4p): the 3rd Member, all of different groups, makes the seat leave (condition 1)."""
    events = _member_run(4, ["A:heart", "B:1", "C:3"], winner=1)
    assert [(e["seat"], e["conditions"]) for e in of_type(events, "leave")] == [(1, [1])]


def test_livemix_l6_4p_two_members_of_two_groups_stay() -> None:
    """L6 (4p): two Members of different groups do not make a seat leave."""
    events = _member_run(4, ["A:heart", "B:1"], winner=1)
    assert of_type(events, "leave") == []


def test_livemix_l6_3p_fourth_member_leaves() -> None:
    """L6 (3p): the 4th Member, no three of a group, makes the seat leave (condition 1)."""
    events = _member_run(3, ["A:heart", "A:gem", "B:1", "C:3"], winner=0)
    assert [(e["seat"], e["conditions"]) for e in of_type(events, "leave")] == [(0, [1])]


def test_livemix_l6_3p_third_member_of_a_group_leaves() -> None:
    """L6 (3p): the 3rd Member of one group makes the seat leave (condition 2); the 2nd does not."""
    events = _member_run(3, ["A:heart", "A:gem", "A:flower"], winner=2)
    leaves = of_type(events, "leave")
    assert [(e["seat"], e["conditions"]) for e in leaves] == [(2, [2])]
    assert events.index(leaves[0]) > events.index(of_type(events, "trick_won")[2])


def test_livemix_3p_removed_colour_members_score_nothing() -> None:
    """Rulebook detail: with moon removed, the last player's A:moon scores nothing."""
    tricks: list[Trick] = [
        [(0, "H2"), (1, "H12"), (2, "H3")],
        [(1, "G12"), (2, "G2"), (0, "G3")],
        [(1, "F12"), (2, "F2"), (0, "F3")],   # seat 1: A:heart, A:gem, A:flower: leaves
        [(2, "H11"), (0, "H4")],
        [(2, "G11"), (0, "G4")],
        [(2, "F11"), (0, "F4")],              # seat 2: B:1, B:4, B:7: leaves
    ]
    circle = ["A:heart", "A:gem", "A:flower", "B:1", "B:4", "B:7"]
    deal = scripted_round(3, tricks, circle=circle)
    state = livemix.new_game(livemix.Config(players=3), seed=0, deal=deal)
    play(state, tricks)
    last = state.score_breakdown()["rounds"][0]["seats"][0]
    assert "A:moon" in last["members"]
    assert last["by_member"]["A:moon"] == {"gained": 0, "lost": 0}
    assert all("A:moon" not in c["members"] for c in last["gained_cards"])


def test_livemix_l12_seat_sees_own_hand_and_won_cards_only() -> None:
    """L12: own hand and won pile; everyone's Members, sizes, circle, token and the trick."""
    state = example_game()
    state.apply_action("F9", 0)
    hands = [state.observation(s)["hand"] for s in range(4)]
    for seat in range(4):
        obs = state.observation(seat)
        text = json.dumps({k: v for k, v in obs.items() if k not in ("hand", "won")})
        assert not [c for s, h in enumerate(hands) if s != seat for c in h if f'"{c}"' in text]
        assert obs["hand_sizes"] == [len(h) for h in hands]
        assert obs["members"] == [["A:heart", "C:3"], ["B:1"], ["A:gem", "A:flower"],
                                  ["B:4", "B:7"]]
        assert obs["trick"] == [{"seat": 0, "card": "F9"}]
        assert obs["token_member"] == "C:12"
    assert state.observation(0)["won"] == ["G1", "G3", "M3", "M4", "M8", "M12"]
    spectator = state.observation(None)
    assert "hand" not in spectator and "won" not in spectator
    assert spectator["won_sizes"] == [6, 3, 8, 7]
    assert spectator["legal_actions"] == [] and state.observation(3)["legal_actions"] == []
    # Player 2 holds no flower, so any card of its hand may follow the F9.
    assert state.observation(1)["legal_actions"] == sorted(hands[1])
