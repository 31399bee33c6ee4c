"""SubmitMove throughput and latency of the match service, beside a no-op RPC on the same server.

    .venv/bin/python -m bench.match [--quick]

Starts a throwaway redis-server and `python -m services.match` (its own process, as deployed),
then for 1, 10 and 100 concurrent matches (one client thread per match, one call in flight
each) measures: SubmitMove calls per second and p50/p99 latency, and the same for the
grpc.health.v1 Check call on the same server (the gRPC floor). Matches are 4-player VIVO;
each client mirrors its match with the engine locally, so every call is a SubmitMove. Redis
round trips per move come from the server's own instrumentation (the
cardroom_redis_round_trip_seconds counts by operation, scraped before and after).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from services.stack import Stack, start_redis, wait_for_port
from shared.games import registry
from shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from shared.proto.cardroom.v1 import match_pb2 as pb

ROOT = Path(__file__).resolve().parents[1]
GAME, PLAYERS = "vivo", 4
#: Moves a 4-player VIVO match has (2 rounds of 12 tricks); measure fewer, so none ends.
MOVES_PER_MATCH = 96


@dataclass
class Result:
    """One measured series."""

    calls: int
    seconds: float
    latencies: list[float]
    server_cpu_ms: float = 0.0

    @property
    def rate(self) -> float:
        """Calls per second."""
        return self.calls / self.seconds

    def percentile(self, q: float) -> float:
        """Latency quantile in milliseconds."""
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class MatchPlayer:
    """One client thread's match: the tokens and a local mirror of the engine."""

    def __init__(self, stub: match_pb2_grpc.MatchServiceStub, seed: int) -> None:
        created = stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=PLAYERS, seed=seed), timeout=10)
        self.stub = stub
        self.match_id = created.match_id
        self.tokens = {t.seat: t.token for t in created.tokens}
        self.state = registry.new_game(GAME, registry.make_config(GAME, {"players": PLAYERS}),
                                       seed=seed)
        self.version = created.version
        self.rng = random.Random(seed)

    def move(self) -> None:
        """Play one random legal move of the seat to act (expected version, request id)."""
        seat = self.state.current_player()
        assert seat is not None and seat >= 0
        action = self.rng.choice(self.state.legal_actions(seat))
        reply = self.stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=self.match_id, vivo=pb.VivoMove(card=action),
            expected_version=self.version, request_id=f"{self.version}"),
            metadata=[("authorization", f"Bearer {self.tokens[seat]}")], timeout=10)
        self.state.apply_action(action, seat)
        self.version = reply.version


def run_threads(count: int, calls_each: int, make: Callable[[int], Callable[[], None]]
                ) -> Result:
    """`count` threads, each doing `calls_each` timed calls of its own callable."""
    latencies: list[list[float]] = [[] for _ in range(count)]
    actions = [make(i) for i in range(count)]
    barrier = threading.Barrier(count + 1)

    def work(i: int) -> None:
        barrier.wait()
        for _ in range(calls_each):
            started = time.perf_counter()
            actions[i]()
            latencies[i].append(time.perf_counter() - started)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    return Result(count * calls_each, elapsed, [x for series in latencies for x in series])


def run_paced(players: list[MatchPlayer], rate: float, seconds: float) -> Result:
    """Open loop: the matches together offer `rate` moves per second (each match on its own
    schedule, as players think between moves); latency of each SubmitMove."""
    latencies: list[list[float]] = [[] for _ in players]
    interval = len(players) / rate
    start = time.perf_counter() + 0.05

    def work(i: int) -> None:
        due = start + interval * i / len(players)
        while due < start + seconds:
            pause = due - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            began = time.perf_counter()
            players[i].move()
            latencies[i].append(time.perf_counter() - began)
            due += interval

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(players))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done = [x for series in latencies for x in series]
    return Result(len(done), seconds, done)


