"""The one exception hierarchy of Cardroom; the gRPC layer maps each class to a status code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self


class CardroomError(Exception):
    """Base of every domain error; `reason` is a sentence a user can act on, `metadata` what
    a program branches on (google.rpc.ErrorInfo.metadata: current_version, current_round,
    limit, setting, field)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.metadata: dict[str, str] = {}

    def detail(self, **items: object) -> Self:
        """The error with `items` added to its metadata (as text), for a raise."""
        self.metadata.update({key: str(value) for key, value in items.items()})
        return self


class InvalidArgument(CardroomError):
    """The request itself is malformed (bad notation, out-of-range value, bad option)."""

    def __init__(self, reason: str, field: str | None = None) -> None:
        super().__init__(reason)
        self.field = field


class InvalidConfig(InvalidArgument):
    """A game configuration that cannot be played."""


class InvalidDeal(InvalidArgument):
    """An explicit deal that is not a legal deal for the configuration."""


class MalformedAction(InvalidArgument):
    """An action string that is not in the game's canonical notation."""


class IllegalMove(CardroomError):
    """A well-formed move the rules do not allow now; carries the legal moves."""

    def __init__(self, reason: str, legal: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.legal = list(legal)


class StaleRound(IllegalMove):
    """A move made for a round that was already decided (a late Mix Match claim, M8)."""


class NotYourTurn(IllegalMove):
    """A seat tried to act when it is not that seat's turn."""


class GameOver(IllegalMove):
    """The game has ended; no further moves are accepted."""


class InvalidFields(InvalidArgument):
    """Several fields of one request are malformed; `violations` holds (field, reason) pairs."""

    def __init__(self, violations: Sequence[tuple[str, str]]) -> None:
        pairs = list(violations)
        super().__init__("; ".join(f"{f}: {r}" for f, r in pairs), pairs[0][0] if pairs else None)
        self.violations = pairs


class StaleVersion(CardroomError):
    """The caller's expected version is not the current one; reload and retry."""


class NotFound(CardroomError):
    """The named resource (a match, a policy) does not exist."""

    def __init__(self, reason: str, resource_type: str = "", name: str = "") -> None:
        super().__init__(reason)
        self.resource_type = resource_type
        self.name = name


class Unauthenticated(CardroomError):
    """No valid credential was presented."""


class PermissionDenied(CardroomError):
    """The credential is valid but does not allow this call."""


class WrongPhase(IllegalMove):
    """The match is not in the phase this call needs (waiting for players, running, or over)."""


class DeadlineExceeded(CardroomError):
    """The answer did not come within the caller's deadline (or the server's own cap)."""


class Unavailable(CardroomError):
    """A service this call needs (the broker, another Cardroom service) cannot be reached now;
    the same call may succeed later."""


class ResourceExhausted(CardroomError):
    """A limit of the service was reached (open streams, calls in flight, matches); `limit`
    names the setting that bounds it."""

    def __init__(self, reason: str, limit: str = "") -> None:
        super().__init__(reason)
        self.limit = limit


class RequestReused(InvalidArgument):
    """A request id sent again with another request than the one it was first used for."""


class OutOfRange(InvalidArgument):
    """A position past the end of what exists, e.g. a watch cursor beyond the last event."""
