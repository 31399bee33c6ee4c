"""--pace: the app pauses after each move of another seat and each trick's result in the
turn-based games, never after the player's own move and never in Mix Match; the flag wins
over CARDROOM_PACE, which wins over the command's default."""

from __future__ import annotations

import pytest

from cardroom.shared.cli.main import parser as build_parser
from cardroom.shared.cli.pacing import DEFAULT_PACE_S, Pacer, pace_of


def paused(game: str, events: list[dict[str, object]], me: int | None = 0) -> list[float]:
    slept: list[float] = []
    pacer = Pacer(game, 0.5, me, sleep=slept.append)
    for event in events:
        pacer.after(event)
    return slept


def test_another_seats_move_and_the_trick_result_are_paced_not_your_own() -> None:
    assert paused("vivo", [{"type": "play", "seat": 1, "card": "R5"}]) == [0.5]
    assert paused("vivo", [{"type": "trick_end", "winner": 0}]) == [0.5]
    assert paused("vivo", [{"type": "play", "seat": 0, "card": "R5"}]) == []
    assert paused("livemix", [{"type": "play", "seat": 2}, {"type": "trick_won"}]) == [0.5, 0.5]
    assert paused("vivo", [{"type": "play", "seat": 0}], me=None) == [0.5]  # a spectator


def test_mix_match_is_never_paced_nor_a_round_start() -> None:
    assert paused("mixmatch", [{"type": "claim_accepted", "seat": 1},
                               {"type": "card_picked", "seat": 1}]) == []
    assert paused("vivo", [{"type": "round_start", "round": 1}]) == []


def test_no_pause_at_pace_zero() -> None:
    slept: list[float] = []
    Pacer("vivo", 0.0, 0, sleep=slept.append).after({"type": "play", "seat": 1})
    assert slept == []


@pytest.mark.parametrize(("argv", "environ", "expected"), [
    (["play", "vivo"], {}, DEFAULT_PACE_S),
    (["play", "vivo"], {"CARDROOM_PACE": "0"}, 0.0),
    (["play", "vivo", "--pace", "1.5"], {"CARDROOM_PACE": "0"}, 1.5),
    (["play", "vivo"], {"CARDROOM_PACE": "soon"}, DEFAULT_PACE_S),
    (["join", "m1"], {}, DEFAULT_PACE_S),
    (["watch", "m1"], {}, 0.0),
    (["watch", "m1", "--pace", "0.6"], {}, 0.6),
])
def test_the_flag_wins_over_the_variable_which_wins_over_the_default(
        argv: list[str], environ: dict[str, str], expected: float) -> None:
    args = build_parser().parse_args(argv)
    assert pace_of(args, environ) == expected


@pytest.mark.parametrize("pace", ["-1", "11", "fast"])
def test_a_pace_out_of_range_is_refused_by_the_command_line(pace: str,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(["play", "vivo", "--pace", pace])
    assert refused.value.code == 2
    assert "--pace" in capsys.readouterr().err
