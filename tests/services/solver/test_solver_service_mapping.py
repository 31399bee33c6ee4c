"""Solver service request limits, budget and the pure proto <-> domain mapping."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardroom.services.solver import mapping
from cardroom.services.solver.config import (
    DEFAULT_MAX_SECONDS,
    MIN_BUDGET_SECONDS,
    MIN_DEADLINE_SECONDS,
    PROBE_BUDGET_SECONDS,
    SolverConfig,
)
from cardroom.services.solver.validation import (
    board_violations,
    expression_violations,
    limit_violations,
    reach_violations,
)
from cardroom.shared import solver
from cardroom.shared.arith import ArithRules
from cardroom.shared.errors import InvalidConfig, InvalidFields
from cardroom.shared.games.mixmatch import check_claim
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2

# The rulebook's example: dice total 48, cards 12, 24, 7, 2, 6.
EXAMPLE_CARDS = [12, 24, 7, 2, 6]
EXAMPLE_TARGET = 48


def test_board_within_limits_has_no_violation() -> None:
    assert board_violations([1] * 16, 100_000) == []
    assert board_violations([1000], 1) == []


def test_board_violations_name_every_bad_field_at_once() -> None:
    assert board_violations([5, 0, 1001], 0) == [
        ("cards[1]", "0 is not between 1 and 1000"),
        ("cards[2]", "1001 is not between 1 and 1000"),
        ("target", "0 is not between 1 and 100000"),
    ]


def test_board_of_no_card_or_seventeen_cards_is_refused() -> None:
    assert board_violations([], 48) == [("cards", "at least one card is required")]
    assert board_violations([1] * 17, 48) == [("cards", "at most 16 cards, got 17")]


def test_limits_must_lie_between_zero_and_their_maximum() -> None:
    assert limit_violations("optimal_limit", 1000, 1000) == []
    assert limit_violations("optimal_limit", 1001, 1000) == [
        ("optimal_limit", "1001 is not between 0 and 1000")]
    assert limit_violations("limit", -1, 10) == [("limit", "-1 is not between 0 and 10")]


def test_claim_text_must_be_present_and_short() -> None:
    assert expression_violations("expression", "2 x 24") == []
    assert expression_violations("expression", "  ") == [("expression", "a claim is required")]
    assert expression_violations("expression", "1+" * 100 + "1") == [
        ("expression", "at most 200 characters, got 201")]


def test_claim_with_bad_syntax_is_a_request_error_as_in_a_match() -> None:
    assert expression_violations("expression", "2 x (24") == [
        ("expression", "syntax error at column 8: '(' at column 5 is never closed")]
    assert expression_violations("expression", "\u00a0") == [
        ("expression", "syntax error at column 1: unexpected character '\\xa0' (U+00A0)")]


def test_reachable_range_must_be_ordered_in_range_and_short() -> None:
    assert reach_violations(1, 1000) == []
    assert reach_violations(60, 50) == [("reachable_max", "50 is below reachable_min 60")]
    assert reach_violations(1, 1001) == [("reachable_max", "at most 1000 targets, got 1001")]
    assert reach_violations(0, 200_000) == [
        ("reachable_min", "0 is not between 1 and 100000"),
        ("reachable_max", "200000 is not between 1 and 100000")]


def test_solve_query_carries_board_rules_and_limit() -> None:
    request = solver_pb2.SolveRequest(
        cards=EXAMPLE_CARDS, target=EXAMPLE_TARGET, optimal_limit=3,
        rules=common_pb2.ArithRules(allow_fractions=True))
    query = mapping.solve_query(request)
    assert query.board == mapping.Board(tuple(EXAMPLE_CARDS), 48, ArithRules(False, True))
    assert query.optimal_limit == 3


def test_unset_rules_read_as_the_m3_default() -> None:
    query = mapping.solve_query(solver_pb2.SolveRequest(cards=[1], target=1))
    assert query.board.rules == ArithRules()


def test_rules_round_trip_through_the_wire() -> None:
    for rules in (ArithRules(), ArithRules(True, False), ArithRules(False, True),
                  ArithRules(True, True)):
        assert mapping.rules_from_proto(mapping.rules_to_proto(rules)) == rules


def test_solve_query_raises_invalid_fields_with_every_violation() -> None:
    with pytest.raises(InvalidFields) as caught:
        mapping.solve_query(solver_pb2.SolveRequest(cards=[0], target=48, optimal_limit=5000))
    assert [f for f, _ in caught.value.violations] == ["cards[0]", "optimal_limit"]


def test_analyze_query_defaults_limit_and_no_reachable_range() -> None:
    query = mapping.analyze_query(solver_pb2.AnalyzeRequest(cards=[1, 2], target=3))
    assert (query.limit, query.reach) == (mapping.DEFAULT_ANALYZE_LIMIT, None)
    query = mapping.analyze_query(solver_pb2.AnalyzeRequest(
        cards=[1, 2], target=3, limit=7, reachable_min=1, reachable_max=9))
    assert (query.limit, query.reach) == (7, (1, 9))


def test_verify_query_checks_claim_and_board_together() -> None:
    with pytest.raises(InvalidFields) as caught:
        mapping.verify_query(solver_pb2.VerifyRequest(expression="", cards=[], target=48))
    assert [f for f, _ in caught.value.violations] == ["expression", "cards"]


def test_solve_response_of_the_rulebook_example_uses_all_five_cards() -> None:
    best = solver.best(EXAMPLE_CARDS, EXAMPLE_TARGET)
    response = mapping.solve_response(best)
    assert (response.cards_used, response.proven) == (5, True)
    assert sorted(response.solution.cards) == sorted(EXAMPLE_CARDS)
    assert check_claim(response.solution.expression, EXAMPLE_CARDS, EXAMPLE_TARGET).valid
    assert (len(response.optimal), response.optimal_count) == (0, 0)


def test_solve_response_lists_optimal_solutions() -> None:
    best = solver.best(EXAMPLE_CARDS, EXAMPLE_TARGET)
    optimal = solver.all_optimal(EXAMPLE_CARDS, EXAMPLE_TARGET, limit=4)
    response = mapping.solve_response(best, optimal)
    assert response.optimal_count == len(response.optimal) == 4
    assert not response.optimal_exact  # the example has more than four
    assert all(len(s.cards) == 5 for s in response.optimal)


def test_solve_response_without_solution_leaves_it_unset() -> None:
    response = mapping.solve_response(solver.best([1], 100))
    assert not response.HasField("solution")
    assert (response.cards_used, response.proven) == (0, True)


def test_verify_response_of_a_rulebook_claim() -> None:
    response = mapping.verify_response(check_claim("(24) + (12 x 2)", EXAMPLE_CARDS, 48))
    assert (response.valid, response.reason, response.value) == (True, "", "48")
    assert list(response.cards) == [24, 12, 2]
    assert response.canonical_expression == "24+12*2"


def test_verify_response_of_a_wrong_claim_gives_the_reason() -> None:
    response = mapping.verify_response(check_claim("12 x 2", EXAMPLE_CARDS, 48))
    assert (response.valid, response.reason, response.value) == (False, "result 24, not 48", "24")
    response = mapping.verify_response(check_claim("2 x (24", EXAMPLE_CARDS, 48))
    assert response.reason.startswith("syntax error at column")
    assert (list(response.cards), response.canonical_expression) == ([], "")


def test_value_text_writes_fractions_as_a_quotient() -> None:
    assert mapping.value_text(Fraction(7, 2)) == "7/2"
    assert mapping.value_text(48) == "48"
    assert mapping.value_text(None) == ""


def test_analyze_response_has_profile_rows_and_sorted_reachable_targets() -> None:
    profile = solver.profile(EXAMPLE_CARDS, EXAMPLE_TARGET, limit=1000)
    reach = solver.reachable(EXAMPLE_CARDS, lo=45, hi=50)
    response = mapping.analyze_response(profile, reach)
    assert [r.card_count for r in response.profile] == [1, 2, 3, 4, 5]
    assert [r.solutions for r in response.profile] == [r.count for r in profile.rows]
    assert (response.max_cards, response.exact) == (5, True)
    assert response.difficulty == pytest.approx(profile.difficulty)
    assert [t.target for t in response.reachable] == sorted(reach.max_cards)
    assert response.reachable_complete


def test_budget_is_the_cap_without_a_deadline() -> None:
    assert SolverConfig().budget(None) == DEFAULT_MAX_SECONDS
    assert SolverConfig().budget(9.2e18) == DEFAULT_MAX_SECONDS


def test_budget_leaves_a_margin_before_a_near_deadline() -> None:
    budget = SolverConfig().budget(1.0)
    assert 0.5 < budget < 0.95


def test_budget_is_at_least_the_minimum_from_the_minimum_deadline_on() -> None:
    assert SolverConfig().budget(MIN_DEADLINE_SECONDS) == MIN_BUDGET_SECONDS
    assert SolverConfig().budget(MIN_DEADLINE_SECONDS + 0.005) == MIN_BUDGET_SECONDS


def test_budget_is_a_quick_try_below_the_minimum_deadline_so_the_answer_comes_at_once(
        ) -> None:
    assert SolverConfig().budget(0.0) == 0.0
    assert SolverConfig().budget(-1.0) == 0.0
    assert SolverConfig().budget(0.002) == pytest.approx(0.0005)
    assert SolverConfig().budget(MIN_DEADLINE_SECONDS - 0.001) == PROBE_BUDGET_SECONDS


def test_solver_max_seconds_is_read_and_checked() -> None:
    assert SolverConfig.from_env({"SOLVER_MAX_SECONDS": "2.5"}).max_seconds == 2.5
    assert SolverConfig.from_env({"SOLVER_MAX_SECONDS": "2.5"}).budget(None) == 2.5
    for bad in ("0", "-1", "soon", "nan", "7200"):
        with pytest.raises(InvalidConfig):
            SolverConfig.from_env({"SOLVER_MAX_SECONDS": bad})


def test_solver_config_reads_the_common_settings() -> None:
    config = SolverConfig.from_env({"GRPC_PORT": "0", "LOG_FORMAT": "json"})
    assert (config.rpc.grpc_port, config.rpc.metrics_port, config.rpc.log_format) == (
        0, 9103, "json")
