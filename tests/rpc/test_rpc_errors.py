"""The one mapping from domain errors to gRPC statuses, with rich details, over a real server."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2
from support.grpc_servers import channel_to, serving
from support.probe import SECRET, call_count, call_echo, probe_service

from cardroom.shared import errors
from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.rpc.errors import (
    DOMAIN,
    INTERNAL_MESSAGE,
    details_of,
    error_reason,
    field_violations,
    status_for,
)

C = grpc.StatusCode


@pytest.fixture(scope="module")
def channel() -> Iterator[grpc.Channel]:
    """A channel to a probe server shared by the module."""
    with serving([probe_service()]) as server, channel_to(server.port) as ch:
        yield ch


def _fail(channel: grpc.Channel, what: str) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call_echo(channel, what)
    return caught.value


@pytest.mark.parametrize(("what", "code", "reason"), [
    ("invalid", C.INVALID_ARGUMENT, "ERROR_REASON_INVALID_ARGUMENT"),
    ("fields", C.INVALID_ARGUMENT, "ERROR_REASON_INVALID_ARGUMENT"),
    ("config", C.INVALID_ARGUMENT, "ERROR_REASON_INVALID_CONFIG"),
    ("malformed", C.INVALID_ARGUMENT, "ERROR_REASON_MALFORMED_ACTION"),
    ("illegal", C.FAILED_PRECONDITION, "ERROR_REASON_ILLEGAL_MOVE"),
    ("turn", C.FAILED_PRECONDITION, "ERROR_REASON_NOT_YOUR_TURN"),
    ("over", C.FAILED_PRECONDITION, "ERROR_REASON_GAME_OVER"),
    ("stale", C.ABORTED, "ERROR_REASON_STALE_VERSION"),
    ("missing", C.NOT_FOUND, "ERROR_REASON_NOT_FOUND"),
    ("unauth", C.UNAUTHENTICATED, "ERROR_REASON_UNAUTHENTICATED"),
    ("denied", C.PERMISSION_DENIED, "ERROR_REASON_PERMISSION_DENIED"),
])
def test_domain_error_maps_to_its_status_code_and_error_info(
        channel: grpc.Channel, what: str, code: grpc.StatusCode, reason: str) -> None:
    error = _fail(channel, what)
    assert error.code() == code
    assert error_reason(error) == reason
    assert common_pb2.ErrorReason.Value(reason) > 0
    infos = details_of(error, error_details_pb2.ErrorInfo)
    assert [i.domain for i in infos] == [DOMAIN]


def test_malformed_request_is_invalid_argument_with_bad_request_field(
        channel: grpc.Channel) -> None:
    error = _fail(channel, "invalid")
    assert error.details() == "cards must not be empty"
    assert field_violations(error) == [("cards", "cards must not be empty")]


def test_several_bad_fields_are_all_listed_in_bad_request(channel: grpc.Channel) -> None:
    error = _fail(channel, "fields")
    assert field_violations(error) == [("cards[2]", "0 is below 1"), ("target", "is missing")]


def test_invalid_argument_without_a_field_carries_no_bad_request(channel: grpc.Channel) -> None:
    assert field_violations(_fail(channel, "malformed")) == []


def test_illegal_move_is_failed_precondition_with_the_legal_actions(
        channel: grpc.Channel) -> None:
    error = _fail(channel, "illegal")
    assert error.details() == "must follow the lead colour"
    legal = details_of(error, common_pb2.LegalActions)
    assert [list(x.actions) for x in legal] == [["H1", "H7"]]


def test_not_found_names_the_resource(channel: grpc.Channel) -> None:
    info = details_of(_fail(channel, "missing"), error_details_pb2.ResourceInfo)
    assert [(i.resource_type, i.resource_name) for i in info] == [("match", "m-42")]


def test_unexpected_error_is_internal_without_internals(channel: grpc.Channel) -> None:
    error = _fail(channel, "boom")
    assert error.code() == C.INTERNAL
    assert error.details() == INTERNAL_MESSAGE
    assert SECRET not in str(error.trailing_metadata())
    assert error_reason(error) is None


def test_status_set_by_the_handler_itself_is_kept(channel: grpc.Channel) -> None:
    error = _fail(channel, "abort")
    assert (error.code(), error.details()) == (C.RESOURCE_EXHAUSTED, "too busy")


def test_server_stream_error_after_messages_maps_like_unary(channel: grpc.Channel) -> None:
    received: list[str] = []
    with pytest.raises(grpc.RpcError) as caught:
        call_count(channel, "illegal", received)
    assert received == ["0", "1", "2"]
    assert caught.value.code() == C.FAILED_PRECONDITION
    assert error_reason(caught.value) == "ERROR_REASON_ILLEGAL_MOVE"


def test_server_stream_unexpected_error_is_internal(channel: grpc.Channel) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        call_count(channel, "boom", [])
    assert (caught.value.code(), caught.value.details()) == (C.INTERNAL, INTERNAL_MESSAGE)


def test_subclass_maps_through_its_parent_class() -> None:
    class SeatGone(errors.IllegalMove):
        """A subclass the table does not name."""

    status = status_for(SeatGone("seat 3 has left", legal=["pass"]))
    assert status.code == C.FAILED_PRECONDITION.value[0]
    assert status.message == "seat 3 has left"


def test_status_for_plain_exception_hides_its_message() -> None:
    status = status_for(KeyError("secret key"))
    assert (status.code, status.message, list(status.details)) == (
        C.INTERNAL.value[0], INTERNAL_MESSAGE, [])
