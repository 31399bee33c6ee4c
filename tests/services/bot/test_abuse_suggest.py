"""A suggestion the bot API gave up on stops on the worker: SuggestMove of IS-MCTS with a
million iterations and a 1.5 s deadline ends DEADLINE_EXCEEDED, and the worker (one
process, real Celery) is free again within a couple of seconds, so the next suggestion is
answered at once. Before, the task ran on to the workers' 30 s soft limit and every other
task waited behind it."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
import redis
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server, mover
from support.redis_server import RedisServer

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import create_server
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as bpb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import start_worker

BOT_TOKEN = "bot-token-for-suggest-tests"


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 6 of the session's Redis, emptied."""
    url = redis_server.url.rsplit("/", 1)[0] + "/6"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture(scope="module")
def stack(redis_db: str) -> Iterator[tuple[int, int]]:
    """A match replica, one worker process and the bot API: (match port, API port)."""
    with match_server(redis_db, bot_token=BOT_TOKEN) as match:
        worker = start_worker({"REDIS_URL": redis_db, "BOT_TOKEN": BOT_TOKEN,
                               "MATCH_ADDR": f"127.0.0.1:{match.port}"}, concurrency=1,
                              hostname="suggest@%h")
        common = local_settings("bot", redis_url=redis_db, celery_broker_url=redis_db,
                                match_addr=f"127.0.0.1:{match.port}")
        settings = BotSettings(common=common, bot_token=BOT_TOKEN)
        api, _ = in_thread(create_server, settings, host=HOST)
        api.start()
        try:
            yield match.port, api.port
        finally:
            api.stop(grace=None)
            worker.stop()


def test_a_suggestion_given_up_on_stops_on_the_worker(stack: tuple[int, int]) -> None:
    match_port, api_port = stack
    with channel_to(match_port) as match_channel, channel_to(api_port) as api_channel:
        client = Client(match_channel)
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, seed=5), metadata=auth(ADMIN), timeout=10)
        seat = mover(client.view(created.match_id))
        token = {t.seat: t.token for t in created.tokens}[seat]
        stub = bot_pb2_grpc.BotServiceStub(api_channel)
        ask = bpb.SuggestMoveRequest(match_id=created.match_id, policy="random")
        stub.SuggestMove(ask, metadata=auth(token), timeout=20)  # the worker is up
        huge = bpb.SuggestMoveRequest(match_id=created.match_id, policy="ismcts",
                                      params={"iterations": 1_000_000})
        with pytest.raises(grpc.RpcError) as gave_up:
            stub.SuggestMove(huge, metadata=auth(token), timeout=1.5)
        assert gave_up.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        started = time.monotonic()
        answer = stub.SuggestMove(ask, metadata=auth(token), timeout=10)
        waited = time.monotonic() - started
    print(f"\nthe next suggestion was answered {waited:.2f} s after the API gave up on a "
          "million-iteration search")
    assert answer.action
    assert waited < 5.0  # the search stopped about 0.5 s after the API gave up, not at 30 s
