"""cardroom.v1.MatchService over gRPC: proto in, one domain call, proto out (errors: shared.rpc)."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

import grpc

from shared.proto.cardroom.v1 import match_pb2 as pb
from shared.proto.cardroom.v1 import match_pb2_grpc

from . import mapping
from .app import MatchService

Handler = TypeVar("Handler", bound=Callable[..., Any])


def _gated(method: Handler) -> Handler:
    """Run a unary handler only while holding a place at the servicer's gate."""
    @functools.wraps(method)
    def call(self: MatchServicer, request: Any, context: grpc.ServicerContext) -> Any:
        with self.gate:
            return method(self, request, context)
    return cast(Handler, call)


def _token(context: grpc.ServicerContext) -> str | None:
    return mapping.bearer_token(context.invocation_metadata())


class MatchServicer(match_pb2_grpc.MatchServiceServicer):
    """Thin adapter from gRPC calls to MatchService."""

    def __init__(self, service: MatchService, watch_block_ms: int = 1000,
                 max_active: int = 8) -> None:
        self.service = service
        self.watch_block_ms = watch_block_ms
        # At most `max_active` unary calls run at once; the others wait asleep on the gate.
        # Fewer threads fighting for the GIL gives more moves per second, while the pool
        # stays large enough for the long-lived WatchMatch streams (which are not gated).
        self.gate = threading.BoundedSemaphore(max_active)
        self.closing = threading.Event()
        self._streams = 0
        self._streams_lock = threading.Lock()

    def drain(self, timeout: float) -> bool:
        """Ask open WatchMatch streams to end and wait for them (True when none is left)."""
        self.closing.set()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._streams_lock:
                if self._streams == 0:
                    return True
            time.sleep(0.02)
        return False

    @_gated
    def CreateMatch(self, request: pb.CreateMatchRequest, context: grpc.ServicerContext
                    ) -> pb.CreateMatchResponse:
        """Create a match; tokens of the human seats are returned once."""
        created = self.service.create_match(**mapping.create_args(request))
        return pb.CreateMatchResponse(
            match_id=created.match_id, version=created.version,
            tokens=[pb.SeatToken(seat=s, token=t) for s, t in sorted(created.tokens.items())])

    @_gated
    def JoinMatch(self, request: pb.JoinMatchRequest, context: grpc.ServicerContext
                  ) -> pb.JoinMatchResponse:
        """Claim an open seat."""
        joined = self.service.join_match(request.match_id, mapping.optional_int(request, "seat"),
                                         request.name)
        return pb.JoinMatchResponse(seat=joined.seat, token=joined.token, version=joined.version)

    @_gated
    def ListMatches(self, request: pb.ListMatchesRequest, context: grpc.ServicerContext
                    ) -> pb.ListMatchesResponse:
        """One page of matches."""
        game = mapping.game_name(request.game) if request.game else ""
        status = mapping.STATUSES.get(request.status, "")
        found, token = self.service.list_matches(game, status, request.page_size,
                                                 request.page_token, request.include_private,
                                                 _token(context))
        return pb.ListMatchesResponse(matches=[mapping.summary(m) for m in found],
                                      next_page_token=token)

    @_gated
    def GetMatch(self, request: pb.GetMatchRequest, context: grpc.ServicerContext
                 ) -> pb.GetMatchResponse:
        """The caller's view."""
        view = self.service.get_view(request.match_id, _token(context),
                                     mapping.optional_int(request, "seat"))
        return pb.GetMatchResponse(match=mapping.view(view))

    @_gated
    def SubmitMove(self, request: pb.SubmitMoveRequest, context: grpc.ServicerContext
                   ) -> pb.SubmitMoveResponse:
        """Apply one move."""
        game, action = mapping.move_action(request)
        result = self.service.submit_move(
            request.match_id, _token(context), action,
            mapping.optional_int(request, "expected_version"), request.request_id,
            mapping.optional_int(request, "seat"), game)
        return pb.SubmitMoveResponse(version=result.version,
                                     status=mapping.STATUS_ENUMS[result.status],
                                     events=mapping.events(result.events),
                                     duplicate=result.duplicate)

    def WatchMatch(self, request: pb.WatchMatchRequest, context: grpc.ServicerContext
                   ) -> Iterator[pb.WatchMatchResponse]:
        """Stream events from a cursor until the match is over or the caller leaves."""
        with self._streams_lock:
            self._streams += 1
        try:
            events = self.service.watch(
                request.match_id, _token(context), request.cursor,
                mapping.optional_int(request, "seat"), self.watch_block_ms,
                stop=lambda: self.closing.is_set() or not context.is_active(),
                follow=not request.no_follow)
            for seq, data in events:
                yield pb.WatchMatchResponse(event=mapping.event(seq, data))
        finally:
            with self._streams_lock:
                self._streams -= 1

    @_gated
    def GetReplay(self, request: pb.GetReplayRequest, context: grpc.ServicerContext
                  ) -> pb.GetReplayResponse:
        """The record of a match that is over."""
        return mapping.replay(self.service.get_replay(request.match_id))

    @_gated
    def Resign(self, request: pb.ResignRequest, context: grpc.ServicerContext
               ) -> pb.ResignResponse:
        """Resign the caller's seat."""
        result = self.service.resign(request.match_id, _token(context),
                                     mapping.optional_int(request, "seat"))
        return pb.ResignResponse(version=result.version,
                                 status=mapping.STATUS_ENUMS[result.status],
                                 events=mapping.events(result.events))

    @_gated
    def AbandonMatch(self, request: pb.AbandonMatchRequest, context: grpc.ServicerContext
                     ) -> pb.AbandonMatchResponse:
        """Call the match off."""
        result = self.service.abandon(request.match_id, _token(context))
        return pb.AbandonMatchResponse(version=result.version)

    @_gated
    def DeleteMatch(self, request: pb.DeleteMatchRequest, context: grpc.ServicerContext
                    ) -> pb.DeleteMatchResponse:
        """Remove a match and its record (the admin only)."""
        version = self.service.delete_match(request.match_id, _token(context))
        return pb.DeleteMatchResponse(version=version)
