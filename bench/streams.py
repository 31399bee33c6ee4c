"""Open WatchMatch streams on one match-service process: memory per stream, and whether
health Check and GetMatch still answer while they are open; this tree's beside the baseline.

    .venv/bin/python -m bench.streams [--quick]

For each point a fresh `python -m services.match` (this tree's asyncio one, or the synchronous
one of bench.match.BASELINE run from a temporary folder) and a redis-server of its own. The
bench creates 4-player VIVO matches (one per four streams), reads the service's RSS, then
opens the streams from client processes (grpc.aio, several channels each), a batch of 100
at a time, each batch waiting for every stream's first event (match_created) so the stream
is really open on the server; a stream whose first event does not come within a few seconds
is counted as waiting. With them open it times health Check and GetMatch one after another
(5 s deadline; three deadlines in a row end the series) and reads the RSS again.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import subprocess
import sys
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from bench.match import (
    BASELINE,
    ROOT,
    Service,
    checkout_baseline,
    cpu_seconds,
    rss_mib,
    start_match_service,
    start_private_redis,
)
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.process import Processes

#: Streams opened at once (gRPC cancels streams opened faster than the server takes them).
BATCH = 100
#: Streams per client channel (one HTTP/2 connection each).
PER_CHANNEL = 500
#: Streams per client process (one event loop each).
PER_PROCESS = 2500
#: Seconds a stream may take to send its first event before it counts as waiting.
FIRST_EVENT_S = 5.0
#: Seconds the open streams are left alone while the service's CPU use is read.
IDLE_S = 3.0
#: Deadline of each probe call, and how many missed in a row end the probe series.
PROBE_DEADLINE_S, PROBE_GIVE_UP = 5.0, 3


@dataclass
class Probe:
    """Timed calls of one kind while the streams are open."""

    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """p50 / p99 in ms, or what the calls ended with."""
        if not self.latencies:
            return f"{len(self.failures)}/{len(self.failures)} {self.failures[0]}"
        ordered = sorted(self.latencies)
        p50 = 1000 * ordered[len(ordered) // 2]
        p99 = 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        failed = f" ({len(self.failures)} failed)" if self.failures else ""
        return f"{p50:.2f} / {p99:.2f}{failed}"


async def _open(port: int, match_ids: list[str], count: int) -> tuple[list[Any], list[Any],
                                                                      dict[str, int]]:
    """Open `count` streams over `match_ids`, BATCH at a time; (channels, calls, outcomes)."""
    channels = [grpc.aio.insecure_channel(f"127.0.0.1:{port}")
                for _ in range(max(1, -(-count // PER_CHANNEL)))]
    stubs = [match_pb2_grpc.MatchServiceStub(c) for c in channels]
    calls: list[Any] = []
    outcomes = {"served": 0, "waiting": 0, "refused": 0}
    for start in range(0, count, BATCH):
        batch = [stubs[(i // PER_CHANNEL) % len(stubs)].WatchMatch(
            pb.WatchMatchRequest(match_id=match_ids[i % len(match_ids)]))
            for i in range(start, min(count, start + BATCH))]
        results = await asyncio.gather(
            *(asyncio.wait_for(asyncio.shield(call.read()), FIRST_EVENT_S) for call in batch),
            return_exceptions=True)
        for result in results:
            key = "served" if isinstance(result, pb.WatchMatchResponse) else \
                "waiting" if isinstance(result, asyncio.TimeoutError) else "refused"
            outcomes[key] += 1
        calls += batch
        if outcomes["waiting"] and outcomes["waiting"] >= BATCH:
            break  # the server takes no more: the rest would only wait as well
    return channels, calls, outcomes


def client(port: int, match_ids: list[str], count: int, pipe: Connection) -> None:
    """A client process: open its streams, report, hold them until told, then close."""

    async def run() -> None:
        channels, calls, outcomes = await _open(port, match_ids, count)
        pipe.send(outcomes)
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        for call in calls:
            call.cancel()
        for channel in channels:
            await channel.close()

    asyncio.run(run())


def open_streams(port: int, match_ids: list[str], count: int
                 ) -> tuple[list[tuple[BaseProcess, Connection]], dict[str, int]]:
    """Spread `count` streams over client processes, opened one process after another."""
    context = multiprocessing.get_context("spawn")
    clients: list[tuple[BaseProcess, Connection]] = []
    total = {"served": 0, "waiting": 0, "refused": 0}
    for start in range(0, count, PER_PROCESS):
        ours, theirs = context.Pipe()
        process = context.Process(target=client, daemon=True, args=(
            port, match_ids, min(PER_PROCESS, count - start), theirs))
        process.start()
        clients.append((process, ours))
        for key, value in ours.recv().items():
            total[key] += value
    return clients, total


def close_streams(clients: list[tuple[BaseProcess, Connection]]) -> None:
    """Tell every client process to close its streams, and wait for it."""
    for _, pipe in clients:
        pipe.send("close")
    for process, _ in clients:
        process.join(30)
        if process.is_alive():
            process.kill()


def probe(port: int, match_ids: list[str], calls: int) -> tuple[Probe, Probe]:
    """Health Check and GetMatch (a spectator's view), `calls` of each, alternating."""
    health, view = Probe(), Probe()
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        checks: Any = health_pb2_grpc.HealthStub(channel)  # the stubs package omits its methods
        stub = match_pb2_grpc.MatchServiceStub(channel)
        request = health_pb2.HealthCheckRequest(service="cardroom.v1.MatchService")
        for i in range(calls):
            get = pb.GetMatchRequest(match_id=match_ids[i % len(match_ids)])
            for series, call in (
                    (health, lambda: checks.Check(request, timeout=PROBE_DEADLINE_S)),
                    (view, lambda get=get: stub.GetMatch(get, timeout=PROBE_DEADLINE_S))):
                if len(series.failures) >= PROBE_GIVE_UP and not series.latencies:
                    continue
                started = time.perf_counter()
                try:
                    call()
                    series.latencies.append(time.perf_counter() - started)
                except grpc.RpcError as error:
                    series.failures.append(error.code().name)
            if all(len(s.failures) >= PROBE_GIVE_UP and not s.latencies for s in (health, view)):
                break
    return health, view


def create_matches(port: int, count: int) -> list[str]:
    """`count` new 4-player VIVO matches; their ids."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        return [stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=4, seed=i), timeout=10).match_id
            for i in range(count)]


def point(service: Service, streams: int, calls: int) -> str:
    """One table row: open `streams` on a fresh service, probe it, measure its memory."""
    match_ids = create_matches(service.port, max(1, streams // 4))
    time.sleep(0.5)
    before = rss_mib(service.pid)
    started = time.perf_counter()
    clients, outcomes = open_streams(service.port, match_ids, streams)
    opened_s = time.perf_counter() - started
    try:
        used = cpu_seconds(service.pid)
        time.sleep(IDLE_S)
        idle = (cpu_seconds(service.pid) - used) / IDLE_S
        after = rss_mib(service.pid)
        health, view = probe(service.port, match_ids, calls)
    finally:
        close_streams(clients)
    per_stream = 1024 * (after - before) / max(1, outcomes["served"])
    return (f"| {service.label} | {streams:,} | {outcomes['served']:,} | "
            f"{outcomes['waiting'] + outcomes['refused']:,} | {opened_s:.1f} | "
            f"{health.summary()} | {view.summary()} | {before:.0f} | {after:.0f} | "
            f"{per_stream:.1f} | {idle:.0%} |")


def _stop_service(stack: Processes) -> None:
    """Stop the service before its Redis, so it drains without losing its connection."""
    _, process = stack.processes[-1]
    started = time.perf_counter()
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        print("(the service had not exited 30 s after SIGTERM; killed)", file=sys.stderr)
        process.kill()
        process.wait()
        return
    print(f"(the service exited {time.perf_counter() - started:.1f} s after SIGTERM)",
          file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the points and print one table."""
    parser = argparse.ArgumentParser(prog="python -m bench.streams")
    parser.add_argument("--quick", action="store_true", help="2,000 streams at most")
    parser.add_argument("--calls", type=int, default=300, help="probe calls of each kind")
    parser.add_argument("--only", choices=("sync", "asyncio"), help="one version's rows")
    args = parser.parse_args(argv)
    stack = Processes()
    limits = {"MATCH_MAX_STREAMS": "20000", "MATCH_MAX_STREAMS_PER_PEER": "20000"}
    points = [("sync", 63), ("sync", 64), ("sync", 100), ("asyncio", 2000)]
    if not args.quick:
        points.append(("asyncio", 10_000))
    points = [p for p in points if args.only in (None, p[0])]
    print("| version | streams asked | served | waiting or refused | open s | health p50 / p99 "
          "ms | GetMatch p50 / p99 ms | RSS before MiB | RSS after MiB | KiB per stream "
          "| idle CPU |")
    print("|---" + "|---:" * 10 + "|")
    try:
        baseline = checkout_baseline(stack)
        for version, streams in points:
            run = Processes()
            try:
                redis_url = start_private_redis(run, durable=False)
                service = start_match_service(redis_url, run, baseline, label=f"sync {BASELINE}") \
                    if version == "sync" else \
                    start_match_service(redis_url, run, ROOT, limits, label="asyncio")
                print(point(service, streams, args.calls), flush=True)
                _stop_service(run)
            finally:
                run.stop()
    finally:
        stack.stop()
    print(f"\nOne service process per row, default settings but for the asyncio one's "
          f"MATCH_MAX_STREAMS and MATCH_MAX_STREAMS_PER_PEER (20,000); the baseline runs "
          f"MATCH_WORKERS=64. Streams follow 4-player VIVO matches, four per match; probes run "
          f"one at a time with a {PROBE_DEADLINE_S:.0f} s deadline; idle CPU is the share of "
          f"one core the service used over {IDLE_S:.0f} s with the streams open and no call.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
