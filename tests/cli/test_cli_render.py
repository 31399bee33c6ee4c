"""How the terminal app draws each game (from real engine observations) and reads a typed line."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from cardroom.shared.cli import moves
from cardroom.shared.cli.main import parser
from cardroom.shared.cli.play import options_of
from cardroom.shared.cli.player import in_hand_order
from cardroom.shared.cli.render import Scene, board, describe
from cardroom.shared.cli.render.common import result_text
from cardroom.shared.client.types import MatchView, Result
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games import registry
from cardroom.shared.games.base import State

NAMES = ["you", "bot 1 (random)", "bot 2 (random)", "bot 3 (random)"]


def play(game: str, options: dict[str, Any], moves_made: int, seed: int = 5,
         now: float = 1000.0) -> tuple[State, list[dict[str, Any]]]:
    """A game after `moves_made` first-legal moves, and the events they made."""
    state = registry.new_game(game, registry.make_config(game, options), seed=seed, now=now)
    events = list(registry.opening_events(state))
    for _ in range(moves_made):
        seat = state.current_player()
        events += state.apply_action(state.legal_actions(seat)[0], seat, now)
    return state, events


def draw(game: str, scene: Scene, colour: bool = False) -> str:
    """What the board looks like on a 120-column terminal (ANSI codes kept with `colour`)."""
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=colour,
                      color_system="standard" if colour else None, highlight=False)
    console.print(board(game, scene))
    return out.getvalue()


def seat_scene(state: State, seat: int | None, players: int, now: float = 1000.0) -> Scene:
    """The scene of one seat (its legal moves when it is to act), or a spectator's."""
    legal = state.legal_actions(seat) if seat is not None and state.current_player() == seat \
        else []
    return Scene(state.observation(seat), NAMES[:players], seat, legal, now=now)


def test_cli_livemix_board_shows_members_token_trick_and_hand() -> None:
    state, _ = play("livemix", {"players": 4}, 6)
    obs = state.observation(1)
    text = draw("livemix", seat_scene(state, 1, 4))
    assert "Livemix - round 1 of 3" in text
    for slot in obs["circle"]:
        assert slot["member"] in text
    assert f"[{obs['token_member']}]" in text and f"Token on {obs['token_member']}" in text
    assert f"Trick (lead {obs['lead_colour']}):" in text
    for play_ in obs["trick"]:
        assert play_["card"] in text
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    assert hand_line.split()[2:] == obs["hand"]
    assert "Last trick:" in text and f"took {obs['last_trick']['member']}" in text
    spectator = draw("livemix", seat_scene(state, None, 4))
    assert "Your hand:" not in spectator and obs["hand"][0] not in spectator.split("Trick")[0]


def test_cli_livemix_taken_members_are_marked_in_plain_text_too() -> None:
    state, _ = play("livemix", {"players": 4}, 6)
    circle = state.observation(1)["circle"]
    taken = [slot["member"] for slot in circle if not slot["on_table"]]
    assert taken  # a few tricks were played: some Members are gone
    plain = draw("livemix", seat_scene(state, 1, 4))  # no colour, no strike-through
    for slot in circle:
        marked = f"({slot['member']})" in plain
        assert marked == (not slot["on_table"]), slot


def test_cli_livemix_cards_and_members_in_their_colours() -> None:
    state, _ = play("livemix", {"players": 4}, 0)
    text = draw("livemix", seat_scene(state, 0, 4), colour=True)
    hand = state.observation(0)["hand"]
    heart = next(c for c in hand if c.startswith("H"))
    moon = next((c for c in hand if c.startswith("M")), None)
    assert f"\x1b[1;31m{heart}" in text  # hearts red
    if moon:
        assert f"\x1b[1;33m{moon}" in text  # moons yellow
    assert "\x1b[1;31mA:heart" in text or "A:heart\x1b" in text


