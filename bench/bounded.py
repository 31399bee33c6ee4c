"""Bounded cost per caller: the attacks of issue 30 against this tree and a baseline git
ref, side by side (each service a real process on loopback; figures in docs/RELIABILITY.md).

    .venv/bin/python -m bench.bounded [--quick] [--baseline REF]

1. solver flood: one caller keeps 12 worst-case Solves going (16 large primes, a hard
   target, negatives and fractions, optimal_limit 1000; SOLVER_MAX_SECONDS=3), another asks
   small Solves with a 3 s deadline: the victim's p50/p99 and misses, the service's CPU
   seconds and RSS;
2. half-sent requests: ten raw HTTP/2 connections start Solve calls whose bodies never
   finish, for a few seconds: RSS before, during and after, health p50/p99;
3. clients leaving: 50 WatchMatch streams whose clients never read and drop the connection
   (a match service on a Redis of its own): the ERROR lines and tracebacks it logs.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

import grpc

from bench.match import checkout_baseline, rss_mib, start_private_redis
from bench.trees import import_root
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes, ServiceProcess, cpu_seconds, health

ROOT = Path(__file__).resolve().parents[1]
#: The tree before issue 30's bounds.
BASELINE = "73c58ad"
PRIMES = [997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919, 911, 907, 887, 883]
WORST = solver_pb2.SolveRequest(
    cards=PRIMES, target=99991, optimal_limit=1000,
    rules=common_pb2.ArithRules(allow_negative=True, allow_fractions=True))
SMALL = solver_pb2.SolveRequest(cards=[3, 5, 7, 2], target=24)
ADMIN = "bench-admin-token"


_ROOTS: dict[Path, Path] = {}


def start(module: str, root: Path, stack: Processes, label: str,
          env: dict[str, str] | None = None) -> ServiceProcess:
    """`python -m <module>` of the tree at `root`, JSON logs kept, started."""
    if root != ROOT and root not in _ROOTS:
        _ROOTS[root] = import_root(root)
    paths = [str(_ROOTS[root]), str(root)] if root != ROOT else [str(root)]
    full = {"LOG_LEVEL": "INFO", "PYTHONPATH": os.pathsep.join(paths),
            "GRPC_TRUSTED_PROXIES": "127.0.0.1", "ADMIN_TOKEN": ADMIN, **(env or {})}
    service = ServiceProcess(module, full, cwd=root)
    try:
        service.start()
    finally:
        if service.popen is not None:
            stack.add(f"{module} {label}", service.popen)
    return service


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def solver_flood(service: ServiceProcess, seconds: float) -> dict[str, float]:
    """Victim small Solves before and during one caller's flood of worst cases."""
    assert service.popen is not None
    pid = service.popen.pid
    with grpc.insecure_channel(service.address) as a, grpc.insecure_channel(service.address) as b:
        flooder, victim = solver_pb2_grpc.SolverServiceStub(a), solver_pb2_grpc.SolverServiceStub(b)

        def small() -> float | None:
            started = time.perf_counter()
            try:
                victim.Solve(SMALL, metadata=(("x-forwarded-for", "198.51.100.9"),), timeout=3)
            except grpc.RpcError:
                return None
            return time.perf_counter() - started

        quiet = [s for s in (small() for _ in range(10)) if s is not None]
        stop = threading.Event()

        def flood() -> None:
            while not stop.is_set():
                try:
                    flooder.Solve(WORST, metadata=(("x-forwarded-for", "203.0.113.7"),),
                                  timeout=30)
                except grpc.RpcError:
                    time.sleep(0.05)

        threads = [threading.Thread(target=flood) for _ in range(12)]
        cpu0 = cpu_seconds([pid])
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        loud: list[float | None] = []
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            loud.append(small())
            time.sleep(0.2)
        cpu = cpu_seconds([pid]) - cpu0
        stop.set()
        for thread in threads:
            thread.join()
    answered = [s for s in loud if s is not None]
    return {"quiet_p50_ms": pct(quiet, 0.5) * 1000, "p50_ms": pct(answered, 0.5) * 1000,
            "p99_ms": pct(answered, 0.99) * 1000, "missed": len(loud) - len(answered),
            "asked": len(loud), "cpu_s": cpu, "rss_mib": rss_mib(pid)}


