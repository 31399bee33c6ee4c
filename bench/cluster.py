"""The match service on a Redis Cluster beside one Redis, in one run.

    .venv/bin/python -m bench.cluster [--quick]

Starts one redis-server (appendonly yes, appendfsync everysec) and a Redis Cluster of three
masters and three replicas (deploy.launch.cluster, the same settings), and one
`python -m cardroom.services.match` on each (MATCH_DURABILITY=everysec; the cluster's service uses
the single Redis as its Celery broker). Then, on each store in turn:

- SubmitMove at 100 concurrent 4-player VIVO matches (bench.match's closed loop: one client
  thread per match, one call in flight each), three repetitions alternating between the
  stores: moves/s, p50/p99 latency, the service's CPU per move and Redis round trips per
  move; the repetition with the median rate is shown.
- The timer loop's lateness: Mix Match matches on a 0.2 s hourglass run to their end, each
  time-out's delay after its deadline (from the replay), first with no other deadline
  pending, then with 10,000 more pending (VIVO matches on a 10-minute move clock, created
  first, each one timer entry). MATCH_TIMER_INTERVAL is 0.05 s on both.

Prints Markdown tables (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import grpc

from bench.match import Result, Service, _median, measure, start_match_service
from bench.reliability import _lags, _status
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from deploy.launch.cluster import RedisClusterServers
from deploy.launch.process import Processes
from deploy.launch.redis import RedisProcess

ENV = {"MATCH_DURABILITY": "everysec", "MATCH_TIMER_INTERVAL": "0.05",
       "MATCH_MIN_TIMER": "0.1"}
HOURGLASS_S = 0.2


@contextmanager
def services() -> Iterator[list[Service]]:
    """[one Redis's service, the cluster's service], with their stores."""
    single = RedisProcess(appendonly=True, appendfsync="everysec")
    single.start()
    cluster = RedisClusterServers(appendfsync="everysec").start()
    stack = Processes()
    try:
        yield [start_match_service(single.url, stack, env=ENV, label="one Redis"),
               start_match_service(cluster.url, stack, label="cluster 3+3",
                                   env={**ENV, "CELERY_BROKER_URL": single.url[:-1] + "1"})]
    finally:
        stack.stop()
        cluster.stop()
        single.stop()


def moves(stores: list[Service], matches: int, moves_each: int, reps: int) -> str:
    """SubmitMove at `matches` concurrent matches, each store `reps` times, alternating."""
    runs: list[list[tuple[Result, float]]] = [[] for _ in stores]
    for rep in range(reps):
        for k, store in enumerate(stores):
            with grpc.insecure_channel(f"127.0.0.1:{store.port}") as channel:
                _, result, trips = measure(channel, store.pid, store.metrics_port, matches,
                                           moves_each, 1, seed=500_000 + rep * 1000)
            runs[k].append((result, trips))
    lines = ["| store | matches | moves/s | p50 ms | p99 ms | cpu ms/move | RT/move |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    rates = []
    for store, series in zip(stores, runs, strict=True):
        best = _median([r for r, _ in series])
        trips = sorted(t for _, t in series)[len(series) // 2]
        rates.append(best.rate)
        lines.append(f"| {store.label} | {matches} | {best.rate:.0f} | "
                     f"{best.percentile(0.5):.2f} | {best.percentile(0.99):.2f} | "
                     f"{best.server_cpu_ms:.2f} | {trips:.2f} |")
    lines.append(f"\ncluster / one Redis, moves/s: {rates[1] / rates[0]:.2f}x")
    return "\n".join(lines)


def pend(stub: match_pb2_grpc.MatchServiceStub, count: int, threads: int = 8) -> None:
    """`count` VIVO matches on a 10-minute move clock: as many pending deadlines."""
    clock = pb.MoveClock(seconds=600)

    def create(n: int) -> None:
        for _ in range(n):
            stub.CreateMatch(pb.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3,
                                                   clock=clock), timeout=30)

    workers = [threading.Thread(target=create, args=(count // threads,))
               for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


def lateness(stub: match_pb2_grpc.MatchServiceStub, matches: int) -> list[float]:
    """Seconds each hourglass time-out of `matches` Mix Match matches came late."""
    options = typed.options_request(
        "mixmatch", {"hourglass_seconds": HOURGLASS_S, "younger_players": True})
    ids = [stub.CreateMatch(pb.CreateMatchRequest(
        game=common_pb2.GAME_MIXMATCH, players=2, seed=seed, mixmatch_options=options),
        timeout=10).match_id for seed in range(matches)]
    deadline = time.monotonic() + 300
    while any(_status(stub, m) != pb.MATCH_STATUS_FINISHED for m in ids):
        if time.monotonic() > deadline:
            raise RuntimeError("an hourglass match stopped")
        time.sleep(0.2)
    return [lag for m in ids for lag in _lags(stub, m)]


def _row(label: str, pending: str, lags: list[float]) -> str:
    ordered = sorted(lags)
    return (f"| {label} | {pending} | {len(lags)} | {statistics.median(lags) * 1000:.0f} | "
            f"{ordered[int(0.99 * (len(ordered) - 1))] * 1000:.0f} | "
            f"{max(lags) * 1000:.0f} |")


def timers(stores: list[Service], matches: int, pending: int) -> str:
    """Hourglass lateness on each store, idle and with `pending` other deadlines."""
    lines = ["| store | other deadlines pending | time-outs | median ms | p99 ms | max ms |",
             "|---|---:|---:|---:|---:|---:|"]
    for extra in (0, pending):
        for store in stores:
            with grpc.insecure_channel(f"127.0.0.1:{store.port}") as channel:
                stub = match_pb2_grpc.MatchServiceStub(channel)
                if extra:
                    started = time.monotonic()
                    pend(stub, extra)
                    print(f"{store.label}: {extra} clocked matches created in "
                          f"{time.monotonic() - started:.1f} s", flush=True)
                lines.append(_row(store.label, f"{extra:,}", lateness(stub, matches)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run both parts and print their tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.cluster")
    parser.add_argument("--quick", action="store_true",
                        help="fewer moves and matches, one repetition, 2,000 pending")
    args = parser.parse_args(argv)
    with services() as stores:
        print(moves(stores, 100, 12 if args.quick else 40, 1 if args.quick else 3),
              flush=True)
        print()
        print(timers(stores, 2 if args.quick else 8, 2_000 if args.quick else 10_000),
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