def redis_counts(metrics_port: int) -> dict[str, float]:
    """The server's Redis round trips so far, by operation, and its applied moves."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as r:
        text = r.read().decode()
    counts: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == "cardroom_redis_round_trip_seconds_count":
                counts[s.labels["op"]] = s.value
            if s.name == "cardroom_moves_total" and s.labels.get("outcome") == "applied":
                counts["moves"] = counts.get("moves", 0) + s.value
    return counts


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(channel: grpc.Channel, server: int, metrics_port: int, matches: int, moves: int,
            noops: int, seed: int) -> tuple[Result, Result, float]:
    """(no-op series, SubmitMove series, Redis round trips per move) at one concurrency;
    each series also records the server's CPU milliseconds per call."""
    health = health_pb2_grpc.HealthStub(channel)
    request = health_pb2.HealthCheckRequest(service="cardroom.v1.MatchService")
    cpu = cpu_seconds(server)
    floor = run_threads(matches, noops, lambda i: lambda: health.Check(request, timeout=10))
    floor.server_cpu_ms = 1000 * (cpu_seconds(server) - cpu) / floor.calls
    stub = match_pb2_grpc.MatchServiceStub(channel)
    players = [MatchPlayer(stub, seed + i) for i in range(matches)]
    before = redis_counts(metrics_port)
    cpu = cpu_seconds(server)
    result = run_threads(matches, moves, lambda i: players[i].move)
    result.server_cpu_ms = 1000 * (cpu_seconds(server) - cpu) / result.calls
    after = redis_counts(metrics_port)
    # The timer loop polls on its own ("timers", and "lobby" for the gauge): not a move's.
    trips = sum(after.get(op, 0) - before.get(op, 0) for op in after
                if op not in ("moves", "timers", "lobby"))
    applied = after.get("moves", 0) - before.get("moves", 0)
    return floor, result, trips / max(applied, 1)


def start_match_service(redis_url: str, stack: Stack) -> tuple[int, int, int]:
    """`python -m services.match` on free ports; (gRPC port, metrics port, pid)."""
    grpc_port, metrics_port = _free_port(), _free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url,
           "GRPC_PORT": str(grpc_port), "METRICS_PORT": str(metrics_port),
           "LOG_LEVEL": "WARNING"}
    process = subprocess.Popen([sys.executable, "-m", "services.match"], cwd=ROOT, env=env)
    stack.processes.append(("match", process))
    wait_for_port(grpc_port, stack)
    return grpc_port, metrics_port, process.pid


def _series(result: Result) -> str:
    return (f"{result.rate:.0f} | {result.percentile(0.5):.2f} | "
            f"{result.percentile(0.99):.2f} | {result.server_cpu_ms:.2f}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one table."""
    parser = argparse.ArgumentParser(prog="python -m bench.match")
    parser.add_argument("--quick", action="store_true", help="fewer calls (about 20 s)")
    args = parser.parse_args(argv)
    plan = {1: (90, 600), 10: (40, 200), 100: (12, 40)} if args.quick else \
        {1: (95, 2000), 10: (90, 600), 100: (40, 150)}
    stack = Stack()
    try:
        redis_url = start_redis(stack, _free_port())
        port, metrics_port, pid = start_match_service(redis_url, stack)
        print("| matches | no-op/s | p50 ms | p99 ms | cpu ms | moves/s | p50 ms | p99 ms "
              "| cpu ms | vs floor | RT/move |")
        print("|---:" * 11 + "|")
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            grpc.channel_ready_future(channel).result(timeout=10)
            for matches, (moves, noops) in plan.items():
                floor, moved, trips = measure(channel, pid, metrics_port, matches, moves,
                                              noops, seed=matches * 1000)
                print(f"| {matches} | {_series(floor)} | {_series(moved)} | "
                      f"{moved.rate / floor.rate:.0%} | {trips:.2f} |", flush=True)
            stub = match_pb2_grpc.MatchServiceStub(channel)
            print("\nOpen loop, 100 matches:\n\n| offered/s | moves/s | p50 ms | p99 ms |\n"
                  + "|---:" * 4 + "|")
            for rate in (100.0, 300.0) if args.quick else (100.0, 300.0, 500.0):
                players = [MatchPlayer(stub, 90_000 + int(rate) * 1000 + i) for i in range(100)]
                paced = run_paced(players, rate, 4.0 if args.quick else 10.0)
                print(f"| {rate:.0f} | {paced.rate:.0f} | {paced.percentile(0.5):.2f} | "
                      f"{paced.percentile(0.99):.2f} |", flush=True)
        print("\nOne match-service process; the client threads run in this process; cpu ms is "
              "the server's CPU time per call; RT/move counts the server's Redis round trips.")
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
