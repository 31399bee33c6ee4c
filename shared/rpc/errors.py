"""The one place where domain errors become gRPC statuses, with google.rpc rich details.

Servicers raise cardroom.shared.errors exceptions; the call interceptor
(cardroom.shared.rpc.calls) turns each into a status:

- InvalidArgument and kin (InvalidFields, InvalidConfig, InvalidDeal, MalformedAction):
  INVALID_ARGUMENT, with google.rpc.BadRequest field violations;
- IllegalMove and kin (NotYourTurn, StaleRound, GameOver): FAILED_PRECONDITION, with
  cardroom.v1.LegalActions; WrongPhase (the call does not fit the match's phase):
  FAILED_PRECONDITION without it;
- StaleVersion: ABORTED; NotFound: NOT_FOUND, with google.rpc.ResourceInfo;
- Unauthenticated: UNAUTHENTICATED; PermissionDenied: PERMISSION_DENIED;
- DeadlineExceeded: DEADLINE_EXCEEDED; Unavailable: UNAVAILABLE;
- ResourceExhausted: RESOURCE_EXHAUSTED; OutOfRange: OUT_OF_RANGE;
- anything else: INTERNAL with the message "internal error" and nothing more (logged here).

Each mapped error also carries a google.rpc.ErrorInfo and its human reason as the message.
ErrorInfo.reason is a cardroom.v1.ErrorReason value name, its domain is DOMAIN.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, cast

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardroom.shared.errors import (
    CardroomError,
    DeadlineExceeded,
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidConfig,
    InvalidDeal,
    InvalidFields,
    MalformedAction,
    NotFound,
    NotYourTurn,
    OutOfRange,
    PermissionDenied,
    ResourceExhausted,
    StaleRound,
    StaleVersion,
    Unauthenticated,
    Unavailable,
    WrongPhase,
)
from cardroom.shared.proto.cardroom.v1 import common_pb2

#: google.rpc.ErrorInfo.domain of every Cardroom error.
DOMAIN = "cardroom"
#: The whole message a client sees for an unexpected failure.
INTERNAL_MESSAGE = "internal error"

R = common_pb2.ErrorReason
# Most specific class first: the first match wins.
_TABLE: tuple[tuple[type[CardroomError], grpc.StatusCode, int], ...] = (
    (OutOfRange, grpc.StatusCode.OUT_OF_RANGE, R.ERROR_REASON_OUT_OF_RANGE),
    (InvalidConfig, grpc.StatusCode.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_CONFIG),
    (InvalidDeal, grpc.StatusCode.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_DEAL),
    (MalformedAction, grpc.StatusCode.INVALID_ARGUMENT, R.ERROR_REASON_MALFORMED_ACTION),
    (InvalidArgument, grpc.StatusCode.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_ARGUMENT),
    (NotYourTurn, grpc.StatusCode.FAILED_PRECONDITION, R.ERROR_REASON_NOT_YOUR_TURN),
    (StaleRound, grpc.StatusCode.FAILED_PRECONDITION, R.ERROR_REASON_STALE_ROUND),
    (WrongPhase, grpc.StatusCode.FAILED_PRECONDITION, R.ERROR_REASON_WRONG_PHASE),
    (GameOver, grpc.StatusCode.FAILED_PRECONDITION, R.ERROR_REASON_GAME_OVER),
    (IllegalMove, grpc.StatusCode.FAILED_PRECONDITION, R.ERROR_REASON_ILLEGAL_MOVE),
    (StaleVersion, grpc.StatusCode.ABORTED, R.ERROR_REASON_STALE_VERSION),
    (NotFound, grpc.StatusCode.NOT_FOUND, R.ERROR_REASON_NOT_FOUND),
    (Unauthenticated, grpc.StatusCode.UNAUTHENTICATED, R.ERROR_REASON_UNAUTHENTICATED),
    (PermissionDenied, grpc.StatusCode.PERMISSION_DENIED, R.ERROR_REASON_PERMISSION_DENIED),
    (DeadlineExceeded, grpc.StatusCode.DEADLINE_EXCEEDED, R.ERROR_REASON_DEADLINE_EXCEEDED),
    (Unavailable, grpc.StatusCode.UNAVAILABLE, R.ERROR_REASON_UNAVAILABLE),
    (ResourceExhausted, grpc.StatusCode.RESOURCE_EXHAUSTED, R.ERROR_REASON_LIMIT_REACHED),
)


def status_for(exc: BaseException) -> status_pb2.Status:
    """The google.rpc.Status a client receives when a handler raises `exc`."""
    code, reason = classify(exc)
    if reason is None or not isinstance(exc, CardroomError):
        return _status(code, INTERNAL_MESSAGE, [])
    info = error_details_pb2.ErrorInfo(reason=R.Name(reason), domain=DOMAIN)
    return _status(code, exc.reason, [info, *_details(exc)])


def classify(exc: BaseException) -> tuple[grpc.StatusCode, int | None]:
    """The status code and ErrorReason of `exc` (INTERNAL and None when it is unexpected)."""
    for cls, code, reason in _TABLE:
        if isinstance(exc, cls):
            return code, reason
    return grpc.StatusCode.INTERNAL, None


def _details(exc: CardroomError) -> list[Message]:
    if isinstance(exc, InvalidFields):
        return [_bad_request(exc.violations)]
    if isinstance(exc, InvalidArgument):
        return [_bad_request([(exc.field, exc.reason)])] if exc.field else []
    if isinstance(exc, WrongPhase):
        return []  # no move would do: the match must reach another phase first
    if isinstance(exc, IllegalMove):
        return [common_pb2.LegalActions(actions=exc.legal)]
    if isinstance(exc, NotFound):
        return [error_details_pb2.ResourceInfo(
            resource_type=exc.resource_type, resource_name=exc.name, description=exc.reason)]
    return []


def _bad_request(violations: Sequence[tuple[str, str]]) -> error_details_pb2.BadRequest:
    return error_details_pb2.BadRequest(field_violations=[
        error_details_pb2.BadRequest.FieldViolation(field=f, description=d)
        for f, d in violations])


def _status(code: grpc.StatusCode, message: str, details: Sequence[Message]) -> status_pb2.Status:
    packed = []
    for detail in details:
        box = any_pb2.Any()
        box.Pack(detail)
        packed.append(box)
    return status_pb2.Status(code=_code_number(code), message=message, details=packed)


def _code_number(code: grpc.StatusCode) -> int:
    number: int = code.value[0]
    return number


M = TypeVar("M", bound=Message)


def rich_status(error: grpc.RpcError) -> status_pb2.Status | None:
    """The google.rpc.Status a failed call carried (None when it had no rich details)."""
    return rpc_status.from_call(cast(grpc.Call, error))


def details_of(error: grpc.RpcError, kind: type[M]) -> list[M]:
    """The details of type `kind` (e.g. error_details_pb2.BadRequest) a failed call carried."""
    status = rich_status(error)
    found: list[M] = []
    for box in status.details if status is not None else ():
        detail = kind()
        if box.Unpack(detail):  # False when the detail is of another type
            found.append(detail)
    return found


def field_violations(error: grpc.RpcError) -> list[tuple[str, str]]:
    """(field, description) pairs of the BadRequest details of a failed call."""
    return [(v.field, v.description)
            for bad in details_of(error, error_details_pb2.BadRequest)
            for v in bad.field_violations]


def error_reason(error: grpc.RpcError) -> str | None:
    """The ErrorInfo.reason of a failed Cardroom call, e.g. "ERROR_REASON_ILLEGAL_MOVE"."""
    infos = [i for i in details_of(error, error_details_pb2.ErrorInfo) if i.domain == DOMAIN]
    return infos[0].reason if infos else None
