"""Cardroom's exceptions and gRPC statuses, both ways, from one list (ERRORS).

A server turns a raised exception into a status with status_for; a client turns a failed
call back into the exception with from_rpc_error. Each mapped error carries a
google.rpc.ErrorInfo (its reason a cardroom.v1.ErrorReason value name, its domain DOMAIN,
its metadata what a program branches on: metadata_of) and its human reason as the
message, plus rich details where they help a caller:

- InvalidArgument and kin (InvalidFields, InvalidConfig, InvalidDeal, MalformedAction,
  RequestReused, OutOfRange): google.rpc.BadRequest field violations;
- IllegalMove and kin (NotYourTurn, StaleRound, GameOver): cardroom.v1.LegalActions;
  WrongPhase (the call does not fit the match's phase) none;
- NotFound: google.rpc.ResourceInfo.

Anything else a server raises is INTERNAL with the message "internal error" and nothing
more. A client rebuilds the class the ErrorInfo reason names (when it belongs to the call's
status), else the most general class of the status; a status no class stands for
(INTERNAL, UNIMPLEMENTED, ...) arrives as ServiceFailure with its code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
    RequestReused,
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
C = grpc.StatusCode
#: Every exception class with its status code and ErrorReason. Most specific class first
#: (an exception takes the first row it is an instance of); the last row of a code is the
#: class a client makes of that code when the reason names none of its rows.
ERRORS: tuple[tuple[type[CardroomError], grpc.StatusCode, int], ...] = (
    (OutOfRange, C.OUT_OF_RANGE, R.ERROR_REASON_OUT_OF_RANGE),
    (InvalidConfig, C.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_CONFIG),
    (InvalidDeal, C.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_DEAL),
    (MalformedAction, C.INVALID_ARGUMENT, R.ERROR_REASON_MALFORMED_ACTION),
    (RequestReused, C.INVALID_ARGUMENT, R.ERROR_REASON_REQUEST_ID_REUSED),
    (InvalidArgument, C.INVALID_ARGUMENT, R.ERROR_REASON_INVALID_ARGUMENT),
    (NotYourTurn, C.FAILED_PRECONDITION, R.ERROR_REASON_NOT_YOUR_TURN),
    (StaleRound, C.FAILED_PRECONDITION, R.ERROR_REASON_STALE_ROUND),
    (WrongPhase, C.FAILED_PRECONDITION, R.ERROR_REASON_WRONG_PHASE),
    (GameOver, C.FAILED_PRECONDITION, R.ERROR_REASON_GAME_OVER),
    (IllegalMove, C.FAILED_PRECONDITION, R.ERROR_REASON_ILLEGAL_MOVE),
    (StaleVersion, C.ABORTED, R.ERROR_REASON_STALE_VERSION),
    (NotFound, C.NOT_FOUND, R.ERROR_REASON_NOT_FOUND),
    (Unauthenticated, C.UNAUTHENTICATED, R.ERROR_REASON_UNAUTHENTICATED),
    (PermissionDenied, C.PERMISSION_DENIED, R.ERROR_REASON_PERMISSION_DENIED),
    (DeadlineExceeded, C.DEADLINE_EXCEEDED, R.ERROR_REASON_DEADLINE_EXCEEDED),
    (Unavailable, C.UNAVAILABLE, R.ERROR_REASON_UNAVAILABLE),
    (ResourceExhausted, C.RESOURCE_EXHAUSTED, R.ERROR_REASON_LIMIT_REACHED),
)
#: Status to exception: the class of each ErrorReason name, and the class of each code.
BY_REASON: dict[str, tuple[type[CardroomError], grpc.StatusCode]] = {
    R.Name(reason): (cls, code) for cls, code, reason in ERRORS}
BY_CODE: dict[grpc.StatusCode, type[CardroomError]] = {code: cls for cls, code, _ in ERRORS}


class ServiceFailure(CardroomError):
    """A call failed with a status no domain error stands for (INTERNAL, UNIMPLEMENTED, ...)."""

    def __init__(self, reason: str, code: grpc.StatusCode) -> None:
        super().__init__(reason)
        self.code = code


# ---- exception to status (servers) -----------------------------------------------------------

def classify(exc: BaseException) -> tuple[grpc.StatusCode, int | None]:
    """The status code and ErrorReason of `exc` (INTERNAL and None when it is unexpected)."""
    for cls, code, reason in ERRORS:
        if isinstance(exc, cls):
            return code, reason
    return C.INTERNAL, None


def status_code(exc: CardroomError) -> grpc.StatusCode:
    """The gRPC status code a Cardroom exception stands for."""
    if isinstance(exc, ServiceFailure):
        return exc.code
    return classify(exc)[0]


def status_for(exc: BaseException) -> status_pb2.Status:
    """The google.rpc.Status a client receives when a handler raises `exc`."""
    code, reason = classify(exc)
    if reason is None or not isinstance(exc, CardroomError):
        return _status(code, INTERNAL_MESSAGE, [])
    info = error_details_pb2.ErrorInfo(reason=R.Name(reason), domain=DOMAIN,
                                       metadata=metadata_of(exc))
    return _status(code, exc.reason, [info, *_details(exc)])


def metadata_of(exc: CardroomError) -> dict[str, str]:
    """What ErrorInfo.metadata carries of `exc`: its own metadata, the field of a malformed
    request, the setting of a limit reached."""
    found = dict(exc.metadata)
    if isinstance(exc, InvalidArgument) and exc.field:
        found.setdefault("field", exc.field)
    if isinstance(exc, ResourceExhausted) and exc.limit:
        found.setdefault("setting", exc.limit)
    return found


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
    number: int = code.value[0]
    return status_pb2.Status(code=number, message=message, details=packed)


# ---- status to exception (clients) -----------------------------------------------------------

def from_rpc_error(error: grpc.RpcError) -> CardroomError:
    """The Cardroom exception a failed call stands for (see the module's docstring)."""
    # An RpcError of a real call is also its grpc.Call (code, details, trailing metadata).
    call = cast(grpc.Call, error)
    answered = callable(getattr(error, "code", None))
    code = call.code() if answered else C.UNKNOWN
    message = (call.details() if answered else None) or f"the call failed with {code.name}"
    cls = BY_CODE.get(code)
    if cls is None:
        return ServiceFailure(message, code)
    named = BY_REASON.get(error_reason(error) or "")
    if named is not None and named[1] == code:
        cls = named[0]
    built = _rebuilt(error, cls, message)
    infos = [i for i in details_of(error, error_details_pb2.ErrorInfo) if i.domain == DOMAIN]
    built.metadata.update(infos[0].metadata if infos else {})
    if isinstance(built, ResourceExhausted) and not built.limit:
        built.limit = built.metadata.get("setting", "")
    return built


def _rebuilt(error: grpc.RpcError, cls: type[CardroomError], message: str) -> CardroomError:
    if issubclass(cls, InvalidArgument):
        return _invalid(cls, message, field_violations(error))
    if issubclass(cls, IllegalMove):
        legal = [a for d in details_of(error, common_pb2.LegalActions) for a in d.actions]
        return cls(message, legal)
    if cls is NotFound:
        infos = details_of(error, error_details_pb2.ResourceInfo)
        if infos:
            return NotFound(message, infos[0].resource_type, infos[0].resource_name)
    return cls(message)


def _invalid(cls: type[CardroomError], message: str,
             violations: list[tuple[str, str]]) -> CardroomError:
    if len(violations) > 1 and cls is InvalidArgument:
        return InvalidFields(violations)
    field = violations[0][0] if violations else None
    return cls(message, field)  # type: ignore[call-arg]  # every InvalidArgument takes a field


@contextmanager
def translated() -> Iterator[None]:
    """Run a block of calls, raising failed calls as Cardroom exceptions."""
    try:
        yield
    except grpc.RpcError as error:
        raise from_rpc_error(error) from error


M = TypeVar("M", bound=Message)


def rich_status(error: grpc.RpcError) -> status_pb2.Status | None:
    """The google.rpc.Status a failed call carried (None when it had no rich details)."""
    if not callable(getattr(error, "trailing_metadata", None)):
        return None
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
