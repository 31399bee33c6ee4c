"""The solver service from Python: best solutions, claim checks and board analysis."""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.wire.errors import translated

from .types import Analysis, SolveResult, Verdict


def arith_rules(allow_negative: bool = False, allow_fractions: bool = False
                ) -> common_pb2.ArithRules:
    """Ruling M3's arithmetic rules as the request message."""
    return common_pb2.ArithRules(allow_negative=allow_negative, allow_fractions=allow_fractions)


class SolverClient:
    """Typed calls of cardroom.v1.SolverService over one channel."""

    def __init__(self, channel: grpc.Channel, timeout: float = 10.0) -> None:
        self.stub = solver_pb2_grpc.SolverServiceStub(channel)
        self.timeout = timeout

    def solve(self, cards: Sequence[int], target: int, *, allow_negative: bool = False,
              allow_fractions: bool = False, optimal_limit: int = 0,
              timeout: float | None = None) -> SolveResult:
        """The solution using the most cards (and up to `optimal_limit` optimal ones). The
        search stops within the call's deadline: `proven` says whether it finished."""
        request = solver_pb2.SolveRequest(cards=cards, target=target,
                                          rules=arith_rules(allow_negative, allow_fractions),
                                          optimal_limit=optimal_limit)
        with translated():
            reply = self.stub.Solve(request, timeout=timeout or self.timeout)
        return SolveResult.from_pb(reply)

    def verify(self, expression: str, cards: Sequence[int], target: int, *,
               allow_negative: bool = False, allow_fractions: bool = False) -> Verdict:
        """Whether a claim solves a board, or why not."""
        request = solver_pb2.VerifyRequest(expression=expression, cards=cards, target=target,
                                           rules=arith_rules(allow_negative, allow_fractions))
        with translated():
            reply = self.stub.Verify(request, timeout=self.timeout)
        return Verdict.from_pb(reply)

    def analyze(self, cards: Sequence[int], target: int, *, allow_negative: bool = False,
                allow_fractions: bool = False, limit: int = 0,
                reachable: tuple[int, int] | None = None,
                timeout: float | None = None) -> Analysis:
        """A board's difficulty profile, and the targets in `reachable` (min, max) it reaches."""
        low, high = reachable or (0, 0)
        request = solver_pb2.AnalyzeRequest(cards=cards, target=target,
                                            rules=arith_rules(allow_negative, allow_fractions),
                                            limit=limit, reachable_min=low, reachable_max=high)
        with translated():
            reply = self.stub.Analyze(request, timeout=timeout or self.timeout)
        return Analysis.from_pb(reply)
