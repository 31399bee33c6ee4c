"""Load test: hundreds of concurrent matches of all three games through the whole stack.

Everything runs on this machine, on loopback only: a redis-server of its own (append-only
file), `python -m cardroom.services.match` replicas and Celery bot workers as real processes, and
the players of the human seats as threads here. A third of the matches are Livemix, a third
VIVO, a third Mix Match; half of each are bots only, half "mixed" (one human seat played from
here, the rest bots). Every match is played to its end. Then each is checked: its final
scores and every engine event of its log equal an offline replay of its actions through the
engine (cardroom.shared.games.registry), and no bot task is left on the broker (queued or unacked).

    python -m bench.load                        # 300 matches, 2 workers (docs/RELIABILITY.md)
    python -m bench.load --quick                # 30 matches
    python -m bench.load --matches 90 --workers 3 --concurrency 2 --seconds 600

Bounded in count (--matches) and time (--seconds: then it stops and reports what did not
finish). Prints Markdown tables: matches per minute, moves per second, human move latency
(SubmitMove, seen by the client) and bot turn latency (from the move before to the bot's
move, by the match service's clock), as percentiles. The processes are started by the
launcher every benchmark and test uses (deploy.launch.stack).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import grpc
import redis

from cardroom.services.match import mapping
from cardroom.shared.client import MatchClient, MatchView, SeatSpec, bot, human
from cardroom.shared.errors import CardroomError, IllegalMove, StaleVersion
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, SEARCH_QUEUE
from cardroom.shared.wire.enums import GAMES as GAME_TABLE
from deploy.launch.stack import Stack

#: Events the match service adds around the engine's own (docs/match.md).
SERVICE_EVENTS = frozenset({"match_created", "seat_claimed", "match_started", "resigned",
                            "clock_expired", "abandoned", "match_over"})
GAMES = GAME_TABLE.words
#: Bot policies of each game's seats (a mixed match's seat 0 is the human), and options.
BOTS = {"livemix": ("random", "heuristic", "random", "heuristic"),
        "vivo": ("heuristic", "random", "heuristic"),
        "mixmatch": ("random", "random")}
OPTIONS = {"mixmatch": {"hourglass_seconds": 0.5, "faster": True, "younger_players": True}}



def tasks_left(client: redis.Redis) -> int:
    """Bot tasks still on the broker: queued on either bot queue, or delivered but unacked."""
    pipe = client.pipeline(transaction=False)
    pipe.llen(DEFAULT_QUEUE)
    pipe.llen(SEARCH_QUEUE)
    pipe.hlen("unacked")
    return int(sum(pipe.execute()))


# ---- one match ------------------------------------------------------------------------------

@dataclass
class Run:
    """One match of the load: who plays it and what happened."""

    game: str
    mixed: bool
    seed: int
    match_id: str = ""
    token: str = ""
    status: str = "active"
    human_moves: int = 0
    refused: int = 0


def create(client: MatchClient, run: Run) -> None:
    """Create the match of `run` (seat 0 human when mixed)."""
    seats: list[SeatSpec] = [bot(p, name=p) for p in BOTS[run.game]]
    if run.mixed:
        seats[0] = human("load")
    created = client.create(run.game, len(seats), seats, seed=run.seed,
                            options=OPTIONS.get(run.game, {}))
    run.match_id = created.match_id
    run.token = created.tokens[0] if run.mixed else ""


def human_action(run: Run, view: MatchView, rng: random.Random) -> str | None:
    """The human seat's move: a random legal card; in Mix Match a pick, or a correct claim
    of one to three cards when there is one (else none: the hourglass goes on)."""
    legal = list(view.legal_moves)
    info = registry.info(run.game)
    if not info.simultaneous:
        return rng.choice(legal) if legal else None
    if legal and legal[0] != "timeout":
        return legal[0]
    obs = view.observation
    claim = find_claim(list(obs["table"]) + list(obs["own"][0]), obs["target"])
    return None if claim is None else info.tag_round(f"claim {claim}", obs["round"])


def find_claim(cards: list[int], target: int) -> str | None:
    """A correct claim over one to three of `cards` with + and *, or None."""
    for a in range(len(cards)):
        if cards[a] == target:
            return str(cards[a])
        for b in range(len(cards)):
            if b == a:
                continue
            for op, value in (("+", cards[a] + cards[b]), ("*", cards[a] * cards[b])):
                if value == target:
                    return f"{cards[a]}{op}{cards[b]}"
                for c in range(len(cards)):
                    if c in (a, b):
                        continue
                    for op2, total in (("+", value + cards[c]), ("*", value * cards[c])):
                        if total == target:
                            return f"({cards[a]}{op}{cards[b]}){op2}{cards[c]}"
    return None


# ---- the load -------------------------------------------------------------------------------

@dataclass
class Result:
    """What one load run measured and checked."""

    runs: list[Run]
    wall_s: float
    moves: int
    human_ms: list[float]
    bot_ms: list[float]
    replayed: int
    mismatched: list[str]
    tasks_left: int
    cpu: dict[str, float] = field(default_factory=dict)

    @property
    def finished(self) -> int:
        """Matches played to their end."""
        return sum(r.status == "finished" for r in self.runs)


class Load:
    """Drives `runs` on `stack`: creates them all, plays the human seats, waits for the end."""

    def __init__(self, stack: Stack, runs: list[Run], drivers: int = 4,
                 seconds: float = 600.0) -> None:
        self.stack = stack
        self.runs = runs
        self.drivers = drivers
        self.seconds = seconds
        self.human_ms: list[float] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def channels(self) -> Iterator[MatchClient]:
        """A client per replica, round robin."""
        clients = [MatchClient(grpc.insecure_channel(r.address), timeout=30)
                   for r in self.stack.matches]
        index = 0
        while True:
            yield clients[index % len(clients)]
            index += 1

    def run(self) -> Result:
        """Play every match to its end (or until the time is up); measure and check."""
        clients = self.channels()
        cpu_before = self.stack.cpu()
        started = time.perf_counter()
        with ThreadPoolExecutor(16) as pool:
            list(pool.map(lambda r: create(next(clients), r), self.runs))
        mixed = [r for r in self.runs if r.mixed]
        threads = [threading.Thread(target=self._drive, args=(mixed[i::self.drivers],
                                                              next(clients), i))
                   for i in range(self.drivers)]
        for thread in threads:
            thread.start()
        self._wait(started)
        wall = time.perf_counter() - started
        self.stop.set()
        for thread in threads:
            thread.join()
        cpu = {k: v - cpu_before[k] for k, v in self.stack.cpu().items()}
        result = self._check(next(clients), wall)
        result.cpu = cpu
        return result

    def _wait(self, started: float) -> None:
        """Until every match is over (read from Redis, so watching costs the service nothing)."""
        with self.stack.client() as client:
            while time.perf_counter() - started < self.seconds:
                pending = [r for r in self.runs if r.status == "active"]
                if not pending:
                    return
                pipe = client.pipeline(transaction=False)
                for r in pending:
                    pipe.hget(f"cardroom:match:{{{r.match_id}}}:state", "status")
                for r, status in zip(pending, pipe.execute(), strict=True):
                    if status in ("finished", "abandoned"):
                        r.status = status
                time.sleep(0.2)

    def _drive(self, runs: list[Run], matches: MatchClient, index: int) -> None:
        """Play the human seat of `runs`: look at a match only when its version moved."""
        rng = random.Random(index)
        seen: dict[str, int] = {}
        with self.stack.client() as client:
            while not self.stop.is_set():
                live = [r for r in runs if r.status == "active"]
                if not live:
                    return
                pipe = client.pipeline(transaction=False)
                for r in live:
                    pipe.hget(f"cardroom:match:{{{r.match_id}}}:state", "version")
                acted = False
                for r, version in zip(live, pipe.execute(), strict=True):
                    if version is not None and seen.get(r.match_id) != int(version):
                        seen[r.match_id] = int(version)
                        acted |= self._turn(matches, r, rng)
                if not acted:
                    time.sleep(0.01)

    def _turn(self, matches: MatchClient, run: Run, rng: random.Random) -> bool:
        try:
            view = matches.get(run.match_id, run.token)
            action = human_action(run, view, rng) if view.may_act else None
            if action is None:
                return False
            begun = time.perf_counter()
            matches.move(run.match_id, action, run.token, expected_version=view.version,
                         request_id=f"load-{view.version}")
            with self.lock:
                self.human_ms.append((time.perf_counter() - begun) * 1000)
            run.human_moves += 1
            return True
        except (StaleVersion, IllegalMove):
            # A bot got there first (Mix Match claims race): the match moved on. Anything
            # else is a failure of the run.
            run.refused += 1
            return False

    def _check(self, matches: MatchClient, wall: float) -> Result:
        moves, bot_ms, mismatched, replayed = 0, [], [], 0
        for run in self.runs:
            if run.status != "finished":
                continue
            replay = matches.stub.GetReplay(pb.GetReplayRequest(match_id=run.match_id),
                                            timeout=30)
            moves += len(replay.actions)
            bot_ms += bot_turns(replay, run.mixed)
            if replay_problem(replay) is None:
                replayed += 1
            else:
                mismatched.append(run.match_id)
        with self.stack.client() as client:
            deadline = time.monotonic() + 30  # scheduled Mix Match claims run out late
            while (left := tasks_left(client)) and time.monotonic() < deadline:
                time.sleep(0.2)
        return Result(self.runs, wall, moves, self.human_ms, bot_ms, replayed, mismatched,
                      left)


def replay_problem(replay: pb.GetReplayResponse) -> str | None:
    """What differs between a finished match's record and the engine replaying its actions
    offline: its scores, its result, or any engine event of its log; None when nothing."""
    game = GAME_TABLE[replay.game]
    config = registry.make_config(game, typed.options_of(replay))
    deal = typed.deal_of(game, replay)
    seed = replay.seed if replay.HasField("seed") else None
    state = registry.new_game(game, config, seed=seed, deal=deal, now=replay.start_time)
    events = list(registry.opening_events(state))
    for i, (seat, action, when) in enumerate(mapping.replay_actions(replay)):
        try:
            events += state.apply_action(action, seat, when)
        except CardroomError as error:
            return f"the engine refuses action {i} ({action!r} by {seat}): {error.reason}"
    if list(replay.scores) != state.scores() or list(replay.result.scores) != state.scores():
        return f"scores {list(replay.scores)} != replayed {state.scores()}"
    logged = [typed.event_dict(e) for e in replay.events if e.type not in SERVICE_EVENTS]
    # The log went through JSON and the typed messages: put the replayed events through both.
    if logged != [typed.event_dict(typed.event_message(0, json.loads(json.dumps(e)), game))
                  for e in events]:
        return "the engine events differ from the replayed ones"
    return None


def bot_turns(replay: pb.GetReplayResponse, mixed: bool) -> list[float]:
    """Milliseconds from each move to the next when the next is a bot's (the service's own
    clock: the task's trip through the queue, the worker's decision, the SubmitMove)."""
    if registry.info(GAME_TABLE[replay.game]).simultaneous:
        return []  # claims race the hourglass and think on purpose: not a turn latency
    found = []
    for before, after in zip(replay.actions, replay.actions[1:], strict=False):
        if after.HasField("seat") and not (mixed and after.seat == 0):
            found.append((after.time - before.time) * 1000)
    return found


def plan(matches: int, seed: int = 1) -> list[Run]:
    """`matches` runs, games in turn, bots-only and mixed in turn within each game."""
    return [Run(GAMES[i % 3], (i // 3) % 2 == 1, seed + i) for i in range(matches)]


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95 and p99 of `values` (0s when empty)."""
    if len(values) < 2:
        return (values[0],) * 3 if values else (0.0, 0.0, 0.0)
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], cuts[98]


