"""MATCH_DURABILITY against Redis' persistence settings, one setting wrong at a time.

A replica in each mode watches a Redis of its own whose `appendonly` and `appendfsync` the
test changes (CONFIG SET) one at a time; through the replica's grpc.health.v1 Check and a
CreateMatch call it shows whether it serves: SERVING and writes taken when Redis keeps what
the mode promises, NOT_SERVING and writes refused with UNAVAILABLE when either setting falls
short, even while the other one is right.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from deploy.launch.process import health
from deploy.launch.redis import RedisProcess

SERVING, NOT_SERVING = 1, 2

#: (mode, appendonly, appendfsync, serves?): the right settings of each mode, then each
#: setting wrong alone.
CASES = [
    ("always", "yes", "always", True),
    ("always", "yes", "everysec", False),
    ("always", "no", "always", False),
    ("always", "yes", "no", False),
    ("everysec", "yes", "everysec", True),
    ("everysec", "yes", "always", True),
    ("everysec", "no", "everysec", False),
    ("everysec", "no", "always", False),
    ("everysec", "yes", "no", False),
    ("off", "no", "no", True),
]


@pytest.fixture(scope="module")
def store() -> Iterator[RedisProcess]:
    """A Redis of its own: its persistence settings change under the replicas."""
    process = RedisProcess(appendonly=True, appendfsync="always")
    process.start()
    yield process
    process.stop()


def _health_becomes(port: int, wanted: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while (status := health(f"127.0.0.1:{port}")) != wanted:
        assert time.monotonic() < deadline, f"health stayed {status}, not {wanted}"
        time.sleep(0.02)


@pytest.mark.parametrize(("mode", "appendonly", "appendfsync", "serves"), CASES,
                         ids=[f"{m}-appendonly-{a}-appendfsync-{f}" for m, a, f, _ in CASES])
def test_durability_mode_serves_only_while_redis_keeps_what_it_promises(
        store: RedisProcess, mode: str, appendonly: str, appendfsync: str,
        serves: bool) -> None:
    with redis.Redis.from_url(store.url) as client:
        client.config_set("appendfsync", appendfsync)
        client.config_set("appendonly", appendonly)
    with match_server(store.url, durability=mode, health_interval_s=0.05) as server, \
            channel_to(server.port) as channel:
        _health_becomes(server.port, SERVING if serves else NOT_SERVING)
        # Stays so across several probes, not only at the first.
        time.sleep(0.3)
        assert health(f"127.0.0.1:{server.port}") == (SERVING if serves else NOT_SERVING)
        stub = match_pb2_grpc.MatchServiceStub(channel)
        request = pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3)
        if serves:
            assert stub.CreateMatch(request, timeout=5).match_id
        else:
            with pytest.raises(grpc.RpcError) as refused:
                stub.CreateMatch(request, timeout=5)
            assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


def test_durability_replica_follows_redis_as_one_setting_changes_back_and_forth(
        store: RedisProcess) -> None:
    with redis.Redis.from_url(store.url) as client:
        client.config_set("appendonly", "yes")
        client.config_set("appendfsync", "always")
        with match_server(store.url, durability="always", health_interval_s=0.05) as server:
            _health_becomes(server.port, SERVING)
            for name, wrong, right in (("appendfsync", "everysec", "always"),
                                       ("appendonly", "no", "yes")):
                client.config_set(name, wrong)
                _health_becomes(server.port, NOT_SERVING)
                client.config_set(name, right)
                _health_becomes(server.port, SERVING)
