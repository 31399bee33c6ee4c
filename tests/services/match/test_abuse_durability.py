"""MATCH_DURABILITY=always closes the window between two health probes: each write checks,
in its own transaction, that Redis persists it, so no write is acknowledged after Redis
stopped persisting, even long before the next probe."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb


@pytest.fixture
def persisting(redis_url: str) -> Iterator[redis.Redis]:
    """The test Redis with appendonly yes and appendfsync always (set back afterwards)."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    client.config_set("appendonly", "yes")
    client.config_set("appendfsync", "always")
    deadline = time.monotonic() + 10
    while client.info("persistence")["aof_rewrite_in_progress"] and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield client
    finally:
        client.config_set("appendonly", "no")
        client.config_set("appendfsync", "everysec")
        client.close()


def first_move(client: Client, match_id: str, token: str) -> tuple[str, int]:
    """The first legal move of the seat of `token` and the version it was read at."""
    view = client.view(match_id, token)
    return view.legal_moves[0], view.version


def test_no_write_is_acknowledged_once_redis_stops_persisting(redis_url: str,
                                                              persisting: redis.Redis) -> None:
    # A health probe a minute apart: only the per-write check can catch the change.
    with match_server(redis_url, durability="always", health_interval_s=60.0) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, seed=4), timeout=10)
        match_id = created.match_id
        tokens = {t.seat: t.token for t in created.tokens}
        move, version = first_move(client, match_id, tokens[0])
        assert client.move(match_id, tokens[0], "vivo", move, version, "a").version == 2

        persisting.config_set("appendfsync", "everysec")
        move_b, _ = first_move(client, match_id, tokens[1])
        with pytest.raises(grpc.RpcError) as err:
            client.move(match_id, tokens[1], "vivo", move_b, 2, "b")
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "appendfsync is everysec" in (err.value.details() or "")
        assert client.view(match_id).version == 3  # written, but never acknowledged
        # Its retry finds the record of that write, which is no more durable than it was:
        # refused too, however it reaches the record.
        for expected in (2, None):
            with pytest.raises(grpc.RpcError) as err:
                client.move(match_id, tokens[1], "vivo", move_b, expected, "b")
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE

        persisting.config_set("appendfsync", "always")
        persisting.config_set("appendonly", "no")
        move_c, _ = first_move(client, match_id, tokens[2])
        with pytest.raises(grpc.RpcError) as err:
            client.move(match_id, tokens[2], "vivo", move_c, 3, "c")
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "appendonly is off" in (err.value.details() or "")
        assert client.view(match_id).version == 3  # refused before writing

        # Once Redis persists again, the retry of "b" finds the write it was not told of.
        persisting.config_set("appendonly", "yes")
        retried = client.move(match_id, tokens[1], "vivo", move_b, 2, "b")
        assert retried.duplicate and retried.version == 3
