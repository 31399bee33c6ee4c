"""cardroom.v1.SolverService on a real in-process server, called through a real channel."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.grpc_servers import HOST, channel_to, health_status, local_settings, sample, scrape
from support.loops import Threaded, in_thread

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import SERVICE_NAME, create_server
from cardroom.shared.proto.cardroom.v1 import common_pb2, mixmatch_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.wire.errors import error_reason, field_violations

EXAMPLE: dict[str, Any] = {"cards": [12, 24, 7, 2, 6], "target": 48}  # the rulebook's example
# Sixteen large primes and a prime target: no proof fits in a second.
HARD: dict[str, Any] = {"cards": [997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919,
                                  911, 907, 887, 883], "target": 99991}


@dataclass
class Solver:
    """A running solver server, a stub and the channel under it."""

    server: Threaded  # a cardroom.shared.rpc.server.Server on a loop thread
    stub: solver_pb2_grpc.SolverServiceStub
    channel: grpc.Channel

    def metric(self, name: str, **labels: str) -> float:
        """A sample of this server's /metrics (0 when absent)."""
        assert self.server.metrics_port is not None
        return sample(scrape(self.server.metrics_port), name, **labels) or 0.0


def _serve(config: SolverConfig) -> Iterator[Solver]:
    server, port = in_thread(create_server, config, host=HOST)
    server.start()
    try:
        with channel_to(port) as channel:
            yield Solver(server, solver_pb2_grpc.SolverServiceStub(channel), channel)
    finally:
        server.stop(grace=None)


@pytest.fixture(scope="module")
def svc() -> Iterator[Solver]:
    """One solver server for the module."""
    yield from _serve(SolverConfig(rpc=local_settings()))


def _invalid(call: Callable[..., Any], request: Message) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_reason(caught.value) == "ERROR_REASON_INVALID_ARGUMENT"
    return caught.value


def test_solve_rulebook_example_uses_all_five_cards_proven(svc: Solver) -> None:
    response = svc.stub.Solve(solver_pb2.SolveRequest(**EXAMPLE), timeout=10)
    assert (response.cards_used, response.proven) == (5, True)
    assert sorted(response.solution.cards) == sorted(EXAMPLE["cards"])
    verdict = svc.stub.Verify(solver_pb2.VerifyRequest(
        expression=response.solution.expression, **EXAMPLE), timeout=10)
    assert verdict.valid


def test_solve_writes_solutions_in_the_canonical_form_verify_gives(svc: Solver) -> None:
    # One text form everywhere: no blanks, brackets only where the tree needs them.
    response = svc.stub.Solve(solver_pb2.SolveRequest(optimal_limit=20, **EXAMPLE), timeout=10)
    for solution in [response.solution, *response.optimal]:
        verdict = svc.stub.Verify(solver_pb2.VerifyRequest(
            expression=solution.expression, **EXAMPLE), timeout=10)
        assert verdict.valid and verdict.canonical_expression == solution.expression
        assert " " not in solution.expression


def test_analyze_starts_from_the_maximum_solve_proves(svc: Solver) -> None:
    # 1-16 to 99999: Solve proves 16 cards in about a second; Analyze used to stop at its
    # cap reporting 7, having counted the small card counts first.
    board: dict[str, Any] = {"cards": list(range(1, 17)), "target": 99999}
    solved = svc.stub.Solve(solver_pb2.SolveRequest(**board), timeout=20)
    assert (solved.cards_used, solved.proven) == (16, True)
    rated = svc.stub.Analyze(solver_pb2.AnalyzeRequest(**board), timeout=5)
    assert rated.max_cards == 16
    top = rated.profile[15]
    assert top.card_count == 16 and top.solutions >= 1
    assert rated.difficulty == pytest.approx(16 - math.log10(top.solutions), abs=0.01)


def test_solve_lists_optimal_solutions_up_to_the_limit(svc: Solver) -> None:
    response = svc.stub.Solve(solver_pb2.SolveRequest(optimal_limit=3, **EXAMPLE), timeout=10)
    assert len(response.optimal) == response.optimal_count == 3
    assert len({s.expression for s in response.optimal}) == 3
    assert all(len(s.cards) == response.cards_used for s in response.optimal)


def test_solve_without_solution_is_proven_and_empty(svc: Solver) -> None:
    response = svc.stub.Solve(solver_pb2.SolveRequest(cards=[1, 1], target=50), timeout=10)
    assert not response.HasField("solution")
    assert (response.cards_used, response.proven) == (0, True)


