"""Bot tasks on RabbitMQ: which settings the transport gets, suggestions answered through
either result backend (a Redis, or rpc:// reply queues), and the bot queues declared alike
by the match service, the bot API and the workers.

Turns played by workers on RabbitMQ, and workers SIGKILLed mid-task there, are in
tests/services/bot/test_bot_workers.py and tests/services/bot/test_bot_crash.py
(parametrized over both brokers).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import amqp  # type: ignore[import-untyped]
import pytest
from kombu import Connection
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread
from support.match_client import GAME_ENUM, Client, match_server, mover
from support.rabbitmq import RabbitQueues, new_queues
from support.redis_server import RedisServer
from support.suggest import together_and_alone

from cardroom.services.bot.celery_app import BotSettings, create_app
from cardroom.services.bot.server import create_server
from cardroom.services.match.bots import CeleryQueue
from cardroom.services.match.server import MatchServer
from cardroom.shared import broker as transports
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as bpb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import start_worker

BOT_TOKEN = "bot-token-for-rabbitmq-tests"
AMQP = "amqp://guest:guest@rabbit:5672//"


# ---- settings -----------------------------------------------------------------------------

@pytest.mark.parametrize(("explicit", "broker", "redis_url", "expected"), [
    (None, "redis://q:6379/1", "redis://r:6379/0", "redis://q:6379/1"),
    (None, AMQP, "redis://r:6379/0", "redis://r:6379/0"),
    (None, AMQP, "rediss://r:6380/0", "rediss://r:6380/0"),
    (None, AMQP, "redis+cluster://a:7000,b:7001", "rpc://"),
    ("redis://results:6379/2", AMQP, "redis://r:6379/0", "redis://results:6379/2"),
    ("rpc://", "redis://q:6379/1", "redis://q:6379/1", "rpc://"),
])
def test_the_result_backend_defaults_to_a_redis_else_rpc(
        explicit: str | None, broker: str, redis_url: str, expected: str) -> None:
    assert transports.result_backend(explicit, broker, redis_url) == expected
    env = {"REDIS_URL": redis_url, "CELERY_BROKER_URL": broker,
           "CELERY_RESULT_BACKEND": explicit or ""}
    assert BotSettings.from_env("worker", env).result_backend == expected


def test_an_amqp_broker_gets_priority_queues_and_no_visibility_timeout() -> None:
    settings = BotSettings.from_env("worker", {"CELERY_BROKER_URL": AMQP,
                                               "REDIS_URL": "redis://r:6379/0"})
    app = create_app(settings)
    assert app.conf.broker_url == AMQP and app.conf.result_backend == "redis://r:6379/0"
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
    assert app.conf.task_soft_time_limit == 30.0 and app.conf.task_time_limit == 60.0
    assert "visibility_timeout" not in app.conf.broker_transport_options
    assert app.conf.worker_cancel_long_running_tasks_on_connection_loss
    for name in (settings.queue, settings.search_queue):
        arguments = app.amqp.queues[name].queue_arguments
        assert arguments == {"x-max-priority": transports.MAX_PRIORITY}
    sender = CeleryQueue(AMQP, settings.queue, settings.search_queue)
    try:
        assert sender.app.amqp.queues[settings.queue].queue_arguments == {
            "x-max-priority": transports.MAX_PRIORITY}
    finally:
        sender.close()


def test_a_redis_broker_keeps_its_visibility_timeout_and_plain_lists() -> None:
    settings = BotSettings.from_env("worker", {"REDIS_URL": "redis://r:6379/0",
                                               "BOT_VISIBILITY_TIMEOUT": "90"})
    app = create_app(settings)
    assert app.conf.result_backend == "redis://r:6379/0"
    assert app.conf.broker_transport_options["visibility_timeout"] == 90.0
    assert not app.amqp.queues[settings.queue].queue_arguments


# ---- suggestions and queues on the machine's RabbitMQ -----------------------------------

@pytest.fixture(scope="module")
def queues() -> Iterator[RabbitQueues]:
    """This module's bot queues on RabbitMQ (skipped when it is not reachable)."""
    made = new_queues()
    try:
        yield made
    finally:
        made.delete()


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 9 of the session's Redis, emptied: matches and (one variant) results."""
    return redis_server.empty_database(9)


