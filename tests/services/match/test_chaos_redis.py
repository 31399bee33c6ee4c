"""Redis killed (SIGKILL) and restarted under a running match service (a real process).

Players keep moving through two Redis process crashes and no acknowledged move is lost or
applied twice. While Redis is down every call fails at once with UNAVAILABLE and health says
NOT_SERVING; when it is back the replica serves again by itself, and retries with the same
request_id apply each move exactly once. A SIGKILL of the process loses nothing that reached
the kernel, so this holds for any appendfsync setting with the append-only file on (it runs
in the strict mode, MATCH_DURABILITY=always on appendfsync always); what the strict mode adds,
surviving the loss of the host, is shown by tests/services/match/test_chaos_power_loss.py.
A Redis that keeps less than the mode asks is refused, and without persistence a restart
loses the match: the check above would see it. A hung Redis (SIGSTOP) fails calls within
MATCH_REDIS_TIMEOUT. Bots finish their match across a crash.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import until_answered
from support.match_client import mover
from support.match_fixtures import with_store

from bench.load import tasks_left
from cardroom.services.match.repo import MatchRepo, Snapshot
from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer as _auth
from deploy.launch.process import ServiceProcess, health
from deploy.launch.redis import RedisProcess
from deploy.launch.worker import start_worker

ADMIN = "admin-token-for-redis-chaos"
BOT_TOKEN = "bot-token-for-redis-chaos"
SERVING, NOT_SERVING = 1, 2
Code = grpc.StatusCode
#: Channel options: reconnect quickly once the service is back.
FAST = [("grpc.initial_reconnect_backoff_ms", 50), ("grpc.max_reconnect_backoff_ms", 200)]


def _env(store: RedisProcess, durability: str, **extra: str) -> dict[str, str]:
    return {"REDIS_URL": store.url, "CELERY_BROKER_URL": store.url, "ADMIN_TOKEN": ADMIN,
            "BOT_TOKEN": BOT_TOKEN, "MATCH_DURABILITY": durability, "LOG_LEVEL": "INFO",
            "MATCH_HEALTH_INTERVAL": "0.1", "MATCH_REDIS_TIMEOUT": "0.5",
            "MATCH_TIMER_INTERVAL": "0.05", **extra}


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[tuple[RedisProcess, ServiceProcess]]:
    """Redis fsyncing every write, and a match service that requires it."""
    store = RedisProcess(appendonly=True, appendfsync="always")
    store.start()
    replica = ServiceProcess("cardroom.services.match", _env(store, "always"),
                             tmp_path / "match.log")
    try:
        replica.start()
        yield store, replica
    finally:
        replica.stop()
        store.stop()


def _stub(replica: ServiceProcess) -> tuple[grpc.Channel, Any]:
    channel = grpc.insecure_channel(replica.address, options=FAST)
    return channel, match_pb2_grpc.MatchServiceStub(channel)


def _wait_health(replica: ServiceProcess, wanted: int, timeout: float = 10.0) -> float:
    """Seconds until the replica reports `wanted`."""
    started = time.monotonic()
    while health(replica.address) != wanted:
        assert time.monotonic() - started < timeout, f"health never became {wanted}"
        time.sleep(0.02)
    return time.monotonic() - started


class Player(threading.Thread):
    """Plays VIVO matches one after another (every seat, one move at a time), retrying each
    call while the service is unavailable, each move with its same request_id; records
    every acknowledged move, per match."""

    def __init__(self, stub: Any, seed: int) -> None:
        super().__init__(daemon=True)
        self.stub = stub
        self.seed = seed
        self.acked: dict[str, list[tuple[int, int, str]]] = {}  # (version, seat, action)
        self.unavailable = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            created = self._answer(lambda: self.stub.CreateMatch(pb.CreateMatchRequest(
                game=common_pb2.GAME_VIVO, players=3, seed=self.seed), timeout=5))
            self.seed += 100
            tokens = {t.seat: t.token for t in created.tokens}
            self.acked[created.match_id] = []
            while not self.stop.is_set() and self._move(created.match_id, tokens):
                pass

    def _move(self, match_id: str, tokens: dict[int, str]) -> bool:
        """Play the next move; False once the match is over."""
        request = pb.GetMatchRequest(match_id=match_id)
        view = self._answer(lambda: self.stub.GetMatch(request, timeout=5).match)
        if view.status != pb.MATCH_STATUS_ACTIVE:
            return False
        auth = _auth(tokens[mover(view)])
        mine = self._answer(lambda: self.stub.GetMatch(request, metadata=auth, timeout=5).match)
        move = pb.SubmitMoveRequest(match_id=match_id, action=mine.legal_moves[0],
                                    expected_version=mine.version,
                                    request_id=f"move-{mine.version}")
        done = self._answer(lambda: self.stub.SubmitMove(move, metadata=auth, timeout=5))
        self.acked[match_id].append((done.version, mine.seat, move.action))
        return True

    def _answer(self, call: Callable[[], Any]) -> Any:
        while True:
            try:
                return call()
            except grpc.RpcError as error:
                if error.code() != Code.UNAVAILABLE:
                    raise
                self.unavailable += 1
                time.sleep(0.02)


def _outage(store: RedisProcess, replica: ServiceProcess, stub: Any, match_id: str
            ) -> dict[str, float]:
    """Kill Redis, check the replica fails fast and reports NOT_SERVING, restart Redis and
    time the replica's recovery."""
    store.kill()
    started = time.monotonic()
    with pytest.raises(grpc.RpcError) as caught:
        stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5)
    failed_in = time.monotonic() - started
    assert caught.value.code() == Code.UNAVAILABLE
    _wait_health(replica, NOT_SERVING)
    not_serving_in = time.monotonic() - started
    time.sleep(0.3)
    store.start()
    serving_in = _wait_health(replica, SERVING)
    return {"failed_in": failed_in, "not_serving_in": not_serving_in, "serving_in": serving_in}


