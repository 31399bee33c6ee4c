"""Bot speed: IS-MCTS iterations per second, and the time one decision takes per policy.

    .venv/bin/python -m bench.bots [--quick] [--baseline REF [--rounds N]]

Decision points are taken from games played at random (seeds 0.., a random number of
moves in, the seat to act having two legal moves or more). For each game and player
count it reports IS-MCTS iterations per second (median over the points, with the
determinization's own share of the time), the think time per move at each strength
level, and the median decision time of the random and heuristic policies. Times are CPU
time of this process (one core), so other load on the machine does not skew them.

With --baseline, it measures IS-MCTS iterations per second of this tree and of a git ref
side by side instead: the tree of REF is extracted beside this one, and each round runs
one child process per tree (alternately, the order swapped each round) on the same
decision points with the same seeds; per point it keeps each tree's median over the
rounds, and it reports the medians over the points and the median of the per-point ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardroom.shared.bots import determinize_livemix, determinize_vivo, get_policy
from cardroom.shared.bots.ismcts import Knowledge
from cardroom.shared.bots.ismcts_policies import LEVEL_ITERATIONS
from cardroom.shared.games import registry

#: The commit whose search the speed work is measured against (--baseline's default).
BASELINE = "73c58ad"

READ: dict[str, Callable[[dict, list[dict]], Knowledge]] = {
    "livemix": determinize_livemix.read, "vivo": determinize_vivo.read}


def decision_points(game: str, players: int, count: int) -> list[tuple[dict, list[dict]]]:
    """(view, visible events) at `count` random decision points with a real choice."""
    points: list[tuple[dict, list[dict]]] = []
    seed = 0
    while len(points) < count:
        rng = random.Random(seed)
        config = registry.make_config(game, {"players": players})
        state = registry.new_game(game, config, seed=seed)
        events = registry.opening_events(state)
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            events += state.apply_action(rng.choice(state.legal_actions()))
        seed += 1
        seat = state.current_player()
        if state.is_terminal() or seat is None or len(state.legal_actions()) < 2:
            continue
        points.append((state.observation(seat),
                       [e for e in events if e.get("to", seat) == seat]))
    return points


def _median_ms(samples: Sequence[float]) -> float:
    return 1000 * statistics.median(samples)


def measure(game: str, players: int, points: list[tuple[dict, list[dict]]],
            iterations: int) -> dict[str, Any]:
    """Iterations per second and per-policy decision times over the points."""
    ismcts = get_policy(game, "ismcts", iterations=iterations)
    rates, samples = [], []
    for i, (view, events) in enumerate(points):
        start = time.process_time()
        decision = ismcts.decide(view, events, i)
        rates.append(decision.iterations / (time.process_time() - start))
        knowledge = READ[game](view, events)
        rng = random.Random(i)
        start = time.process_time()
        for _ in range(200):
            knowledge.sample(rng)
        samples.append((time.process_time() - start) / 200)
    out: dict[str, Any] = {"iterations_per_s": statistics.median(rates),
                           "sample_us": 1e6 * statistics.median(samples)}
    for name in ("random", "heuristic"):
        policy = get_policy(game, name)
        times = []
        for i, (view, events) in enumerate(points):
            start = time.process_time()
            policy.decide(view, events, i)
            times.append(time.process_time() - start)
        out[f"{name}_ms"] = _median_ms(times)
    return out


def rates(game: str, points: list[tuple[dict, list[dict]]], iterations: int) -> list[float]:
    """IS-MCTS iterations per second of CPU time at each point (decide seed = its index)."""
    ismcts = get_policy(game, "ismcts", iterations=iterations)
    out = []
    for i, (view, events) in enumerate(points):
        start = time.process_time()
        decision = ismcts.decide(view, events, i)
        out.append(decision.iterations / (time.process_time() - start))
    return out


def _child() -> None:
    """The child of a side-by-side run: rates for the points on stdin, as JSON on stdout."""
    job = json.load(sys.stdin)
    json.dump(rates(job["game"], job["points"], job["iterations"]), sys.stdout)


def side_by_side(ref: str, count: int, iterations: int, rounds: int) -> None:
    """Print this tree's and `ref`'s IS-MCTS iterations per second, measured alternately."""
    from bench.trees import ROOT, import_root

    with tempfile.TemporaryDirectory(prefix="cardroom-baseline-") as folder:
        tree = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True,
                              capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=tree, check=True)
        paths = {ref: [str(import_root(Path(folder))), str(ROOT)], "this tree": [str(ROOT)]}
        print(f"{count} decision points per row, {iterations} iterations, {rounds} rounds; "
              "CPU time; medians\n")
        print(f"| game | players | {ref} iterations / s | this tree | ratio (median of "
              "per-point ratios) |\n|---|---|---|---|---|")
        for game in ("livemix", "vivo"):
            for players in (3, 4):
                job = json.dumps({"game": game, "iterations": iterations,
                                  "points": decision_points(game, players, count)})
                seen: dict[str, list[list[float]]] = {side: [] for side in paths}
                for k in range(rounds):
                    order = list(paths) if k % 2 == 0 else list(reversed(paths))
                    for side in order:
                        env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths[side])}
                        out = subprocess.run([sys.executable, "-m", "bench.bots", "--child"],
                                             input=job, capture_output=True, text=True,
                                             check=True, cwd=ROOT, env=env).stdout
                        seen[side].append(json.loads(out))
                per_point = {side: [statistics.median(r) for r in zip(*runs, strict=True)]
                             for side, runs in seen.items()}
                old, new = per_point[ref], per_point["this tree"]
                ratio = statistics.median(b / a for a, b in zip(old, new, strict=True))
                print(f"| {game} | {players} | {statistics.median(old):,.0f} | "
                      f"{statistics.median(new):,.0f} | {ratio:.2f}x |", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the measures per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer points and iterations")
    parser.add_argument("--baseline", nargs="?", const=BASELINE, default=None,
                        help=f"compare IS-MCTS speed with this git ref (default {BASELINE})")
    parser.add_argument("--rounds", type=int, default=3, help="side-by-side rounds")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child()
        return
    if args.baseline:
        count, iterations = (5, 300) if args.quick else (20, 2000)
        side_by_side(args.baseline, count, iterations, 1 if args.quick else args.rounds)
        return
    count, iterations = (5, 300) if args.quick else (30, 2000)
    levels = range(1, len(LEVEL_ITERATIONS))
    print(f"{count} decision points per row, IS-MCTS at {iterations} iterations; medians\n")
    print("| game | players | IS-MCTS iterations / s | one determinization (µs) | "
          + " | ".join(f"strength {lv} ({LEVEL_ITERATIONS[lv]} it.)" for lv in levels)
          + " | random (ms) | heuristic (ms) |")
    print("|---" * (6 + len(levels)) + "|")
    for game in ("livemix", "vivo"):
        for players in (3, 4):
            points = decision_points(game, players, count)
            m = measure(game, players, points, iterations)
            rate = m["iterations_per_s"]
            think = " | ".join(f"{1000 * LEVEL_ITERATIONS[lv] / rate:.0f} ms" for lv in levels)
            print(f"| {game} | {players} | {rate:,.0f} | {m['sample_us']:.0f} | {think} | "
                  f"{m['random_ms']:.2f} | {m['heuristic_ms']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
