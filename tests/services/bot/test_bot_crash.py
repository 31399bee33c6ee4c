"""A worker killed with SIGKILL in the middle of a bot task: the move is still made, once;
and a match service that cannot be reached: the task is retried with backoff until it can.

The worker under test reaches the match service through a proxy that holds every byte
until released, so the test knows the task is under way (its GetMatch call is in the
proxy) when it kills. Two crashes: the pool process alone dies (the worker requeues the
task at once: acks_late + reject_on_worker_lost), and the whole worker dies (the task
stays unacknowledged on the broker until another worker restores it after the visibility
timeout, set short here, on Redis; RabbitMQ requeues it as soon as the dead worker's
connection closes), and five workers killed one after another in the middle of the same
task. Every test runs on both brokers: Redis and the machine's RabbitMQ.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from support.brokers import BROKERS, BotBroker, bot_broker
from support.grpc_servers import channel_to, sample, scrape
from support.match_client import GAME_ENUM, Client, match_server
from support.match_fixtures import with_store
from support.redis_server import RedisServer, free_port

from cardroom.services.match.server import MatchServer
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import WorkerProcess, start_worker

BOT_TOKEN = "bot-token-for-crash-tests"
SEED = 17


class HoldingProxy:
    """A TCP proxy to a local port that reads what clients send but forwards nothing until
    released; it counts the bytes clients sent."""

    def __init__(self, target: int, port: int = 0) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", port))
        self.port = int(self.listener.getsockname()[1])
        self.released = threading.Event()
        self.received = 0
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False),
                             daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, held: bool) -> None:
        try:
            while data := source.recv(65536):
                if held:
                    self.received += len(data)
                    self.released.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        """Stop accepting and drop every connection."""
        self.released.set()
        self.listener.close()
        for sock in self.sockets:
            sock.close()


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 3 of the session's Redis, emptied: this module's matches and broker."""
    url = redis_server.url.rsplit("/", 1)[0] + "/3"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture(scope="module", params=BROKERS)
def broker(request: pytest.FixtureRequest, redis_db: str) -> Iterator[BotBroker]:
    """The bot tasks' broker: Redis, then RabbitMQ (skipped when not reachable)."""
    with bot_broker(request.param, redis_db) as made:
        yield made


@pytest.fixture(scope="module")
def match(broker: BotBroker) -> Iterator[MatchServer]:
    """A match-service replica that knows the bot credential."""
    with match_server(broker.redis_url, bot_token=BOT_TOKEN, **broker.match_changes()
                      ) as server:
        yield server


@pytest.fixture
def proxy(match: MatchServer) -> Iterator[HoldingProxy]:
    """A held proxy in front of the match service."""
    held = HoldingProxy(match.port)
    yield held
    held.close()


def _env(broker: BotBroker, match_port: int, **extra: str) -> dict[str, str]:
    return {**broker.worker_env(), "BOT_TOKEN": BOT_TOKEN,
            "MATCH_ADDR": f"127.0.0.1:{match_port}", "BOT_RPC_TIMEOUT": "60", **extra}


def _start(broker: BotBroker, match_port: int, hostname: str, **extra: str) -> WorkerProcess:
    return start_worker(_env(broker, match_port, **extra), broker.queues, concurrency=1,
                        hostname=hostname)


def _first_player() -> int:
    state = registry.new_game("vivo", registry.make_config("vivo", {"players": 3}), seed=SEED)
    seat = state.current_player()
    assert seat is not None
    return seat


def _bot_to_move_first(client: Client) -> tuple[str, int]:
    """A VIVO match whose first player is a random bot and whose other seats are human."""
    first = _first_player()
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random") if s == first
             else pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN) for s in range(3)]
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, seats=seats, seed=SEED), timeout=10)
    return created.match_id, first


def _wait(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout}s"
        time.sleep(0.02)


def _pool_children(worker: WorkerProcess) -> list[int]:
    """The pids of the worker's pool processes."""
    pid = worker.popen.pid
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def _assert_moved_once(client: Client, broker: BotBroker, match_id: str, seat: int,
                       worker: WorkerProcess) -> None:
    """The bot moved once, and no delivery of its task is left that could move again."""
    redis_url = broker.redis_url
    _wait(lambda: client.view(match_id).version >= 2, 30, "the bot's move")
    # Once the broker holds no copy of the task, queued or delivered but unacknowledged,
    # nothing can apply it again: every delivery has run to its end.
    _wait(lambda: broker.waiting() == 0, 30, "every delivery of the task ending")
    _wait(lambda: _count(worker, "moved") >= 1, 10, "the worker counting its move")
    assert _count(worker, "moved") == 1
    if broker.rabbit is not None:
        # RabbitMQ shows no unacknowledged copies; with the worker stopped (warm: what it
        # runs ends and is acknowledged) any copy would be queued again, and none is.
        worker.stop()
        assert broker.rabbit.consumers() == 0 and broker.waiting() == 0
    view = client.view(match_id)
    assert view.version == 2 and list(view.acting_seats) != [seat]
    actions = with_store(redis_url, lambda repo: repo.actions(match_id))
    assert [a["seat"] for a in actions] == [seat]
    plays = [e for e in _public_events(client, match_id) if e.type == "play"]
    assert len(plays) == 1


