"""Bot seats played by a real Celery worker (prefork, two pool processes) against a real match
service: each decision reads only the events logged since that process's last read for the
seat, and the policy gets exactly the events a read of the whole log gives (the worker logs
each read, with a digest of what it handed the policy, at DEBUG)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server
from support.redis_server import RedisServer

from cardroom.services.bot.turns import events_digest
from cardroom.services.match.server import MatchServer
from cardroom.shared.client import MatchClient
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import WorkerProcess, start_worker

BOT_TOKEN = "bot-token-for-incremental-worker-tests"
READ = "seat events read"


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 14 of the session's Redis, emptied once: this module's matches and broker."""
    url = redis_server.empty_database(14)
    return url


@pytest.fixture(scope="module")
def match(redis_db: str) -> Iterator[MatchServer]:
    """A match-service replica that knows the bot credential."""
    with match_server(redis_db, bot_token=BOT_TOKEN, timer_interval_s=0.05) as server:
        yield server


@pytest.fixture(scope="module")
def worker(redis_db: str, match: MatchServer) -> Iterator[WorkerProcess]:
    """One worker with two pool processes, logging each read of a seat's events."""
    process = start_worker({
        "REDIS_URL": redis_db, "CELERY_BROKER_URL": redis_db, "BOT_TOKEN": BOT_TOKEN,
        "MATCH_ADDR": f"127.0.0.1:{match.port}", "LOG_LEVEL": "DEBUG"},
        concurrency=2, hostname="incremental@%h")
    yield process
    process.stop()


def play(client: Client, game: str, policies: list[str], seed: int) -> str:
    """A match of bot seats only, played to its end; its id."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=p, strength=int(p == "ismcts"))
             for p in policies]
    match_id = str(client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=len(seats), seats=seats, seed=seed,
        ), timeout=10).match_id)
    deadline = time.monotonic() + 120
    while client.view(match_id).status == pb.MATCH_STATUS_ACTIVE:
        assert time.monotonic() < deadline, "the match did not end in time"
        time.sleep(0.05)
    assert client.view(match_id).status == pb.MATCH_STATUS_FINISHED
    return match_id


def reads_of(worker: WorkerProcess, match_id: str) -> list[dict[str, Any]]:
    """The worker's logged reads of the match's events, in the order they happened."""
    return [r for r in worker.log() if r.get("message") == READ and r["match_id"] == match_id]


@pytest.mark.parametrize(("game", "policies"), [
    ("livemix", ["heuristic"] * 4),
    ("vivo", ["heuristic", "ismcts", "heuristic"]),
])
def test_a_worker_reads_only_new_events_and_its_policies_get_the_whole_logs(
        match: MatchServer, worker: WorkerProcess, game: str, policies: list[str]) -> None:
    with channel_to(match.port) as channel:
        match_id = play(Client(channel), game, policies, seed=41)
        reader = MatchClient(channel)
        logs = {seat: [(e.seq, e.data) for e in reader.events(match_id, BOT_TOKEN, seat=seat)]
                for seat in range(len(policies))}
    plays = sum(1 for log in logs.values() for _, e in log if e["type"] == "play")
    deadline = time.monotonic() + 10  # the log lines arrive through a pipe: let them land
    while len(reads := reads_of(worker, match_id)) < plays and time.monotonic() < deadline:
        time.sleep(0.05)
    cursors: dict[tuple[int, int], int] = {}
    for read in reads:
        log = logs[read["seat"]]
        given = [event for seq, event in log if seq <= read["until"]]
        assert read["digest"] == events_digest(given) and read["given"] == len(given)
        # Only what this process had not read yet for the seat came over the wire.
        key = (read["pid"], read["seat"])
        assert read["start"] == cursors.get(key, 0)
        assert read["fetched"] == len([s for s, _ in log if read["start"] < s <= read["cursor"]])
        cursors[key] = read["cursor"]
    for seat, log in logs.items():
        own = [e for _, e in log if e["type"] == "play" and e["seat"] == seat]
        seat_reads = [r for r in reads if r["seat"] == seat]
        assert seat_reads and own
        if policies[seat] == "heuristic":  # a search makes a forced move without reading
            assert len(seat_reads) >= len(own)  # every decision read the seat's events
        processes = {r["pid"] for r in seat_reads}
        # Each process read each event of the seat at most once.
        assert sum(r["fetched"] for r in seat_reads) <= len(processes) * len(log)
        assert sum(r["given"] for r in seat_reads) > 3 * len(log)  # a whole read per decision
