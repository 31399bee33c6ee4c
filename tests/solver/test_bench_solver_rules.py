"""bench.solver_rules deals what it says and formats what its workers measure."""

from __future__ import annotations

from collections import Counter

import pytest

from bench import solver_rules
from bench.__main__ import BENCHMARKS


def test_dealt_boards_are_5_to_16_cards_in_turn_from_the_default_deck() -> None:
    boards = solver_rules.dealt_boards(300, 2024)
    assert Counter(len(cards) for cards, _ in boards) == {n: 25 for n in range(5, 17)}
    deck = Counter(solver_rules.DECK)
    for cards, target in boards:
        assert not Counter(cards) - deck
        assert 23 <= target <= 78
    assert boards == solver_rules.dealt_boards(300, 2024)


def test_known_boards_are_answered_per_rule_set_and_come_back_as_a_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_rules, "KNOWN", {"rulebook": ([12, 24, 7, 2, 6], 48)})
    rows = solver_rules.part_known(1)
    assert all((r["cards"], r["proven"]) == (5, True) for r in rows)
    assert {(r["board"], r["rules"]) for r in rows} == {
        (b, k) for b in solver_rules.KNOWN for k in solver_rules.RULE_SETS}
    report = solver_rules.report_known({"this tree": rows})
    assert report.count("\n") == 1 + len(solver_rules.KNOWN)


def test_make_bench_runs_it() -> None:
    assert "solver_rules" in BENCHMARKS
