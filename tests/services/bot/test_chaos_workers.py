"""Every bot worker down: bot matches wait, the queue depth the dashboards read
(prometheus-redis-exporter's redis_key_size of the bot queue) shows the waiting tasks, and
the matches resume and finish, each move made once, when a worker starts.

A worker SIGKILLed in the middle of a task (the pool process alone, or the whole worker)
is tests/services/bot/test_bot_crash.py: the bot's move is still made, once.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from support.grpc_servers import channel_to, sample
from support.match_client import GAME_ENUM, Client, match_server, queued_tasks
from support.needs import missing
from support.redis_server import RedisServer, free_port

from bench.load import replay_problem, tasks_left
from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE
from deploy.launch.worker import start_worker

BOT_TOKEN = "bot-token-for-worker-chaos"
DB = 7


@pytest.fixture
def redis_db(redis_server: RedisServer) -> str:
    """Database 7 of the session's Redis, emptied: matches and broker."""
    with redis_server.client() as client:
        client.execute_command("SELECT", DB)
        client.flushdb()
    return redis_server.url.rsplit("/", 1)[0] + f"/{DB}"


@pytest.fixture
def match(redis_db: str) -> Iterator[MatchServer]:
    """A match-service replica that sends an unanswered bot task again after 1 s."""
    with match_server(redis_db, bot_token=BOT_TOKEN, timer_interval_s=0.05,
                      bot_retry_s=1.0) as server:
        yield server


@pytest.fixture
def exporter(redis_db: str) -> Iterator[int]:
    """prometheus-redis-exporter watching the bot queue's length; its port."""
    binary = shutil.which("prometheus-redis-exporter")
    if binary is None:
        missing("prometheus-redis-exporter not installed (apt-get install "
                    "prometheus-redis-exporter): the worker chaos test did NOT run")
    port = free_port()
    address = redis_db.rsplit("/", 1)[0]
    process = subprocess.Popen(
        [binary, f"--redis.addr={address}", f"--check-single-keys=db{DB}={DEFAULT_QUEUE}",
         f"--web.listen-address=127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while _queue_depth(port) is None:
        assert time.monotonic() < deadline, "the exporter did not answer"
        time.sleep(0.05)
    yield port
    process.terminate()
    process.wait(10)


def _queue_depth(port: int) -> float | None:
    """redis_key_size of the bot queue, as the dashboards read it (None: not answering)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as reply:
            text = reply.read().decode()
    except OSError:
        return None
    return sample(text, "redis_key_size", db=f"db{DB}", key=DEFAULT_QUEUE) or 0.0


def _bots(players: int) -> list[Any]:
    return [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")] * players


def test_chaos_workers_all_down_matches_wait_queue_depth_shows_it_then_they_resume(
        match: MatchServer, redis_db: str, exporter: int) -> None:
    with channel_to(match.port) as channel:
        client = Client(channel)
        ids = [client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM[game], players=players, seats=_bots(players), seed=seed),
            timeout=10).match_id
            for seed, (game, players) in enumerate([("vivo", 3), ("livemix", 4), ("vivo", 3)])]
        time.sleep(2.5)  # no worker: nothing moves, and the service sends each task again
        assert [client.view(m).version for m in ids] == [1, 1, 1]
        waiting = queued_tasks(redis_db, DEFAULT_QUEUE)
        assert {t["args"][0] for t in waiting} == set(ids)
        assert all(t["args"][2] == 1 for t in waiting)  # all for version 1: repeats
        assert len(waiting) >= 6
        assert _queue_depth(exporter) == len(waiting)
        worker = start_worker({"REDIS_URL": redis_db, "CELERY_BROKER_URL": redis_db,
                               "BOT_TOKEN": BOT_TOKEN, "MATCH_ADDR": f"127.0.0.1:{match.port}"},
                              concurrency=2, hostname="late@%h")
        try:
            deadline = time.monotonic() + 60
            while any(client.view(m).status != pb.MATCH_STATUS_FINISHED for m in ids):
                assert time.monotonic() < deadline, "the matches did not resume"
                time.sleep(0.1)
            with redis.Redis.from_url(redis_db, decode_responses=True) as redis_client:
                deadline = time.monotonic() + 10
                while tasks_left(redis_client) and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert tasks_left(redis_client) == 0
            assert _queue_depth(exporter) == 0
            # Each move was made once (one action per version, a record the engine replays):
            # the repeated tasks for version 1 were no-ops.
            for match_id in ids:
                replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id),
                                               timeout=10)
                assert replay_problem(replay) is None
                assert len(replay.actions) == client.view(match_id).version - 1
                # Played to its end by the bots' moves: no seat resigned, timed out or left.
                kinds = [event.type for event in replay.events]
                assert replay.status == pb.MATCH_STATUS_FINISHED and kinds[-1] == "match_over"
                assert not {"resigned", "clock_expired", "abandoned"} & set(kinds)
        finally:
            worker.stop()
