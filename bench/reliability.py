"""The figures of docs/RELIABILITY.md that the tests do not print: recovery times and the
cost of each durability mode, measured on real processes on loopback.

    python -m bench.reliability            # every section, five kills each
    python -m bench.reliability --quick    # three kills, fewer moves
    python -m bench.reliability restart redis-kill durability

- restart: `python -m cardroom.services.match` killed with SIGKILL and started again on its port;
  seconds from the kill to health SERVING (polled every 50 ms, as ServiceProcess does).
- redis-kill: a replica with 200 matches (MATCH_DURABILITY=always, appendfsync always,
  probe every 0.1 s); Redis killed and restarted again and again: how fast a call fails,
  health flips, Redis reloads its append-only file, a write succeeds and health flips
  back; a hung Redis (SIGSTOP) with MATCH_REDIS_TIMEOUT 0.5 s; and an all-bot VIVO match
  (one Celery worker) across Redis kills: the wait for the next bot move.
- durability: one client, one SubmitMove at a time over VIVO matches, against a Redis with
  appendfsync everysec and MATCH_DURABILITY=everysec, then always and always.
- timers: three replicas polling their timers every 20 ms run six Mix Match matches on a
  0.2 s hourglass; all three are killed for a second, then single ones at random until
  every match has drawn its deck: how late each time-out came after its deadline (the
  scenario of tests/services/match/test_chaos_timers.py, which checks none is lost or doubled).

Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import grpc

from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import ServiceProcess, health
from deploy.launch.redis import RedisProcess
from deploy.launch.worker import start_worker

SERVING, NOT_SERVING = 1, 2
ADMIN = "admin-token-for-reliability-bench"
BOT_TOKEN = "bot-token-for-reliability-bench"


def _env(store: RedisProcess, durability: str) -> dict[str, str]:
    return {"REDIS_URL": store.url, "CELERY_BROKER_URL": store.url, "ADMIN_TOKEN": ADMIN,
            "BOT_TOKEN": BOT_TOKEN, "MATCH_DURABILITY": durability, "LOG_LEVEL": "WARNING",
            "MATCH_HEALTH_INTERVAL": "0.1", "MATCH_REDIS_TIMEOUT": "0.5"}


@contextmanager
def stack(durability: str, appendfsync: str) -> Iterator[tuple[RedisProcess, ServiceProcess]]:
    """A Redis of its own and one match-service process."""
    store = RedisProcess(appendonly=True, appendfsync=appendfsync)
    store.start()
    folder = Path(tempfile.mkdtemp(prefix="cardroom-reliability-"))
    replica = ServiceProcess("cardroom.services.match", _env(store, durability),
                             folder / "match.log")
    try:
        replica.start()
        yield store, replica
    finally:
        replica.stop()
        store.stop()


def _until(condition: Callable[[], bool], timeout: float = 30.0, step: float = 0.005) -> float:
    """Seconds until `condition()` holds."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise RuntimeError("timed out")
        time.sleep(step)
    return time.monotonic() - started


def _health_is(replica: ServiceProcess, wanted: int) -> Callable[[], bool]:
    def check() -> bool:
        try:
            return health(replica.address, timeout=1.0) == wanted
        except grpc.RpcError:
            return False
    return check


def _ms(values: list[float]) -> str:
    """min-max in milliseconds."""
    return f"{min(values) * 1000:.0f}-{max(values) * 1000:.0f} ms"


def restart(kills: int) -> str:
    """SIGKILL of the match service to SERVING again on the same port."""
    times = []
    with stack("everysec", "everysec") as (_store, replica):
        for _ in range(kills):
            started = time.monotonic()
            replica.kill()
            replica.start()
            times.append(time.monotonic() - started)
    return ("| match service SIGKILLed, to SERVING again | median | max | kills |\n"
            "|---|---|---|---|\n"
            f"| seconds | {statistics.median(times):.2f} | {max(times):.2f} | {kills} |")


def _fail_time(stub: Any, match_id: str) -> float:
    started = time.monotonic()
    try:
        stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=10)
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.UNAVAILABLE:
            raise
        return time.monotonic() - started
    raise RuntimeError("a call succeeded while Redis was down")


