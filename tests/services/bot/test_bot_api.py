"""cardroom.v1.BotService: SuggestMove runs on a real worker within the deadline; ListPolicies;
every error path; `python -m cardroom.services.bot` with health, reflection and metrics."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)
from support.grpc_servers import HOST, channel_to, health_status, local_settings, sample, scrape
from support.loops import in_thread
from support.match_client import ADMIN, GAME_ENUM, Client, match_server, options_request
from support.redis_server import RedisServer, dead_port
from support.suggest import together_and_alone

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import SERVICE_NAME, BotServer, create_server
from cardroom.services.match.server import MatchServer
from cardroom.shared.bots import list_policies
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as bpb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import vivo_pb2 as vpb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.errors import error_reason, field_violations
from cardroom.shared.wire.tokens import bearer as auth
from deploy.launch.process import start_service
from deploy.launch.worker import WorkerProcess, start_worker

BOT_TOKEN = "bot-token-for-api-tests"
C = grpc.StatusCode


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 5 of the session's Redis, emptied: this module's matches, broker, results."""
    url = redis_server.url.rsplit("/", 1)[0] + "/5"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@pytest.fixture(scope="module")
def match(redis_db: str) -> Iterator[MatchServer]:
    """A match-service replica."""
    with match_server(redis_db, bot_token=BOT_TOKEN) as server:
        yield server


@pytest.fixture(scope="module")
def worker(redis_db: str, match: MatchServer) -> Iterator[WorkerProcess]:
    """One worker for the module's suggestions."""
    process = start_worker({"REDIS_URL": redis_db, "BOT_TOKEN": BOT_TOKEN,
                            "MATCH_ADDR": f"127.0.0.1:{match.port}"}, hostname="api@%h")
    yield process
    process.stop()


def bot_settings(redis_url: str, match_port: int, **changes: Any) -> BotSettings:
    """Bot API settings on free ports against `redis_url` and the match service."""
    common = local_settings("bot", redis_url=redis_url, celery_broker_url=redis_url,
                            match_addr=f"127.0.0.1:{match_port}")
    return dataclasses.replace(BotSettings(common=common, bot_token=BOT_TOKEN), **changes)


@pytest.fixture(scope="module")
def api(redis_db: str, match: MatchServer, worker: WorkerProcess) -> Iterator[BotServer]:
    """The bot API, in this process."""
    server, _ = in_thread(create_server, bot_settings(redis_db, match.port), host=HOST)
    server.start()
    yield server
    server.stop(grace=None)


@contextmanager
def serving(settings: BotSettings) -> Iterator[bot_pb2_grpc.BotServiceStub]:
    """A stub of a bot API started with `settings` (stopped after)."""
    server, _ = in_thread(create_server, settings, host=HOST)
    server.start()
    try:
        with channel_to(server.port) as channel:
            yield bot_pb2_grpc.BotServiceStub(channel)
    finally:
        server.stop(grace=None)


@pytest.fixture
def stub(api: BotServer) -> Iterator[bot_pb2_grpc.BotServiceStub]:
    """A stub of the module's bot API."""
    with channel_to(api.port) as channel:
        yield bot_pb2_grpc.BotServiceStub(channel)


@pytest.fixture
def client(match: MatchServer) -> Iterator[Client]:
    """A client of the match service."""
    with channel_to(match.port) as channel:
        yield Client(channel)


def human_match(client: Client, game: str = "vivo", players: int = 3, seed: int = 9,
                **options: Any) -> tuple[str, dict[int, str], int]:
    """A match of humans; its id, tokens and the seat to act."""
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, seed=seed, **options_request(game, options)),
        timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    return created.match_id, tokens, client.view(created.match_id).acting_seats[0]


def raw(client: Client, match_id: str, token: str) -> bpb.SeatObservation:
    """The seat's observation and visible events, as a client holds them."""
    view = client.view(match_id, token)
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, no_follow=True),
                                    metadata=auth(token), timeout=10)
    held = bpb.SeatObservation(game=view.game, events=[item.event for item in stream])
    getattr(held, view.WhichOneof("seat_view")).CopyFrom(
        getattr(view, view.WhichOneof("seat_view")))
    return held


