"""Bot turns through the whole stack: latency of a random bot's turn, and moves per second.

Runs Redis, `python -m cardroom.services.match` and real Celery workers (prefork, one pool process
each) as separate processes on this machine, then:

- latency: matches of random bots only (VIVO, 3 seats), one at a time. A spectator follows
  each match live with WatchMatch and stamps every "play" event as it arrives; the time
  between two consecutive plays is one bot turn, from the previous move accepted to the
  bot's move applied (the match service sends the task, a worker loads the seat's view and
  events, the policy decides, SubmitMove applies the move).
- throughput: several such matches at once, with one and then two worker processes; bot
  moves applied per second of wall time, and each worker's share (from its /metrics).
- events read: matches of heuristic bots (Livemix, 4 seats), whose policy reads the seat's
  events at every decision, with workers that read the match's whole log per decision
  (BOT_EVENT_CACHE=0, as before) and with workers that read only the events logged since
  (the default): bot moves per second with one and two workers, the match service's CPU
  time per bot move (the bench's own spectator streams included, as in the random rows),
  and the events a decision fetched and handed the policy (one worker's DEBUG log over one
  match).

    python -m bench.bot_latency            # the full run
    python -m bench.bot_latency --quick    # fewer matches
"""

from __future__ import annotations

import argparse
import itertools
import os
import secrets
import statistics
import sys
import threading
import time
import urllib.request
from typing import Any

import grpc
from prometheus_client.parser import text_string_to_metric_families

from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.process import Processes, ServiceProcess
from deploy.launch.redis import start_redis
from deploy.launch.worker import WorkerProcess, start_worker

TAKE_TURN = "cardroom.bots.take_turn"
SEATS = 3
#: The worker settings compared by the events-read measurement.
READS = (("whole log", "0"), ("new events only", "512"))



class Rig:
    """Redis, one match-service process and the worker processes added to it."""

    def __init__(self) -> None:
        self.base = Processes()
        self.workers: list[WorkerProcess] = []
        redis_url = start_redis(self.base)
        self.env = {**os.environ, "REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url,
                    "BOT_TOKEN": secrets.token_hex(16), "LOG_LEVEL": "WARNING"}
        match = ServiceProcess("cardroom.services.match", self.env, inherit_output=True)
        match.start(serving=False)
        assert match.popen is not None
        self.base.add("match", match.popen)
        self.port = match.port
        self.env["MATCH_ADDR"] = f"127.0.0.1:{self.port}"
        self.channel = grpc.insecure_channel(f"127.0.0.1:{self.port}")
        self.stub = match_pb2_grpc.MatchServiceStub(self.channel)

    def add_worker(self, **env: str) -> WorkerProcess:
        """Start one more worker (one pool process) on the bot queues."""
        name = f"bench{len(self.workers)}@%h"
        worker = start_worker({**self.env, "LOG_LEVEL": "INFO", **env}, concurrency=1,
                              hostname=name)
        self.workers.append(worker)
        return worker

    def stop_workers(self) -> None:
        """Stop every worker (the next ones start afresh)."""
        for worker in self.workers:
            worker.stop()
        self.workers.clear()

    def service_cpu_s(self) -> float:
        """CPU seconds (user and system) the match-service process has used so far."""
        pid = next(p.pid for name, p in self.base.processes if name == "match")
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Stop the workers, then the match service and Redis."""
        for worker in self.workers:
            worker.stop()
        self.channel.close()
        self.base.stop()


def create(stub: match_pb2_grpc.MatchServiceStub, seed: int,
           game: common_pb2.Game = common_pb2.GAME_VIVO, policy: str = "random",
           players: int = SEATS) -> str:
    """A match of bots of one policy (random VIVO bots unless told); its id."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=policy) for _ in range(players)]
    return str(stub.CreateMatch(pb.CreateMatchRequest(
        game=game, players=players, seats=seats, seed=seed), timeout=10).match_id)


def play_times(stub: match_pb2_grpc.MatchServiceStub, match_id: str, cursor: int) -> list[float]:
    """Arrival times of the match's "play" events after `cursor`, until it ends."""
    stamps = []
    stream = stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, cursor=cursor),
                             timeout=600)
    for item in stream:
        if item.event.type == "play":
            stamps.append(time.perf_counter())
    return stamps


def latencies(rig: Rig, matches: int) -> list[float]:
    """Bot-turn latencies (seconds) over `matches` matches played one after another."""
    found: list[float] = []
    for seed in range(matches):
        match_id = create(rig.stub, 1000 + seed)
        cursor = rig.stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=10).match
        stamps = play_times(rig.stub, match_id, cursor.event_seq)
        found += [b - a for a, b in itertools.pairwise(stamps)]
    return found


