"""What each durability mode keeps when Redis' host loses power, not just its process.

A SIGKILL of redis-server loses no write that reached the kernel (the page cache survives
the process), so it cannot tell appendfsync settings apart. Here Redis runs with a small
LD_PRELOAD shim (tests/support/powerloss.c) that records how much of each append-only file
every fsync made durable; the "power cut" freezes Redis (SIGSTOP, so no fsync runs after the
test looked), kills it, and cuts each file back to what was fsynced, as a disk holds it
after the power comes back. Players play match after match until the cut; afterwards every
acknowledged write (a match's creation, each move) is looked up through GetMatch:

- MATCH_DURABILITY=always on appendfsync always: no acknowledged move is lost;
- MATCH_DURABILITY=everysec on appendfsync everysec (the production setting): the moves of
  the last moment before the cut are lost (the test cuts while some are not fsynced yet),
  none acknowledged more than EVERYSEC_WINDOW seconds before it;
- MATCH_DURABILITY=off on appendfsync no: every move since Redis started is lost.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.match_client import mover
from support.paths import TESTS

from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import ServiceProcess, health
from deploy.launch.redis import RedisProcess

SHIM = TESTS / "support" / "powerloss.c"
SERVING = 1
#: everysec fsyncs once a second in a background thread, and may put an fsync off up to
#: two seconds while the previous one is still running; a margin on top.
EVERYSEC_WINDOW = 3.0


@pytest.fixture(scope="module")
def shim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The power-loss shim, compiled for this machine."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build tests/support/powerloss.c"
    library = tmp_path_factory.mktemp("powerloss") / "libpowerloss.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(SHIM),
                    "-ldl"], check=True)
    return library


class Mover(threading.Thread):
    """Plays VIVO matches one after another, every seat in turn, until told to stop or a
    call fails; keeps the version and time of every acknowledged move, per match."""

    def __init__(self, stub: Any, seed: int) -> None:
        super().__init__(daemon=True)
        self.stub = stub
        self.seed = seed
        self.acked: dict[str, list[tuple[int, float]]] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self._play(self.seed)
                self.seed += 100
        except grpc.RpcError:
            return  # Redis is gone: what was acknowledged so far is what counts

    def _play(self, seed: int) -> None:
        created = self.stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=3, seed=seed), timeout=5)
        match_id = created.match_id
        acked = self.acked[match_id] = [(1, time.monotonic())]
        tokens = {t.seat: t.token for t in created.tokens}
        request = pb.GetMatchRequest(match_id=match_id)
        while not self.stop.is_set():
            public = self.stub.GetMatch(request, timeout=5).match
            if public.status != pb.MATCH_STATUS_ACTIVE:
                return
            auth = bearer(tokens[mover(public)])
            view = self.stub.GetMatch(request, metadata=auth, timeout=5).match
            done = self.stub.SubmitMove(pb.SubmitMoveRequest(
                match_id=match_id, action=view.legal_moves[0],
                expected_version=view.version), metadata=auth, timeout=5)
            acked.append((done.version, time.monotonic()))


def _wait_stopped(pid: int) -> None:
    deadline = time.monotonic() + 5
    while True:
        states = [stat.read_text().rsplit(")", 1)[1].split()[0]
                  for stat in Path(f"/proc/{pid}/task").glob("*/stat")]
        if states and all(state == "T" for state in states):
            return
        assert time.monotonic() < deadline, "Redis did not stop"
        time.sleep(0.001)


def _unsynced(folder: Path) -> dict[Path, tuple[int, int]]:
    """Per incremental append-only file: (its size, the size its last fsync made durable)."""
    found = {}
    for aof in folder.glob("**/*.incr.aof"):
        record = aof.with_name(aof.name + ".synced")
        durable = int(record.read_text()) if record.exists() else 0
        found[aof] = (aof.stat().st_size, durable)
    return found


def _power_cut(store: RedisProcess, mode: str) -> float:
    """Freeze Redis, kill it and keep only what was fsynced; the time of the cut. Under
    everysec, cut only at a moment when some acknowledged write is not fsynced yet."""
    assert store.popen is not None
    pid = store.popen.pid
    for _ in range(200):
        os.kill(pid, signal.SIGSTOP)
        _wait_stopped(pid)
        files = _unsynced(Path(store.folder))
        if mode != "everysec" or any(size > durable for size, durable in files.values()):
            break
        os.kill(pid, signal.SIGCONT)  # everything fsynced just now: let more moves come
        time.sleep(0.05)
    cut = time.monotonic()
    store.kill()
    for aof, (_size, durable) in files.items():
        os.truncate(aof, durable)
    return cut


@pytest.fixture
def stack(shim: Path, tmp_path: Path, request: pytest.FixtureRequest
          ) -> Iterator[tuple[RedisProcess, ServiceProcess]]:
    """Redis under the shim with the case's appendfsync, and a replica in the case's mode."""
    mode, appendfsync = request.param
    store = RedisProcess(appendonly=True, appendfsync=appendfsync)
    store.argv = ["env", f"LD_PRELOAD={shim}", *store.argv]
    store.start()
    replica = ServiceProcess("cardroom.services.match", {
        "REDIS_URL": store.url, "CELERY_BROKER_URL": store.url, "MATCH_DURABILITY": mode,
        "MATCH_HEALTH_INTERVAL": "0.1", "MATCH_REDIS_TIMEOUT": "0.5",
        "ADMIN_TOKEN": "admin-token-for-power-loss"}, tmp_path / "match.log")
    try:
        replica.start()
        yield store, replica
    finally:
        replica.stop()
        store.stop()


def _lost(stub: Any, mover: Mover) -> list[tuple[int, float]]:
    """The acknowledged writes (a match's creation is version 1, each move one more) of the
    mover's matches that Redis no longer has."""
    lost = []
    for match_id, acked in mover.acked.items():
        try:
            stored = stub.GetMatch(pb.GetMatchRequest(match_id=match_id),
                                   timeout=5).match.version
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.NOT_FOUND
            stored = 0
        lost += [(version, at) for version, at in acked if version > stored]
    return lost


@pytest.mark.parametrize("stack", [("always", "always"), ("everysec", "everysec"),
                                   ("off", "no")], indirect=True,
                         ids=["always", "everysec", "off-no-fsync"])
def test_power_loss_keeps_every_acknowledged_move_only_in_strict_mode(
        stack: tuple[RedisProcess, ServiceProcess]) -> None:
    store, replica = stack
    mode = replica.env["MATCH_DURABILITY"]
    with grpc.insecure_channel(replica.address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        movers = [Mover(stub, seed) for seed in (1, 2, 3)]
        for mover in movers:
            mover.start()
        time.sleep(2.5)  # a few of everysec's fsyncs go by
        cut = _power_cut(store, mode)
        for mover in movers:
            mover.stop.set()
            mover.join(30)
        store.start()
        deadline = time.monotonic() + 10
        while health(replica.address) != SERVING:
            assert time.monotonic() < deadline, "the replica did not serve again"
            time.sleep(0.05)
        acked = sum(len(a) for m in movers for a in m.acked.values())
        lost = [move for m in movers for move in _lost(stub, m)]
    assert acked > 30
    if mode == "always":
        assert lost == []
    elif mode == "everysec":
        assert lost, "the cut came while acknowledged moves were not fsynced"
        assert all(cut - at < EVERYSEC_WINDOW for _version, at in lost)
    else:
        assert len(lost) == acked
