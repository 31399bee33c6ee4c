"""Mix Match solver under looser rules and time caps, this tree beside the trees before.

    .venv/bin/python -m bench.solver_rules [--quick] [--no-baseline] [--part NAME ...]

Reproduces the tables of docs/BENCHMARKS.md, "Looser rules and time caps":

1. best() with a 10 s budget on 1..16 -> 99989 and 16 primes -> 99991 under each rule set
   (default, allow_negative, allow_fractions, both): cards used, proven, wall seconds
   (median of the repetitions).
2. 300 dealt boards of 5-16 cards (default deck, dice totals), 1 s budget each: CPU
   seconds of the calling thread over all of them, per rule set.
3. Analyze through a real solver service (no client deadline, so the server's 10 s cap):
   max_cards on 1-12 -> 99991 and 1-16 -> 99999 with fractions.
4. Overrun past a 0.3 s budget with the machine loaded: 80 calls (best, all_optimal,
   profile, reachable over 1-1000; five boards of 12 and 16 cards; every rule set): each
   repetition's worst wall-clock overrun (and the CPU time that call got, which tells
   preemption from work), and the worst of the calls' median overruns.
5. The service loaded, 15 calls per request and deadline (20 ms, 50 ms): how many ended
   DEADLINE_EXCEEDED and the worst latency.

"Loaded" means the load tests/services/solver/test_solver_deadlines.py uses: two extra
Python processes spinning on the CPU for the whole part.

Each part runs in a process of its own against one tree: this one, and the parent of the
commit that changed that behaviour (RULES_BASELINE for parts 1-3, DEADLINE_BASELINE for
4-5), extracted with `git archive` into a temporary folder and imported from there with
the same interpreter and packages. `--no-baseline` measures this tree only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: Before the looser rule sets were seeded by the stricter searches (parent of 5c809d4).
RULES_BASELINE = "5c809d4^"
#: Before the time caps were made to hold under load (parent of eb906f2).
DEADLINE_BASELINE = "eb906f2^"

PRIMES = [997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919, 911, 907, 887, 883]
RULE_SETS = {"default": (False, False), "allow_negative": (True, False),
             "allow_fractions": (False, True), "both": (True, True)}
KNOWN = {"1..16 -> 99989": (list(range(1, 17)), 99989), "16 primes -> 99991": (PRIMES, 99991)}
ANALYZE = {"1-12 -> 99991": (list(range(1, 13)), 99991),
           "1-16 -> 99999": (list(range(1, 17)), 99999)}
#: Five boards of 12 and 16 cards whose searches cannot end in OVERRUN_BUDGET.
OVERRUN_BOARDS = [(PRIMES, 99991), (list(range(1, 17)), 99989), (list(range(1, 13)), 99991),
                  (PRIMES[:12], 77777), (list(range(1, 17)), 99999)]
OVERRUN_BUDGET = 0.3
DECK = [v for v in range(1, 29) for _ in range(2)]
DEADLINES = (0.02, 0.05)
SERVICE_CALLS = 15
PARTS = ("known", "dealt", "analyze", "overrun", "service")
Row = dict[str, Any]


# ---------------------------------------------------------------- measuring (one tree)


def _shared(name: str) -> Any:
    """Module `name` of the shared/ folder of the tree in the working directory: installed as
    cardroom.shared since setup.py maps it there, plain `shared` in the trees before."""
    prefix = "cardroom.shared" if Path("setup.py").exists() else "shared"
    return importlib.import_module(f"{prefix}.{name}")


def _rules(name: str) -> Any:
    ArithRules = _shared("arith").ArithRules
    negative, fractions = RULE_SETS[name]
    return ArithRules(allow_negative=negative, allow_fractions=fractions)


@contextmanager
def busy_cpu() -> Iterator[None]:
    """Two processes spinning on the CPU (the load of
    tests/services/solver/test_solver_deadlines.py)."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        time.sleep(0.2)
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def part_known(reps: int) -> list[Row]:
    """best(), 10 s budget, per board and rule set: cards, proven, median wall seconds."""
    best = _shared("solver").best
    rows = []
    for board, (cards, target) in KNOWN.items():
        for rules in RULE_SETS:
            runs = []
            for _ in range(reps):
                start = time.perf_counter()
                result = best(cards, target, _rules(rules), budget_s=10.0)
                runs.append((time.perf_counter() - start, result.cards_used, result.proven))
            seconds = statistics.median(r[0] for r in runs)
            rows.append({"board": board, "rules": rules, "cards": min(r[1] for r in runs),
                         "proven": all(r[2] for r in runs), "seconds": seconds})
    return rows