def test_solve_answers_before_a_near_deadline_unproven(svc: Solver) -> None:
    start = time.monotonic()
    response = svc.stub.Solve(solver_pb2.SolveRequest(**HARD), timeout=1.5)
    assert time.monotonic() - start < 1.5
    assert not response.proven
    assert svc.metric("cardroom_solver_answers_total", outcome="budget_limited") >= 1


def test_solve_stops_at_the_server_cap_without_a_deadline() -> None:
    for svc in _serve(SolverConfig(rpc=local_settings(), max_seconds=0.3)):
        start = time.monotonic()
        response = svc.stub.Solve(solver_pb2.SolveRequest(**HARD))
        assert time.monotonic() - start < 1.5
        assert not response.proven


def test_solve_honours_the_m3_fraction_option(svc: Solver) -> None:
    # 24 from 3 3 8 8 with every card needs 8/(3-8/3): a fraction on the way.
    board: dict[str, Any] = {"cards": [3, 3, 8, 8], "target": 24}
    default = svc.stub.Solve(solver_pb2.SolveRequest(**board), timeout=10)
    fractions = svc.stub.Solve(solver_pb2.SolveRequest(
        rules=common_pb2.ArithRules(allow_fractions=True), **board), timeout=10)
    assert (default.cards_used, fractions.cards_used) == (2, 4)


@pytest.mark.parametrize(("expression", "reason", "fault"), [
    ("9 + 39", "card 9 is not on the table", "CARD_NOT_ON_TABLE"),
    ("12 x 2", "result 24, not 48", "WRONG_RESULT"),
    ("7 / 2", "7/2 is not whole", "STEP_NOT_ALLOWED"),
    ("24 + 24", "24 used twice", "CARD_USED_TOO_OFTEN"),
])
def test_verify_wrong_claim_gives_the_precise_reason_and_its_kind(
        svc: Solver, expression: str, reason: str, fault: str) -> None:
    verdict = svc.stub.Verify(solver_pb2.VerifyRequest(expression=expression, **EXAMPLE),
                              timeout=10)
    assert (verdict.valid, verdict.reason) == (False, reason)
    assert mixmatch_pb2.MixMatchClaimFault.Name(verdict.fault) == \
        f"MIX_MATCH_CLAIM_FAULT_{fault}"


def test_verify_a_correct_claim_has_no_fault(svc: Solver) -> None:
    valid = svc.stub.Verify(solver_pb2.VerifyRequest(expression="2 x 24", **EXAMPLE),
                            timeout=10)
    assert valid.valid and valid.fault == mixmatch_pb2.MIX_MATCH_CLAIM_FAULT_UNSPECIFIED


def test_verify_rulebook_claims_are_valid(svc: Solver) -> None:
    for claim, used in (("2 x 24", [2, 24]), ("(24) + (12 x 2)", [24, 12, 2])):
        verdict = svc.stub.Verify(solver_pb2.VerifyRequest(expression=claim, **EXAMPLE),
                                  timeout=10)
        assert (verdict.valid, verdict.reason, list(verdict.cards)) == (True, "", used)


def test_verify_m3_fraction_claim_only_under_allow_fractions(svc: Solver) -> None:
    board: dict[str, Any] = {"expression": "8 / (3 - 8 / 3)", "cards": [3, 3, 8, 8],
                             "target": 24}
    default = svc.stub.Verify(solver_pb2.VerifyRequest(**board), timeout=10)
    fractions = svc.stub.Verify(solver_pb2.VerifyRequest(
        rules=common_pb2.ArithRules(allow_fractions=True), **board), timeout=10)
    assert (default.valid, default.reason) == (False, "8/3 is not whole")
    assert (fractions.valid, fractions.value) == (True, "24")


def test_analyze_profiles_the_rulebook_example(svc: Solver) -> None:
    response = svc.stub.Analyze(solver_pb2.AnalyzeRequest(
        reachable_min=46, reachable_max=50, **EXAMPLE), timeout=10)
    assert [r.card_count for r in response.profile] == [1, 2, 3, 4, 5]
    assert (response.max_cards, response.exact) == (5, True)
    assert 0 < response.difficulty <= 5
    assert 48 in [t.target for t in response.reachable]
    assert response.reachable_complete


def test_analyze_without_range_lists_no_targets(svc: Solver) -> None:
    response = svc.stub.Analyze(solver_pb2.AnalyzeRequest(**EXAMPLE), timeout=10)
    assert (list(response.reachable), response.reachable_complete) == ([], False)


def test_solve_with_too_many_cards_is_invalid_argument(svc: Solver) -> None:
    error = _invalid(svc.stub.Solve, solver_pb2.SolveRequest(cards=[1] * 17, target=48))
    assert field_violations(error) == [("cards", "at most 16 cards, got 17")]


