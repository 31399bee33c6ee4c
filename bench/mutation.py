"""Mutation testing of the critical modules against their own tests (`make mutate`).

For each module, cosmic-ray plants one small change at a time (an operator, a comparison,
a constant, a removed call...) and runs only that module's test files; a change the tests
do not notice "survives". The work happens in a copy of the work tree in a temporary
folder (cosmic-ray edits the file it mutates), a fixed-seed sample of each module's
mutants is run (all of them with --all) within a time budget per module, and the kill rate
is printed per module, with every survivor's diff (docs/MUTATION.md says why each one left
is harmless, or which test now kills it).
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from cosmic_ray.work_db import WorkDB, use_db  # type: ignore[import-untyped]
from cosmic_ray.work_item import (  # type: ignore[import-untyped]
    TestOutcome,
    WorkerOutcome,
    WorkResult,
)

from bench.trees import IMPORT_ROOT, copy_tree, import_root

ROOT = Path(__file__).resolve().parent.parent

#: Module -> the test files that are meant to catch a change in it.
MODULES: dict[str, tuple[str, ...]] = {
    "shared/solver/kernels.py": ("tests/solver/test_solver_kernels.py",
                                 "tests/solver/test_solver_mutants.py"),
    "shared/bots/sampling.py": ("tests/bots/test_bots_determinize.py",
                                "tests/bots/test_bots_sampling_distribution.py"),
    "shared/bots/determinize_vivo.py": ("tests/bots/test_bots_determinize.py",
                                        "tests/bots/test_bots_sampling_distribution.py",
                                        "tests/bots/test_bots_invariance.py",
                                        "tests/bots/test_bots_knowledge.py"),
    "shared/bots/determinize_livemix.py": ("tests/bots/test_bots_determinize.py",
                                           "tests/bots/test_bots_sampling_distribution.py",
                                           "tests/bots/test_bots_invariance.py",
                                           "tests/bots/test_bots_knowledge.py"),
    # The match service's durability checks, deadlines and redaction (one Redis only: the
    # cluster variants of the same tests would start a cluster for every mutant). The fast
    # file of each goes first: with -x most mutants fail there within seconds.
    "services/match/health.py": ("tests/services/match/test_match_health.py",
                                 "tests/services/match/test_chaos_durability.py",
                                 "tests/services/match/test_abuse_durability.py"),
    "services/match/timers.py": ("tests/services/match/test_match_timer_loop.py",
                                 "tests/deploy/test_deploy_timer_metrics.py",
                                 "tests/services/match/test_match_timers.py",
                                 "tests/services/match/test_match_concurrency.py",
                                 "-k", "'not cluster'"),
    # Not test_security_hidden.py (about 45 s a run): every game's whole match through
    # every RPC is too slow to run once per mutant; test_match_views.py checks the redaction
    # of views and listings, and `make test` runs both.
    "services/match/views.py": ("tests/services/match/test_match_views.py",
                                "tests/services/match/test_match_app.py",
                                "-k", "'not cluster and not replay'"),
}

CONFIG = """[cosmic-ray]
module-path = "{module}"
timeout = {timeout}
excluded-modules = []
test-command = "env PYTHONPATH={import_root} {python} -m pytest -x -q -p no:cacheprovider {tests}"

[cosmic-ray.distributor]
name = "local"
"""


@dataclass
class Tally:
    """One module's outcome."""

    module: str
    mutants: int
    run: int
    killed: int
    survivors: list[str]
    seconds: float

    @property
    def rate(self) -> float:
        """Killed over run, in percent."""
        return 100.0 * self.killed / self.run if self.run else 0.0


def _key(item: object) -> str:
    """A mutant's identity that does not change between runs (its job id does)."""
    return ";".join(f"{m.operator_name}:{m.occurrence}" for m in item.mutations)  # type: ignore[attr-defined]


def _sample(db_path: Path, size: int | None, seed: int) -> None:
    """Mark all but a fixed-seed sample of `size` mutants as skipped: the same mutants in
    every run of the same source, so runs before and after a new test compare."""
    if size is None:
        return
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        items = sorted(db.work_items, key=_key)
        if len(items) <= size:
            return
        keep = {item.job_id for item in random.Random(seed).sample(items, size)}
        db.set_multiple_results([i.job_id for i in items if i.job_id not in keep],
                                WorkResult(worker_outcome=WorkerOutcome.SKIPPED))


def _tally(db_path: Path, module: str, seconds: float) -> Tally:
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        mutants = db.num_work_items
        run = killed = 0
        survivors = []
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            if result.worker_outcome != WorkerOutcome.NORMAL and result.test_outcome is None:
                continue
            run += 1
            if result.test_outcome == TestOutcome.SURVIVED:
                survivors.append(result.diff or str(item.mutations))
            else:
                killed += 1
    return Tally(module, mutants, run, killed, survivors, seconds)


def mutate(tree: Path, module: str, tests: tuple[str, ...], sample: int | None,
           budget_s: float, seed: int) -> Tally:
    """Run one module's mutants in `tree` for at most `budget_s` seconds."""
    name = module.replace("/", "_").removesuffix(".py")
    config, db_path = tree / f"{name}.toml", tree / f"{name}.sqlite"
    config.write_text(CONFIG.format(module=module, timeout=60.0, python=sys.executable,
                                    tests=" ".join(tests), import_root=tree / IMPORT_ROOT))
    subprocess.run([sys.executable, "-m", "cosmic_ray.cli", "init", str(config),
                    str(db_path)], cwd=tree, check=True)
    _sample(db_path, sample, seed)
    started = time.monotonic()
    runner = subprocess.Popen([sys.executable, "-m", "cosmic_ray.cli", "exec", str(config),
                               str(db_path)], cwd=tree)
    try:
        runner.wait(timeout=budget_s)
    except subprocess.TimeoutExpired:
        runner.terminate()  # the budget is spent: report what ran
        runner.wait(30)
    # cosmic-ray restores the mutated file itself; put the original back all the same.
    shutil.copy2(ROOT / module, tree / module)
    return _tally(db_path, module, time.monotonic() - started)


def report(tallies: list[Tally]) -> str:
    """Markdown: the kill rate per module, then each survivor's diff."""
    lines = ["| module | mutants | run | killed | kill rate | seconds |",
             "|---|---|---|---|---|---|"]
    for t in tallies:
        lines.append(f"| `{t.module}` | {t.mutants} | {t.run} | {t.killed} | "
                     f"{t.rate:.0f}% | {t.seconds:.0f} |")
    for t in tallies:
        for diff in t.survivors:
            lines += ["", f"Survivor in `{t.module}`:", "", "```diff", diff.strip(), "```"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Mutate each module (or those named) and print the kill rates."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("modules", nargs="*", help="paths of modules (default: all listed)")
    parser.add_argument("--sample", type=int, default=40,
                        help="mutants run per module, a fixed-seed sample (default 40)")
    parser.add_argument("--all", action="store_true", help="run every mutant")
    parser.add_argument("--budget", type=float, default=600.0,
                        help="seconds per module before the run stops (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chosen = args.modules or list(MODULES)
    with tempfile.TemporaryDirectory(prefix="cardroom-mutate-") as folder:
        tree = copy_tree(Path(folder))
        import_root(tree)
        tallies = [mutate(tree, module, MODULES[module], None if args.all else args.sample,
                          args.budget, args.seed) for module in chosen]
    print(report(tallies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
