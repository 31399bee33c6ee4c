"""Benchmark of the Mix Match solver against two plain baselines; prints Markdown tables.

Run ``python -m bench.solver`` (``--quick`` for a short run). Boards come from the
default deck (M1: 1-28, two copies) with the dice total as target (M2: tens 20-70 plus
units 3-8), drawn with a fixed seed. Every solver answers the same question, the most
cards any solution uses, with proof; answers are cross-checked board by board.

Times are per call, in the same process, taken two ways: CPU time of the calling
thread (``time.thread_time``), which the other processes of a shared machine do not
inflate, and wall time (``time.perf_counter``), which they do. Percentiles are
nearest-rank over the boards.
"""

from __future__ import annotations

import argparse
import math
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from bench import baseline_dfs, baseline_subset_dp
from cardroom.shared.solver import BestResult, all_optimal, best, count_trees, profile
from cardroom.shared.solver import search as search_module

DECK = [v for v in range(1, 29) for _ in range(2)]
SIZES = (5, 6, 7, 8, 9, 10, 12)
#: p99 goals of best() with proof, in milliseconds.
GOALS = {5: 1.0, 8: 5.0, 10: 20.0, 12: 100.0}
Board = tuple[list[int], int]


def deal(rng: random.Random, n: int) -> Board:
    """n cards from the default deck and a dice total."""
    return rng.sample(DECK, n), rng.choice([20, 30, 40, 50, 60, 70]) + rng.randint(3, 8)


def stress(rng: random.Random, n: int) -> Board:
    """n cards from the default deck and a target far above the dice (100,000-999,999).

    Targets that 4-5 of the cards make are nearly always made by all of them too, even
    at 7-9 cards; a far target is what leaves the maximum below all cards there."""
    return rng.sample(DECK, n), rng.randint(10 ** 5, 10 ** 6 - 1)


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


