"""`cardroom solve` and `cardroom verify`, run as the installed console script against a real
solver service; and --help for every command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread
from support.redis_server import free_port

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.cli.main import main

#: The console script the project installs next to the interpreter.
CARDROOM = Path(sys.executable).with_name("cardroom")
COMMANDS = ("play", "join", "create", "watch", "replay", "matches", "policies", "solve", "verify")


@pytest.fixture(scope="module")
def solver_addr() -> Iterator[str]:
    """The address of a solver server for the module."""
    server, port = in_thread(create_server, SolverConfig(rpc=local_settings("solver")), host=HOST)
    server.start()
    try:
        yield f"{HOST}:{port}"
    finally:
        server.stop(None)


def cardroom(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed `cardroom` script; its exit status and output."""
    full = {k: v for k, v in os.environ.items() if not k.endswith("_ADDR")}
    full.update({"NO_COLOR": "1", "COLUMNS": "120", **(env or {})})
    return subprocess.run([str(CARDROOM), *args], capture_output=True, text=True, env=full,
                          timeout=60, check=False)


def test_cli_solve_rulebook_example_prints_the_best_solution(solver_addr: str) -> None:
    done = cardroom("solve", "12", "24", "7", "2", "6", "--target", "48",
                    env={"SOLVER_ADDR": solver_addr})
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()[:2]
    assert first.startswith("48 = ")
    expression = first.removeprefix("48 = ")
    assert eval(expression) == 48
    assert sorted(int(n) for n in re.findall(r"\d+", expression)) == [2, 6, 7, 12, 24]
    assert second == "uses all 5 cards: 2 6 7 12 24"


def test_cli_solve_all_lists_every_optimal_solution(solver_addr: str) -> None:
    done = cardroom("solve", "12", "24", "7", "2", "6", "-t", "48", "--all",
                    "--solver", solver_addr)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = lines[2]
    assert header.startswith("exactly ") and header.endswith("each using 5 cards:")
    count = int(header.split()[1])
    listed = [line.strip() for line in lines[3:]]
    assert len(listed) == count == len(set(listed)) > 1
    assert all(eval(expression) == 48 for expression in listed)
    assert lines[0].removeprefix("48 = ") in listed


def test_cli_solve_json_is_the_whole_answer(solver_addr: str) -> None:
    done = cardroom("solve", "12", "24", "7", "2", "6", "--target", "48", "--json", "--all",
                    env={"SOLVER_ADDR": solver_addr})
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["cards"], data["target"], data["cards_used"], data["proven"]) == (
        [12, 24, 7, 2, 6], 48, 5, True)
    assert sorted(data["solution"]["cards"]) == [2, 6, 7, 12, 24]
    assert data["optimal_exact"] and data["optimal_count"] == len(data["optimal"])
    plain = json.loads(cardroom("solve", "12", "24", "7", "2", "6", "-t", "48", "--json",
                                env={"SOLVER_ADDR": solver_addr}).stdout)
    assert "optimal" not in plain and plain["solution"] == data["solution"]


def test_cli_solve_without_a_solution_says_so_and_fails(solver_addr: str) -> None:
    done = cardroom("solve", "1", "1", "-t", "97", env={"SOLVER_ADDR": solver_addr})
    assert done.returncode == 1 and done.stdout.strip() == "97: no solution with 1 1"
    as_json = cardroom("solve", "1", "1", "-t", "97", "--json", env={"SOLVER_ADDR": solver_addr})
    assert as_json.returncode == 1 and json.loads(as_json.stdout)["solution"] is None


def test_cli_solve_respects_the_arithmetic_options(solver_addr: str) -> None:
    board = ("1", "3", "4", "6", "-t", "24", "--json")  # all four only as 6/(1-3/4)
    strict = cardroom("solve", *board, env={"SOLVER_ADDR": solver_addr})
    loose = cardroom("solve", *board, "--allow-fractions", env={"SOLVER_ADDR": solver_addr})
    assert json.loads(strict.stdout)["cards_used"] == 3
    assert json.loads(loose.stdout)["cards_used"] == 4


def test_cli_solve_bad_board_names_the_field(solver_addr: str) -> None:
    done = cardroom("solve", "0", "5", "-t", "5", env={"SOLVER_ADDR": solver_addr})
    assert done.returncode == 1 and "cards[0]" in done.stderr


def test_cli_verify_judges_a_claim(solver_addr: str) -> None:
    good = cardroom("verify", "24+12*2", "12", "24", "7", "2", "6", "-t", "48",
                    env={"SOLVER_ADDR": solver_addr})
    assert good.returncode == 0 and good.stdout.strip() == "correct: 24+12*2 = 48, using 3 card(s)"
    bad = cardroom("verify", "24+12*3", "12", "24", "7", "2", "6", "-t", "48",
                   env={"SOLVER_ADDR": solver_addr})
    assert bad.returncode == 1 and bad.stdout.strip() == "wrong: card 3 is not on the table"


def test_cli_bad_setting_is_a_usage_error() -> None:
    done = cardroom("solve", "1", "2", "-t", "3", env={"CARDROOM_TIMEOUT": "soon"})
    assert done.returncode == 2
    assert "CARDROOM_TIMEOUT must be a number of seconds, not 'soon'" in done.stderr


def test_cli_unreachable_service_is_explained() -> None:
    done = cardroom("solve", "1", "2", "-t", "3", env={"SOLVER_ADDR": f"{HOST}:{free_port()}"})
    assert done.returncode == 1
    assert "cannot be reached" in done.stderr and "make run" in done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_cli_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and out.startswith(f"usage: cardroom {command}")
    for flag in ("--match", "--solver", "--bot", "--tls", "--ca-file", "--timeout"):
        assert flag in out


def test_cli_top_level_help_lists_the_commands() -> None:
    done = cardroom("--help")
    assert done.returncode == 0
    assert all(f"    {command} " in done.stdout for command in COMMANDS)
    assert cardroom().returncode == 2  # a command is required


def test_cli_solve_of_one_card_says_card(solver_addr: str) -> None:
    done = cardroom("solve", "12", "--target", "12", "--all", "--solver", solver_addr)
    assert done.returncode == 0, done.stderr
    assert "uses the one card: 12" in done.stdout
    assert "each using 1 card:" in done.stdout and "1 cards" not in done.stdout
