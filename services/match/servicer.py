"""cardroom.v1.MatchService over grpc.aio: proto in, one domain call, proto out (errors:
cardroom.shared.rpc). Every call is a coroutine on the replica's one event loop; an open WatchMatch
stream holds no thread, only its place in the stream limits (limits.py)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import grpc

from cardroom.shared.errors import InvalidArgument, MalformedAction, Unavailable
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.rpc.identity import Caller, CallerPolicy
from cardroom.shared.wire.tokens import bearer_token

from . import lobbywire, mapping
from .app import MatchService
from .limits import Limits
from .views import Turn

Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Any]])


def _gated(method: Handler) -> Handler:
    """Run a unary handler only while it has a place among the calls in flight."""
    @functools.wraps(method)
    async def call(self: MatchServicer, request: Any, context: grpc.aio.ServicerContext
                   ) -> Any:
        with self.limits.unary():
            return await method(self, request, context)
    return cast(Handler, call)


def _frame(item: tuple[int, dict[str, Any]] | Turn, game: str) -> pb.WatchMatchResponse:
    """One item of MatchService.watch (of a match of `game`) as a stream message."""
    if isinstance(item, Turn):
        if item.message is None:
            item.message = pb.WatchMatchResponse(turn=mapping.turn(item.frame))
        message: pb.WatchMatchResponse = item.message
        return message
    return pb.WatchMatchResponse(event=mapping.event(*item, game))


def _token(context: grpc.aio.ServicerContext) -> str | None:
    return bearer_token(list(context.invocation_metadata() or ()))


class MatchServicer(match_pb2_grpc.MatchServiceServicer):
    """Thin adapter from gRPC calls to MatchService."""

    def __init__(self, service: MatchService, limits: Limits,
                 callers: CallerPolicy | None = None) -> None:
        self.service = service
        self.limits = limits
        #: Who a caller is (GRPC_TRUSTED_PROXIES, GRPC_CALLER_*_PREFIX).
        self.callers = callers if callers is not None else CallerPolicy()

    def caller(self, context: grpc.aio.ServicerContext) -> Caller:
        """Who makes this call, for every per-caller limit (cardroom.shared.rpc.identity):
        the same on every replica and every connection of the caller."""
        return self.callers.caller(context.peer(), list(context.invocation_metadata() or ()),
                                   self.service.credential(_token(context)))

    @_gated
    async def CreateMatch(self, request: pb.CreateMatchRequest,
                          context: grpc.aio.ServicerContext) -> pb.CreateMatchResponse:
        """Create a match; tokens of the human seats are returned once."""
        token = _token(context)
        try:
            created = await self.service.create_match(
                **mapping.create_args(request), token=token, caller=self.caller(context).key)
        except InvalidArgument as exc:
            exc.field = mapping.create_field(request, exc)  # as sent, e.g. typed options
            raise
        return pb.CreateMatchResponse(
            match_id=created.match_id, version=created.version,
            tokens=[pb.SeatToken(seat=s, token=t) for s, t in sorted(created.tokens.items())],
            creator_token=created.creator_token)

    @_gated
    async def JoinMatch(self, request: pb.JoinMatchRequest,
                        context: grpc.aio.ServicerContext) -> pb.JoinMatchResponse:
        """Claim an open seat."""
        joined = await self.service.join_match(
            request.match_id, mapping.optional_int(request, "seat"), request.name,
            token=_token(context))
        return pb.JoinMatchResponse(seat=joined.seat, token=joined.token, version=joined.version)

    @_gated
    async def ListMatches(self, request: pb.ListMatchesRequest,
                          context: grpc.aio.ServicerContext) -> pb.ListMatchesResponse:
        """One page of matches."""
        game = mapping.game_name(request.game) if request.game else ""
        status = mapping.STATUSES.get(request.status, "")
        found, token = await self.service.list_matches(
            game, status, request.page_size, request.page_token, request.include_private,
            _token(context))
        return pb.ListMatchesResponse(matches=[lobbywire.summary(m) for m in found],
                                      next_page_token=token)

    @_gated
    async def GetMatch(self, request: pb.GetMatchRequest,
                       context: grpc.aio.ServicerContext) -> pb.GetMatchResponse:
        """The caller's view."""
        view = await self.service.get_view(request.match_id, _token(context),
                                           mapping.optional_int(request, "seat"))
        return pb.GetMatchResponse(match=mapping.view(view))

    @_gated
    async def SubmitMove(self, request: pb.SubmitMoveRequest,
                         context: grpc.aio.ServicerContext) -> pb.SubmitMoveResponse:
        """Apply one move."""
        game, action = mapping.move_action(request)
        try:
            result = await self.service.submit_move(
                request.match_id, _token(context), action,
                mapping.optional_int(request, "expected_version"), request.request_id,
                mapping.optional_int(request, "seat"), game)
        except MalformedAction as exc:
            exc.field = mapping.move_field(request)  # the field as sent, e.g. "vivo.card"
            raise
        return pb.SubmitMoveResponse(version=result.version,
                                     status=mapping.STATUSES.number(result.status),
                                     events=mapping.events(result.events, result.game),
                                     duplicate=result.duplicate)

    async def WatchMatch(self, request: pb.WatchMatchRequest,
                         context: grpc.aio.ServicerContext) -> None:
        """Stream events from a cursor until the match is over or the caller leaves; a
        stream that leaves an event unread for MATCH_STREAM_STALL seconds is ended."""
        with self.limits.stream(self.caller(context).key, request.match_id):
            game = await self.service.game_of(request.match_id)
            events = self.service.watch(  # an async generator: closed below
                request.match_id, _token(context), request.cursor,
                mapping.optional_int(request, "seat"), follow=not request.no_follow,
                turns=request.turns)
            try:
                async for item in events:
                    await self._send(context, _frame(item, game), "seq")
            finally:
                await events.aclose()  # type: ignore[attr-defined]

    async def _send(self, context: grpc.aio.ServicerContext, message: Any, cursor: str
                    ) -> None:
        """Write one stream message, ending a stream that leaves it unread for
        MATCH_STREAM_STALL seconds (UNAVAILABLE; the client resumes from its `cursor`)."""
        try:
            await asyncio.wait_for(context.write(message), self.limits.stall_s)
        except TimeoutError:
            self.limits.count_refusal("stream_stall")
            # The message in flight may still arrive: the client resumes from the last
            # cursor it received, whichever that is.
            raise Unavailable(
                f"this stream left events unread for {self.limits.stall_s:g} s "
                f"and was ended; resume with the last {cursor} you received") from None

    @_gated
    async def GetReplay(self, request: pb.GetReplayRequest,
                        context: grpc.aio.ServicerContext) -> pb.GetReplayResponse:
        """The record of a match that is over."""
        return mapping.replay(await self.service.get_replay(request.match_id))

    @_gated
    async def Resign(self, request: pb.ResignRequest,
                     context: grpc.aio.ServicerContext) -> pb.ResignResponse:
        """Resign the caller's seat."""
        result = await self.service.resign(request.match_id, _token(context),
                                           mapping.optional_int(request, "seat"))
        return pb.ResignResponse(version=result.version,
                                 status=mapping.STATUSES.number(result.status),
                                 events=mapping.events(result.events, result.game))

    @_gated
    async def AbandonMatch(self, request: pb.AbandonMatchRequest,
                           context: grpc.aio.ServicerContext) -> pb.AbandonMatchResponse:
        """Call the match off."""
        result = await self.service.abandon(request.match_id, _token(context))
        return pb.AbandonMatchResponse(version=result.version)

    @_gated
    async def DeleteMatch(self, request: pb.DeleteMatchRequest,
                          context: grpc.aio.ServicerContext) -> pb.DeleteMatchResponse:
        """Remove a match and its record (the admin only)."""
        version = await self.service.delete_match(request.match_id, _token(context))
        return pb.DeleteMatchResponse(version=version)

    async def WatchLobby(self, request: pb.WatchLobbyRequest,
                         context: grpc.aio.ServicerContext) -> None:
        """Stream the public lobby: a snapshot or the changes since a cursor, then each
        change; it holds a place among the caller's streams, as WatchMatch does."""
        with self.limits.stream(self.caller(context).key, None):
            game = mapping.game_name(request.game) if request.game else ""
            items = self.service.watch_lobby(game, request.cursor)
            try:
                async for kind, cursor, match_id, entry in items:
                    await self._send(context, lobbywire.change(kind, cursor, match_id, entry),
                                     "cursor")
            finally:
                await items.aclose()  # type: ignore[attr-defined]
