"""The bot processes seen by Prometheus and probes from their start: worker series at zero
before the first task, the API's serving gauge, and its health with every thread waiting."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from support.grpc_servers import channel_to, sample, scrape
from support.redis_server import RedisServer, dead_port

from cardroom.services.bot.metrics import OUTCOMES
from cardroom.services.bot.server import MAX_WORKERS, SERVICE_NAME
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as bpb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc, common_pb2
from cardroom.shared.proto.cardroom.v1.vivo_pb2 import VivoSeatView
from cardroom.shared.wire.bot_tasks import (
    DEFAULT_QUEUE,
    SEARCH_QUEUE,
    SUBMIT_CLAIM,
    SUGGEST,
    TAKE_TURN,
)
from deploy.launch.process import start_service
from deploy.launch.worker import start_worker

SERVING = health_pb2.HealthCheckResponse.SERVING


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> Iterator[str]:
    """Database 7 of the session's Redis, emptied: this module's broker and results."""
    url = redis_server.url.rsplit("/", 1)[0] + "/7"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    yield url


def test_worker_shows_every_task_outcome_and_queue_at_zero_before_any_task(
        redis_db: str) -> None:
    worker = start_worker({"REDIS_URL": redis_db, "BOT_TOKEN": "t",
                           "MATCH_ADDR": f"127.0.0.1:{dead_port()}"}, hostname="zero@%h")
    try:
        text = scrape(worker.metrics_port)
    finally:
        worker.stop()
    for task in (TAKE_TURN, SUBMIT_CLAIM, SUGGEST):
        for outcome in OUTCOMES:
            assert sample(text, "cardroom_bot_worker_tasks_total", task=task,
                          outcome=outcome) == 0, (task, outcome)
    for queue in (DEFAULT_QUEUE, SEARCH_QUEUE):
        assert sample(text, "cardroom_bot_queue_wait_seconds_count", queue=queue) == 0
    assert sample(text, "cardroom_bot_think_seconds_count", game="vivo", policy="random") == 0


def _suggest(port: int) -> Any:
    request = bpb.SuggestMoveRequest(
        observation=bpb.SeatObservation(game=common_pb2.GAME_VIVO,
                                        vivo=VivoSeatView(game=common_pb2.GAME_VIVO, seat=0)),
        policy="random")
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            return bot_pb2_grpc.BotServiceStub(channel).SuggestMove(request, timeout=4)
        except grpc.RpcError as error:
            return error


def test_api_reports_serving_and_answers_health_with_every_thread_waiting(
        redis_db: str) -> None:
    # No worker consumes these queues: every suggestion waits out its deadline.
    process = start_service("cardroom.services.bot", {
        "REDIS_URL": redis_db, "MATCH_ADDR": f"127.0.0.1:{dead_port()}",
        "BOT_QUEUE": "nobody.bots", "BOT_SEARCH_QUEUE": "nobody.search",
        "GRPC_MAX_QUEUE": "0",
        # One caller may take every thread here: the test is about health with all busy,
        # not the per-caller share (tests/rpc/test_rpc_gate.py and the solver flood test).
        "GRPC_MAX_RUNNING_PER_CALLER": str(MAX_WORKERS)})
    try:
        text = scrape(process.metrics_port)
        assert sample(text, "cardroom_serving", service="bot") == 1
        with futures.ThreadPoolExecutor(MAX_WORKERS) as pool:
            waiting = [pool.submit(_suggest, process.grpc_port) for _ in range(MAX_WORKERS)]
            deadline = time.monotonic() + 3
            while (sample(scrape(process.metrics_port), "grpc_server_started_total",
                          grpc_method="SuggestMove") or 0) < MAX_WORKERS:
                assert time.monotonic() < deadline
                time.sleep(0.02)
            with channel_to(process.grpc_port) as channel:
                stub: Any = health_pb2_grpc.HealthStub(channel)
                for _ in range(3):
                    status = stub.Check(health_pb2.HealthCheckRequest(service=SERVICE_NAME),
                                        timeout=1.0).status
                    assert status == SERVING
                one_more = _suggest(process.grpc_port)
            answers = [w.result(timeout=30) for w in waiting]
    finally:
        assert process.stop() == 0
    assert isinstance(one_more, grpc.RpcError)
    assert one_more.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert all(isinstance(a, grpc.RpcError) and a.code() == grpc.StatusCode.DEADLINE_EXCEEDED
               for a in answers)