def redis_kill(kills: int) -> str:
    """Recovery figures of a replica around Redis kills and a hang."""
    rows: dict[str, list[float]] = {k: [] for k in (
        "call", "not_serving", "reload", "write", "serving", "hung")}
    with stack("always", "always") as (store, replica), \
            grpc.insecure_channel(replica.address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        create = pb.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3)
        match_id = ""
        for _ in range(200):
            match_id = stub.CreateMatch(create, timeout=10).match_id
        for _ in range(kills):
            store.kill()
            killed = time.monotonic()
            rows["call"].append(_fail_time(stub, match_id))
            _until(_health_is(replica, NOT_SERVING))
            rows["not_serving"].append(time.monotonic() - killed)
            time.sleep(0.3)
            started = time.monotonic()
            store.start()
            answered = time.monotonic()
            rows["reload"].append(answered - started)
            stub.CreateMatch(create, timeout=10)
            rows["write"].append(time.monotonic() - answered)
            _until(_health_is(replica, SERVING))
            rows["serving"].append(time.monotonic() - answered)
        assert store.popen is not None
        for _ in range(kills):
            os.kill(store.popen.pid, signal.SIGSTOP)
            try:
                rows["hung"].append(_fail_time(stub, match_id))
            finally:
                os.kill(store.popen.pid, signal.SIGCONT)
            _until(_health_is(replica, SERVING))
    labels = {"call": "a call while Redis is down: UNAVAILABLE in",
              "not_serving": "health NOT_SERVING after the kill",
              "reload": "Redis restart, append-only file reloaded (200 matches)",
              "write": "first write after Redis answers",
              "serving": "health SERVING after Redis answers",
              "hung": "a call while Redis hangs (MATCH_REDIS_TIMEOUT 0.5 s): UNAVAILABLE in"}
    lines = [f"| Redis killed {kills} times, hung {kills} times | figure |", "|---|---|"]
    lines += [f"| {labels[key]} | {_ms(values)} |" for key, values in rows.items()]
    return "\n".join(lines)


def bot_match_after_crash(kills: int) -> str:
    """An all-bot VIVO match: seconds from Redis answering again to the next bot move."""
    waits = []
    with stack("always", "always") as (store, replica), \
            grpc.insecure_channel(replica.address) as channel:
        # The worker reports it is ready in an INFO record.
        worker = start_worker({**_env(store, "always"), "LOG_LEVEL": "INFO",
                               "MATCH_ADDR": replica.address,
                               "BOT_RETRY_BACKOFF": "1", "BOT_VISIBILITY_TIMEOUT": "2",
                               "BOT_RESTORE_INTERVAL": "0.5"}, concurrency=1,
                              hostname="reliability@%h")
        try:
            stub = match_pb2_grpc.MatchServiceStub(channel)
            seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")] * 3
            for kill in range(kills):
                match_id = stub.CreateMatch(pb.CreateMatchRequest(
                    game=common_pb2.GAME_VIVO, players=3, seats=seats, seed=kill),
                    timeout=10).match_id

                _until(partial(_reached, stub, match_id, 10), step=0.002)
                store.kill()
                time.sleep(0.3)
                store.start()
                answered = time.monotonic()
                waits.append(_next_move(stub, match_id) - answered)
        finally:
            worker.stop()
    return ("| all-bot VIVO match, Redis killed mid-match | median | max | kills |\n"
            "|---|---|---|---|\n"
            f"| seconds from Redis answering to the next bot move | "
            f"{statistics.median(waits):.2f} | {max(waits):.2f} | {kills} |")


def _version(stub: Any, match_id: str) -> int:
    """The match's version, -1 while the call fails."""
    try:
        return int(stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5).match.version)
    except grpc.RpcError:
        return -1


def _reached(stub: Any, match_id: str, version: int) -> bool:
    return _version(stub, match_id) >= version


def _next_move(stub: Any, match_id: str, timeout: float = 200.0) -> float:
    """The time (monotonic) the match's version first goes past the one read now."""
    deadline = time.monotonic() + timeout
    start = _version(stub, match_id)
    while start < 0:
        time.sleep(0.005)
        start = _version(stub, match_id)
    while _version(stub, match_id) <= start:
        if time.monotonic() > deadline:
            raise RuntimeError("the bot never moved")
        time.sleep(0.01)
    return time.monotonic()


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def durability(matches: int, runs: int) -> str:
    """SubmitMove latency, one client and one move at a time, per durability mode."""
    lines = ["| MATCH_DURABILITY, appendfsync | run | moves | p50 ms | p99 ms |",
             "|---|---|---|---|---|"]
    for mode in ("everysec", "always"):
        for run in range(1, runs + 1):
            latencies = _submit_latencies(mode, matches)
            lines.append(f"| {mode}, {mode} | {run} | {len(latencies)} | "
                         f"{_percentile(latencies, 0.5) * 1000:.1f} | "
                         f"{_percentile(latencies, 0.99) * 1000:.1f} |")
    return "\n".join(lines)