def failure(call: Any, request: Any, **kwargs: Any) -> grpc.RpcError:
    """The error a call fails with."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=kwargs.pop("timeout", 10), **kwargs)
    return caught.value


# ---- ListPolicies -----------------------------------------------------------------------

def test_list_policies_shows_every_policy_with_cost_and_parameters(
        stub: bot_pb2_grpc.BotServiceStub) -> None:
    listed = stub.ListPolicies(bpb.ListPoliciesRequest(), timeout=10).policies
    assert [(GAMES[p.game], p.name) for p in listed] == [
        (i.game, i.name) for i in list_policies()]
    ismcts = next(p for p in listed if p.name == "ismcts")
    assert ismcts.cost == bpb.POLICY_COST_SEARCH
    assert {"strength", "iterations"} <= {q.name for q in ismcts.params}
    only = stub.ListPolicies(bpb.ListPoliciesRequest(game=GAME_ENUM["mixmatch"]), timeout=10)
    costs = {"fast": bpb.POLICY_COST_FAST, "search": bpb.POLICY_COST_SEARCH}
    assert [(p.name, p.cost) for p in only.policies] == [
        (i.name, costs[i.cost]) for i in list_policies("mixmatch")]


def test_list_policies_of_an_unknown_game_is_invalid_argument(
        stub: bot_pb2_grpc.BotServiceStub) -> None:
    error = failure(stub.ListPolicies, bpb.ListPoliciesRequest(game=99))  # type: ignore[arg-type]
    assert error.code() == C.INVALID_ARGUMENT and field_violations(error)[0][0] == "game"


# ---- SuggestMove --------------------------------------------------------------------------

def test_suggest_move_for_a_seat_token_is_a_legal_move_of_that_seat(
        stub: bot_pb2_grpc.BotServiceStub, client: Client) -> None:
    match_id, tokens, seat = human_match(client)
    view = client.view(match_id, tokens[seat])
    answer = stub.SuggestMove(bpb.SuggestMoveRequest(match_id=match_id, policy="heuristic",
                                                     seed=3), metadata=auth(tokens[seat]),
                              timeout=10)
    assert answer.action in view.legal_moves and answer.version == view.version
    assert answer.policy == "heuristic" and answer.think_seconds >= 0
    idle = stub.SuggestMove(bpb.SuggestMoveRequest(match_id=match_id, policy="random"),
                            metadata=auth(tokens[(seat + 1) % 3]), timeout=10)
    assert idle.action == "" and idle.evaluation.reason


def test_suggest_move_on_a_raw_observation_is_the_one_for_the_match(
        stub: bot_pb2_grpc.BotServiceStub, client: Client) -> None:
    match_id, tokens, seat = human_match(client, "livemix", 4, seed=12)
    token = tokens[seat]
    ask: dict[str, Any] = {"policy": "ismcts", "params": {"iterations": 200}, "seed": 77}
    hosted = stub.SuggestMove(bpb.SuggestMoveRequest(match_id=match_id, **ask),
                              metadata=auth(token), timeout=20)
    held = stub.SuggestMove(bpb.SuggestMoveRequest(observation=raw(client, match_id, token),
                                                   **ask), timeout=20)
    assert hosted.action == held.action != ""
    assert hosted.evaluation == held.evaluation and hosted.iterations == 200
    assert held.version == 0


def test_suggest_move_in_mix_match_is_a_tagged_claim_with_its_delay(
        stub: bot_pb2_grpc.BotServiceStub, client: Client) -> None:
    match_id, tokens, _ = human_match(client, "mixmatch", 2, seed=6, hourglass_seconds=0)
    answer = stub.SuggestMove(bpb.SuggestMoveRequest(
        match_id=match_id, policy="solver", params={"think_s": 4.0}), metadata=auth(tokens[0]),
        timeout=10)
    assert answer.action.startswith("claim@1 ")
    assert 3.0 < answer.delay_seconds <= 4.0
    assert answer.evaluation.cards_used >= 1


def test_concurrent_suggestions_each_get_their_own_answer(
        stub: bot_pb2_grpc.BotServiceStub, client: Client) -> None:
    match_id, tokens, seat = human_match(client, seed=31)
    observation = raw(client, match_id, tokens[seat])
    answers, solo = together_and_alone(stub, observation)
    assert answers == solo and len(set(solo.values())) > 1


# ---- SuggestMove errors ----------------------------------------------------------------

@pytest.mark.parametrize(("request_fields", "field"), [
    ({"match_id": "0" * 28}, "policy"),
    ({"policy": "random"}, "source"),
    ({"policy": "random", "match_id": "0" * 28, "params": {"strength": math.nan}},
     "params[strength]"),
    ({"policy": "random", "observation": bpb.SeatObservation()}, "observation.game"),
    ({"policy": "random", "observation": bpb.SeatObservation(game=GAME_ENUM["vivo"])},
     "observation.seat_view"),
    ({"policy": "random", "observation": bpb.SeatObservation(
        game=GAME_ENUM["vivo"], vivo=vpb.VivoSeatView(seat=0), events=[pb.MatchEvent(seq=1)])},
     "observation.events[0]"),
])
def test_a_malformed_suggestion_request_names_its_bad_field(
        stub: bot_pb2_grpc.BotServiceStub, request_fields: dict[str, Any], field: str) -> None:
    error = failure(stub.SuggestMove, bpb.SuggestMoveRequest(**request_fields))
    assert error.code() == C.INVALID_ARGUMENT
    assert field in [f for f, _ in field_violations(error)]


def _view(game: str, **fields: Any) -> bpb.SeatObservation:
    held = bpb.SeatObservation(game=GAME_ENUM[game])
    getattr(held, game).CopyFrom(typed.seat_view(game, {"game": game, **fields}))
    return held


@pytest.mark.parametrize(("observation", "policy", "params", "field"), [
    (_view("vivo", seat=None), "random", {}, "observation.vivo"),  # a spectator's
    (_view("livemix", seat=0), "random", {}, None),  # names another game than its own
    (_view("vivo", seat=0), "random", {"strength": 9}, "params[strength]"),
    (_view("vivo", seat=0), "random", {"bogus": 1}, "params[bogus]"),
    (_view("vivo", seat=0, current_player=0, legal_actions=["R1"]), "heuristic", {},
     "observation.vivo"),  # lacks what the policy reads: refused by the worker
])
def test_a_bad_observation_or_parameter_is_invalid_argument(
        stub: bot_pb2_grpc.BotServiceStub, observation: bpb.SeatObservation, policy: str,
        params: dict[str, float], field: str | None) -> None:
    if field is None:  # the view says livemix while the request says vivo
        observation = bpb.SeatObservation(game=GAME_ENUM["vivo"], livemix=observation.livemix)
        field = "observation.livemix"
    error = failure(stub.SuggestMove, bpb.SuggestMoveRequest(
        observation=observation, policy=policy, params=params))
    assert error.code() == C.INVALID_ARGUMENT
    assert field in [f for f, _ in field_violations(error)]


def test_an_unknown_policy_is_not_found(stub: bot_pb2_grpc.BotServiceStub) -> None:
    error = failure(stub.SuggestMove, bpb.SuggestMoveRequest(
        observation=_view("vivo", seat=0), policy="oracle"))
    assert error.code() == C.NOT_FOUND and error_reason(error) == "ERROR_REASON_NOT_FOUND"


def test_suggest_move_for_a_match_checks_the_callers_seat_token(
        stub: bot_pb2_grpc.BotServiceStub, client: Client) -> None:
    match_id, _, _ = human_match(client)
    request = bpb.SuggestMoveRequest(match_id=match_id, policy="random")
    assert failure(stub.SuggestMove, request).code() == C.UNAUTHENTICATED
    assert failure(stub.SuggestMove, request, metadata=auth("nope")).code() == \
        C.UNAUTHENTICATED
    assert failure(stub.SuggestMove, request, metadata=auth(ADMIN)).code() == \
        C.PERMISSION_DENIED  # the admin's view of a match is a spectator's
    unknown = bpb.SuggestMoveRequest(match_id="f" * 28, policy="random")
    assert failure(stub.SuggestMove, unknown, metadata=auth("x")).code() == C.NOT_FOUND
    bad_id = bpb.SuggestMoveRequest(match_id="nope", policy="random")
    assert failure(stub.SuggestMove, bad_id, metadata=auth("x")).code() == C.INVALID_ARGUMENT


def test_no_worker_answering_is_deadline_exceeded(redis_db: str, match: MatchServer) -> None:
    settings = bot_settings(redis_db, match.port, queue="nobody.bots",
                            search_queue="nobody.search", suggest_max_s=0.5)
    request = bpb.SuggestMoveRequest(observation=_view("vivo", seat=0), policy="random")
    with serving(settings) as stub:
        capped = failure(stub.SuggestMove, request, timeout=30)
        assert capped.code() == C.DEADLINE_EXCEEDED
        assert error_reason(capped) == "ERROR_REASON_DEADLINE_EXCEEDED"
        assert failure(stub.SuggestMove, request, timeout=0.3).code() == C.DEADLINE_EXCEEDED


def test_an_unreachable_broker_or_match_service_is_unavailable(
        redis_db: str, match: MatchServer) -> None:
    with dead_port() as nowhere:
        broken = bot_settings(redis_db, match.port)
        broken = dataclasses.replace(broken, common=dataclasses.replace(
            broken.common, celery_broker_url=f"redis://127.0.0.1:{nowhere}/0"))
        request = bpb.SuggestMoveRequest(observation=_view("vivo", seat=0), policy="random")
        with serving(broken) as stub:
            error = failure(stub.SuggestMove, request, timeout=20)
            assert error.code() == C.UNAVAILABLE, error
        no_match = bot_settings(redis_db, nowhere)
        by_match = bpb.SuggestMoveRequest(match_id="f" * 28, policy="random")
        with serving(no_match) as stub:
            error = failure(stub.SuggestMove, by_match, metadata=auth("x"))
            assert error.code() == C.UNAVAILABLE, error


def test_the_api_counts_calls_by_status(api: BotServer, stub: bot_pb2_grpc.BotServiceStub
                                        ) -> None:
    failure(stub.SuggestMove, bpb.SuggestMoveRequest(policy="random"))
    text = scrape(api.rpc.metrics_port or 0)
    assert (sample(text, "grpc_server_handled_total", grpc_service=SERVICE_NAME,
                   grpc_method="SuggestMove", grpc_code="InvalidArgument") or 0) >= 1


# ---- the process ---------------------------------------------------------------------------

def test_python_m_services_bot_serves_health_reflection_metrics_and_stops_on_sigterm(
        redis_db: str, match: MatchServer) -> None:
    process = start_service("cardroom.services.bot", {"REDIS_URL": redis_db,
                                             "MATCH_ADDR": f"127.0.0.1:{match.port}"})
    try:
        with channel_to(process.grpc_port) as channel:
            assert health_status(channel, "") == health_pb2.HealthCheckResponse.SERVING
            assert health_status(channel, SERVICE_NAME) == health_pb2.HealthCheckResponse.SERVING
            assert SERVICE_NAME in ProtoReflectionDescriptorDatabase(channel).get_services()
            stub = bot_pb2_grpc.BotServiceStub(channel)
            assert stub.ListPolicies(bpb.ListPoliciesRequest(), timeout=10).policies
        text = scrape(process.metrics_port)
        assert sample(text, "grpc_server_handled_total", grpc_service=SERVICE_NAME,
                      grpc_method="ListPolicies", grpc_code="OK") == 1
    finally:
        assert process.stop() == 0


def test_bot_settings_are_read_from_the_environment() -> None:
    settings = BotSettings.from_env("bot", {"BOT_TOKEN": "t", "BOT_CONCURRENCY": "3",
                                            "BOT_SUGGEST_MAX_SECONDS": "2.5"})
    assert (settings.bot_token, settings.concurrency, settings.suggest_max_s) == ("t", 3, 2.5)
    assert settings.common.grpc_port == 50052 and settings.common.metrics_port == 9102
    assert BotSettings.from_env("worker", {}).common.metrics_port == 9104