@pytest.fixture(scope="module")
def match(redis_db: str, queues: RabbitQueues) -> Iterator[MatchServer]:
    """A match-service replica sending bot tasks to RabbitMQ."""
    with match_server(redis_db, queues.url, bot_token=BOT_TOKEN,
                      **queues.match_changes()) as server:
        yield server


@pytest.fixture(scope="module", params=["redis", "rpc"])
def backend(request: pytest.FixtureRequest, redis_db: str) -> str:
    """The result backend of the API and its worker: this module's Redis, or rpc://."""
    return redis_db if request.param == "redis" else transports.RPC_BACKEND


@pytest.fixture(scope="module")
def stub(backend: str, redis_db: str, queues: RabbitQueues, match: MatchServer
         ) -> Iterator[bot_pb2_grpc.BotServiceStub]:
    """The bot API and one worker, both on RabbitMQ with `backend` for answers."""
    worker = start_worker({**queues.worker_env(), "REDIS_URL": redis_db,
                           "CELERY_RESULT_BACKEND": backend, "BOT_TOKEN": BOT_TOKEN,
                           "MATCH_ADDR": f"127.0.0.1:{match.port}"}, queues.names,
                          concurrency=2, hostname="suggest@%h")
    common = local_settings("bot", redis_url=redis_db, celery_broker_url=queues.url,
                            match_addr=f"127.0.0.1:{match.port}")
    settings = dataclasses.replace(BotSettings(common=common, bot_token=BOT_TOKEN),
                                   queue=queues.queue, search_queue=queues.search_queue,
                                   result_backend=backend)
    server, _ = in_thread(create_server, settings, host=HOST)
    server.start()
    try:
        with channel_to(server.port) as channel:
            yield bot_pb2_grpc.BotServiceStub(channel)
    finally:
        server.stop(grace=None)
        worker.stop()


def _observation(match: MatchServer) -> bpb.SeatObservation:
    with channel_to(match.port) as channel:
        client = Client(channel)
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, seed=31), timeout=10)
        seat = mover(client.view(created.match_id))
        token = next(t.token for t in created.tokens if t.seat == seat)
        view = client.view(created.match_id, token)
    held = bpb.SeatObservation(game=view.game)
    getattr(held, view.WhichOneof("seat_view")).CopyFrom(
        getattr(view, view.WhichOneof("seat_view")))
    return held


def test_concurrent_suggestions_on_rabbitmq_each_get_their_own_answer(
        stub: bot_pb2_grpc.BotServiceStub, match: MatchServer) -> None:
    observation = _observation(match)
    answers, solo = together_and_alone(stub, observation)
    assert answers == solo and len(set(solo.values())) > 1


def test_a_search_suggestion_on_rabbitmq_goes_through_the_search_queue(
        stub: bot_pb2_grpc.BotServiceStub, match: MatchServer, queues: RabbitQueues) -> None:
    answer = stub.SuggestMove(bpb.SuggestMoveRequest(
        observation=_observation(match), policy="ismcts", params={"iterations": 100}),
        timeout=20)
    assert answer.action and answer.iterations == 100
    assert queues.ready() == 0


def test_the_bot_queues_on_rabbitmq_carry_the_priority_argument(
        stub: bot_pb2_grpc.BotServiceStub, queues: RabbitQueues) -> None:
    # Declared by the worker, the match service and the API with x-max-priority; a
    # declaration that differs is refused, one that matches is accepted.
    with Connection(queues.url) as connection:
        for name in queues.names:
            channel = connection.channel()
            channel.queue_declare(name, durable=True, auto_delete=False,
                                  arguments={"x-max-priority": transports.MAX_PRIORITY})
            channel = connection.channel()
            with pytest.raises(amqp.exceptions.PreconditionFailed):
                channel.queue_declare(name, durable=True, auto_delete=False)