def test_chaos_redis_process_killed_twice_loses_no_acknowledged_move(
        strict: tuple[RedisProcess, ServiceProcess]) -> None:
    store, replica = strict
    channel, stub = _stub(replica)
    players = [Player(stub, seed) for seed in (1, 2, 3)]
    for player in players:
        player.start()
    times = []
    for _ in range(2):
        time.sleep(0.8)
        times.append(_outage(store, replica, stub, "0" * 28))
    time.sleep(0.8)
    for player in players:
        player.stop.set()
        player.join(30)
    async def stored(repo: MatchRepo) -> dict[str, tuple[list[dict[str, Any]], Snapshot | None]]:
        return {match_id: (await repo.actions(match_id), await repo.load(match_id))
                for player in players for match_id in player.acked}

    matches = with_store(store.url, stored)
    try:
        for player in players:
            for match_id, acked in player.acked.items():
                actions, snap = matches[match_id]
                assert snap is not None
                # Every acknowledged move is stored, once, where its version says.
                for version, seat, action in acked:
                    stored = actions[version - 2]
                    assert (stored["seat"], stored["action"]) == (seat, action)
                assert len(actions) == snap.version - 1
                assert not acked or acked[-1][0] == snap.version
    finally:
        channel.close()
    assert sum(p.unavailable for p in players) > 0  # they were playing through the outages
    assert sum(len(a) for p in players for a in p.acked.values()) > 100
    for outage in times:
        assert outage["failed_in"] < 0.5
        assert outage["not_serving_in"] < 1.0
        assert outage["serving_in"] < 2.0


def test_chaos_redis_hung_fails_calls_within_the_timeout_then_recovers(
        strict: tuple[RedisProcess, ServiceProcess]) -> None:
    store, replica = strict
    channel, stub = _stub(replica)
    created = stub.CreateMatch(pb.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3),
                               timeout=10)
    assert store.popen is not None
    os.kill(store.popen.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        with pytest.raises(grpc.RpcError) as caught:
            stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), timeout=10)
        # MATCH_REDIS_TIMEOUT 0.5 s per read and per reconnect, one retry: at most four
        # timeouts, well under the client's 10 s deadline.
        assert caught.value.code() == Code.UNAVAILABLE
        assert time.monotonic() - started < 4 * 0.5 + 0.5
        _wait_health(replica, NOT_SERVING)
    finally:
        os.kill(store.popen.pid, signal.SIGCONT)
    _wait_health(replica, SERVING)
    view = until_answered(lambda: stub.GetMatch(
        pb.GetMatchRequest(match_id=created.match_id), timeout=5).match)
    assert view.version == 1
    channel.close()


