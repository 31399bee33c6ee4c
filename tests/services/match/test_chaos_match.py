"""The match service (`python -m cardroom.services.match`, a real process) killed with SIGKILL
in the middle of matches and restarted on its port: every match continues from its last
acknowledged move, and a client retrying a move with the same request_id sees it applied
exactly once, wherever the kill landed: before the service read the call (it is frozen with
SIGSTOP first, so the call waits in its socket), in the middle of it, or after the answer.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.grpc_servers import until_answered
from support.match_client import GAME_ENUM, mover
from support.match_fixtures import with_store
from support.redis_server import RedisServer

from bench.load import replay_problem
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import ServiceProcess

Code = grpc.StatusCode
FAST = [("grpc.initial_reconnect_backoff_ms", 50), ("grpc.max_reconnect_backoff_ms", 200)]


@pytest.fixture
def replica(redis_server: RedisServer, tmp_path: Path) -> Iterator[ServiceProcess]:
    """A match-service process on database 5 of the session's Redis (emptied)."""
    url = redis_server.url.rsplit("/", 1)[0] + "/5"
    with redis_server.client() as client:
        client.execute_command("SELECT", 5)
        client.flushdb()
    process = ServiceProcess("cardroom.services.match", {
        "REDIS_URL": url, "CELERY_BROKER_URL": url, "LOG_LEVEL": "INFO",
        "ADMIN_TOKEN": "admin-token-for-match-chaos"}, tmp_path / "match.log")
    process.start()
    yield process
    process.stop()


class Table:
    """Human players of one trick-taking match, through one channel."""

    def __init__(self, stub: Any, game: str, players: int, seed: int) -> None:
        self.stub = stub
        created = stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM[game], players=players, seed=seed),
            timeout=10)
        self.match_id = created.match_id
        self.tokens = {t.seat: t.token for t in created.tokens}
        self.acked: list[int] = []  # versions of acknowledged moves

    def next_move(self) -> tuple[pb.SubmitMoveRequest, list[tuple[str, str]]] | None:
        """The next move (request and its credential), None once the match is over."""
        public = until_answered(lambda: self.stub.GetMatch(
            pb.GetMatchRequest(match_id=self.match_id), timeout=5).match)
        if public.status != pb.MATCH_STATUS_ACTIVE:
            return None
        auth = bearer(self.tokens[mover(public)])
        view = until_answered(lambda: self.stub.GetMatch(
            pb.GetMatchRequest(match_id=self.match_id), metadata=auth, timeout=5).match)
        return pb.SubmitMoveRequest(match_id=self.match_id, action=view.legal_moves[0],
                                    expected_version=view.version,
                                    request_id=f"move-{view.version}"), auth

    def play(self, moves: int) -> None:
        """Play `moves` moves (fewer if the match ends)."""
        for _ in range(moves):
            move = self.next_move()
            if move is None:
                return
            request, auth = move
            done = until_answered(partial(self.stub.SubmitMove, request, metadata=auth, timeout=5))
            self.acked.append(done.version)


def _actions(url: str, match_id: str) -> int:
    return len(with_store(url, lambda repo: repo.actions(match_id)))


def _thread_states(pid: int) -> list[str]:
    """The scheduler state letter of every thread of `pid` (field 3 of each stat file)."""
    states = []
    for stat in Path(f"/proc/{pid}/task").glob("*/stat"):
        try:
            text = stat.read_text()
        except FileNotFoundError:  # a thread that ended since the listing
            continue
        states.append(text.rsplit(")", 1)[1].split()[0])
    return states


def _stop(pid: int, timeout: float = 5.0) -> None:
    """SIGSTOP `pid` and return once every one of its threads is stopped.

    The signal is delivered asynchronously: a call sent right after kill() can still be read
    (and applied) by a thread that has not stopped yet."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.monotonic() + timeout
    while True:
        states = _thread_states(pid)
        if states and all(state == "T" for state in states):
            return
        assert time.monotonic() < deadline, f"process {pid} did not stop"
        time.sleep(0.001)


def _kill_and_restart(replica: ServiceProcess, when: str,
                      send: Callable[[], grpc.Future]) -> grpc.Future:
    """Send a move and SIGKILL the service: before it reads the call, just after it was sent
    (wherever it got to), or once it answered; then restart it on its port."""
    assert replica.popen is not None
    if when == "before":
        _stop(replica.popen.pid)
        pending = send()  # waits unread in the socket
        time.sleep(0.05)
    elif when == "during":
        pending = send()
        time.sleep(random.uniform(0, 0.004))
    else:
        pending = send()
        pending.result(timeout=10)
    replica.kill()
    replica.start()
    return pending


@pytest.mark.parametrize("when", ["before", "during", "after"])
def test_chaos_match_sigkill_then_a_retry_with_the_same_request_id_applies_once(
        replica: ServiceProcess, redis_server: RedisServer, when: str) -> None:
    url = replica.env["REDIS_URL"]
    with grpc.insecure_channel(replica.address, options=FAST) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        tables = [Table(stub, "livemix", 4, 3), Table(stub, "vivo", 3, 4)]
        for table in tables:
            table.play(5)
        for round_ in range(3):
            table = tables[round_ % 2]
            move = table.next_move()
            assert move is not None
            request, auth = move
            before = _actions(url, table.match_id)
            first = _kill_and_restart(replica, when, partial(
                stub.SubmitMove.future, request, metadata=auth, timeout=10))
            answered = first.exception() is None
            if when == "before":
                assert not answered  # the process died without reading it
            if when == "after":
                assert answered
            retry = until_answered(partial(stub.SubmitMove, request, metadata=auth, timeout=5))
            assert retry.version == request.expected_version + 1
            if when == "after":
                assert retry.duplicate and retry.version == first.result().version
                assert list(retry.events) == list(first.result().events)
            if when == "before":
                assert not retry.duplicate  # applied by the retry, the first time
            assert _actions(url, table.match_id) == before + 1
            table.acked.append(retry.version)
        # Every match goes on from its last acknowledged move to its end.
        for table in tables:
            view = stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id), timeout=5).match
            assert view.version == table.acked[-1]
            table.play(500)
            replay = stub.GetReplay(pb.GetReplayRequest(match_id=table.match_id), timeout=10)
            assert replay_problem(replay) is None
            assert len(replay.actions) == table.acked[-1] - 1