def dealt_boards(count: int, seed: int) -> list[tuple[list[int], int]]:
    """count boards of 5-16 cards in turn from the default deck, dice totals as targets."""
    rng = random.Random(seed)
    return [(rng.sample(DECK, 5 + i % 12), rng.choice([20, 30, 40, 50, 60, 70])
             + rng.randint(3, 8)) for i in range(count)]


def part_dealt(count: int, seed: int) -> list[Row]:
    """Thread CPU seconds of best() (1 s budget) over the dealt boards, per rule set."""
    best = _shared("solver").best
    boards = dealt_boards(count, seed)
    rows = []
    for rules in RULE_SETS:
        arith = _rules(rules)
        unproven, cards = 0, 0
        start = time.thread_time()
        for board, target in boards:
            result = best(board, target, arith, budget_s=1.0)
            unproven += not result.proven
            cards += result.cards_used
        rows.append({"rules": rules, "cpu": time.thread_time() - start, "boards": len(boards),
                     "unproven": unproven, "cards": cards})
    return rows


def _overrun_calls() -> dict[str, Callable[[list[int], int, Any], object]]:
    solver = _shared("solver")
    all_optimal, best, profile, reachable = (
        solver.all_optimal, solver.best, solver.profile, solver.reachable)
    budget = OVERRUN_BUDGET
    return {
        "best": lambda c, t, r: best(c, t, r, budget_s=budget),
        "all_optimal": lambda c, t, r: all_optimal(c, t, r, limit=100_000, budget_s=budget),
        "profile": lambda c, t, r: profile(c, t, r, limit=100_000, budget_s=budget),
        "reachable": lambda c, t, r: reachable(c, r, lo=1, hi=1000, budget_s=budget),
    }


def part_overrun(reps: int) -> list[Row]:
    """Loaded: the 80 calls `reps` times over; per repetition the worst overrun, and per
    call its median overrun over the repetitions (a row with rep -1: the worst of those)."""
    calls = _overrun_calls()
    rows = []
    overruns: dict[str, list[float]] = {}
    cpus: dict[str, float] = {}
    with busy_cpu():
        for rep in range(reps):
            load = os.getloadavg()[0]
            for name, call in calls.items():
                for cards, target in OVERRUN_BOARDS:
                    for rules in RULE_SETS:
                        start, cpu = time.perf_counter(), time.thread_time()
                        call(cards, target, _rules(rules))
                        over = time.perf_counter() - start - OVERRUN_BUDGET
                        key = f"{name}, {len(cards)} cards -> {target}, {rules}"
                        overruns.setdefault(key, []).append(over)
                        cpus[key] = time.thread_time() - cpu
            worst = max(overruns, key=lambda k: overruns[k][-1])
            rows.append({"rep": rep, "calls": len(overruns), "worst": overruns[worst][-1],
                         "call": worst, "load": load, "cpu": cpus[worst]})
    medians = {k: statistics.median(v) for k, v in overruns.items()}
    worst = max(medians, key=lambda k: medians[k])
    rows.append({"rep": -1, "calls": len(medians), "worst": medians[worst], "call": worst,
                 "load": os.getloadavg()[0]})
    return rows



@contextmanager
def solver_service() -> Iterator[int]:
    """`python -m services.solver` of the tree in the working directory, on free ports; its
    gRPC port."""
    # The launcher is this checkout's, whichever tree the worker imports the solver from
    # (that tree comes first on the path; a namespace package `deploy` spans both).
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    from deploy.launch.process import ServiceProcess

    service = ServiceProcess("services.solver", {"LOG_LEVEL": "WARNING"}, cwd=Path.cwd(),
                             inherit_output=True)
    try:
        service.start(serving=False)
    except RuntimeError as error:
        raise SystemExit(f"solver service did not start: {error}") from None
    try:
        yield service.port
    finally:
        service.stop(timeout=10)


