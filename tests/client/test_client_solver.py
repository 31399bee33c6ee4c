"""The solver client against a real solver service: the rulebook's board solved, claims
judged, a board analysed, bad boards refused with each bad field named."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.client import Cardroom, ClientConfig, connect
from cardroom.shared.errors import InvalidArgument, InvalidFields

EXAMPLE = [12, 24, 7, 2, 6]  # the rulebook's example: target 48


@pytest.fixture(scope="module")
def room() -> Iterator[Cardroom]:
    """A client of a solver server for the module."""
    server, port = in_thread(create_server, SolverConfig(rpc=local_settings("solver")), host=HOST)
    server.start()
    try:
        with connect(ClientConfig(solver_addr=f"{HOST}:{port}")) as clients:
            yield clients
    finally:
        server.stop(None)


def value(expression: str) -> int:
    """An expression's value, by the Python evaluator of plain arithmetic."""
    result = eval(expression.replace("x", "*"))  # only digits, operators and brackets here
    assert float(result).is_integer()
    return int(result)


def test_client_solve_rulebook_example_uses_all_five_cards(room: Cardroom) -> None:
    result = room.solver.solve(EXAMPLE, 48)
    assert result.solution is not None and result.proven and result.cards_used == 5
    assert sorted(result.solution.cards) == sorted(EXAMPLE)
    assert value(result.solution.expression) == 48


def test_client_solve_lists_the_optimal_solutions(room: Cardroom) -> None:
    result = room.solver.solve(EXAMPLE, 48, optimal_limit=1000)
    assert result.optimal_exact and result.optimal_count == len(result.optimal) > 1
    assert {value(s.expression) for s in result.optimal} == {48}
    assert all(sorted(s.cards) == sorted(EXAMPLE) for s in result.optimal)
    capped = room.solver.solve(EXAMPLE, 48, optimal_limit=3)
    assert len(capped.optimal) == 3 and not capped.optimal_exact


def test_client_solve_without_a_solution(room: Cardroom) -> None:
    result = room.solver.solve([1, 1], 97)
    assert result.solution is None and result.proven and result.cards_used == 0


def test_client_verify_judges_a_claim(room: Cardroom) -> None:
    good = room.solver.verify("24 + 12 x 2", EXAMPLE, 48)
    assert (good.valid, good.value, good.canonical, good.cards) == (True, "48", "24+12*2",
                                                                    [24, 12, 2])
    wrong = room.solver.verify("24+12*3", EXAMPLE, 48)
    assert not wrong.valid and wrong.reason == "card 3 is not on the table"
    half = room.solver.verify("7/2*12+6", EXAMPLE, 48)
    assert not half.valid and "7/2 is not whole" in half.reason
    assert room.solver.verify("7/2*12+6", EXAMPLE, 48, allow_fractions=True).valid


def test_client_analyze_profiles_a_board(room: Cardroom) -> None:
    analysis = room.solver.analyze(EXAMPLE, 48, reachable=(46, 50))
    assert analysis.max_cards == 5 and analysis.exact
    assert [count for count, _, _ in analysis.profile] == [1, 2, 3, 4, 5]
    assert [target for target, _ in analysis.reachable] == [46, 47, 48, 49, 50]
    five = dict((c, n) for c, n, _ in analysis.profile)[5]
    assert five == room.solver.solve(EXAMPLE, 48, optimal_limit=1000).optimal_count


def test_client_bad_boards_name_each_bad_field(room: Cardroom) -> None:
    with pytest.raises(InvalidFields) as many:
        room.solver.solve([0, 2000], 48)
    assert [f for f, _ in many.value.violations] == ["cards[0]", "cards[1]"]
    with pytest.raises(InvalidArgument) as one:
        room.solver.solve([1, 2], 0)
    assert one.value.field == "target"


def test_client_every_optimal_solution_verifies(room: Cardroom) -> None:
    result = room.solver.solve([3, 4, 5, 6], 60, optimal_limit=10)
    assert result.optimal
    for solution in result.optimal:
        verdict = room.solver.verify(solution.expression, [3, 4, 5, 6], 60)
        assert verdict.valid and sorted(verdict.cards) == solution.cards