def test_solve_with_values_out_of_range_names_each_field(svc: Solver) -> None:
    error = _invalid(svc.stub.Solve, solver_pb2.SolveRequest(
        cards=[3, 0, 1001], target=100_001, optimal_limit=1001))
    assert [f for f, _ in field_violations(error)] == [
        "cards[1]", "cards[2]", "target", "optimal_limit"]


def test_verify_with_oversize_claim_is_invalid_argument(svc: Solver) -> None:
    error = _invalid(svc.stub.Verify, solver_pb2.VerifyRequest(
        expression="1+" * 150 + "1", **EXAMPLE))
    assert field_violations(error) == [("expression", "at most 200 characters, got 301")]


def test_verify_with_empty_claim_is_invalid_argument(svc: Solver) -> None:
    error = _invalid(svc.stub.Verify, solver_pb2.VerifyRequest(expression="", **EXAMPLE))
    assert field_violations(error) == [("expression", "a claim is required")]


@pytest.mark.parametrize(("expression", "reason"), [
    ("2 x (24", "syntax error at column 8: '(' at column 5 is never closed"),
    ("024*02", "syntax error at column 1: number '024' has a leading zero"),
    ("2\n*24", "syntax error at column 2: unexpected character '\\n' (U+000A)"),
    ("0x10", "syntax error at column 2: unexpected character 'x' after '0': numbers are "
             "plain decimal, with no prefix"),
])
def test_verify_refuses_a_malformed_claim_as_the_engine_does(svc: Solver, expression: str,
                                                             reason: str) -> None:
    # One grammar: what a match refuses as a malformed action, Verify refuses as a bad field.
    error = _invalid(svc.stub.Verify, solver_pb2.VerifyRequest(expression=expression,
                                                               **EXAMPLE))
    assert field_violations(error) == [("expression", reason)]


def test_analyze_with_bad_range_and_limit_is_invalid_argument(svc: Solver) -> None:
    error = _invalid(svc.stub.Analyze, solver_pb2.AnalyzeRequest(
        limit=200_000, reachable_min=90, reachable_max=10, **EXAMPLE))
    assert [f for f, _ in field_violations(error)] == ["limit", "reachable_max"]


def test_metrics_show_ok_and_invalid_argument_calls(svc: Solver) -> None:
    svc.stub.Solve(solver_pb2.SolveRequest(cards=[5, 5], target=10), timeout=10)
    _invalid(svc.stub.Solve, solver_pb2.SolveRequest(cards=[], target=10))
    labels = {"grpc_service": SERVICE_NAME, "grpc_method": "Solve", "grpc_type": "unary"}
    assert svc.metric("grpc_server_handled_total", grpc_code="OK", **labels) >= 1
    assert svc.metric("grpc_server_handled_total", grpc_code="InvalidArgument", **labels) >= 1
    assert svc.metric("cardroom_solver_solve_seconds_count", card_count="2") >= 1
    assert svc.metric("cardroom_solver_answers_total", outcome="proven") >= 1


def test_health_serving_for_server_and_solver_service(svc: Solver) -> None:
    assert health_status(svc.channel, "") == health_pb2.HealthCheckResponse.SERVING
    assert health_status(svc.channel, "cardroom.v1.SolverService") == (
        health_pb2.HealthCheckResponse.SERVING)


def test_reflection_lists_the_solver_service(svc: Solver) -> None:
    db = ProtoReflectionDescriptorDatabase(svc.channel)
    assert "cardroom.v1.SolverService" in set(db.get_services())


def test_graceful_shutdown_flips_health_to_not_serving() -> None:
    for svc in _serve(SolverConfig(rpc=local_settings())):
        stopper = threading.Thread(target=svc.server.stop, kwargs={"drain": 0.5})
        stopper.start()
        deadline = time.monotonic() + 0.4
        status: int = health_pb2.HealthCheckResponse.SERVING
        while time.monotonic() < deadline and status == health_pb2.HealthCheckResponse.SERVING:
            status = health_status(svc.channel, SERVICE_NAME)
        stopper.join(10)
        assert status == health_pb2.HealthCheckResponse.NOT_SERVING


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cards=st.lists(st.integers(1, 30), min_size=1, max_size=6),
       target=st.integers(1, 200))
def test_every_solution_solve_returns_verifies(svc: Solver, cards: list[int],
                                               target: int) -> None:
    response = svc.stub.Solve(solver_pb2.SolveRequest(cards=cards, target=target), timeout=10)
    if response.HasField("solution"):
        verdict = svc.stub.Verify(solver_pb2.VerifyRequest(
            expression=response.solution.expression, cards=cards, target=target), timeout=10)
        assert verdict.valid, verdict.reason
        assert len(verdict.cards) == response.cards_used
