"""Bot strength: one policy against three copies of another, duplicate deals, seat rotation.

    .venv/bin/python -m bench.tournament [--quick] [--games N] [--game livemix|vivo]
        [--iterations N | --time-ms MS] [--match ismcts:random,ismcts:heuristic,...]
        [--pair]

Each deal (a seed) is played once with the tested policy in every seat, the other seats
held by the opponent policy, so luck of the deal and of the seat cancels out. A game is a
win for the tested seat when it is among the winners; a shared win counts 1/k. The rate
comes with a 95% Wilson interval over the games played. Every policy decides from the
seat's view and the events it may see, exactly as the bot workers call it. IS-MCTS runs
on an iteration budget (reproducible) or, with --time-ms, a time budget too; --cpu counts
that time in CPU time of this process, a dedicated core's budget that other load on the
machine does not shrink. For the tested policy the CPU time per move shows what the
budget costs, beside the wall time, which other processes on the machine inflate.

Every search policy (ismcts, guided) gets the same budget, so a pairing of two is at
equal CPU per move. A policy may carry parameters: ``guided+mast=1+prior_weight=0``.
With --pair the tested policy holds two seats facing each other (0 and 2, then 1 and 3 on
the same deal) against two of the opponent, and the rate is the pair's share of the wins.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardroom.shared.bots import Policy, get_policy, list_policies
from cardroom.shared.bots.base import SEARCH
from cardroom.shared.games import registry

PLAYERS = 4


@dataclass
class Tally:
    """Results of one pairing."""

    wins: float = 0.0
    games: int = 0
    margin: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def play(game: str, seed: int, seats: Sequence[Policy], tally: Tally | None = None,
         tested: int | Sequence[int] = 0) -> list[int]:
    """Play one whole game with a policy per seat; the final scores."""
    config = registry.make_config(game, {"players": len(seats)})
    state = registry.new_game(game, config, seed=seed)
    events = registry.opening_events(state)
    seen: list[list[dict]] = [[e for e in events if e.get("to", s) == s]
                              for s in range(len(seats))]
    move = 0
    mine = [tested] if isinstance(tested, int) else list(tested)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None and seat >= 0
        cpu = time.process_time()
        decision = seats[seat].decide(state.observation(seat), seen[seat], seed * 1000 + move)
        cpu = time.process_time() - cpu
        if tally is not None and seat in mine and decision.iterations:
            tally.think.append(decision.think_s)
            tally.cpu.append(cpu)
            tally.iterations.append(decision.iterations)
        new = state.apply_action(decision.action, seat)
        for s in range(len(seats)):
            seen[s].extend(e for e in new if e.get("to", s) == s)
        move += 1
    winners = state.winners()
    if tally is not None:
        tally.games += 1
        tally.wins += sum(1 for s in winners if s in mine) / len(winners)
        scores = state.scores()
        tally.margin.append(max(scores[s] for s in mine)
                            - max(x for i, x in enumerate(scores) if i not in mine))
    return state.scores()


def pairing(game: str, tested: Policy, opponent: Policy, deals: int, first_seed: int,
            pair: bool = False) -> Tally:
    """`deals` duplicate deals, the tested policy in each seat (or facing pair) in turn."""
    tally = Tally()
    arrangements = [(0, 2), (1, 3)] if pair else [(s,) for s in range(PLAYERS)]
    for deal in range(deals):
        for mine in arrangements:
            seats = [tested if s in mine else opponent for s in range(PLAYERS)]
            play(game, first_seed + deal, seats, tally, mine)
    return tally


HEADER = ("| game | pairing | games | win rate | 95% interval (Wilson) | mean margin "
          "| CPU per move, mean / p99 / max | wall per move, mean | iterations per move |\n"
          "|---|---|---|---|---|---|---|---|---|")


def report(game: str, label: str, tally: Tally) -> str:
    """One Markdown table row of results."""
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games if tally.games else 0.0
    cpu = wall = iterations = "-"
    if tally.cpu:
        ordered = sorted(tally.cpu)
        cpu = (f"{1000 * statistics.fmean(ordered):.0f} / "
               f"{1000 * ordered[int(0.99 * (len(ordered) - 1))]:.0f} / "
               f"{1000 * ordered[-1]:.0f} ms")
        wall = f"{1000 * statistics.fmean(tally.think):.0f} ms"
        iterations = f"{statistics.fmean(tally.iterations):.0f}"
    return (f"| {game} | {label} | {tally.games} | {100 * rate:.1f}% | "
            f"[{100 * low:.1f}%, {100 * high:.1f}%] | {statistics.fmean(tally.margin):+.1f} | "
            f"{cpu} | {wall} | {iterations} |")


def policy(game: str, spec: str, iterations: int, time_ms: int, cpu: bool) -> Policy:
    """The policy a spec names (``name+param=value+...``); a search one gets the budget."""
    name, *given = spec.split("+")
    params: dict[str, object] = {}
    for item in given:
        key, value = item.split("=")
        params[key] = float(value) if "." in value else int(value)
    if any(info.name == name and info.cost == SEARCH for info in list_policies(game)):
        params.update(iterations=iterations, time_ms=time_ms, cpu_time=int(cpu))
    return get_policy(game, name, **params)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the pairings and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few deals: a smoke run")
    parser.add_argument("--games", type=int, default=0, help="deals per pairing (x4 games)")
    parser.add_argument("--game", choices=("livemix", "vivo"), action="append")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--time-ms", type=int, default=0,
                        help="also a time budget per move (0: iterations only)")
    parser.add_argument("--cpu", action="store_true",
                        help="count --time-ms in CPU time of this process (one core)")
    parser.add_argument("--match", default="ismcts:random,ismcts:heuristic,heuristic:random")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--pair", action="store_true",
                        help="two tested seats facing each other against two opponents")
    args = parser.parse_args(argv)
    deals = args.games or (2 if args.quick else 25)
    print(f"{PLAYERS} players, {deals} duplicate deals x {PLAYERS} seats per pairing; "
          f"IS-MCTS budget: {args.iterations} iterations"
          + (f" or {args.time_ms} ms {'CPU' if args.cpu else 'wall'} time per move"
             if args.time_ms else "") + "\n")
    print(HEADER, flush=True)
    for game in args.game or ["livemix", "vivo"]:
        for pair in args.match.split(","):
            tested_name, opponent_name = pair.split(":")
            tested = policy(game, tested_name, args.iterations, args.time_ms, args.cpu)
            opponent = policy(game, opponent_name, args.iterations, args.time_ms, args.cpu)
            tally = pairing(game, tested, opponent, deals, args.seed, args.pair)
            label = (f"2 {tested_name} vs 2 {opponent_name}" if args.pair
                     else f"{tested_name} vs 3 {opponent_name}")
            print(report(game, label, tally), flush=True)


if __name__ == "__main__":
    main()