def _public_events(client: Client, match_id: str) -> list[pb.MatchEvent]:
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, no_follow=True),
                                    timeout=10)
    return [item.event for item in stream]


def test_sigkill_of_the_pool_process_mid_task_requeues_it_and_moves_once(
        match: MatchServer, proxy: HoldingProxy, broker: BotBroker) -> None:
    worker = _start(broker, proxy.port, "victim1@%h")
    try:
        with channel_to(match.port) as channel:
            client = Client(channel)
            match_id, seat = _bot_to_move_first(client)
            _wait(lambda: proxy.received > 0, 30, "the task's call to the match service")
            [child] = _pool_children(worker)
            os.kill(child, signal.SIGKILL)
            _wait(lambda: child not in _pool_children(worker), 10, "the pool process's end")
            proxy.released.set()
            _assert_moved_once(client, broker, match_id, seat, worker)
    finally:
        worker.stop()


def test_sigkill_of_the_whole_worker_mid_task_another_worker_moves_once(
        match: MatchServer, proxy: HoldingProxy, broker: BotBroker) -> None:
    victim = _start(broker, proxy.port, "victim2@%h")
    rescuer = None
    try:
        with channel_to(match.port) as channel:
            client = Client(channel)
            match_id, seat = _bot_to_move_first(client)
            _wait(lambda: proxy.received > 0, 30, "the task's call to the match service")
            victim.kill()
            proxy.released.set()
            assert client.view(match_id).version == 1  # the task died before its move
            if broker.rabbit is None:
                rescuer = _start(broker, match.port, "rescuer@%h", BOT_VISIBILITY_TIMEOUT="1",
                                 BOT_RESTORE_INTERVAL="0.5")
            else:
                # RabbitMQ requeued the task when the dead worker's connection closed.
                _wait(lambda: broker.waiting() == 1, 10, "the task queued again")
                rescuer = _start(broker, match.port, "rescuer@%h")
            _assert_moved_once(client, broker, match_id, seat, rescuer)
    finally:
        victim.stop()
        if rescuer is not None:
            rescuer.stop()


#: Workers killed in a row, each in the middle of the same task.
KILLS_IN_A_ROW = 5


def test_workers_sigkilled_one_after_another_mid_task_the_move_is_made_once(
        match: MatchServer, broker: BotBroker) -> None:
    # On Redis each victim restores the task its predecessor left unacknowledged after 1 s;
    # on RabbitMQ the broker requeues it when the victim's connection closes.
    fast_restore = {"BOT_VISIBILITY_TIMEOUT": "1", "BOT_RESTORE_INTERVAL": "0.5"}
    rescuer = None
    with channel_to(match.port) as channel:
        client = Client(channel)
        match_id, seat = _bot_to_move_first(client)
        for round_ in range(KILLS_IN_A_ROW):
            held = HoldingProxy(match.port)
            victim = _start(broker, held.port, f"victim-row{round_}@%h", **fast_restore)
            try:
                _wait(lambda held=held: held.received > 0, 30,
                      "the task's call to the match service")
                victim.kill()
            finally:
                victim.stop()
                held.close()
            assert client.view(match_id).version == 1  # every victim died before its move
        try:
            rescuer = _start(broker, match.port, "rescuer-row@%h", **fast_restore)
            _assert_moved_once(client, broker, match_id, seat, rescuer)
        finally:
            if rescuer is not None:
                rescuer.stop()


def test_an_unavailable_match_service_is_retried_with_backoff_until_it_answers(
        match: MatchServer, broker: BotBroker) -> None:
    port = free_port()
    worker = _start(broker, port, "patient@%h", BOT_RPC_TIMEOUT="2", BOT_RETRY_BACKOFF="1")
    proxy = None
    try:
        with channel_to(match.port) as channel:
            client = Client(channel)
            match_id, seat = _bot_to_move_first(client)
            _wait(lambda: _count(worker, "retried") >= 1, 30, "a retry")
            assert client.view(match_id).version == 1
            proxy = HoldingProxy(match.port, port)
            proxy.released.set()
            _assert_moved_once(client, broker, match_id, seat, worker)
    finally:
        worker.stop()
        if proxy is not None:
            proxy.close()


def _count(worker: WorkerProcess, outcome: str) -> float:
    return sample(scrape(worker.metrics_port), "cardroom_bot_worker_tasks_total",
                  task="cardroom.bots.take_turn", outcome=outcome) or 0.0
