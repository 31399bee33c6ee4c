"""One caller flooding the solver with worst cases (16 large primes, a hard target, negatives
and fractions, optimal_limit 1000: each holds a search thread for the whole budget) while
another caller asks small Solves with a 3 s deadline: every small Solve is answered in
time, because a caller runs at most GRPC_MAX_RUNNING_PER_CALLER searches at once, keeps at
most GRPC_MAX_QUEUE_PER_CALLER waiting (the rest RESOURCE_EXHAUSTED) and a freed thread
goes to the callers in turn. Both callers are told apart as the service would behind a
trusted proxy (x-forwarded-for), the loopback being one address."""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter

import grpc
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.rpc.identity import parse_proxies

PRIMES = [997, 991, 983, 977, 971, 967, 953, 947, 941, 937, 929, 919, 911, 907, 887, 883]
WORST = solver_pb2.SolveRequest(
    cards=PRIMES, target=99991, optimal_limit=1000,
    rules=common_pb2.ArithRules(allow_negative=True, allow_fractions=True))
SMALL = solver_pb2.SolveRequest(cards=[3, 5, 7, 2], target=24)
#: Seconds each worst case holds a thread (SOLVER_MAX_SECONDS), and the flood's length.
CAP_S = 3.0
FLOOD_S = 6.0
FLOODERS = 12
VICTIM_DEADLINE_S = 3.0


def _as(address: str) -> tuple[tuple[str, str]]:
    return (("x-forwarded-for", address),)


def test_a_small_solve_meets_its_deadline_while_another_caller_floods() -> None:
    rpc = local_settings("solver", trusted_proxies=parse_proxies("p", "127.0.0.1"))
    server, port = in_thread(create_server, SolverConfig(rpc=rpc, max_seconds=CAP_S),
                             host=HOST)
    server.start()
    try:
        with channel_to(port) as flood_channel, channel_to(port) as victim_channel:
            flooder = solver_pb2_grpc.SolverServiceStub(flood_channel)
            victim = solver_pb2_grpc.SolverServiceStub(victim_channel)
            quiet = [_timed(victim, "198.51.100.9") for _ in range(5)]
            stop = threading.Event()
            codes: Counter[str] = Counter()
            lock = threading.Lock()

            def flood() -> None:
                while not stop.is_set():
                    try:
                        flooder.Solve(WORST, metadata=_as("203.0.113.7"), timeout=30)
                        code = "OK"
                    except grpc.RpcError as err:
                        code = err.code().name
                        if code == "RESOURCE_EXHAUSTED":
                            time.sleep(0.05)
                    with lock:
                        codes[code] += 1

            threads = [threading.Thread(target=flood) for _ in range(FLOODERS)]
            for thread in threads:
                thread.start()
            try:
                time.sleep(0.5)  # the flood holds its share of the threads
                loud: list[float | None] = []
                until = time.monotonic() + FLOOD_S
                while time.monotonic() < until:
                    loud.append(_timed(victim, "198.51.100.9"))
                    time.sleep(0.2)
            finally:
                stop.set()
                for thread in threads:
                    thread.join()
    finally:
        server.stop(grace=None)
    answered = [s for s in loud if s is not None]
    print(f"\nsmall Solve p50 {statistics.median(quiet) * 1000:.1f} ms quiet, "  # type: ignore[type-var]
          f"{statistics.median(answered) * 1000:.1f} ms (max {max(answered) * 1000:.1f} ms) "
          f"during the flood; {len(loud) - len(answered)} of {len(loud)} missed the "
          f"{VICTIM_DEADLINE_S:g} s deadline; flood answers {dict(codes)}")
    assert len(answered) == len(loud) >= 8  # every small Solve answered in time
    assert codes["RESOURCE_EXHAUSTED"] > 0  # the flooder was held to its share


def _timed(stub: solver_pb2_grpc.SolverServiceStub, address: str) -> float | None:
    """Seconds one small Solve took, None when it missed its deadline."""
    started = time.perf_counter()
    try:
        answer = stub.Solve(SMALL, metadata=_as(address), timeout=VICTIM_DEADLINE_S)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.DEADLINE_EXCEEDED, err
        return None
    assert answer.proven
    return time.perf_counter() - started
