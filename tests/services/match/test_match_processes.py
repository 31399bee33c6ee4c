"""MATCH_PROCESSES=2, a real `python -m cardroom.services.match`: two processes serve one
port and one /metrics; one of them killed mid-play leaves the other serving with no
acknowledged move lost, and the supervisor starts it again; SIGTERM stops them all, and a
supervisor killed takes its processes with it."""

from __future__ import annotations

import os
import random
import signal
import time
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import grpc
import pytest
from support.client_stack import fresh_db
from support.grpc_servers import until_answered
from support.match_client import GAME_ENUM, mover
from support.redis_server import RedisServer

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import SERVING, ServiceProcess, health

#: Channel arguments: a connection of its own (not shared with other channels to the port,
#: so each lands on a process of the kernel's choice) and quick reconnects.
OWN = [("grpc.use_local_subchannel_pool", 1), ("grpc.initial_reconnect_backoff_ms", 50),
       ("grpc.max_reconnect_backoff_ms", 200)]


@pytest.fixture
def replica(redis_server: RedisServer, tmp_path: Path) -> Iterator[ServiceProcess]:
    """A replica of two processes on database 14 of the session's Redis (emptied)."""
    url = fresh_db(redis_server.url, 14)
    process = ServiceProcess("cardroom.services.match", {
        "REDIS_URL": url, "CELERY_BROKER_URL": url, "LOG_LEVEL": "INFO",
        "MATCH_PROCESSES": "2"}, tmp_path / "match.log")
    process.start()
    yield process
    process.stop()


def pids(replica: ServiceProcess) -> list[int]:
    """The processes the supervisor runs now, by its log."""
    started = [r for r in replica.records() if "pids" in r]
    now = list(started[-1]["pids"])
    for record in replica.records():
        if "replaced" in record:
            now[now.index(record["replaced"])] = record["replacement"]
    return now


def metric(port: int, name: str) -> float:
    """The sum of every series of `name` on the /metrics at `port`."""
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name) and not line.startswith("#"))


def test_two_processes_serve_one_port_and_one_metrics_endpoint(
        replica: ServiceProcess) -> None:
    assert len(set(pids(replica))) == 2 and replica.popen is not None
    assert replica.popen.pid not in pids(replica)
    channels = [grpc.insecure_channel(replica.address, options=OWN) for _ in range(12)]
    try:
        for channel in channels:
            match_pb2_grpc.MatchServiceStub(channel).CreateMatch(pb.CreateMatchRequest(
                game=GAME_ENUM["vivo"], players=3), timeout=10)
    finally:
        for channel in channels:
            channel.close()
    # Both processes' counts, merged by the supervisor's one endpoint.
    assert metric(replica.metrics_port, "cardroom_matches_created_total") == 12
    assert metric(replica.metrics_port, 'grpc_server_handled_total{grpc_code="OK",'
                  'grpc_method="CreateMatch"') == 12
    assert metric(replica.metrics_port, "cardroom_serving") == 1  # every process serves


def test_a_process_killed_mid_play_leaves_the_other_serving_and_comes_back(
        replica: ServiceProcess) -> None:
    rng = random.Random(3)
    channel = grpc.insecure_channel(replica.address, options=OWN)
    stub = match_pb2_grpc.MatchServiceStub(channel)
    created = stub.CreateMatch(pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3,
                                                     seed=5), timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    # Each first process is killed in turn (the second once the first one's successor
    # serves), so the one behind this client's connection is killed whichever it was.
    acknowledged, victims = 0, pids(replica)
    public = pb.GetMatchRequest(match_id=created.match_id)
    for move in range(30):
        if move == 20:
            wait_for(lambda: victims[0] not in pids(replica) and len(set(pids(replica))) == 2,
                     "the first process killed was not started again")
        if move in (10, 20):
            os.kill(victims[move // 10 - 1], signal.SIGKILL)
        seat = mover(until_answered(partial(stub.GetMatch, public, timeout=10)).match)
        mine = until_answered(partial(stub.GetMatch, public, metadata=bearer(tokens[seat]),
                                timeout=10)).match
        card = rng.choice(list(mine.legal_moves))
        request = pb.SubmitMoveRequest(match_id=created.match_id, vivo=pb.VivoMove(card=card),
                                       expected_version=mine.version,
                                       request_id=f"move-{mine.version}")
        until_answered(partial(stub.SubmitMove, request, metadata=bearer(tokens[seat]), timeout=10))
        acknowledged += 1
    final = until_answered(partial(stub.GetMatch, public, timeout=10)).match
    channel.close()
    assert final.version == created.version + acknowledged  # each move once, none lost
    wait_for(lambda: not set(pids(replica)) & set(victims) and len(set(pids(replica))) == 2,
             "the supervisor did not start the processes again")
    assert health(replica.address) == SERVING
    assert replica.popen is not None and replica.popen.poll() is None


def test_sigterm_stops_every_process_and_a_killed_supervisor_takes_them_along(
        replica: ServiceProcess) -> None:
    first = pids(replica)
    assert replica.stop() == 0
    assert not any(_alive(pid) for pid in first)
    replica.start()
    second = pids(replica)
    assert replica.popen is not None
    os.kill(replica.popen.pid, signal.SIGKILL)
    replica.popen.wait(10)
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in second):
        assert time.monotonic() < deadline, "a process outlived its supervisor"
        time.sleep(0.05)


def test_a_replica_whose_processes_cannot_start_exits_with_their_status(
        tmp_path: Path) -> None:
    process = ServiceProcess("cardroom.services.match", {
        "REDIS_URL": "redis://127.0.0.1:1/0", "MATCH_PROCESSES": "2",
        "MATCH_REDIS_TIMEOUT": "0.5"}, tmp_path / "match.log")
    with pytest.raises(RuntimeError, match="did not start"):
        process.start(timeout=20)
    assert process.popen is not None and process.popen.returncode == 1
    assert "cannot reach Redis" in process.log()


def wait_for(condition: Callable[[], bool], failure: str, timeout: float = 20.0) -> None:
    """Wait until `condition()` holds; fail with `failure` once `timeout` passes."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its parent) no longer serves.
    status = Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(") ")[-1][:1] != "Z"
