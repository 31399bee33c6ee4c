"""The one table of domain errors and gRPC statuses, with rich details: over a real server,
and read back both ways row by row."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2
from support.grpc_servers import channel_to, serving
from support.probe import SECRET, call_count, call_echo, probe_service

from cardroom.shared import errors
from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.wire.errors import (
    DOMAIN,
    ERRORS,
    INTERNAL_MESSAGE,
    ServiceFailure,
    details_of,
    error_reason,
    field_violations,
    from_rpc_error,
    status_code,
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


class Failed(grpc.RpcError):
    """A failed call as a client sees it: its code, its message, the rich status trailer."""

    def __init__(self, code: grpc.StatusCode, message: str,
                 status: status_pb2.Status | None = None) -> None:
        self._code, self._message = code, message
        self._trailer = [] if status is None else [
            ("grpc-status-details-bin", status.SerializeToString())]

    def code(self) -> grpc.StatusCode:
        """The status code."""
        return self._code

    def details(self) -> str:
        """The status message."""
        return self._message

    def trailing_metadata(self) -> list[tuple[str, bytes]]:
        """The trailer, with the google.rpc.Status when there is one."""
        return self._trailer


def _sent(exc: errors.CardroomError) -> Failed:
    status = status_for(exc)
    code = next(c for c in C if c.value[0] == status.code)
    return Failed(code, status.message, status)


@pytest.mark.parametrize(("cls", "code", "reason"), ERRORS,
                         ids=[cls.__name__ for cls, _, _ in ERRORS])
def test_every_row_of_the_table_goes_there_and_back(
        cls: type[errors.CardroomError], code: grpc.StatusCode, reason: int) -> None:
    failed = _sent(cls("why not"))
    assert failed.code() == code and error_reason(failed) == common_pb2.ErrorReason.Name(reason)
    back = from_rpc_error(failed)
    assert type(back) is cls and back.reason == "why not" and status_code(back) == code


@pytest.mark.parametrize(("code", "expected"), [
    (C.INVALID_ARGUMENT, errors.InvalidArgument), (C.OUT_OF_RANGE, errors.OutOfRange),
    (C.FAILED_PRECONDITION, errors.IllegalMove), (C.ABORTED, errors.StaleVersion),
    (C.NOT_FOUND, errors.NotFound), (C.UNAUTHENTICATED, errors.Unauthenticated),
    (C.PERMISSION_DENIED, errors.PermissionDenied), (C.DEADLINE_EXCEEDED, errors.DeadlineExceeded),
    (C.UNAVAILABLE, errors.Unavailable), (C.RESOURCE_EXHAUSTED, errors.ResourceExhausted),
])
def test_a_status_without_details_is_the_most_general_class_of_its_code(
        code: grpc.StatusCode, expected: type[errors.CardroomError]) -> None:
    back = from_rpc_error(Failed(code, "from the transport"))
    assert type(back) is expected and back.reason == "from the transport"


def test_a_status_no_class_stands_for_is_a_service_failure_with_its_code() -> None:
    for code in (C.INTERNAL, C.UNIMPLEMENTED, C.UNKNOWN, C.CANCELLED, C.DATA_LOSS):
        back = from_rpc_error(Failed(code, ""))
        assert isinstance(back, ServiceFailure) and status_code(back) == code
        assert back.reason == f"the call failed with {code.name}"


def test_a_reason_of_another_status_does_not_change_the_class() -> None:
    status = status_for(errors.NotYourTurn("seat 2 is to play"))
    back = from_rpc_error(Failed(C.ABORTED, status.message, status_pb2.Status(
        code=C.ABORTED.value[0], message=status.message, details=status.details)))
    assert type(back) is errors.StaleVersion


def test_the_details_of_a_row_travel_with_it() -> None:
    out = from_rpc_error(_sent(errors.OutOfRange("cursor 9 is past the end", "cursor")))
    assert isinstance(out, errors.OutOfRange) and out.field == "cursor"
    turn = from_rpc_error(_sent(errors.NotYourTurn("seat 2 is to play", ["pass"])))
    assert isinstance(turn, errors.NotYourTurn) and turn.legal == ["pass"]
    phase = from_rpc_error(_sent(errors.WrongPhase("the match has not started", ["x"])))
    assert type(phase) is errors.WrongPhase and phase.legal == []  # no move would do
    limit = from_rpc_error(_sent(errors.ResourceExhausted("too many matches", "MATCH_MAX")))
    assert type(limit) is errors.ResourceExhausted and limit.reason == "too many matches"
