"""A caller of cardroom.v1.MatchService for bots: a seat's view, its events, its moves.

Every call carries one credential as `authorization: Bearer <token>`: the workers' bot
credential (with the seat named), or a player's own seat token (SuggestMove). Failed calls
come back as the domain errors of cardroom.shared.errors, so callers handle one hierarchy and the
API maps them to statuses in the one place (cardroom.shared.rpc.errors).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc

from cardroom.services.match import mapping as match_mapping
from cardroom.shared.errors import (
    CardroomError,
    DeadlineExceeded,
    IllegalMove,
    InvalidArgument,
    NotFound,
    OutOfRange,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
    Unavailable,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc

_ERRORS: dict[grpc.StatusCode, Callable[[str], CardroomError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgument,
    grpc.StatusCode.FAILED_PRECONDITION: IllegalMove,
    grpc.StatusCode.ABORTED: StaleVersion,
    grpc.StatusCode.NOT_FOUND: lambda reason: NotFound(reason, "match"),
    grpc.StatusCode.OUT_OF_RANGE: lambda reason: OutOfRange(reason, "cursor"),
    grpc.StatusCode.UNAUTHENTICATED: Unauthenticated,
    grpc.StatusCode.PERMISSION_DENIED: PermissionDenied,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceeded,
    grpc.StatusCode.UNAVAILABLE: lambda reason: Unavailable(f"match service: {reason}"),
    grpc.StatusCode.RESOURCE_EXHAUSTED: lambda reason: Unavailable(f"match service: {reason}"),
}


def domain_error(error: grpc.RpcError) -> CardroomError:
    """The domain error a failed match-service call stands for (Unavailable when transient)."""
    code = error.code() if isinstance(error, grpc.Call) else grpc.StatusCode.UNKNOWN
    details = error.details() if isinstance(error, grpc.Call) else None
    reason = details or f"the match service answered {code.name}"
    make = _ERRORS.get(code)
    if make is None:
        return CardroomError(f"the match service failed: {reason}")
    return make(reason)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a bot may know of a match: its seat's view and the events that seat may see."""

    match_id: str
    game: str
    version: int
    seat: int
    may_act: bool
    status: str
    observation: dict[str, Any]
    event_seq: int
    seats: list[dict[str, Any]]


def seat_view(view: pb.MatchView) -> SeatView:
    """A MatchView as a SeatView (PermissionDenied when it is a spectator's)."""
    if not view.HasField("seat"):
        raise PermissionDenied("the credential speaks for no seat of this match")
    return SeatView(
        match_id=view.match_id, game=match_mapping.GAMES[view.game], version=view.version,
        seat=view.seat, may_act=view.may_act, status=match_mapping.STATUSES[view.status],
        observation=match_mapping.to_plain(view.observation), event_seq=view.event_seq,
        seats=[{"kind": match_mapping.SEAT_KINDS[s.kind], "policy": s.policy,
                "strength": s.strength} for s in view.seats])


class MatchClient:
    """Calls the match service over one channel; each call has `timeout_s` seconds."""

    def __init__(self, channel: grpc.Channel, timeout_s: float = 5.0) -> None:
        self.channel = channel
        self.stub = match_pb2_grpc.MatchServiceStub(channel)
        self.timeout_s = timeout_s

    def view(self, match_id: str, token: str, seat: int | None = None) -> SeatView:
        """The seat's view (the seat the token speaks for, or `seat` with the bot token)."""
        request = pb.GetMatchRequest(match_id=match_id)
        if seat is not None:
            request.seat = seat
        response = self._call(self.stub.GetMatch, request, token)
        return seat_view(response.match)

    def events(self, match_id: str, token: str, seat: int | None = None, until: int = 0
               ) -> list[dict[str, Any]]:
        """The events the seat may see, oldest first, up to seq `until` (0: all logged)."""
        return [event for seq, event in self.events_after(match_id, token, seat)
                if not until or seq <= until]

    def events_after(self, match_id: str, token: str, seat: int | None = None, cursor: int = 0
                     ) -> list[tuple[int, dict[str, Any]]]:
        """The (seq, event) pairs the seat may see logged after `cursor` so far, oldest first
        (OutOfRange when `cursor` is past the match's last event)."""
        request = pb.WatchMatchRequest(match_id=match_id, cursor=cursor, no_follow=True)
        if seat is not None:
            request.seat = seat
        try:
            stream = self.stub.WatchMatch(request, metadata=_auth(token), timeout=self.timeout_s)
            return [(item.event.seq, match_mapping.to_plain(item.event.data))
                    for item in stream]
        except grpc.RpcError as error:
            raise domain_error(error) from None

    def submit(self, match_id: str, token: str, seat: int, action: str,
               expected_version: int | None, request_id: str) -> pb.SubmitMoveResponse:
        """SubmitMove of a canonical action for `seat`, as a human's move is sent."""
        request = pb.SubmitMoveRequest(match_id=match_id, action=action, request_id=request_id,
                                       seat=seat)
        if expected_version is not None:
            request.expected_version = expected_version
        response: pb.SubmitMoveResponse = self._call(self.stub.SubmitMove, request, token)
        return response

    def close(self) -> None:
        """Close the channel."""
        self.channel.close()

    def _call(self, method: Any, request: Any, token: str) -> Any:
        try:
            return method(request, metadata=_auth(token), timeout=self.timeout_s)
        except grpc.RpcError as error:
            raise domain_error(error) from None


def _auth(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]