def _service_requests() -> dict[str, tuple[str, Any]]:
    common_pb2 = _shared("proto.cardroom.v1.common_pb2")
    solver_pb2 = _shared("proto.cardroom.v1.solver_pb2")
    both = common_pb2.ArithRules(allow_negative=True, allow_fractions=True)
    fractions = common_pb2.ArithRules(allow_fractions=True)
    return {
        "Solve, 5 cards": ("Solve", solver_pb2.SolveRequest(cards=[12, 24, 7, 2, 6], target=48)),
        "Solve, 16 primes": ("Solve", solver_pb2.SolveRequest(cards=PRIMES, target=99991)),
        "Solve, 16 primes, both options": ("Solve", solver_pb2.SolveRequest(
            cards=PRIMES, target=99991, rules=both)),
        "Analyze, 16 primes, fractions": ("Analyze", solver_pb2.AnalyzeRequest(
            cards=PRIMES, target=99991, rules=fractions, limit=100_000)),
    }


def part_service(calls: int) -> list[Row]:
    """Analyze unloaded (server cap) when calls is 0, else the loaded short-deadline calls."""
    import grpc

    common_pb2 = _shared("proto.cardroom.v1.common_pb2")
    solver_pb2 = _shared("proto.cardroom.v1.solver_pb2")
    solver_pb2_grpc = _shared("proto.cardroom.v1.solver_pb2_grpc")
    rows: list[Row] = []
    with solver_service() as port, grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        grpc.channel_ready_future(channel).result(timeout=10)
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        fractions = common_pb2.ArithRules(allow_fractions=True)
        for board, (cards, target) in ANALYZE.items() if calls == 0 else ():
            start = time.perf_counter()
            answer = stub.Analyze(solver_pb2.AnalyzeRequest(
                cards=cards, target=target, rules=fractions), timeout=60)
            rows.append({"part": "analyze", "board": board, "max_cards": answer.max_cards,
                         "exact": answer.exact, "seconds": time.perf_counter() - start})
        with busy_cpu() if calls else nullcontext():
            for label, (method, request) in _service_requests().items() if calls else ():
                for deadline in DEADLINES:
                    late, worst = 0, 0.0
                    for _ in range(calls):
                        start = time.perf_counter()
                        try:
                            getattr(stub, method)(request, timeout=deadline)
                        except grpc.RpcError as err:
                            if err.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                                raise
                            late += 1
                        worst = max(worst, time.perf_counter() - start)
                    rows.append({"part": "service", "call": label, "deadline": deadline,
                                 "late": late, "calls": calls, "worst": worst})
    return rows


def worker(part: str, quick: bool, seed: int) -> None:
    """Measure one part against the tree on the path; print JSON rows."""
    shared = _shared("errors")
    reps = 1 if quick else 3
    if part == "known":
        rows = part_known(reps)
    elif part == "dealt":
        rows = part_dealt(60 if quick else 300, seed)
    elif part == "overrun":
        rows = part_overrun(reps)
    elif part == "analyze":
        rows = part_service(0)
    else:
        rows = part_service(5 if quick else SERVICE_CALLS)
    print(json.dumps({"tree": str(Path(shared.__file__).parents[1]), "rows": rows}))


# ---------------------------------------------------------------- driving and reporting


def checkout(commit: str, folder: Path) -> tuple[Path, str]:
    """The tree of `commit` extracted under folder; (its path, its short hash)."""
    short = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", commit],
                           check=True, capture_output=True, text=True).stdout.strip()
    tree = folder / short
    if not tree.exists():
        tree.mkdir()
        data = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                              capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=data, check=True)
    return tree, short