def test_cli_livemix_left_players_are_marked() -> None:
    state, events = play("livemix", {"players": 3}, 30, seed=3)
    obs = state.observation(0)
    text = draw("livemix", seat_scene(state, 0, 3))
    assert text.count("left the round") == obs["active"].count(False)
    lines = [_plain(describe("livemix", e, NAMES[:3], 0) or "") for e in events]
    leaves = [e for e in events if e["type"] == "leave"]
    assert leaves and len([line for line in lines if "the round" in line]) == len(leaves)
    first = leaves[0]["seat"]
    assert f"  {'you leave' if first == 0 else NAMES[first] + ' leaves'} the round" in lines


def test_cli_vivo_board_shows_the_harmony_the_next_one_and_scoring_rows() -> None:
    state, _ = play("vivo", {"players": 3}, 4)
    obs = state.observation(0)
    text = draw("vivo", seat_scene(state, 0, 3))
    assert f"VIVO - round 1 of 2, trick {obs['trick']} of 12" in text
    count = {"SOLO": 1, "DUET": 2, "TRIO": 3, "QUARTET": 4}
    assert f"Harmony: {obs['harmony']} ({count[obs['harmony']]} suit" in text
    assert f"next: {obs['next_harmony']}" in text
    for row in obs["scoring_rows"]:
        for card in row["face_up"]:
            assert card in text
    hand_line = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    assert hand_line.split()[2:] == obs["hand"]