def moved(worker: WorkerProcess) -> float:
    """The worker's count of bot moves applied (its /metrics)."""
    url = f"http://127.0.0.1:{worker.metrics_port}/metrics"
    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if (s.name == "cardroom_bot_worker_tasks_total" and s.labels.get("task") == TAKE_TURN
                    and s.labels.get("outcome") == "moved"):
                return float(s.value)
    return 0.0


def throughput(rig: Rig, matches: int, seed: int, **bots: Any
               ) -> tuple[float, int, list[float]]:
    """(moves per second, moves, each worker's moves) over `matches` concurrent matches
    (created with `bots`, see create)."""
    before = [moved(w) for w in rig.workers]
    counts: list[int] = []
    lock = threading.Lock()

    def follow(match_id: str) -> None:
        plays = len(play_times(rig.stub, match_id, 0))
        with lock:
            counts.append(plays)

    started = time.perf_counter()
    ids = [create(rig.stub, seed + i, **bots) for i in range(matches)]
    threads = [threading.Thread(target=follow, args=(m,)) for m in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    time.sleep(0.5)  # a task counts its move just after the match applied it
    shares = [moved(w) - b for w, b in zip(rig.workers, before, strict=True)]
    return sum(counts) / elapsed, sum(counts), shares


HEURISTIC_LIVEMIX: dict[str, Any] = {"game": common_pb2.GAME_LIVEMIX, "policy": "heuristic",
                                     "players": 4}


def reads_per_decision(rig: Rig, cache: str) -> tuple[float, float]:
    """(events fetched, events given) per decision over one heuristic Livemix match, from
    the DEBUG log of a worker with BOT_EVENT_CACHE=`cache`."""
    rig.stop_workers()
    worker = rig.add_worker(BOT_EVENT_CACHE=cache, LOG_LEVEL="DEBUG")
    match_id = create(rig.stub, 7000, **HEURISTIC_LIVEMIX)
    play_times(rig.stub, match_id, 0)
    time.sleep(0.5)  # the last lines reach the pipe
    reads = [r for r in worker.log()
             if r.get("message") == "seat events read" and r.get("match_id") == match_id]
    rig.stop_workers()
    return (statistics.mean(r["fetched"] for r in reads),
            statistics.mean(r["given"] for r in reads))


def events_read(rig: Rig, matches: int) -> None:
    """Print the events-read comparison (see the module's docstring)."""
    print(f"\nHeuristic bots (Livemix, 4 seats), {matches} matches at once: the whole log "
          "or only new events per decision:\n")
    print("| worker reads | workers | moves | moves/s | match-service CPU per move "
          "| events fetched per decision | events given per decision |\n"
          "|---|---|---|---|---|---|---|")
    for label, cache in READS:
        fetched, given = reads_per_decision(rig, cache)
        for count in (1, 2):
            rig.stop_workers()
            for _ in range(count):
                rig.add_worker(BOT_EVENT_CACHE=cache)
            cpu = rig.service_cpu_s()
            rate, moves, _ = throughput(rig, matches, 9000 + 100 * count, **HEURISTIC_LIVEMIX)
            per_move = (rig.service_cpu_s() - cpu) / max(moves, 1)
            print(f"| {label} | {count} | {moves} | {rate:.0f} | {per_move * 1e3:.2f} ms "
                  f"| {fetched:.1f} | {given:.1f} |")


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Run both measurements and print Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer matches")
    args = parser.parse_args(argv)
    latency_matches, load_matches = (3, 4) if args.quick else (10, 8)
    rig = Rig()
    try:
        rig.add_worker()
        latencies(rig, 1)  # warm-up: imports, connections, caches
        turns = latencies(rig, latency_matches)
        print(f"Bot-turn latency, random policy, VIVO {SEATS} bots, {latency_matches} "
              f"matches in turn ({len(turns)} turns):\n")
        print("| p50 | p90 | p99 | mean |\n|---|---|---|---|")
        print(f"| {percentile(turns, 0.5) * 1e3:.1f} ms | {percentile(turns, 0.9) * 1e3:.1f} ms "
              f"| {percentile(turns, 0.99) * 1e3:.1f} ms | {statistics.mean(turns) * 1e3:.1f} ms |")
        print(f"\nBot moves per second, {load_matches} matches at once:\n")
        print("| workers | moves | moves/s | moves per worker | match-service CPU per move |"
              "\n|---|---|---|---|---|")
        for count in (1, 2):
            while len(rig.workers) < count:
                rig.add_worker()
            cpu = rig.service_cpu_s()
            rate, moves, shares = throughput(rig, load_matches, 5000 + 100 * count)
            per_move = (rig.service_cpu_s() - cpu) / max(moves, 1)
            share = " / ".join(f"{s:.0f}" for s in shares)
            print(f"| {count} | {moves} | {rate:.0f} | {share} | {per_move * 1e3:.2f} ms |")
        events_read(rig, load_matches)
    finally:
        rig.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
