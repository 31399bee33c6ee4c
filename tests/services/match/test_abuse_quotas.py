"""Creation quotas and a full Redis, against a real replica: each limit answers
RESOURCE_EXHAUSTED naming its setting, and a full store is reported as full."""

from __future__ import annotations

import time

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2
from support.grpc_servers import channel_to, health_status
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

OPEN_GAME = {"game": GAME_ENUM["vivo"], "players": 3,
             "seats": [pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
                       pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]}


def create(client: Client, token: str | None = None) -> pb.CreateMatchResponse:
    """CreateMatch of a vivo match waiting for two players."""
    response: pb.CreateMatchResponse = client.stub.CreateMatch(
        pb.CreateMatchRequest(**OPEN_GAME), metadata=auth(token), timeout=10)  # type: ignore[arg-type]
    return response


def refused(client: Client, token: str | None = None) -> grpc.RpcError:
    """The error of a CreateMatch expected to fail."""
    with pytest.raises(grpc.RpcError) as err:
        create(client, token)
    return err.value


def test_creations_per_minute_per_caller(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=5, live_per_creator=0, max_live=0
                      ) as server, channel_to(server.port) as channel:
        client = Client(channel)
        for _ in range(5):
            create(client)
        err = refused(client)
        assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "MATCH_CREATE_PER_MINUTE" in (err.details() or "")
        create(client, ADMIN)  # the admin is not limited


def test_live_matches_per_creator(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=3, max_live=0,
                      unstarted_ttl_s=1.0) as server, channel_to(server.port) as channel:
        client = Client(channel)
        made = [create(client) for _ in range(2)]
        bot = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")
        started: pb.CreateMatchResponse = client.stub.CreateMatch(
            pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3,
                                  seats=[pb.SeatSpec(), bot, bot]), timeout=10)
        err = refused(client)
        assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "MATCH_LIVE_PER_CREATOR" in (err.details() or "")
        client.stub.Resign(pb.ResignRequest(match_id=started.match_id),
                           metadata=auth(started.tokens[0].token), timeout=10)
        create(client)  # one of the three is over: room for one more
        assert refused(client).code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        # A match abandoned before it started counts for as long as it exists (it expires
        # within MATCH_UNSTARTED_TTL): abandoning it frees nothing at once.
        first = made[0]
        client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=first.match_id),
                                 metadata=auth(first.tokens[0].token), timeout=10)
        assert refused(client).code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        time.sleep(1.2)
        create(client)


def test_global_cap_on_live_matches(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=0, max_live=2
                      ) as server, channel_to(server.port) as channel:
        client = Client(channel)
        create(client)
        create(client)
        err = refused(client)
        assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "MATCH_MAX_LIVE" in (err.details() or "")


def test_a_full_redis_is_reported_as_full(redis_url: str) -> None:
    # No high-water mark: the store is let fill up to its maxmemory (test_abuse_store_mark
    # shows the mark keeping room for play).
    with match_server(redis_url, health_interval_s=0.1, create_per_minute=0,
                      live_per_creator=0, max_live=0, store_high_water=0.0) as server, \
            channel_to(server.port) as channel, redis.Redis.from_url(redis_url) as admin:
        client = Client(channel)
        create(client)
        used = int(admin.info("memory")["used_memory"])
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", used + 256 * 1024)
        try:
            error = None
            for _ in range(2000):
                try:
                    create(client)
                except grpc.RpcError as err:
                    error = err
                    break
            assert error is not None, "Redis never filled up"
            assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert error.details() == "the match store is full; retry later"
            # What filled it up may include buffers Redis frees after the refusal: hold the
            # limit at what is used now, so Redis stays full until the health probe looks.
            admin.config_set("maxmemory", int(admin.info("memory")["used_memory"]))
            deadline = time.monotonic() + 5
            while (health_status(channel, "") != health_pb2.HealthCheckResponse.NOT_SERVING
                   and time.monotonic() < deadline):
                time.sleep(0.05)
            assert health_status(channel, "") == health_pb2.HealthCheckResponse.NOT_SERVING
        finally:
            admin.config_set("maxmemory", 0)
        deadline = time.monotonic() + 5
        while (health_status(channel, "") != health_pb2.HealthCheckResponse.SERVING
               and time.monotonic() < deadline):
            time.sleep(0.05)
        assert health_status(channel, "") == health_pb2.HealthCheckResponse.SERVING