def measure(part: str, tree: Path, quick: bool, seed: int) -> list[Row]:
    """Run one part in a fresh process importing the solver from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, str(Path(__file__).resolve()), "--worker", part, "--seed", str(seed)]
    out = subprocess.run(args + (["--quick"] if quick else []), cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    answer = json.loads(out.strip().splitlines()[-1])
    if Path(answer["tree"]).resolve() != tree.resolve():
        raise SystemExit(f"{part}: imported {answer['tree']}, not {tree}")
    return list(answer["rows"])


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def report_known(runs: dict[str, list[Row]]) -> str:
    rows = []
    for board in KNOWN:
        for label, found in runs.items():
            cells = {r["rules"]: r for r in found if r["board"] == board}
            rows.append([f"{board}, {label}", *(
                f"{cells[k]['cards']}, {'yes' if cells[k]['proven'] else 'no'}, "
                f"{cells[k]['seconds']:.2f}" for k in RULE_SETS)])
    return table(["board", *RULE_SETS], rows)


def report_dealt(runs: dict[str, list[Row]]) -> str:
    rows = []
    for label, found in runs.items():
        for r in found:
            rows.append([label, r["rules"], r["boards"], f"{r['cpu']:.2f}", r["unproven"],
                         r["cards"]])
    return table(["tree", "rules", "boards", "CPU s in all", "not proven", "cards used in all"],
                 rows)


def report_analyze(runs: dict[str, list[Row]]) -> str:
    rows = [[r["board"], label, r["max_cards"], r["exact"], f"{r['seconds']:.2f}"]
            for label, found in runs.items() for r in found if r["part"] == "analyze"]
    return table(["board (fractions)", "tree", "max_cards", "exact", "seconds"], rows)


def report_overrun(runs: dict[str, list[Row]]) -> str:
    rows = []
    for label, found in runs.items():
        reps = [r for r in found if r["rep"] >= 0]
        worst = [r["worst"] for r in reps]
        top = max(reps, key=lambda r: r["worst"])
        per_call = next(r for r in found if r["rep"] == -1)
        rows.append([label, reps[0]["calls"], len(reps),
                     " / ".join(f"{w * 1e3:.0f}" for w in worst),
                     f"{statistics.median(worst) * 1e3:.0f}",
                     f"{top['call']} ({top['cpu'] * 1e3:.0f} ms CPU in "
                     f"{(top['worst'] + OVERRUN_BUDGET) * 1e3:.0f} ms)",
                     f"{per_call['worst'] * 1e3:.0f}", per_call["call"],
                     " / ".join(f"{r['load']:.1f}" for r in found)])
    return table(["tree", "calls", "repetitions", "worst overrun ms, each repetition",
                  "median of those", "worst single call", "worst per-call median ms",
                  "that call", "load average (1 min) per repetition, at the end"], rows)


def report_service(runs: dict[str, list[Row]]) -> str:
    labels = list(runs)
    header = ["call"] + [f"{d * 1e3:g} ms, {label}" for d in DEADLINES for label in labels]
    calls = list(_labels_of_service(runs))
    rows = []
    for call in calls:
        cells = []
        for deadline in DEADLINES:
            for label in labels:
                r = next(r for r in runs[label] if r["part"] == "service"
                         and r["call"] == call and r["deadline"] == deadline)
                cells.append(f"{r['late']}/{r['calls']}, {r['worst'] * 1e3:.0f} ms")
        rows.append([call, *cells])
    return table(header, rows)


def _labels_of_service(runs: dict[str, list[Row]]) -> list[str]:
    seen: list[str] = []
    for found in runs.values():
        for r in found:
            if r["part"] == "service" and r["call"] not in seen:
                seen.append(r["call"])
    return seen


def main(argv: Sequence[str] | None = None) -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer boards and repetitions")
    parser.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--part", action="append", choices=PARTS,
                        help="run only this part (repeatable; default all)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.quick, args.seed)
        return
    with tempfile.TemporaryDirectory(prefix="cardroom-solver-baseline-") as temp:
        trees: dict[str, list[tuple[str, Path]]] = {}
        for base, parts in ((RULES_BASELINE, ("known", "dealt", "analyze")),
                            (DEADLINE_BASELINE, ("overrun", "service"))):
            pairs = [("this tree", ROOT)]
            if not args.no_baseline:
                tree, short = checkout(base, Path(temp))
                pairs.insert(0, (f"before ({short})", tree))
            for part in parts:
                if not args.part or part in args.part:
                    trees[part] = pairs
        results: dict[str, dict[str, list[Row]]] = {}
        for part, pairs in trees.items():
            results[part] = {}
            for label, tree in pairs:
                print(f"... {part}: {label}", file=sys.stderr, flush=True)
                results[part][label] = measure(part, tree, args.quick, args.seed)
    reports = {
        "known": ("## best(), 10 s budget: cards used, proven, wall seconds (median)",
                  report_known),
        "dealt": (f"## Dealt boards of 5-16 cards, 1 s budget each, seed {args.seed}",
                  report_dealt),
        "analyze": ("## Analyze with fractions, server cap (10 s), unloaded", report_analyze),
        "overrun": (f"## Overrun past a {OVERRUN_BUDGET:g} s budget, loaded (two spinning "
                    "processes)", report_overrun),
        "service": ("## Solver service, loaded: DEADLINE_EXCEEDED / calls, worst latency",
                    report_service)}
    print("\n\n".join(f"{title}\n\n{report(results[part])}"
                      for part, (title, report) in reports.items() if part in results))


if __name__ == "__main__":
    if __package__ in (None, ""):
        # Run by path as a worker: drop bench/ from the front of the path.
        sys.path.pop(0)
    main()