def report(result: Result, stack: Stack) -> str:
    """The run as Markdown tables."""
    h50, h95, h99 = percentiles(result.human_ms)
    b50, b95, b99 = percentiles(result.bot_ms)
    return "\n".join([
        "| matches | finished | replays equal | tasks left | replicas | workers x pool | "
        "wall s | matches/min | moves | moves/s |",
        "|---|---|---|---|---|---|---|---|---|---|",
        f"| {len(result.runs)} | {result.finished} | {result.replayed} | {result.tasks_left} "
        f"| {stack.replicas} | {stack.workers} x {stack.concurrency} | {result.wall_s:.1f} | "
        f"{result.finished / result.wall_s * 60:.1f} | {result.moves} | "
        f"{result.moves / result.wall_s:.1f} |",
        "",
        "| latency | count | p50 ms | p95 ms | p99 ms |",
        "|---|---|---|---|---|",
        f"| human SubmitMove | {len(result.human_ms)} | {h50:.1f} | {h95:.1f} | {h99:.1f} |",
        f"| bot turn | {len(result.bot_ms)} | {b50:.1f} | {b95:.1f} | {b99:.1f} |",
        "",
        "| CPU while playing | " + " | ".join(result.cpu) + " |",
        "|---|" + "---|" * len(result.cpu),
        "| ms per move | " + " | ".join(f"{v / max(result.moves, 1) * 1000:.1f}"
                                       for v in result.cpu.values()) + " |",
    ])


def main(argv: list[str] | None = None) -> int:
    """Run the load once and print its tables; exit status 1 if any check failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 matches")
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2, help="pool processes per worker")
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=900.0, help="give up after this")
    args = parser.parse_args(argv)
    matches = 30 if args.quick else args.matches
    stack = Stack(args.replicas, args.workers, args.concurrency).start()
    try:
        result = Load(stack, plan(matches), seconds=args.seconds).run()
    finally:
        stack.stop()
    print(report(result, stack))
    ok = (result.finished == matches and result.replayed == matches
          and result.tasks_left == 0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
