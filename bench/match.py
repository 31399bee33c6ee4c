"""SubmitMove throughput and latency of the match service, this tree's beside the baseline's.

    .venv/bin/python -m bench.match [--quick] [--baseline REF | --processes N] [--thousand]

Runs two `python -m cardroom.services.match` processes side by side, each with a
redis-server of its own (appendonly yes, appendfsync everysec; MATCH_DURABILITY=everysec):
this tree's service and the one of a baseline git ref (--baseline; default BASELINE, the
synchronous service), extracted into a temporary folder and run from there with the same
interpreter. Then for 1, 10 and 100 concurrent matches (one client thread per match, one
call in flight each), both versions in turn, three times, it measures SubmitMove calls per
second, p50/p99 latency and the service's CPU time per move, and the same for the
grpc.health.v1 Check call on the same server (the gRPC floor). Matches are 4-player VIVO;
each client mirrors its match with the engine locally, so every call is a SubmitMove. Redis
round trips per move come from the server's own instrumentation (the
cardroom_redis_round_trip_seconds counts by operation, scraped before and after).
--processes N measures this tree twice instead, with MATCH_PROCESSES=1 and =N (the
service's CPU summed over its processes)."""

from __future__ import annotations

import argparse
import functools
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from bench.trees import import_root
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes, ServiceProcess
from deploy.launch.redis import redis_server_binary, start_redis

ROOT = Path(__file__).resolve().parents[1]
GAME, PLAYERS = "vivo", 4
#: Settings every service of a bench gets: one client creates all the matches, thousands a
#: minute (a version without these settings ignores them).
BENCH_LIMITS = {name: "1000000" for name in (
    "MATCH_CREATE_PER_MINUTE", "MATCH_LIVE_PER_CREATOR", "MATCH_MAX_LIVE")}
#: The synchronous match service (a worker thread per call or stream) measured beside this one.
BASELINE = "f7c0b03"
#: Moves a 4-player VIVO match has (2 rounds of 12 tricks); measure fewer, so none ends.
MOVES_PER_MATCH = 96


@dataclass
class Result:
    """One measured series."""

    calls: int
    seconds: float
    latencies: list[float]
    server_cpu_ms: float = 0.0
    #: The load generator's own CPU per call (this process: it must not be the bound).
    client_cpu_ms: float = 0.0

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
            metadata=bearer(self.tokens[seat]), timeout=10)
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


def service_cpu_seconds(pid: int) -> float:
    """CPU seconds of a service process and its live children (a replica's
    MATCH_PROCESSES), as cpu_seconds counts them."""
    return cpu_seconds(pid) + sum(service_cpu_seconds(child) for child in _children(pid))


def _children(pid: int) -> list[int]:
    found = []
    for listing in Path(f"/proc/{pid}/task").glob("*/children"):
        found += [int(c) for c in listing.read_text().split()]
    return found


#: Matches whose calls share one client connection: the match service takes 1,000 calls at
#: once per connection (GRPC_MAX_STREAMS_PER_CONNECTION), so 1,000 matches need several.
MATCHES_PER_CONNECTION = 100