def test_cli_vivo_off_harmony_card_is_marked() -> None:
    state = registry.new_game("vivo", registry.make_config("vivo", {"players": 3}), deal={
        "hands": [["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12"],
                  ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11", "G12"],
                  ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12"]],
        "harmonies": ["SOLO", "SOLO", "DUET", "SOLO", "TRIO", "DUET", "SOLO", "TRIO", "DUET",
                      "TRIO", "DUET", "TRIO"]})
    events = state.apply_action("R5", 0) + state.apply_action("G7", 1)
    text = draw("vivo", seat_scene(state, 2, 3))
    assert "G7 (off-harmony)" in text
    lines = [describe("vivo", e, NAMES[:3], 2) for e in events]
    assert "bot 1 (random) plays G7 (off-harmony)" in [_plain(x) for x in lines if x]


def test_cli_mixmatch_board_shows_target_table_and_hourglass() -> None:
    state, _ = play("mixmatch", {"players": 2, "hourglass_seconds": 40}, 0, now=1000.0)
    obs = state.observation(0)
    text = draw("mixmatch", seat_scene(state, 0, 2, now=1010.0))
    assert f"Target {obs['target']}  (dice {obs['dice'][0]} + {obs['dice'][1]})" in text
    assert "Table: " + " ".join(f"[{n}]" for n in obs["table"]) in text
    assert "30 s left" in text and "#" * 15 + "." * 5 in text
    late = draw("mixmatch", seat_scene(state, 0, 2, now=1041.0))
    assert "time is up" in late
    untimed, _ = play("mixmatch", {"players": 2, "hourglass_seconds": 0}, 0)
    assert "No hourglass: type 'timeout'" in draw("mixmatch", seat_scene(untimed, 0, 2))


def test_cli_mixmatch_picks_and_own_cards_are_shown() -> None:
    state, events = play("mixmatch", {"players": 2, "own_cards": True}, 1)
    obs = state.observation(0)
    text = draw("mixmatch", seat_scene(state, 0, 2))
    assert "bot 1 (random) to pick an own card" in text
    own = obs["own"][0][0]
    row = next(line for line in text.splitlines() if "0 you" in line)
    assert f"[{own}]" in row
    lines = [_plain(describe("mixmatch", e, NAMES[:2], 0) or "") for e in events]
    assert f"you took {own} as an own card" in lines


def test_cli_event_lines_name_you_and_the_others() -> None:
    _, events = play("vivo", {"players": 3}, 3)
    lines = [_plain(x) for x in (describe("vivo", e, NAMES[:3], 0) for e in events) if x]
    assert lines[0] == "Round 1: you lead"
    assert any(line.startswith("you play ") for line in lines)
    assert any(line.startswith("bot 1 (random) plays ") for line in lines)
    assert any(line.startswith("  -> ") and "score" in line for line in lines)
    over = {"type": "match_over", "reason": "completed", "winners": [0, 2], "scores": [1, 0, 1]}
    assert describe("vivo", over, NAMES[:3], 0) is None  # the result line names the winners
    assert describe("vivo", {"type": "deal", "to": 0, "hand": []}, NAMES, 0) is None


def test_cli_result_line_names_winners_and_scores() -> None:
    text = result_text(Result("completed", [5, 9, 9], [1, 2]), NAMES[:3], 0).plain
    assert text == ("Game over: bot 1 (random) and bot 2 (random) share the win.  Scores: "
                    "you 5, bot 1 (random) 9, bot 2 (random) 9")
    assert result_text(Result("completed", [9, 1], [0]), NAMES[:2], 0).plain.startswith(
        "Game over: you win.")
    assert "abandoned" in result_text(Result("abandoned", [0, 0], []), NAMES[:2]).plain


def _plain(markup: str) -> str:
    return re.sub(r"\[/?[a-z0-9 _]*\]", "", markup)


def test_cli_typed_numbers_and_cards_become_moves() -> None:
    legal = ["H10", "H12", "H4"]
    assert moves.read_line("2", "livemix", legal, {}) == moves.Typed(moves.MOVE, "H12")
    assert moves.read_line(" h4 ", "livemix", legal, {}) == moves.Typed(moves.MOVE, "H4")
    assert moves.read_line("g7", "vivo", legal, {}).action == "G7"  # judged by the service
    with pytest.raises(InvalidArgument):
        moves.read_line("4", "livemix", legal, {})
    for line, kind in (("", moves.REDRAW), ("?", moves.HINT), ("h", moves.HELP),
                       ("quit", moves.QUIT), ("b", moves.REDRAW)):
        assert moves.read_line(line, "vivo", legal, {}).kind == kind


def test_cli_typed_lines_in_mixmatch() -> None:
    claims = {"phase": "claims"}
    assert moves.read_line("(24+12) x 2", "mixmatch", [], claims) == moves.Typed(
        moves.CLAIM, "(24+12) x 2")
    assert moves.read_line("claim 24*2", "mixmatch", [], claims).action == "24*2"
    assert moves.read_line("t", "mixmatch", [], claims).action == "timeout"
    picking = {"phase": "pick"}
    assert moves.read_line("12", "mixmatch", [], picking).action == "pick 12"
    assert moves.read_line("pick 7", "mixmatch", [], picking).action == "pick 7"
    assert moves.read_line("pass", "mixmatch", [], picking).action == "pass"
    with pytest.raises(InvalidArgument):
        moves.read_line("seven", "mixmatch", [], picking)


def test_cli_legal_moves_are_numbered_in_hand_order() -> None:
    state, _ = play("livemix", {"players": 4}, 0)
    obs = state.observation(0)
    view = MatchView("m", "livemix", "active", 1, 0, 4, [], {}, 0, True,
                     sorted(obs["hand"]), [], [], None, "", 0, obs, None)
    assert in_hand_order(view) == obs["hand"]


def test_cli_play_flags_become_game_options() -> None:
    args = parser().parse_args(["play", "mixmatch", "--hourglass", "0", "-o", "faster=true",
                                "-o", "youngest_seat=1", "-o", "label=G"])
    assert options_of(args) == {"faster": True, "youngest_seat": 1, "label": "G",
                                "hourglass_seconds": 0.0}
    with pytest.raises(InvalidArgument):
        options_of(parser().parse_args(["play", "vivo", "--hourglass", "5"]))
    with pytest.raises(InvalidArgument):
        options_of(parser().parse_args(["play", "vivo", "-o", "faster"]))


def test_cli_lines_agree_in_number_with_their_subject() -> None:
    _, events = play("livemix", {"players": 3}, 0)
    opening = next(e for e in events if e["type"] == "round_start")
    line = describe("livemix", opening, NAMES[:3], opening["first_lead"])
    assert line is not None and "you lead;" in line
    one_left = Scene({**play("mixmatch", {"players": 2, "faster": True}, 0)[0].observation(0),
                      "deck_size": 1}, NAMES[:2], 0)
    assert "round 1 of 2, 1 card in the deck" in draw("mixmatch", one_left)
    assert any("e.g. R5" in line for line in moves.help_lines("vivo"))
    assert not any("H12" in line for line in moves.help_lines("vivo"))
