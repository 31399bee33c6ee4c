"""cardroom.v1.SolverService: proto in, cardroom.shared.solver or the claim checker, proto out.

Searches are CPU-bound: each runs on a thread of the server's WorkGate, its budget taken
from the caller's deadline when the thread starts it, so a call that waited in line
searches only for the time it has left."""

from __future__ import annotations

import time

import grpc

from cardroom.services.solver import mapping
from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.metrics import SolverMetrics
from cardroom.shared import solver
from cardroom.shared.games.mixmatch import check_claim
from cardroom.shared.proto.cardroom.v1 import solver_pb2, solver_pb2_grpc
from cardroom.shared.rpc.gate import WorkGate, deadline_of, remaining


class SolverServicer(solver_pb2_grpc.SolverServiceServicer):
    """Answers Solve, Verify and Analyze within the caller's deadline and the server cap."""

    def __init__(self, config: SolverConfig, metrics: SolverMetrics, gate: WorkGate) -> None:
        self.config = config
        self.metrics = metrics
        self.gate = gate

    def _caller(self, context: grpc.aio.ServicerContext) -> str:
        """Whose share of the search threads the call takes (cardroom.shared.rpc.identity)."""
        return self.config.rpc.callers.caller(
            context.peer(), context.invocation_metadata() or ()).key

    def _budget_end(self, deadline: float | None) -> float:
        # One perf_counter instant for the whole call, however many searches it runs.
        return time.perf_counter() + self.config.budget(remaining(deadline))

    async def Solve(self, request: solver_pb2.SolveRequest,
                    context: grpc.aio.ServicerContext) -> solver_pb2.SolveResponse:
        """The best solution, proven or the best found in time; optionally all optimal ones."""
        query = mapping.solve_query(request)
        deadline = deadline_of(context)
        return await self.gate.run("Solve", deadline, self._solve, query, deadline,
                                   caller=self._caller(context))

    def _solve(self, query: mapping.SolveQuery, deadline: float | None
               ) -> solver_pb2.SolveResponse:
        board = query.board
        end = self._budget_end(deadline)
        best = solver.best(board.cards, board.target, board.rules, budget_s=_left(end))
        self.metrics.solved(len(board.cards), best.elapsed_s, best.proven)
        optimal = None
        if query.optimal_limit:
            optimal = solver.all_optimal(board.cards, board.target, board.rules,
                                         limit=query.optimal_limit, budget_s=_left(end))
        return mapping.solve_response(best, optimal)

    async def Verify(self, request: solver_pb2.VerifyRequest,
                     context: grpc.aio.ServicerContext) -> solver_pb2.VerifyResponse:
        """The claim checker's verdict on a claim against a board (a short parse: on the
        loop, no thread needed)."""
        query = mapping.verify_query(request)
        board = query.board
        result = check_claim(query.expression, board.cards, board.target, board.rules)
        self.metrics.verified(result.valid)
        return mapping.verify_response(result)

    async def Analyze(self, request: solver_pb2.AnalyzeRequest,
                      context: grpc.aio.ServicerContext) -> solver_pb2.AnalyzeResponse:
        """Solutions per card count, difficulty, and the reachable targets of a range."""
        query = mapping.analyze_query(request)
        deadline = deadline_of(context)
        return await self.gate.run("Analyze", deadline, self._analyze, query, deadline,
                                   caller=self._caller(context))

    def _analyze(self, query: mapping.AnalyzeQuery, deadline: float | None
                 ) -> solver_pb2.AnalyzeResponse:
        board = query.board
        end = self._budget_end(deadline)
        profile = solver.profile(board.cards, board.target, board.rules, limit=query.limit,
                                 budget_s=_left(end))
        reach = None
        if query.reach is not None:
            lo, hi = query.reach
            reach = solver.reachable(board.cards, board.rules, lo=lo, hi=hi,
                                     budget_s=_left(end))
        return mapping.analyze_response(profile, reach)


def _left(end: float) -> float:
    # A later search whose time is gone stops at its first clock check with what it has.
    return max(0.0, end - time.perf_counter())
