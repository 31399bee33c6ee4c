"""Every error path of cardroom.v1.MatchService with its status code and details; tokens."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1.vivo_pb2 import VivoOptions

Code = grpc.StatusCode


@pytest.fixture(scope="module")
def client(redis_server: Any) -> Iterator[Client]:
    """A client of one replica (the module shares it; each test makes its own matches)."""
    redis_server.flush()
    with match_server(redis_server.url) as server, channel_to(server.port) as channel:
        yield Client(channel)


@pytest.fixture
def match(client: Client) -> tuple[str, dict[int, str]]:
    """A fresh 3-player VIVO match: its id and seat tokens."""
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, seed=3), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _error(call: Callable[[], object]) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value


def _detail(err: grpc.RpcError, kind: type) -> Any:
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    assert status is not None
    for item in status.details:
        if item.Is(kind.DESCRIPTOR):
            found = kind()
            item.Unpack(found)
            return found
    raise AssertionError(f"no {kind.__name__} in the error details")


def test_illegal_move_is_failed_precondition_with_legal_moves(
        client: Client, match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    legal = list(client.view(match_id, tokens[0]).legal_moves)
    card = next(c for c in ("R1", "R2", "R3", "G1", "G2", "B1") if c not in legal)
    err = _error(lambda: client.move(match_id, tokens[0], "vivo", card, 1))
    assert err.code() == Code.FAILED_PRECONDITION
    assert list(_detail(err, common_pb2.LegalActions).actions) == legal
    assert _detail(err, error_details_pb2.ErrorInfo).reason == "ERROR_REASON_ILLEGAL_MOVE"


def test_move_out_of_turn_is_failed_precondition(client: Client,
                                                 match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    err = _error(lambda: client.move(match_id, tokens[1], "vivo", "R1", 1))
    assert err.code() == Code.FAILED_PRECONDITION
    assert _detail(err, error_details_pb2.ErrorInfo).reason == "ERROR_REASON_NOT_YOUR_TURN"


def test_stale_version_is_aborted(client: Client, match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    move = client.view(match_id, tokens[0]).legal_moves[0]
    assert _error(lambda: client.move(match_id, tokens[0], "vivo", move, 7)).code() == \
        Code.ABORTED


def test_unknown_match_is_not_found_on_every_call(client: Client) -> None:
    ghost = "0" * 28
    calls: list[Callable[[], object]] = [
        lambda: client.view(ghost),
        lambda: client.move(ghost, "t", "vivo", "R1"),
        lambda: client.events(ghost),
        lambda: client.stub.JoinMatch(pb.JoinMatchRequest(match_id=ghost), timeout=5),
        lambda: client.stub.GetReplay(pb.GetReplayRequest(match_id=ghost), timeout=5),
        lambda: client.stub.Resign(pb.ResignRequest(match_id=ghost), metadata=auth("t"),
                                   timeout=5),
        lambda: client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=ghost),
                                         metadata=auth("t"), timeout=5),
    ]
    for call in calls:
        err = _error(call)
        assert err.code() == Code.NOT_FOUND
        assert _detail(err, error_details_pb2.ResourceInfo).resource_name == ghost


def test_bad_input_is_invalid_argument_naming_the_field(client: Client,
                                                        match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: client.stub.CreateMatch(pb.CreateMatchRequest(players=3), timeout=5), "game"),
        (lambda: client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, vivo_options=VivoOptions(first_lead=7)),
            timeout=5), "vivo_options.first_lead"),  # the path as the request spells it
        (lambda: client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, seats=[pb.SeatSpec()]), timeout=5), "seats"),
        (lambda: client.stub.SubmitMove(pb.SubmitMoveRequest(match_id=match_id),
                                        metadata=auth(tokens[0]), timeout=5), "move"),
        (lambda: client.move(match_id, tokens[0], "livemix", "H1"), "move"),
        (lambda: client.view("not-an-id"), "match_id"),
        (lambda: client.stub.ListMatches(pb.ListMatchesRequest(page_token="zz"), timeout=5),
         "page_token"),
        (lambda: client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, cursor=-1),
                                        timeout=5).next(), "cursor"),
    ]
    for call, field in cases:
        err = _error(call)
        assert err.code() == Code.INVALID_ARGUMENT, field
        fields = [v.field for v in _detail(err, error_details_pb2.BadRequest).field_violations]
        assert field in fields


def test_malformed_action_is_invalid_argument(client: Client,
                                              match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    err = _error(lambda: client.move(match_id, tokens[0], "vivo", "not a card", 1))
    assert err.code() == Code.INVALID_ARGUMENT


def test_tokens_are_enforced_on_every_call(client: Client,
                                           match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    move = client.view(match_id, tokens[0]).legal_moves[0]
    for token in (None, "wrong-token"):
        for call in _seat_calls(client, match_id, move, token):
            assert _error(call).code() == Code.UNAUTHENTICATED
    malformed = [("authorization", f"Basic {tokens[0]}")]
    err = _error(lambda: client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id),
                                              metadata=malformed, timeout=5))
    assert err.code() == Code.UNAUTHENTICATED
    assert client.view(match_id).version == 1


def _seat_calls(client: Client, match_id: str, move: str, token: str | None
                ) -> list[Callable[[], object]]:
    """Every call that needs a seat token (views and watches too, when a token is sent)."""
    meta = auth(token)
    calls: list[Callable[[], object]] = [
        lambda: client.stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=match_id, vivo=pb.VivoMove(card=move)), metadata=meta, timeout=5),
        lambda: client.stub.Resign(pb.ResignRequest(match_id=match_id), metadata=meta,
                                   timeout=5),
        lambda: client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                         metadata=meta, timeout=5),
    ]
    if token:
        calls += [
            lambda: client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=meta,
                                         timeout=5),
            lambda: client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id),
                                           metadata=meta, timeout=5).next(),
        ]
    return calls


def test_permission_denied_where_the_token_does_not_allow_the_call(
        client: Client, match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    err = _error(lambda: client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=1),
                                              metadata=auth(tokens[0]), timeout=5))
    assert err.code() == Code.PERMISSION_DENIED
    err = _error(lambda: client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                                  metadata=auth(tokens[0]), timeout=5))
    assert err.code() == Code.PERMISSION_DENIED
    client.stub.Resign(pb.ResignRequest(match_id=match_id), metadata=auth(tokens[1]), timeout=5)
    err = _error(lambda: client.move(match_id, tokens[1], "vivo", "R1"))
    assert err.code() == Code.PERMISSION_DENIED


def test_admin_may_act_for_a_seat_and_abandon(client: Client,
                                              match: tuple[str, dict[int, str]]) -> None:
    match_id, _ = match
    view = client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=0),
                                metadata=auth(ADMIN), timeout=5).match
    assert view.seat == 0 and view.legal_moves
    client.stub.SubmitMove(pb.SubmitMoveRequest(match_id=match_id, action=view.legal_moves[0],
                                                seat=0, expected_version=1),
                           metadata=auth(ADMIN), timeout=5)
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id), metadata=auth(ADMIN),
                             timeout=5)
    assert client.view(match_id).status == pb.MATCH_STATUS_ABANDONED


def test_calls_the_phase_does_not_allow_are_failed_precondition(
        client: Client, match: tuple[str, dict[int, str]]) -> None:
    match_id, tokens = match
    err = _error(lambda: client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id),
                                               timeout=5))
    assert err.code() == Code.FAILED_PRECONDITION
    err = _error(lambda: client.stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id),
                                               timeout=5))
    assert err.code() == Code.FAILED_PRECONDITION
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id), metadata=auth(ADMIN),
                             timeout=5)
    err = _error(lambda: client.move(match_id, tokens[0], "vivo", "R1"))
    assert err.code() == Code.FAILED_PRECONDITION
    assert _detail(err, error_details_pb2.ErrorInfo).reason == "ERROR_REASON_GAME_OVER"
