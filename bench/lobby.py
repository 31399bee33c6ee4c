"""The lobby pushed (WatchLobby) beside the lobby polled (ListMatches), on one match service.

    .venv/bin/python -m bench.lobby [--quick]

A fresh `python -m services.match` and a redis-server of its own (no persistence). For
each row, `watchers` lobby clients in this one process (grpc.aio, so every timestamp comes
from one clock; bench.match.STREAMS_PER_CONNECTION clients to a connection, the creator on
one of its own): either each holds a WatchLobby stream, or each calls ListMatches (open
matches, one page of 100, newest first) every POLL_S seconds, as a lobby page without a
stream would. Meanwhile
one creator opens 3-player VIVO tables with every seat open, `rate` a second; each row's
tables are withdrawn before the next row. The delay of a table at a client is the time from
its CreateMatch answer to the client's first sight of it (OPENED on the stream, or the
first page that lists it); p50, p99 and max over every (table, client) pair, the pairs
never seen, and the share of a core the service used while the tables were opened.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from typing import Any

import grpc

from bench.match import (
    STREAMS_PER_CONNECTION,
    aio_connection,
    cpu_seconds,
    start_match_service,
    start_private_redis,
)
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes

#: Seconds between two ListMatches of a polling client (a lobby page refreshed each second).
POLL_S = 1.0
#: Seconds left for the last tables to be seen once the creator stops.
SETTLE_S = 2.0
#: Streams opened at once (gRPC cancels streams opened faster than the server takes them).
BATCH = 100
#: The service's limits lifted so that one creator and one client address may do all this.
LIMITS = {"MATCH_MAX_STREAMS_PER_PEER": "20000", "MATCH_LOBBY_PER_CREATOR": "0"}
OPEN_TABLE = pb.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3,
                                   seats=[pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * 3)


class Sightings:
    """When each client first saw each table (client -> match id -> time)."""

    def __init__(self, clients: int) -> None:
        self.seen: list[dict[str, float]] = [{} for _ in range(clients)]

    def saw(self, client: int, match_id: str) -> None:
        """Client `client` sees `match_id` now (only the first sight counts)."""
        self.seen[client].setdefault(match_id, time.perf_counter())


async def stream(stub: Any, client: int, sightings: Sightings, current: asyncio.Event,
                 calls: list[Any]) -> None:
    """One WatchLobby stream: sets `current` at CURRENT, then notes every OPENED table."""
    call = stub.WatchLobby(pb.WatchLobbyRequest())
    calls.append(call)
    try:
        while (item := await call.read()) is not grpc.aio.EOF:
            if item.kind == pb.LOBBY_CHANGE_KIND_CURRENT:
                current.set()
            elif item.kind == pb.LOBBY_CHANGE_KIND_OPENED:
                sightings.saw(client, item.match_id)
    except asyncio.CancelledError:
        return
    except grpc.aio.AioRpcError as error:
        if error.code() != grpc.StatusCode.CANCELLED:
            raise


async def poll(stub: Any, client: int, sightings: Sightings, stop: asyncio.Event,
               phase: float) -> None:
    """One polling client: a page of the open matches every POLL_S, from `phase` on."""
    await asyncio.sleep(phase)
    while not stop.is_set():
        page = await stub.ListMatches(pb.ListMatchesRequest(
            status=pb.MATCH_STATUS_OPEN, page_size=100), timeout=30)
        for summary in page.matches:
            sightings.saw(client, summary.match_id)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), POLL_S)


async def create_tables(stub: Any, rate: float, seconds: float
                        ) -> list[tuple[str, str, float]]:
    """Open tables at `rate` a second for `seconds`: (match id, creator token, answered)."""
    made: list[tuple[str, str, float]] = []
    start = time.perf_counter()
    for i in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, start + i / rate - time.perf_counter()))
        created = await stub.CreateMatch(OPEN_TABLE, timeout=10)
        made.append((created.match_id, created.creator_token, time.perf_counter()))
    return made


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def measure(port: int, pid: int, mode: str, watchers: int, rate: float,
                  seconds: float) -> None:
    """One row: `watchers` clients in `mode` ("push" or "poll") while tables open."""
    per = STREAMS_PER_CONNECTION
    channels = [aio_connection(port) for _ in range(0, watchers + per, per)]
    stub = match_pb2_grpc.MatchServiceStub(channels[0])  # the creator's own connection
    stubs = [match_pb2_grpc.MatchServiceStub(c) for c in channels[1:]]
    sightings, stop, calls = Sightings(watchers), asyncio.Event(), []
    tasks: list[asyncio.Task[None]] = []
    try:
        if mode == "push":
            for start in range(0, watchers, BATCH):
                ready = [asyncio.Event() for _ in range(start, min(watchers, start + BATCH))]
                tasks += [asyncio.create_task(stream(stubs[(start + i) // per],
                                                     start + i, sightings, event, calls))
                          for i, event in enumerate(ready)]
                await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), 30)
        else:
            tasks = [asyncio.create_task(poll(stubs[i // per], i, sightings, stop,
                                              POLL_S * i / watchers))
                     for i in range(watchers)]
            await asyncio.sleep(POLL_S)
        used = cpu_seconds(pid)
        made = await create_tables(stub, rate, seconds)
        busy = (cpu_seconds(pid) - used) / seconds
        await asyncio.sleep(SETTLE_S)
        delays, missed = [], 0
        for match_id, _, answered in made:
            for seen in sightings.seen:
                if match_id in seen:
                    delays.append(max(0.0, seen[match_id] - answered))
                else:
                    missed += 1
        label = "WatchLobby" if mode == "push" else f"ListMatches every {POLL_S:g} s"
        print(f"| {label} | {watchers:,} | {len(made) / seconds:.0f} | {_pct(delays, 0.5):.1f} "
              f"| {_pct(delays, 0.99):.1f} | {1000 * max(delays, default=0):.1f} | {missed} "
              f"| {busy:.0%} |", flush=True)
        for match_id, token, _ in made:
            await stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                    metadata=bearer(token), timeout=10)
    finally:
        stop.set()
        for call in calls:
            call.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(c.close() for c in channels))


def main(argv: list[str] | None = None) -> int:
    """Every row on one service, pushed and polled alternately, and one table."""
    parser = argparse.ArgumentParser(prog="python -m bench.lobby")
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 clients, 4 s")
    args = parser.parse_args(argv)
    sizes = (100, 1000) if args.quick else (100, 1000, 5000)
    seconds, rate = (4.0, 10.0) if args.quick else (8.0, 10.0)
    print("| lobby | clients | tables opened/s | p50 ms | p99 ms | max ms | "
          "(table, client) pairs never seen | service CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    stack = Processes()
    try:
        redis_url = start_private_redis(stack, durable=False)
        service = start_match_service(redis_url, stack, env=LIMITS, label="lobby")
        for watchers in sizes:
            for mode in ("push", "poll"):
                asyncio.run(measure(service.port, service.pid, mode, watchers, rate, seconds))
    finally:
        stack.stop()
    print(f"\nOne match service and its own Redis (no persistence); the clients in this "
          f"process, {STREAMS_PER_CONNECTION} to a connection; a creator opening {rate:g} 3-player "
          f"VIVO tables a second for {seconds:g} s per row; CPU: the share of one core the "
          "service used meanwhile.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
