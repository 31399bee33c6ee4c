"""Failed calls as Cardroom's own exceptions: one class per status code and error reason.

The client raises the domain exceptions of cardroom.shared.errors, the same classes the services
raise, rebuilt from the call's status and its google.rpc details:

- INVALID_ARGUMENT: InvalidArgument (InvalidFields when several fields are named), or by
  ErrorInfo.reason InvalidConfig, InvalidDeal, MalformedAction; BadRequest gives `field`;
- FAILED_PRECONDITION: IllegalMove with `legal` (cardroom.v1.LegalActions), or by reason
  NotYourTurn, GameOver;
- ABORTED: StaleVersion; NOT_FOUND: NotFound with `resource_type` and `name`;
- UNAUTHENTICATED: Unauthenticated; PERMISSION_DENIED: PermissionDenied;
- DEADLINE_EXCEEDED: DeadlineExceeded; UNAVAILABLE: Unavailable;
- any other status: ServiceFailure, with `code`.

Only the reason decides within a status, so a class the server does not name (WrongPhase
travels as an illegal move) arrives as its parent.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import grpc
from google.rpc import error_details_pb2

from cardroom.shared import errors
from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.rpc.errors import classify, details_of, error_reason, field_violations


class ServiceFailure(errors.CardroomError):
    """A call failed with a status no domain error stands for (INTERNAL, UNIMPLEMENTED, ...)."""

    def __init__(self, reason: str, code: grpc.StatusCode) -> None:
        super().__init__(reason)
        self.code = code


_BY_CODE: dict[grpc.StatusCode, type[errors.CardroomError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: errors.InvalidArgument,
    grpc.StatusCode.FAILED_PRECONDITION: errors.IllegalMove,
    grpc.StatusCode.ABORTED: errors.StaleVersion,
    grpc.StatusCode.NOT_FOUND: errors.NotFound,
    grpc.StatusCode.UNAUTHENTICATED: errors.Unauthenticated,
    grpc.StatusCode.PERMISSION_DENIED: errors.PermissionDenied,
    grpc.StatusCode.DEADLINE_EXCEEDED: errors.DeadlineExceeded,
    grpc.StatusCode.UNAVAILABLE: errors.Unavailable,
}

_R = common_pb2.ErrorReason
_BY_REASON: dict[str, type[errors.CardroomError]] = {
    _R.Name(_R.ERROR_REASON_INVALID_CONFIG): errors.InvalidConfig,
    _R.Name(_R.ERROR_REASON_INVALID_DEAL): errors.InvalidDeal,
    _R.Name(_R.ERROR_REASON_MALFORMED_ACTION): errors.MalformedAction,
    _R.Name(_R.ERROR_REASON_NOT_YOUR_TURN): errors.NotYourTurn,
    _R.Name(_R.ERROR_REASON_GAME_OVER): errors.GameOver,
}


def from_rpc_error(error: grpc.RpcError) -> errors.CardroomError:
    """The Cardroom exception a failed call stands for (see the module table)."""
    call = cast(grpc.Call, error)
    code = call.code()
    message = call.details() or f"the call failed with {code.name}"
    cls = _BY_CODE.get(code)
    if cls is None:
        return ServiceFailure(message, code)
    reason = error_reason(error) or ""
    if cls in (errors.InvalidArgument, errors.IllegalMove):
        cls = _BY_REASON.get(reason, cls)
    if issubclass(cls, errors.InvalidArgument):
        return _invalid(cls, message, field_violations(error))
    if issubclass(cls, errors.IllegalMove):
        legal = [a for d in details_of(error, common_pb2.LegalActions) for a in d.actions]
        return cls(message, legal)
    if cls is errors.NotFound:
        infos = details_of(error, error_details_pb2.ResourceInfo)
        if infos:
            return errors.NotFound(message, infos[0].resource_type, infos[0].resource_name)
        return errors.NotFound(message)
    return cls(message)


def _invalid(cls: type[errors.CardroomError], message: str,
             violations: list[tuple[str, str]]) -> errors.CardroomError:
    if len(violations) > 1 and cls is errors.InvalidArgument:
        return errors.InvalidFields(violations)
    field = violations[0][0] if violations else None
    return cls(message, field)  # type: ignore[call-arg]  # every InvalidArgument takes a field


def status_code(exc: errors.CardroomError) -> grpc.StatusCode:
    """The gRPC status code a Cardroom exception stands for."""
    if isinstance(exc, ServiceFailure):
        return exc.code
    return classify(exc)[0]


@contextmanager
def translated() -> Iterator[None]:
    """Run a block of calls, raising failed calls as Cardroom exceptions."""
    try:
        yield
    except grpc.RpcError as error:
        raise from_rpc_error(error) from error
