"""Solver series (prefixed cardroom_): search time by card count, proven vs budget-limited."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

#: Search times span milliseconds (5 cards) to the server cap (16 cards).
SECONDS_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0, 30.0)


class SolverMetrics:
    """The solver's application metrics, registered in one registry."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.solve_seconds = Histogram(
            "cardroom_solver_solve_seconds", "Seconds one best-solution search took.",
            ["card_count"], buckets=SECONDS_BUCKETS, registry=registry)
        self.answers = Counter(
            "cardroom_solver_answers_total",
            "Best-solution answers: proven optimal, or the best found within the time budget.",
            ["outcome"], registry=registry)
        self.verdicts = Counter(
            "cardroom_solver_verdicts_total", "Claims verified, by verdict.",
            ["valid"], registry=registry)
        for outcome in ("proven", "budget_limited"):
            self.answers.labels(outcome)
        for valid in ("true", "false"):
            self.verdicts.labels(valid)

    def solved(self, card_count: int, seconds: float, proven: bool) -> None:
        """Record one finished search."""
        self.solve_seconds.labels(str(card_count)).observe(seconds)
        self.answers.labels("proven" if proven else "budget_limited").inc()

    def verified(self, valid: bool) -> None:
        """Record one verdict on a claim."""
        self.verdicts.labels("true" if valid else "false").inc()
