"""Pure translations between the solver protos and cardroom.shared.solver / Mix Match values.

Requests become validated queries (InvalidFields when any field breaks a limit of
cardroom.services.solver.validation); results become responses. No I/O, no gRPC context.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.services.solver.validation import (
    MAX_ANALYZE_LIMIT,
    MAX_OPTIMAL_LIMIT,
    board_violations,
    expression_violations,
    limit_violations,
    reach_violations,
    require,
)
from cardroom.shared.arith import ArithRules, Num
from cardroom.shared.games.mixmatch import ClaimResult
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2
from cardroom.shared.solver import BestResult, Optimal, Profile, Reach, Solution

#: Solutions counted per card count when an Analyze request leaves `limit` at 0.
DEFAULT_ANALYZE_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Board:
    """Cards on the table, the dice total and the arithmetic rules."""

    cards: tuple[int, ...]
    target: int
    rules: ArithRules


@dataclass(frozen=True, slots=True)
class SolveQuery:
    """A validated Solve request."""

    board: Board
    optimal_limit: int


@dataclass(frozen=True, slots=True)
class VerifyQuery:
    """A validated Verify request."""

    board: Board
    expression: str


@dataclass(frozen=True, slots=True)
class AnalyzeQuery:
    """A validated Analyze request; `reach` is the inclusive target range to list, if any."""

    board: Board
    limit: int
    reach: tuple[int, int] | None


def rules_from_proto(rules: common_pb2.ArithRules) -> ArithRules:
    """ArithRules from the wire (an unset message reads as the defaults)."""
    return ArithRules(allow_negative=rules.allow_negative,
                      allow_fractions=rules.allow_fractions)


def rules_to_proto(rules: ArithRules) -> common_pb2.ArithRules:
    """ArithRules for the wire."""
    return common_pb2.ArithRules(allow_negative=rules.allow_negative,
                                 allow_fractions=rules.allow_fractions)


def _board(cards: Sequence[int], target: int, rules: common_pb2.ArithRules) -> Board:
    return Board(tuple(cards), target, rules_from_proto(rules))


def solve_query(request: solver_pb2.SolveRequest) -> SolveQuery:
    """The query of a Solve request; InvalidFields naming every bad field."""
    require(board_violations(request.cards, request.target)
            + limit_violations("optimal_limit", request.optimal_limit, MAX_OPTIMAL_LIMIT))
    return SolveQuery(_board(request.cards, request.target, request.rules),
                      request.optimal_limit)


def verify_query(request: solver_pb2.VerifyRequest) -> VerifyQuery:
    """The query of a Verify request; InvalidFields naming every bad field."""
    require(expression_violations("expression", request.expression)
            + board_violations(request.cards, request.target))
    return VerifyQuery(_board(request.cards, request.target, request.rules),
                       request.expression)


def analyze_query(request: solver_pb2.AnalyzeRequest) -> AnalyzeQuery:
    """The query of an Analyze request; InvalidFields naming every bad field."""
    lo, hi = request.reachable_min, request.reachable_max
    violations = (board_violations(request.cards, request.target)
                  + limit_violations("limit", request.limit, MAX_ANALYZE_LIMIT))
    if (lo, hi) != (0, 0):
        violations += reach_violations(lo, hi)
    require(violations)
    return AnalyzeQuery(_board(request.cards, request.target, request.rules),
                        request.limit or DEFAULT_ANALYZE_LIMIT,
                        None if (lo, hi) == (0, 0) else (lo, hi))


def solution_to_proto(solution: Solution) -> solver_pb2.Solution:
    """A solver Solution for the wire."""
    return solver_pb2.Solution(expression=solution.expression, cards=list(solution.cards))


def solve_response(best: BestResult, optimal: Optimal | None = None) -> solver_pb2.SolveResponse:
    """The answer to Solve from best() and, when asked for, all_optimal()."""
    response = solver_pb2.SolveResponse(
        cards_used=best.cards_used, proven=best.proven, nodes=best.nodes,
        elapsed_seconds=best.elapsed_s)
    if best.solution is not None:
        response.solution.CopyFrom(solution_to_proto(best.solution))
    if optimal is not None:
        response.optimal.extend(solution_to_proto(s) for s in optimal.solutions)
        response.optimal_count = optimal.count
        response.optimal_exact = optimal.exact
    return response


def value_text(value: Num | None) -> str:
    """A claim's value as text: "48", "7/2", or "" when there is none."""
    return "" if value is None else str(value)


def verify_response(result: ClaimResult) -> solver_pb2.VerifyResponse:
    """The answer to Verify from the claim checker's verdict."""
    return solver_pb2.VerifyResponse(
        valid=result.valid, reason=result.reason or "", cards=list(result.cards),
        value=value_text(result.value), canonical_expression=result.expression or "",
        fault=f"MIX_MATCH_CLAIM_FAULT_{result.fault.upper()}" if result.fault else None)


def analyze_response(profile: Profile, reach: Reach | None = None
                     ) -> solver_pb2.AnalyzeResponse:
    """The answer to Analyze from profile() and, when a range was asked for, reachable()."""
    response = solver_pb2.AnalyzeResponse(
        profile=[solver_pb2.CardCountSolutions(card_count=r.cards, solutions=r.count,
                                               exact=r.exact) for r in profile.rows],
        max_cards=profile.max_cards, difficulty=profile.difficulty, exact=profile.exact)
    if reach is not None:
        response.reachable.extend(
            solver_pb2.ReachableTarget(target=int(t), max_cards=k)
            for t, k in sorted(reach.max_cards.items()) if int(t) == t)
        response.reachable_complete = reach.complete
    return response
