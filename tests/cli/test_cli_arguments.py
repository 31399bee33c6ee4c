"""Bad values on the command line are usage errors naming the flag (exit status 2), never a
traceback; the lobby answers to both its names."""

from __future__ import annotations

import pytest

from cardroom.shared.cli.main import main, parser


@pytest.mark.parametrize("seed", ["-1", str(2**64), "seven"])
def test_cli_seed_out_of_range_is_a_usage_error_not_a_traceback(
        seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "vivo", "--seed", seed])
    assert exit_.value.code == 2
    said = capsys.readouterr().err
    assert "--seed: a seed is a whole number from 0 to 18446744073709551615" in said
    assert "Traceback" not in said


def test_cli_seed_takes_the_whole_unsigned_64_bit_range() -> None:
    assert parser().parse_args(["play", "vivo", "--seed", str(2**64 - 1)]).seed == 2**64 - 1
    assert parser().parse_args(["create", "vivo", "--seed", "0"]).seed == 0


@pytest.mark.parametrize("limit", ["0", "-5"])
def test_cli_matches_limit_below_one_is_refused(limit: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["matches", "--limit", limit])
    assert exit_.value.code == 2
    assert "--limit: must be a whole number of 1 or more" in capsys.readouterr().err


def test_cli_lobby_is_another_name_of_matches() -> None:
    args = parser().parse_args(["lobby", "--game", "vivo", "--limit", "3"])
    assert args.run.__name__ == "run_matches" and args.game == "vivo" and args.limit == 3