@dataclass
class Timings:
    """CPU and wall seconds per call, and the answers given."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)

    def run(self, solve: Callable[[], int]) -> int:
        """Time one call and keep its answer."""
        c0, w0 = time.thread_time(), time.perf_counter()
        answer = solve()
        self.cpu.append(time.thread_time() - c0)
        self.wall.append(time.perf_counter() - w0)
        self.answers.append(answer)
        return answer

    def cells(self) -> list[str]:
        """p50 and p99, CPU then wall, in milliseconds."""
        if not self.cpu:
            return ["-"] * 4
        return [f"{percentile(x, p) * 1e3:.3f}" for x in (self.cpu, self.wall) for p in (50, 99)]


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _solver(cards: list[int], target: int) -> int:
    result = best(cards, target)
    assert result.proven
    return result.cards_used


@dataclass
class SizeRun:
    """best() and the baselines over the boards of one size."""

    n: int
    best: Timings = field(default_factory=Timings)
    dfs: Timings = field(default_factory=Timings)
    dp: Timings = field(default_factory=Timings)
    short: int = 0
    mismatches: int = 0


def run_size(n: int, boards: Sequence[Board], dfs_boards: int, dp_boards: int) -> SizeRun:
    """Time every solver on the boards of size n (baselines on the first few only)."""
    run = SizeRun(n)
    for i, (cards, target) in enumerate(boards):
        got = run.best.run(partial(_solver, cards, target))
        run.short += got < n
        checks = []
        if i < dfs_boards:
            checks.append(run.dfs.run(partial(baseline_dfs.max_cards, cards, target)))
        if i < dp_boards:
            checks.append(run.dp.run(partial(baseline_subset_dp.max_cards, cards, target)))
        run.mismatches += any(answer != got for answer in checks)
    return run


def main_table(runs: Sequence[SizeRun]) -> str:
    """Dealt boards: best() beside the baselines."""
    header = ["cards", "boards", "max < all", "best p50 cpu", "best p99 cpu", "best p50 wall",
              "best p99 wall", "DFS boards", "DFS p50 cpu", "DFS p99 cpu", "DFS p50 wall",
              "DFS p99 wall", "DP boards", "DP p50 cpu", "DP p99 cpu", "DP p50 wall",
              "DP p99 wall", "disagreements"]
    rows = []
    for r in runs:
        rows.append([r.n, len(r.best.cpu), f"{r.short / len(r.best.cpu):.1%}", *r.best.cells(),
                     len(r.dfs.cpu), *r.dfs.cells(), len(r.dp.cpu), *r.dp.cells(),
                     r.mismatches])
    return table(header, rows)


def goals_table(runs: Sequence[SizeRun]) -> str:
    """The p99 goals against the measured p99 (CPU and wall)."""
    rows = []
    for r in runs:
        if r.n in GOALS:
            cpu, wall = (percentile(x, 99) * 1e3 for x in (r.best.cpu, r.best.wall))
            rows.append([r.n, f"< {GOALS[r.n]:g}", f"{cpu:.3f}", f"{wall:.3f}",
                         "met" if cpu < GOALS[r.n] else "missed"])
    return table(["cards", "goal p99 ms", "p99 cpu ms", "p99 wall ms", "goal (cpu)"], rows)


@dataclass
class StressRun:
    """best() on boards with far targets: unbudgeted where proofs end, else budgeted."""

    n: int
    boards: int = 0
    short: int = 0
    proof: Timings = field(default_factory=Timings)
    budgeted: Timings = field(default_factory=Timings)
    proven_in_budget: int = 0
    found_in_budget: int = 0
    overshoot_cpu: float = 0.0
    overshoot_wall: float = 0.0


def run_stress(n: int, rng: random.Random, count: int, budget: float, prove: bool
               ) -> StressRun:
    """Adversarial boards of n cards: far targets, kept when the proof shows the maximum
    is below all cards (if `prove`; else kept as drawn); then the budgeted answer."""
    run = StressRun(n)
    for _ in range(count * 50):
        if run.boards == count:
            break
        cards, target = stress(rng, n)
        if prove:
            proof = Timings()
            if proof.run(partial(_solver, cards, target)) == n:
                continue
            run.proof.cpu += proof.cpu
            run.proof.wall += proof.wall
            run.short += 1
        run.boards += 1
        _budgeted(run, cards, target, budget)
    return run


def _budgeted(run: StressRun, cards: list[int], target: int, budget: float) -> None:
    outcome: dict[str, BestResult] = {}

    def solve() -> int:
        outcome["result"] = result = best(cards, target, budget_s=budget)
        return result.cards_used

    used = run.budgeted.run(solve)
    run.proven_in_budget += outcome["result"].proven
    run.found_in_budget += used > 0
    run.overshoot_cpu = max(run.overshoot_cpu, run.budgeted.cpu[-1] - budget)
    run.overshoot_wall = max(run.overshoot_wall, run.budgeted.wall[-1] - budget)


def stress_table(runs: Sequence[StressRun], budget: float) -> str:
    """Adversarial boards: proof times, then the budgeted anytime answers."""
    header = ["cards", "boards", "max < all cards", "proof p50 cpu", "proof p99 cpu",
              "proof max cpu", f"proven in {budget * 1e3:g} ms", "some answer", "budgeted p99 cpu",
              "budgeted p99 wall", "worst overshoot cpu", "worst overshoot wall"]
    rows = []
    for r in runs:
        proof = ([f"{percentile(r.proof.cpu, p) * 1e3:.1f}" for p in (50, 99, 100)]
                 if r.proof.cpu else ["-"] * 3)
        short = "all" if r.proof.cpu else "unknown"
        rows.append([r.n, r.boards, short, *proof, f"{r.proven_in_budget / r.boards:.0%}",
                     f"{r.found_in_budget / r.boards:.0%}",
                     f"{percentile(r.budgeted.cpu, 99) * 1e3:.1f}",
                     f"{percentile(r.budgeted.wall, 99) * 1e3:.1f}",
                     f"{r.overshoot_cpu * 1e3:+.1f} ms", f"{r.overshoot_wall * 1e3:+.1f} ms"])
    return table(header, rows)


def dealt_short_table(runs: Sequence[SizeRun], boards: dict[int, list[Board]]) -> str:
    """Dealt boards whose maximum is below all cards: best() time on those alone."""
    rows = []
    for r in runs:
        cpu = [t for t, used in zip(r.best.cpu, r.best.answers, strict=True) if used < r.n]
        if cpu:
            rows.append([r.n, len(cpu), f"{percentile(cpu, 50) * 1e3:.3f}",
                         f"{percentile(cpu, 99) * 1e3:.3f}", f"{max(cpu) * 1e3:.3f}"])
    return table(["cards", "boards", "p50 cpu ms", "p99 cpu ms", "max cpu ms"], rows)


def known_table() -> str:
    """The textbook boards: what best(), all_optimal() and count_trees() say."""
    rows = []
    for cards, target in (([25, 50, 75, 100, 3, 6], 952), ([1, 3, 7, 10, 25, 50], 831),
                          ([1, 3, 7, 10, 25, 50], 765)):
        found = best(cards, target)
        shape = profile(cards, target)
        per_k = ", ".join(f"{r.cards}: {r.count}" for r in shape.rows if r.count) or "none"
        rows.append([" ".join(map(str, cards)), target, found.cards_used, found.proven,
                     found.solution.expression if found.solution else "-", per_k,
                     count_trees(cards, target), shape.difficulty])
    return table(["cards", "target", "most cards", "proven", "a solution",
                  "canonical solutions per card count", "trees, no equivalence (Hutton)",
                  "difficulty"], rows)


def _optimal_count(cards: list[int], target: int, exact: list[bool]) -> int:
    found = all_optimal(cards, target, limit=1000)
    exact.append(found.exact)
    return found.count


def enumeration_table(rng: random.Random, counts: dict[int, int]) -> str:
    """all_optimal(limit=1000) on dealt boards: time and how often the count is exact."""
    rows = []
    for n, count in counts.items():
        timings, exact = Timings(), list[bool]()
        for _ in range(count):
            cards, target = deal(rng, n)
            timings.run(partial(_optimal_count, cards, target, exact))
        rows.append([n, count, f"{sum(exact) / count:.0%}", *timings.cells()])
    return table(["cards", "boards", "exact (< 1000 solutions)", "p50 cpu", "p99 cpu",
                  "p50 wall", "p99 wall"], rows)


def memory_table(boards: Sequence[Board], budget: float) -> str:
    """Peak traced memory of budgeted searches (tracemalloc slows them; sizes only)."""
    rows = []
    for cards, target in boards:
        tracemalloc.start()
        result = best(cards, target, budget_s=budget)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        rows.append([len(cards), target, f"{peak / 2 ** 20:.1f}", result.nodes])
    caps = (f"caps: {search_module.MEMO_CAP:,} failures, {search_module.TABLE_CAP:,} table "
            f"values, {search_module.SPLIT_CAP:,} split lists")
    return table(["cards", "target", "peak MiB", "nodes"], rows) + "\n\n" + caps


@dataclass(frozen=True)
class Plan:
    """How many boards each part of the benchmark uses."""

    boards: int
    dfs: dict[int, int]
    dp: dict[int, int]
    stress: int
    enumeration: dict[int, int]
    stress_sizes: tuple[int, ...] = (5, 6, 7, 8, 9, 10, 12)
    prove_up_to: int = 8
    budget: float = 0.1


FULL = Plan(1000, {5: 1000, 6: 1000, 7: 1000, 8: 1000}, {5: 1000, 6: 200, 7: 30, 8: 5}, 100,
            {5: 100, 6: 100, 7: 30})
QUICK = Plan(100, {5: 100, 6: 100, 7: 100, 8: 100}, {5: 100, 6: 20, 7: 3, 8: 1}, 15,
             {5: 10, 6: 5, 7: 2})


def run(plan: Plan, seed: int) -> str:
    """The whole report."""
    rng = random.Random(seed)
    boards = {n: [deal(rng, n) for _ in range(plan.boards)] for n in SIZES}
    runs = [run_size(n, boards[n], plan.dfs.get(n, 0), plan.dp.get(n, 0)) for n in SIZES]
    stressed = [run_stress(n, rng, plan.stress, plan.budget, n <= plan.prove_up_to)
                for n in plan.stress_sizes]
    memory = [stress(rng, n) for n in (8, 10, 12)]
    return "\n\n".join([
        "## Dealt boards (M1 deck, M2 dice): best() with proof vs the baselines, ms",
        main_table(runs), goals_table(runs),
        "## Dealt boards whose maximum is below all cards", dealt_short_table(runs, boards),
        "## Adversarial boards: targets 100,000-999,999, kept when the maximum is below all "
        f"cards (up to {plan.prove_up_to} cards, where the proof ends), ms; budget "
        f"{plan.budget * 1e3:g} ms",
        stress_table(stressed, plan.budget),
        "## Memory (budget 1 s, tracemalloc)", memory_table(memory, 1.0),
        "## Known boards", known_table(),
        "## Canonical enumeration: all_optimal(limit=1000), ms",
        enumeration_table(rng, plan.enumeration)])


def main(argv: Sequence[str] | None = None) -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few boards, for a smoke run")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    print(run(QUICK if args.quick else FULL, args.seed))


if __name__ == "__main__":
    main()
