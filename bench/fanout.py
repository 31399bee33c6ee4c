"""Event fan-out of the match service: from a SubmitMove's answer to its event reaching every
watcher of the match; this tree's asyncio service beside the synchronous baseline.

    .venv/bin/python -m bench.fanout [--quick] [--baseline REF] [--turns] [--matches N]
                                     [--pace MOVES_PER_S ...]

For each version a fresh `python -m services.match` and a redis-server of its own; 250
4-player VIVO matches, four spectator WatchMatch streams on each (1,000 watchers, opened a
hundred at a time), all in this one process (grpc.aio) so every timestamp comes from one
clock. Each match then plays random legal moves on its own schedule, the matches together
offering a fixed rate; for every move the delay is the time from the SubmitMove answer to
the moment the last of the match's four watchers has read the move's first public event
(zero when all four read it before the answer arrived). --baseline names the git ref
measured beside this tree (default the synchronous service); --turns opens the streams with
WatchMatchRequest.turns, so each change also sends every watcher its turn frame.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from typing import Any

import grpc

from bench.match import (
    BASELINE,
    GAME,
    PLAYERS,
    ROOT,
    STREAMS_PER_CONNECTION,
    Service,
    aio_connection,
    checkout_baseline,
    cpu_seconds,
    start_match_service,
    start_private_redis,
)
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes

MATCHES, WATCHERS_PER_MATCH = 250, 4
#: Matches of the small run, whose 96 watchers the baseline can serve (its blocking Redis
#: client holds a connection per stream, from a pool of 100).
SMALL = 24
#: Streams opened at once (gRPC cancels streams opened faster than the server takes them).
BATCH = 100
#: Seconds left for the last events to arrive once the moves stop.
SETTLE_S = 2.0


class Table:
    """One match: its tokens, a local mirror of the engine, and when its watchers read each
    event (seq -> read times)."""

    def __init__(self, stub: Any, seed: int) -> None:
        self.stub = stub
        self.seed = seed
        self.match_id = ""
        self.tokens: dict[int, str] = {}
        self.state = registry.new_game(GAME, registry.make_config(GAME, {"players": PLAYERS}),
                                       seed=seed)
        self.version = 0
        self.rng = random.Random(seed)
        self.reads: dict[int, list[float]] = {}
        self.answers: list[tuple[int, float]] = []

    async def create(self) -> None:
        """Create the match on the server."""
        created = await self.stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=PLAYERS, seed=self.seed), timeout=10)
        self.match_id = created.match_id
        self.tokens = {t.seat: t.token for t in created.tokens}
        self.version = created.version

    async def move(self) -> None:
        """One random legal move; remember when its first public event was answered."""
        seat = self.state.current_player()
        assert seat is not None and seat >= 0
        action = self.rng.choice(self.state.legal_actions(seat))
        reply = await self.stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=self.match_id, vivo=pb.VivoMove(card=action),
            expected_version=self.version, request_id=f"{self.version}"),
            metadata=bearer(self.tokens[seat]), timeout=10)
        answered = time.perf_counter()
        self.state.apply_action(action, seat)
        self.version = reply.version
        # The move's first event every seat may see (one meant for a seat carries "to").
        public = [e.seq for e in reply.events if not e.HasField("to")]
        if public:
            self.answers.append((min(public), answered))

    async def watch(self, call: Any) -> None:
        """Read a stream to its end, noting when each event arrived."""
        try:
            while (message := await call.read()) is not grpc.aio.EOF:
                if message.WhichOneof("frame") == "event":
                    self.reads.setdefault(message.event.seq, []).append(time.perf_counter())
        except asyncio.CancelledError:
            return
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                raise


async def open_watchers(stubs: list[Any], tables: list[Table],
                        opened: list[tuple[Any, asyncio.Task[None]]], turns: bool = False
                        ) -> list[tuple[Any, asyncio.Task[None]]]:
    """Four spectator streams per table, BATCH at a time, each past its first event; they
    go into `opened` as they open (so a caller can close them when one is refused)."""
    wanted = [t for t in tables for _ in range(WATCHERS_PER_MATCH)]
    for start in range(0, len(wanted), BATCH):
        calls = [(table, stubs[(start + i) // STREAMS_PER_CONNECTION].WatchMatch(
                     pb.WatchMatchRequest(match_id=table.match_id, turns=turns)))
                 for i, table in enumerate(wanted[start:start + BATCH])]
        try:
            await asyncio.wait_for(asyncio.gather(*(call.read() for _, call in calls)), 30)
        except grpc.aio.AioRpcError:
            for _, call in calls:
                call.cancel()
            raise
        opened += [(call, asyncio.create_task(table.watch(call))) for table, call in calls]
    return opened


async def play(tables: list[Table], rate: float, seconds: float) -> int:
    """Each table moves on its own schedule, `rate` moves per second in all; moves made."""
    interval = len(tables) / rate
    start = time.perf_counter() + 0.1

    async def one(i: int, table: Table) -> int:
        due, made = start + interval * i / len(tables), 0
        while due < start + seconds:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            await table.move()
            made += 1
            due += interval
        return made

    return sum(await asyncio.gather(*(one(i, t) for i, t in enumerate(tables))))


def delays(tables: list[Table], since: list[int]) -> tuple[list[float], int, int]:
    """(delay per move answered from index since[i] of table i's answers on, moves some
    watcher never read, moves all four watchers read before the answer)."""
    found: list[float] = []
    missing = early = 0
    for table, start in zip(tables, since, strict=True):
        for seq, answered in table.answers[start:]:
            reads = table.reads.get(seq, [])
            if len(reads) < WATCHERS_PER_MATCH:
                missing += 1
                continue
            delay = max(reads) - answered
            early += delay < 0
            found.append(max(0.0, delay))
    return found, missing, early


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def measure(service: Service, matches: int, paces: tuple[float, ...],
                  seconds: float, turns: bool = False) -> None:
    """Open the watchers of `matches` tables on one service and print a row per pace
    (moves per second of each match)."""
    port, label = service.port, service.label
    channel = aio_connection(port)
    stub = match_pb2_grpc.MatchServiceStub(channel)
    tables = [Table(stub, 7000 + i) for i in range(matches)]
    for start in range(0, matches, BATCH):  # a connection takes 1,000 calls at once
        await asyncio.gather(*(t.create() for t in tables[start:start + BATCH]))
    # The watchers get connections of their own, as players' devices would.
    watch_channels = [aio_connection(port) for _ in
                      range(0, matches * WATCHERS_PER_MATCH, STREAMS_PER_CONNECTION)]
    watchers: list[tuple[Any, asyncio.Task[None]]] = []
    try:
        watchers = await open_watchers(
            [match_pb2_grpc.MatchServiceStub(c) for c in watch_channels], tables, watchers,
            turns)
        for pace in paces:
            since = [len(t.answers) for t in tables]
            cpu = cpu_seconds(service.pid), cpu_seconds(os.getpid())
            made = await play(tables, pace * matches, seconds)
            busy = [(cpu_seconds(pid) - used) / seconds
                    for pid, used in zip((service.pid, os.getpid()), cpu, strict=True)]
            await asyncio.sleep(SETTLE_S)
            found, missing, early = delays(tables, since)
            print(f"| {label} | {len(watchers):,} | {pace * matches:.0f} | "
                  f"{made / seconds:.0f} | {_pct(found, 0.5):.2f} | {_pct(found, 0.99):.2f} | "
                  f"{1000 * max(found, default=0):.1f} | {missing} | "
                  f"{early / max(1, len(found)):.0%} | {busy[0]:.0%} | {busy[1]:.0%} |",
                  flush=True)
    except grpc.aio.AioRpcError as error:
        print(f"| {label} | {matches * WATCHERS_PER_MATCH:,} asked | - | - | - | - | - | "
              f"refused with {len(watchers)} open: {error.code().name} "
              f"({error.details()}) | - | - | - |", flush=True)
    finally:
        for call, task in watchers:
            call.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await asyncio.gather(*(c.close() for c in watch_channels))
        await channel.close()


def main(argv: list[str] | None = None) -> int:
    """Measure both versions, one after the other, and print one table."""
    parser = argparse.ArgumentParser(prog="python -m bench.fanout")
    parser.add_argument("--quick", action="store_true", help="one pace, 4 s")
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"the git ref measured beside this tree (default {BASELINE})")
    parser.add_argument("--turns", action="store_true",
                        help="streams with turn frames (WatchMatchRequest.turns)")
    parser.add_argument("--matches", type=int, default=MATCHES,
                        help=f"matches of the large run, {WATCHERS_PER_MATCH} watchers each "
                        f"(default {MATCHES})")
    parser.add_argument("--pace", type=float, action="append",
                        help="moves a second of each match (repeatable; default 0.4, and 1.0 "
                        "without --quick)")
    args = parser.parse_args(argv)
    paces = tuple(args.pace or ((0.4,) if args.quick else (0.4, 1.0)))
    seconds = 4.0 if args.quick else 8.0
    print("| version | watchers | offered moves/s | moves/s | p50 ms | p99 ms | max ms | "
          "moves not seen by all | all seen before the answer | service CPU | client CPU |")
    print("|---" + "|---:" * 10 + "|")
    stack = Processes()
    try:
        baseline = checkout_baseline(stack, args.baseline)
        old = {"MATCH_WORKERS": "1100", "MATCH_MAX_STREAMS_PER_PEER": "20000"}
        for label, root, env, matches in (
                (args.baseline, baseline, old, SMALL),
                (args.baseline, baseline, old, args.matches),
                ("this tree", ROOT, {"MATCH_MAX_STREAMS_PER_PEER": "20000"}, SMALL),
                ("this tree", ROOT, {"MATCH_MAX_STREAMS_PER_PEER": "20000"}, args.matches)):
            run = Processes()
            try:
                redis_url = start_private_redis(run, durable=False)
                service = start_match_service(redis_url, run, root, env, label=label)
                asyncio.run(measure(service, matches, paces, seconds, args.turns))
                _, process = run.processes[-1]
                process.terminate()  # before its Redis, so it drains quietly
                process.wait(30)
            finally:
                run.stop()
    finally:
        stack.stop()
    print(f"\nOne process per row group; 4-player VIVO matches with {WATCHERS_PER_MATCH} "
          "spectator streams each, all in this process (grpc.aio, one connection for the "
          f"moves, {STREAMS_PER_CONNECTION} streams to each other connection); each match moves "
          f"{' (then '.join(f'{p:g}' for p in paces)}{')' * (len(paces) - 1)} times a second. The "
          "baseline runs MATCH_WORKERS=1100 (a thread per stream), this tree "
          "MATCH_MAX_STREAMS_PER_PEER=20000; Redis without persistence. CPU: the share of "
          "one core the service and this client process used while the moves were made.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