def half_open(service: ServiceProcess, seconds: float) -> dict[str, float]:
    """RSS and health while ten connections hold calls whose bodies never finish."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.h2raw import close_all, half_open_flood  # the tests' raw HTTP/2 client

    assert service.popen is not None
    pid = service.popen.pid
    before = rss_mib(pid)
    probes: list[float | None] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                health(service.address, timeout=2.0)
                probes.append(time.perf_counter() - started)
            except Exception:  # no answer in time
                probes.append(None)
            time.sleep(0.1)

    prober = threading.Thread(target=probe)
    prober.start()
    counts = half_open_flood(service.port, "/cardroom.v1.SolverService/Solve", seconds=seconds)
    during = rss_mib(pid)
    close_all()
    time.sleep(1.0)
    stop.set()
    prober.join()
    answered = [p for p in probes if p is not None]
    return {"held": counts["started"], "rss_before": before, "rss_during": during,
            "rss_after": rss_mib(pid), "health_p50_ms": pct(answered, 0.5) * 1000,
            "health_p99_ms": pct(answered, 0.99) * 1000,
            "health_missed": len(probes) - len(answered)}


def leaving(service: ServiceProcess, streams: int = 50) -> dict[str, float]:
    """ERROR lines and tracebacks the match service logs for clients leaving mid-write."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.h2raw import RawConnection

    from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc

    with grpc.insecure_channel(service.address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        match_id = stub.CreateMatch(pb.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3),
                                    metadata=bearer(ADMIN), timeout=10).match_id
    for _ in range(streams):
        raw = RawConnection(service.port, window=0)
        raw.call("/cardroom.v1.MatchService/WatchMatch",
                 pb.WatchMatchRequest(match_id=match_id, turns=True))
        time.sleep(0.02)
        raw.close(reset=True)
    time.sleep(2.0)
    records = service.records()
    errors = [r for r in records if r.get("level") in ("ERROR", "CRITICAL")]
    traces = [r for r in records if "exception" in r or "Traceback" in str(r.get("message"))]
    return {"streams": streams, "error_lines": len(errors), "tracebacks": len(traces),
            "log_bytes": len(service.log())}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter attacks")
    parser.add_argument("--baseline", default=BASELINE, help="git ref to compare with")
    args = parser.parse_args(argv)
    seconds = 4.0 if args.quick else 8.0
    stack = Processes()
    try:
        trees = [(args.baseline, checkout_baseline(stack, args.baseline)), ("this tree", ROOT)]
        rows: dict[str, dict[str, dict[str, float]]] = {}
        for label, root in trees:
            solver = start("services.solver", root, stack, label, {"SOLVER_MAX_SECONDS": "3"})
            rows.setdefault("solver flood", {})[label] = solver_flood(solver, seconds)
            solver.stop()
            solver = start("services.solver", root, stack, label)
            rows.setdefault("half-sent requests", {})[label] = half_open(solver, seconds)
            solver.stop()
            redis_url = start_private_redis(stack, durable=False)
            match = start("services.match", root, stack, label,
                          {"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url})
            rows.setdefault("clients leaving", {})[label] = leaving(match)
            match.stop()
        for attack, by_tree in rows.items():
            keys = list(next(iter(by_tree.values())))
            print(f"\n### {attack}\n")
            print("| tree | " + " | ".join(keys) + " |")
            print("|---" * (len(keys) + 1) + "|")
            for label, figures in by_tree.items():
                print(f"| {label} | " + " | ".join(f"{figures[k]:.1f}" for k in keys) + " |")
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