def _submit_latencies(mode: str, matches: int) -> list[float]:
    latencies = []
    with stack(mode, mode) as (_store, replica), \
            grpc.insecure_channel(replica.address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        for seed in range(matches):
            created = stub.CreateMatch(pb.CreateMatchRequest(
                game=common_pb2.GAME_VIVO, players=3, seed=seed), timeout=10)
            tokens = {t.seat: t.token for t in created.tokens}
            request = pb.GetMatchRequest(match_id=created.match_id)
            while True:
                public = stub.GetMatch(request, timeout=5).match
                if public.status != pb.MATCH_STATUS_ACTIVE:
                    break
                auth = bearer(tokens[public.acting_seats[0]])
                view = stub.GetMatch(request, metadata=auth, timeout=5).match
                move = pb.SubmitMoveRequest(match_id=created.match_id,
                                            action=view.legal_moves[0],
                                            expected_version=view.version)
                started = time.perf_counter()
                stub.SubmitMove(move, metadata=auth, timeout=5)
                latencies.append(time.perf_counter() - started)
    return latencies


def timers(matches: int = 6, hourglass_s: float = 0.2) -> str:
    """Lateness of hourglass time-outs while timer-loop replicas are killed."""
    store = RedisProcess(appendonly=True, appendfsync="everysec")
    store.start()
    folder = Path(tempfile.mkdtemp(prefix="cardroom-reliability-"))
    env = {**_env(store, "everysec"), "MATCH_TIMER_INTERVAL": "0.02"}
    replicas = [ServiceProcess("cardroom.services.match", env, folder / f"match{i}.log")
                for i in range(3)]
    rng = random.Random(7)
    try:
        for replica in replicas:
            replica.start()
        with grpc.insecure_channel(replicas[0].address) as channel:
            stub = match_pb2_grpc.MatchServiceStub(channel)
            options = typed.options_request(
                "mixmatch", {"hourglass_seconds": hourglass_s, "younger_players": True})
            ids = [stub.CreateMatch(pb.CreateMatchRequest(
                game=GAMES.number("mixmatch"), players=2, seed=seed, mixmatch_options=options),
                timeout=10).match_id for seed in range(matches)]
            time.sleep(0.5)
            for replica in replicas:
                replica.kill()
            time.sleep(1.0)
            for replica in replicas:
                replica.start()
            _kill_until_finished(replicas, stub, ids, rng)
            lags = [lag for match_id in ids for lag in _lags(stub, match_id)]
    finally:
        for replica in replicas:
            replica.stop()
        store.stop()
    ordered = sorted(lags)
    return ("| hourglass time-outs, replicas killed | count | median ms | p95 ms | max ms |\n"
            "|---|---|---|---|---|\n"
            f"| lateness after the deadline | {len(lags)} | "
            f"{statistics.median(lags) * 1000:.0f} | "
            f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.0f} | "
            f"{max(lags) * 1000:.0f} |")


def _kill_until_finished(replicas: list[ServiceProcess], stub: Any, ids: list[str],
                         rng: random.Random, timeout: float = 60.0) -> None:
    """Kill and restart one replica at a time until every match is over."""
    deadline = time.monotonic() + timeout
    while any(_status(stub, match_id) != pb.MATCH_STATUS_FINISHED for match_id in ids):
        if time.monotonic() > deadline:
            raise RuntimeError("a match stopped: a deadline was lost")
        victim = rng.choice(replicas[1:])  # replica 0 answers the status calls
        victim.kill()
        time.sleep(rng.uniform(0.05, 0.3))
        victim.start()
        time.sleep(rng.uniform(0.1, 0.4))


def _status(stub: Any, match_id: str) -> int:
    try:
        return int(stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=2).match.status)
    except grpc.RpcError:
        return 0


def _lags(stub: Any, match_id: str) -> list[float]:
    """Seconds each hourglass time-out came after the deadline it answered."""
    replay = stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
    events = [typed.event_dict(e) for e in replay.events]
    deadlines = [e["deadline"] for e in events if e["type"] == "dice_rolled"]
    deadlines += [e["deadline"] for e in events
                  if e["type"] == "hourglass_ran_out" and e["deadline"] is not None]
    times = [a.time for a in replay.actions if a.action == "timeout"]
    return [t - d for t, d in zip(times, deadlines, strict=True)]


SECTIONS = ("restart", "redis-kill", "durability", "timers")


def main(argv: list[str] | None = None) -> int:
    """Run the sections named (default all) and print their tables."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sections", nargs="*", help=f"any of {', '.join(SECTIONS)}")
    parser.add_argument("--quick", action="store_true", help="three kills, fewer moves")
    args = parser.parse_args(argv)
    unknown = set(args.sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    kills = 3 if args.quick else 5
    for section in args.sections or SECTIONS:
        print(f"\n### {section}\n", flush=True)
        if section == "restart":
            print(restart(kills))
        elif section == "redis-kill":
            print(redis_kill(kills))
            print()
            print(bot_match_after_crash(kills))
        elif section == "durability":
            print(durability(matches=3 if args.quick else 6, runs=1 if args.quick else 2))
        else:
            print(timers(matches=3 if args.quick else 6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
