"""VIVO engine speed, measured side by side with the naive set-of-strings baseline.

Run ``python -m bench.engine_vivo [--quick]``. Every measure runs engine and baseline
batches alternately in one process and reports medians over the repetitions:

- random rounds (games) per second: copy a freshly dealt game and play uniformly random
  legal cards to the end of the round (of both rounds), scoring and re-deal included;
- clone: copying a state at the start of a game;
- apply: one card, averaged over replaying a recorded game (engine int path, engine
  string path with events and legality reasons, baseline).

Before measuring, both implementations replay the same games and must agree on scores.
"""

from __future__ import annotations

import argparse
import platform
import random

from bench.naive_vivo import NaiveVivo
from bench.timing import Batch, alternating_medians, replay_batches
from cardroom.shared.games import vivo

DEALS = 64


def check_agreement(players: int, games: int = 20) -> None:
    """Both implementations deal alike and score alike on the engine's random games."""
    for seed in range(games):
        state = vivo.new_game(vivo.Config(players=players), seed=seed)
        vivo.random_playout(state, random.Random(seed), whole_game=True)
        naive = NaiveVivo(players, seed)
        for _, card in state.history():
            naive.play(card)
        if naive.totals != state.scores():
            raise SystemExit(f"baseline disagrees with the engine ({players}p, seed {seed})")


def playouts(players: int, whole_game: bool) -> list[Batch]:
    """Engine and baseline batches of random rounds (or games) from fresh deals."""
    starts = [vivo.new_game(vivo.Config(players=players), seed=s) for s in range(DEALS)]
    naives = [NaiveVivo(players, s) for s in range(DEALS)]
    rng = random.Random(1)

    def engine(count: int) -> None:
        for i in range(count):
            vivo.random_playout(starts[i % DEALS].clone(), rng, whole_game)

    def naive(count: int) -> None:
        for i in range(count):
            game = naives[i % DEALS].copy()
            (game.random_game if whole_game else game.random_round)(rng)

    return [engine, naive]


def clones(players: int) -> list[Batch]:
    """Engine and baseline batches of state copies."""
    state = vivo.new_game(vivo.Config(players=players), seed=0)
    naive = NaiveVivo(players, 0)

    def engine(count: int) -> None:
        for _ in range(count):
            state.clone()

    def baseline(count: int) -> None:
        for _ in range(count):
            naive.copy()

    return [engine, baseline]


def applies(players: int) -> tuple[list[Batch], int]:
    """Batches replaying one recorded game (a unit is a whole game), and its card count."""
    start = vivo.new_game(vivo.Config(players=players), seed=7)
    played = start.clone()
    vivo.random_playout(played, random.Random(7), whole_game=True)
    names = [card for _, card in played.history()]
    ids = [start.string_to_action(card) for card in names]
    naive_start = NaiveVivo(players, 7)

    return replay_batches(start, ids, names, naive_start), len(names)


def run(quick: bool) -> list[str]:
    """Measure everything; the Markdown table rows."""
    reps, scale = (3, 1) if quick else (9, 4)
    rows = ["| players | measure | engine | naive baseline | engine speed / baseline speed |",
            "|---|---|---|---|---|"]
    for players in (3, 4):
        check_agreement(players)
        for label, whole, count in (("random rounds / s", False, 500),
                                    ("random games / s", True, 250)):
            engine, naive = alternating_medians(playouts(players, whole), count * scale, reps)
            rows.append(f"| {players} | {label} | {engine:,.0f} | {naive:,.0f} | "
                        f"{engine / naive:.1f}x |")
        engine, naive = alternating_medians(clones(players), 20000 * scale, reps)
        rows.append(f"| {players} | clone (µs) | {1e6 / engine:.2f} | {1e6 / naive:.2f} | "
                    f"{engine / naive:.1f}x |")
        batches, cards = applies(players)
        fast, strings, naive = alternating_medians(batches, 60 * scale, reps)
        for label, rate in (("apply, int path (µs/card)", fast),
                            ("apply, string path + events (µs/card)", strings)):
            rows.append(f"| {players} | {label} | {1e6 / (rate * cards):.2f} | "
                        f"{1e6 / (naive * cards):.2f} | {rate / naive:.1f}x |")
    return rows


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description="VIVO engine benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer, smaller repetitions")
    quick = parser.parse_args().quick
    print(f"VIVO engine benchmark, Python {platform.python_version()} "
          f"({platform.python_implementation()}), one core, medians of "
          f"{3 if quick else 9} alternating repetitions\n")
    print("\n".join(run(quick)))


if __name__ == "__main__":
    main()
