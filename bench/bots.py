"""Bot speed: IS-MCTS iterations per second, and the time one decision takes per policy.

    .venv/bin/python -m bench.bots [--quick]

Decision points are taken from games played at random (seeds 0.., a random number of
moves in, the seat to act having two legal moves or more). For each game and player
count it reports IS-MCTS iterations per second (median over the points, with the
determinization's own share of the time), the think time per move at each strength
level, and the median decision time of the random and heuristic policies. Times are CPU
time of this process (one core), so other load on the machine does not skew them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardroom.shared.bots import determinize_livemix, determinize_vivo, get_policy
from cardroom.shared.bots.ismcts import Knowledge
from cardroom.shared.bots.ismcts_policies import LEVEL_ITERATIONS
from cardroom.shared.games import registry

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


def main(argv: Sequence[str] | None = None) -> None:
    """Print the measures per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer points and iterations")
    args = parser.parse_args(argv)
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
