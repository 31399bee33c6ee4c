"""Time caps that hold on a loaded machine: the solver's calls and the solver service.

Two busy processes share the CPU with the test, as other work would on a real host.
Every budgeted call must return within its budget plus OVERRUN_MARGIN_S (before: 221 ms
over a 0.3 s budget under the same load), and the service must answer a short deadline
with the best found so far, never DEADLINE_EXCEEDED (before: 3 of 15 Analyze calls with
a 50 ms deadline ran out).

The machine is shared with more than our two spinners, and a full collection of a large
test process's heap can pause it for 50-160 ms: a wall-clock miss is therefore retried,
up to ATTEMPTS times, and only a call that misses every time fails. The overruns this
guards against were structural (the same call, every time).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread

from bench.solver_rules import busy_cpu as spinning
from cardroom.services.solver.config import MIN_DEADLINE_SECONDS, SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.arith import ArithRules
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.solver import OVERRUN_MARGIN_S, all_optimal, best, profile, reachable

PRIMES = [997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919, 911, 907, 887, 883]
BOTH = ArithRules(allow_negative=True, allow_fractions=True)
FRACTIONS = ArithRules(allow_fractions=True)
BUDGET_S = 0.25
ATTEMPTS = 3
#: Boards whose searches cannot finish in the budget: 16 and 12 cards, hard targets.
BOARDS = [(PRIMES, 99991), (list(range(1, 13)), 99991), (PRIMES[:12], 77777)]
Call = Callable[[list[int], int, ArithRules], object]
CALLS: dict[str, Call] = {
    "best": lambda c, t, r: best(c, t, r, BUDGET_S),
    "all_optimal": lambda c, t, r: all_optimal(c, t, r, limit=100_000, budget_s=BUDGET_S),
    "profile": lambda c, t, r: profile(c, t, r, limit=100_000, budget_s=BUDGET_S),
    "reachable": lambda c, t, r: reachable(c, r, lo=1, hi=1000, budget_s=BUDGET_S),
}


@pytest.fixture(scope="module")
def busy_cpu() -> Iterator[None]:
    """Two processes spinning on the CPU for the whole module."""
    with spinning():
        yield


def _overrun(name: str, cards: list[int], target: int, rules: ArithRules) -> float:
    """The least overrun of BUDGET_S over up to ATTEMPTS runs (stopping at the first within)."""
    overruns = []
    for _ in range(ATTEMPTS):
        start = time.perf_counter()
        CALLS[name](cards, target, rules)
        overruns.append(time.perf_counter() - start - BUDGET_S)
        if overruns[-1] <= OVERRUN_MARGIN_S:
            break
    return min(overruns)


@pytest.mark.parametrize("name", list(CALLS))
@pytest.mark.parametrize("rules", [ArithRules(), FRACTIONS, BOTH], ids=["default", "fr", "both"])
def test_every_budgeted_call_returns_within_the_margin_under_load(
        busy_cpu: None, name: str, rules: ArithRules) -> None:
    overruns = [_overrun(name, cards, target, rules) for cards, target in BOARDS]
    assert max(overruns) <= OVERRUN_MARGIN_S, [f"{o * 1000:.0f} ms" for o in overruns]


@pytest.fixture(scope="module")
def stub() -> Iterator[solver_pb2_grpc.SolverServiceStub]:
    """A real solver server on loopback and a stub for it."""
    server, port = in_thread(create_server, SolverConfig(rpc=local_settings()), host=HOST)
    server.start()
    try:
        with channel_to(port) as channel:
            yield solver_pb2_grpc.SolverServiceStub(channel)
    finally:
        server.stop(grace=None)


def _requests() -> list[tuple[str, Any]]:
    both = common_pb2.ArithRules(allow_negative=True, allow_fractions=True)
    fractions = common_pb2.ArithRules(allow_fractions=True)
    return [
        ("Solve", solver_pb2.SolveRequest(cards=PRIMES, target=99991)),
        ("Solve", solver_pb2.SolveRequest(cards=PRIMES, target=99991, rules=both,
                                          optimal_limit=1000)),
        ("Analyze", solver_pb2.AnalyzeRequest(cards=PRIMES, target=99991, rules=both,
                                              reachable_min=1, reachable_max=1000)),
        ("Analyze", solver_pb2.AnalyzeRequest(cards=list(range(1, 13)), target=99991,
                                              rules=fractions, limit=100_000)),
    ]


def _answered(stub: solver_pb2_grpc.SolverServiceStub, method: str, request: Any,
              deadline: float) -> Any:
    """The response, or the status code of the last of ATTEMPTS calls that all failed."""
    code = None
    for _ in range(ATTEMPTS):
        try:
            return getattr(stub, method)(request, timeout=deadline)
        except grpc.RpcError as err:
            code = err.code()
    return code


@pytest.mark.parametrize("deadline", [0.02, 0.05, MIN_DEADLINE_SECONDS, 0.2])
def test_service_answers_a_short_deadline_with_what_it_has(
        busy_cpu: None, stub: solver_pb2_grpc.SolverServiceStub, deadline: float) -> None:
    late = []
    for method, request in _requests():
        answer = _answered(stub, method, request, deadline)
        if isinstance(answer, grpc.StatusCode):
            late.append((method, answer))
    assert late == []


def test_service_answers_a_small_board_even_below_the_minimum_deadline(
        busy_cpu: None, stub: solver_pb2_grpc.SolverServiceStub) -> None:
    # The quick try below MIN_DEADLINE_SECONDS still settles the rulebook's example.
    response = _answered(stub, "Solve", solver_pb2.SolveRequest(cards=[12, 24, 7, 2, 6],
                                                                target=48), 0.02)
    assert (response.cards_used, response.proven) == (5, True)
