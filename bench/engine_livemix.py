"""Livemix engine speed, side by side with the naive set-of-strings baseline.

Run ``python -m bench.engine_livemix [--quick]``. Each measure alternates engine and
baseline batches in one process and reports the median over the repetitions:

- random round: copy a freshly dealt game, play uniformly random legal cards to the end
  of the round (scoring and the next deal included); random game: the same for 3 rounds;
- clone: copying a game state;
- apply: one card played, averaged over a recorded game (fast int path, string path with
  events, baseline).
"""

from __future__ import annotations

import argparse
import platform
import random
from collections.abc import Callable

from bench.naive_livemix import NaiveLivemix
from bench.timing import alternating_medians, replay_batches
from cardroom.shared.games import livemix
from cardroom.shared.games.livemix import State, random_playout

SEEDS = 64


def _starts(players: int) -> tuple[list[State], list[NaiveLivemix]]:
    config = livemix.Config(players=players)
    engines = [livemix.new_game(config, seed=s) for s in range(SEEDS)]
    naives = [NaiveLivemix(players=players, seed=s) for s in range(SEEDS)]
    return engines, naives


def _playouts(players: int, whole_game: bool) -> tuple[Callable[[int], None], ...]:
    engines, naives = _starts(players)
    rng = random.Random(1)

    def engine(count: int) -> None:
        for i in range(count):
            random_playout(engines[i % SEEDS].clone(), rng, whole_game)

    def naive(count: int) -> None:
        for i in range(count):
            game = naives[i % SEEDS].copy()
            if whole_game:
                game.random_game(rng)
            else:
                game.random_round(rng)

    return engine, naive


def _clones(players: int) -> tuple[Callable[[int], None], ...]:
    engines, naives = _starts(players)
    engine_state, naive_state = engines[0], naives[0]

    def engine(count: int) -> None:
        for _ in range(count):
            engine_state.clone()

    def naive(count: int) -> None:
        for _ in range(count):
            naive_state.copy()

    return engine, naive


def _applies(players: int) -> tuple[list[Callable[[int], None]], int]:
    """Batches replaying one recorded game; a unit is one whole replay."""
    start = livemix.new_game(livemix.Config(players=players), seed=7)
    played = start.clone()
    rng = random.Random(7)
    while not played.is_terminal():
        played.apply_action_id(rng.choice(played.legal_action_ids()))
    ids = [card for _, card in played.plays]
    names = [played.action_to_string(card) for card in ids]
    naive_start = NaiveLivemix(players=players, seed=7)

    return replay_batches(start, ids, names, naive_start), len(ids)


def run(quick: bool) -> list[str]:
    """Measure everything; return the Markdown table rows."""
    reps, scale = (3, 1) if quick else (9, 5)
    rows = ["| players | measure | engine | naive baseline | engine / baseline |",
            "|---|---|---|---|---|"]
    for players in (3, 4):
        for label, whole, count in (("random rounds / s", False, 400), ("random games / s",
                                                                         True, 150)):
            engine, naive = alternating_medians(list(_playouts(players, whole)),
                                                count * scale, reps)
            rows.append(f"| {players} | {label} | {engine:,.0f} | {naive:,.0f} | "
                        f"{engine / naive:.1f}x |")
        engine, naive = alternating_medians(list(_clones(players)), 20000 * scale, reps)
        rows.append(f"| {players} | clone (µs) | {1e6 / engine:.2f} | {1e6 / naive:.2f} | "
                    f"{engine / naive:.1f}x faster |")
        batches, moves = _applies(players)
        fast, strings, naive = alternating_medians(batches, 40 * scale, reps)
        for label, rate in (("apply, fast path (µs/card)", fast),
                            ("apply, string path + events (µs/card)", strings)):
            rows.append(f"| {players} | {label} | {1e6 / (rate * moves):.2f} | "
                        f"{1e6 / (naive * moves):.2f} | {rate / naive:.1f}x faster |")
    return rows


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, smaller repetitions")
    args = parser.parse_args()
    print(f"Livemix engine benchmark, Python {platform.python_version()} "
          f"({platform.python_implementation()}), one core, medians of "
          f"{3 if args.quick else 9} alternating repetitions\n")
    print("\n".join(run(args.quick)))


if __name__ == "__main__":
    main()