def measure(channel: grpc.Channel, server: int, metrics_port: int, matches: int, moves: int,
            noops: int, seed: int, more: tuple[grpc.Channel, ...] = ()
            ) -> tuple[Result, Result, float]:
    """(no-op series, SubmitMove series, Redis round trips per move) at one concurrency;
    each series also records the server's CPU milliseconds per call."""
    # (The stubs package omits the health stub's methods.)
    health: list[Any] = [health_pb2_grpc.HealthStub(c) for c in (channel, *more)]
    request = health_pb2.HealthCheckRequest(service="cardroom.v1.MatchService")
    cpu = service_cpu_seconds(server)
    floor = run_threads(matches, noops, lambda i: functools.partial(
        health[i // MATCHES_PER_CONNECTION % len(health)].Check, request, timeout=10))
    floor.server_cpu_ms = 1000 * (service_cpu_seconds(server) - cpu) / floor.calls
    stubs = [match_pb2_grpc.MatchServiceStub(c) for c in (channel, *more)]
    players = [MatchPlayer(stubs[i // MATCHES_PER_CONNECTION % len(stubs)], seed + i)
               for i in range(matches)]
    before = redis_counts(metrics_port)
    cpu, mine = service_cpu_seconds(server), cpu_seconds(os.getpid())
    result = run_threads(matches, moves, lambda i: players[i].move)
    result.server_cpu_ms = 1000 * (service_cpu_seconds(server) - cpu) / result.calls
    result.client_cpu_ms = 1000 * (cpu_seconds(os.getpid()) - mine) / result.calls
    after = redis_counts(metrics_port)
    # The timer loop polls on its own ("timers", and "lobby" for the gauge): not a move's.
    trips = sum(after.get(op, 0) - before.get(op, 0) for op in after
                if op not in ("moves", "timers", "lobby"))
    applied = after.get("moves", 0) - before.get("moves", 0)
    return floor, result, trips / max(applied, 1)


@dataclass
class Service:
    """One running match service: which version, where it answers, its process id."""

    label: str
    port: int
    metrics_port: int
    pid: int


def checkout_baseline(stack: Processes, commit: str = BASELINE) -> Path:
    """The tree of `commit` in a temporary folder (removed when the stack stops)."""
    folder = tempfile.TemporaryDirectory(prefix="cardroom-baseline-")
    stack.temp.append(folder)
    tree = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                          capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", folder.name], input=tree, check=True)
    return Path(folder.name)


def start_private_redis(stack: Processes, *, durable: bool) -> str:
    """A redis-server of this run; durable: appendonly yes, appendfsync everysec."""
    if redis_server_binary() is None:
        raise SystemExit("no redis-server on the PATH")
    return start_redis(stack, appendonly=durable)


def start_match_service(redis_url: str, stack: Processes, root: Path = ROOT,
                        env: dict[str, str] | None = None, label: str = "main") -> Service:
    """`python -m services.match` of the tree at `root` (this venv's python) on free ports."""
    # A tree that imports itself as cardroom.* gets an import root of its own ahead of the
    # editable install, which maps those names to this tree.
    paths = [str(import_root(root)), str(root)] if root != ROOT else [str(root)]
    full = {"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url, "LOG_LEVEL": "WARNING",
            "PYTHONPATH": os.pathsep.join(paths), **BENCH_LIMITS, **(env or {})}
    service = ServiceProcess("services.match", full, cwd=root, inherit_output=True)
    try:
        service.start(serving=False)
    finally:
        if service.popen is not None:
            stack.add(f"match {label}", service.popen)
    assert service.popen is not None
    return Service(label, service.port, service.metrics_port, service.popen.pid)


def start_both(stack: Processes, *, durable: bool, baseline_env: dict[str, str] | None = None,
               env: dict[str, str] | None = None, baseline: str = BASELINE) -> list[Service]:
    """The baseline and this tree's service, each with a Redis of its own; [baseline, new]."""
    durability = {"MATCH_DURABILITY": "everysec"} if durable else {}
    old = start_match_service(start_private_redis(stack, durable=durable), stack,
                              checkout_baseline(stack, baseline),
                              {**durability, **(baseline_env or {})}, label=baseline)
    new = start_match_service(start_private_redis(stack, durable=durable), stack,
                              env={**durability, **(env or {})}, label="this tree")
    return [old, new]


def start_processes(stack: Processes, count: int) -> list[Service]:
    """This tree's service with MATCH_PROCESSES=1 and with `count`, each with a Redis of its
    own (durable, as start_both's)."""
    return [start_match_service(start_private_redis(stack, durable=True), stack,
                                env={"MATCH_DURABILITY": "everysec", "MATCH_PROCESSES": str(n)},
                                label=f"{n} process{'es' if n > 1 else ''}")
            for n in (1, count)]


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (VmRSS of /proc/<pid>/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def _series(result: Result) -> str:
    return (f"{result.rate:.0f} | {result.percentile(0.5):.2f} | "
            f"{result.percentile(0.99):.2f} | {result.server_cpu_ms:.2f}")



def _median(results: list[Result]) -> Result:
    """The repetition with the median rate (its latencies and CPU go with it)."""
    return sorted(results, key=lambda r: r.rate)[len(results) // 2]


def connections(port: int, count: int) -> tuple[grpc.Channel, ...]:
    """`count` channels to `port`, each on a connection of its own, ready."""
    channels = tuple(grpc.insecure_channel(f"127.0.0.1:{port}", options=[
        ("grpc.use_local_subchannel_pool", 1)]) for _ in range(count))
    for channel in channels:
        grpc.channel_ready_future(channel).result(timeout=10)
    return channels


#: Streams a benchmark puts on one connection of its own (aio_connection), as players'
#: devices each have theirs: well below the 1,000 calls a connection carries at once.
STREAMS_PER_CONNECTION = 250


def aio_connection(port: int) -> grpc.aio.Channel:
    """A grpc.aio channel to `port` on a connection of its own: gRPC otherwise shares one
    connection between channels to one address, and a connection carries at most 1,000
    calls at once (the service's HTTP/2 limit), so a call would wait behind others' streams."""
    return grpc.aio.insecure_channel(f"127.0.0.1:{port}",
                                     options=[("grpc.use_local_subchannel_pool", 1)])


def closed_loop(services: list[Service], plan: dict[int, tuple[int, int]], reps: int
                ) -> dict[int, list[float]]:
    """Per concurrency, both versions `reps` times, alternating; print the median rows."""
    print("| version | matches | no-op/s | p50 ms | p99 ms | cpu ms | moves/s | p50 ms | "
          "p99 ms | cpu ms | vs floor | RT/move | client cpu ms |")
    print("|---" + "|---:" * 12 + "|")
    channels = [grpc.insecure_channel(f"127.0.0.1:{s.port}") for s in services]
    for channel in channels:
        grpc.channel_ready_future(channel).result(timeout=10)
    extra = max(plan) // MATCHES_PER_CONNECTION
    more = [connections(s.port, extra) for s in services]
    rates: dict[int, list[float]] = {}
    for matches, (moves, noops) in plan.items():
        runs: list[list[tuple[Result, Result, float]]] = [[] for _ in services]
        for rep in range(reps):
            for k, (service, channel) in enumerate(zip(services, channels, strict=True)):
                runs[k].append(measure(channel, service.pid, service.metrics_port, matches,
                                       moves, noops, seed=matches * 1000 + rep * 100_000,
                                       more=more[k]))
        for service, series in zip(services, runs, strict=True):
            floor = _median([f for f, _, _ in series])
            moved = _median([m for _, m, _ in series])
            trips = sorted(t for _, _, t in series)[len(series) // 2]
            rates.setdefault(matches, []).append(moved.rate)
            print(f"| {service.label} | {matches} | {_series(floor)} | {_series(moved)} | "
                  f"{moved.rate / floor.rate:.0%} | {trips:.2f} | {moved.client_cpu_ms:.2f} |",
                  flush=True)
    for channel in [*channels, *(c for group in more for c in group)]:
        channel.close()
    print(f"\n| matches | moves/s {services[1].label} / {services[0].label} |\n|---:|---:|")
    for matches, (old, new) in rates.items():
        print(f"| {matches} | {new / old:.2f}x |")
    return rates


def open_loop(services: list[Service], rates: tuple[float, ...], seconds: float) -> None:
    """Paced moves over 100 matches, each version in turn."""
    print("\nOpen loop, 100 matches:\n\n| version | offered/s | moves/s | p50 ms | p99 ms |\n"
          "|---" + "|---:" * 4 + "|")
    for rate in rates:
        for service in services:
            with grpc.insecure_channel(f"127.0.0.1:{service.port}") as channel:
                stub = match_pb2_grpc.MatchServiceStub(channel)
                players = [MatchPlayer(stub, 90_000 + int(rate) * 1000 + i) for i in range(100)]
                paced = run_paced(players, rate, seconds)
            print(f"| {service.label} | {rate:.0f} | {paced.rate:.0f} | "
                  f"{paced.percentile(0.5):.2f} | {paced.percentile(0.99):.2f} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.match")
    parser.add_argument("--quick", action="store_true", help="fewer calls, one repetition")
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"the git ref measured beside this tree (default {BASELINE}, "
                             "the synchronous service)")
    parser.add_argument("--thousand", action="store_true",
                        help="also 1,000 concurrent matches (1,000 client threads)")
    parser.add_argument("--processes", type=int, default=0, metavar="N",
                        help="instead of a baseline: this tree with MATCH_PROCESSES=1 beside "
                             "MATCH_PROCESSES=N")
    args = parser.parse_args(argv)
    plan = {1: (90, 600), 10: (40, 200), 100: (12, 40)} if args.quick else \
        {1: (95, 1000), 10: (60, 400), 100: (20, 100)}
    if args.thousand:
        plan[1000] = (4, 6)
    stack = Processes()
    try:
        services = start_processes(stack, args.processes) if args.processes else \
            start_both(stack, durable=True, baseline=args.baseline)
        rates = closed_loop(services, plan, reps=1 if args.quick else 3)
        # ... and at 70% of the rate each version saturated at with 100 matches.
        saturated = tuple(float(round(0.7 * r)) for r in rates[100])
        open_loop(services, ((100.0, 300.0) if args.quick else (100.0, 300.0, 500.0))
                  + saturated, 4.0 if args.quick else 6.0)
        compared = (f"this tree with MATCH_PROCESSES=1 and ={args.processes}"
                    if args.processes else f"the one of {args.baseline} and this tree's")
        print(f"\nTwo match services, {compared}, each with its own Redis (appendonly "
              "yes, appendfsync everysec) and MATCH_DURABILITY=everysec; the client threads "
              "run in this process; "
              "rows are the median of the repetitions, versions alternating; cpu ms is the "
              "server's CPU time per call; RT/move counts the server's Redis round trips; client "
              "cpu ms is this load generator's CPU time per move.")
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