def test_chaos_redis_without_persistence_is_refused_in_strict_mode_and_loses_matches(
        tmp_path: Path) -> None:
    store = RedisProcess(appendonly=False)
    store.start()
    strict = ServiceProcess("cardroom.services.match", _env(store, "always"),
                            tmp_path / "strict.log")
    lax = ServiceProcess("cardroom.services.match", _env(store, "off"), tmp_path / "off.log")
    try:
        strict.start(serving=False)
        lax.start()
        assert health(strict.address) == NOT_SERVING and health(lax.address) == SERVING
        channel, stub = _stub(strict)
        request = pb.CreateMatchRequest(game=common_pb2.GAME_LIVEMIX, players=4, seed=5)
        with pytest.raises(grpc.RpcError) as caught:
            stub.CreateMatch(request, timeout=5)
        assert caught.value.code() == Code.UNAVAILABLE  # no write it could lose
        # The replica that does not ask for durability acknowledges a match a crash loses.
        lax_channel, lax_stub = _stub(lax)
        lost = lax_stub.CreateMatch(request, timeout=5).match_id
        store.kill()
        store.start()
        with pytest.raises(grpc.RpcError) as gone:
            until_answered(lambda: lax_stub.GetMatch(pb.GetMatchRequest(match_id=lost),
                                                      timeout=5))
        assert gone.value.code() == Code.NOT_FOUND
        # Turning the append-only file on (fsync always) brings the strict replica back.
        with redis.Redis.from_url(store.url) as client:
            client.config_set("appendonly", "yes")
            client.config_set("appendfsync", "always")
        _wait_health(strict, SERVING)
        assert stub.CreateMatch(request, timeout=5).match_id
        channel.close()
        lax_channel.close()
    finally:
        strict.stop()
        lax.stop()
        store.stop()


def test_chaos_redis_killed_three_times_mid_bot_match_the_bots_finish_it_promptly(
        tmp_path: Path) -> None:
    store = RedisProcess(appendonly=True, appendfsync="always")
    store.start()
    # MATCH_BOT_RETRY stays at its 120 s: the match must not need the periodic re-send.
    replica = ServiceProcess("cardroom.services.match", _env(store, "always"),
                             tmp_path / "match.log")
    worker = None
    try:
        replica.start()
        # A task delivered just before a crash may stay unacked (its ack went to a dead
        # Redis): it is delivered again after the visibility timeout, short here, and is
        # then a no-op.
        worker = start_worker({**_env(store, "always"), "MATCH_ADDR": replica.address,
                               "BOT_RETRY_BACKOFF": "1", "BOT_VISIBILITY_TIMEOUT": "2",
                               "BOT_RESTORE_INTERVAL": "0.5"}, concurrency=1, hostname="rc@%h")
        channel, stub = _stub(replica)
        seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")] * 3
        match_id = stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=3, seats=seats, seed=9), timeout=10).match_id

        def version() -> pb.MatchView:
            return until_answered(lambda: stub.GetMatch(
                pb.GetMatchRequest(match_id=match_id), timeout=5).match)

        for target in (6, 30, 55):  # three crashes at different points of the match
            deadline = time.monotonic() + 30
            while version().version < target:
                assert time.monotonic() < deadline, f"stuck before version {target}"
                time.sleep(0.005)
            store.kill()
            time.sleep(0.3)
            store.start()
        deadline = time.monotonic() + 30
        while (view := version()).status != pb.MATCH_STATUS_FINISHED:
            assert time.monotonic() < deadline, f"stuck at version {view.version}"
            time.sleep(0.05)
        replay = stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=5)
        assert len(replay.actions) == 72 == view.version - 1  # 2 rounds x 12 tricks x 3
        with store_client(store) as client:
            deadline = time.monotonic() + 15
            while tasks_left(client) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert tasks_left(client) == 0
        assert version().version == view.version  # the late deliveries changed nothing
        channel.close()
    finally:
        if worker is not None:
            worker.stop()
        replica.stop()
        store.stop()


def store_client(store: RedisProcess) -> redis.Redis:
    """A client of the test's Redis."""
    return redis.Redis.from_url(store.url, decode_responses=True)
