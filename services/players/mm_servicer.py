"""cardroom.v1.MatchmakerService over grpc.aio: who calls (caller.py), proto in, one
matchmaker call, proto out."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc

from cardroom.services.match import mapping
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2_grpc
from cardroom.shared.wire.enums import GAMES

from .caller import CallerResolver
from .failures import store_failures
from .matchmaker import Matchmaker
from .servicer import timestamp
from .tickets import CANCELLED, CLAIMED, EXPIRED, MATCHED, WAITING, Ticket

STATES = {WAITING: pb.TICKET_STATE_WAITING, CLAIMED: pb.TICKET_STATE_WAITING,
          MATCHED: pb.TICKET_STATE_MATCHED, CANCELLED: pb.TICKET_STATE_CANCELLED,
          EXPIRED: pb.TICKET_STATE_EXPIRED}


def ticket(t: Ticket, now: float) -> pb.Ticket:
    """A Ticket message."""
    return pb.Ticket(ticket_id=t.id, game=GAMES.number(t.game), state=STATES[t.state],
                     match_id=t.match, seat=max(t.seat, 0), create_time=timestamp(t.created),
                     window=t.window_at(now))


@store_failures
class MatchmakerServicer(matchmaker_pb2_grpc.MatchmakerServiceServicer):
    """Thin adapter from gRPC calls to Matchmaker."""

    def __init__(self, matchmaker: Matchmaker, callers: CallerResolver) -> None:
        self.mm = matchmaker
        self.callers = callers

    async def _player(self, context: grpc.aio.ServicerContext) -> str:
        return (await self.callers.resolve(context)).player_for()

    async def CreateTicket(self, request: pb.CreateTicketRequest,
                           context: grpc.aio.ServicerContext) -> pb.CreateTicketResponse:
        """Queue the caller."""
        player = await self._player(context)
        fill = request.bot_fill
        made = await self.mm.create(
            player, mapping.game_name(request.game), request.min_players, request.max_players,
            request.rating_window, request.widen_per_second, request.max_window,
            fill.after_seconds, fill.policy, fill.strength, request.expire_seconds)
        return pb.CreateTicketResponse(ticket=ticket(made, self.mm.clock()))

    async def WatchTicket(self, request: pb.WatchTicketRequest,
                          context: grpc.aio.ServicerContext
                          ) -> AsyncIterator[pb.WatchTicketResponse]:
        """The ticket now and at each change until it ends."""
        player = await self._player(context)
        async for found in self.mm.watch(player, request.ticket_id):
            yield pb.WatchTicketResponse(ticket=ticket(found, self.mm.clock()))

    async def GetTicket(self, request: pb.GetTicketRequest,
                        context: grpc.aio.ServicerContext) -> pb.GetTicketResponse:
        """The ticket now."""
        found = await self.mm.get(await self._player(context), request.ticket_id)
        return pb.GetTicketResponse(ticket=ticket(found, self.mm.clock()))

    async def CancelTicket(self, request: pb.CancelTicketRequest,
                           context: grpc.aio.ServicerContext) -> pb.CancelTicketResponse:
        """Take the ticket out of the queue."""
        found = await self.mm.cancel(await self._player(context), request.ticket_id)
        return pb.CancelTicketResponse(ticket=ticket(found, self.mm.clock()))
