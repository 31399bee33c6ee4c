"""cardroom.v1.PlayerService over grpc.aio: who calls (caller.py), proto in, one domain call
(service.Players), proto out."""

from __future__ import annotations

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from cardroom.services.match import mapping
from cardroom.shared.errors import InvalidArgument, PermissionDenied
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import player_pb2_grpc

from .caller import CallerResolver, Who
from .credentials import check_player_id
from .failures import store_failures
from .ratings import Rating
from .service import ANY, DONE, LIVE, Players
from .store import PlayerInfo

SCOPES = {pb.MATCH_SCOPE_UNSPECIFIED: ANY, pb.MATCH_SCOPE_ACTIVE: LIVE,
          pb.MATCH_SCOPE_FINISHED: DONE}


def timestamp(seconds: float) -> Timestamp:
    """A Timestamp of seconds since the epoch."""
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def player(info: PlayerInfo) -> pb.Player:
    """A Player message."""
    return pb.Player(player_id=info.player_id, display_name=info.name,
                     create_time=timestamp(info.created))


def rating(value: Rating) -> pb.Rating:
    """A Rating message."""
    return pb.Rating(mu=value.mu, sigma=value.sigma, ordinal=value.ordinal,
                     matches=value.matches)


@store_failures
class PlayerServicer(player_pb2_grpc.PlayerServiceServicer):
    """Thin adapter from gRPC calls to Players."""

    def __init__(self, players: Players, callers: CallerResolver) -> None:
        self.players = players
        self.callers = callers

    async def _player(self, context: grpc.aio.ServicerContext) -> str:
        return (await self.callers.resolve(context)).player_for()

    async def _named(self, context: grpc.aio.ServicerContext, player_id: str) -> str:
        """The player a read names (anyone may read any rating), else the caller."""
        if player_id:
            await self.callers.resolve(context, need_player=False, anonymous=True)
            return check_player_id(player_id)
        return await self._player(context)

    async def CreateGuest(self, request: pb.CreateGuestRequest,
                          context: grpc.aio.ServicerContext) -> pb.CreateGuestResponse:
        """A new guest and its credential."""
        await self.callers.guest_quota(context)
        issued = await self.players.create_guest(request.display_name)
        return pb.CreateGuestResponse(player=player(issued.player),
                                      credential=issued.credential)

    async def RegisterAppPlayer(self, request: pb.RegisterAppPlayerRequest,
                                context: grpc.aio.ServicerContext
                                ) -> pb.RegisterAppPlayerResponse:
        """An app's player and a credential of it."""
        who: Who = await self.callers.resolve(context, need_player=False)
        if who.app is None:
            raise PermissionDenied("only an app credential may register app players")
        issued = await self.players.register_app_player(who.app, request.app_player_id,
                                                        request.display_name)
        return pb.RegisterAppPlayerResponse(player=player(issued.player),
                                            credential=issued.credential)

    async def GetPlayer(self, request: pb.GetPlayerRequest,
                        context: grpc.aio.ServicerContext) -> pb.GetPlayerResponse:
        """The calling player."""
        return pb.GetPlayerResponse(player=player(
            await self.players.get(await self._player(context))))

    async def ListMyMatches(self, request: pb.ListMyMatchesRequest,
                            context: grpc.aio.ServicerContext) -> pb.ListMyMatchesResponse:
        """A page of the calling player's matches."""
        if request.scope not in SCOPES:
            raise InvalidArgument("unknown scope", "scope")
        found, token = await self.players.my_matches(
            await self._player(context), SCOPES[request.scope], request.page_size,
            request.page_token)
        return pb.ListMyMatchesResponse(
            matches=[pb.PlayerMatch(match=mapping.summary(s), seat=seat) for s, seat in found],
            next_page_token=token)

    async def ResumeMatch(self, request: pb.ResumeMatchRequest,
                          context: grpc.aio.ServicerContext) -> pb.ResumeMatchResponse:
        """The calling player's seat and view of a match."""
        seat, view = await self.players.resume(await self._player(context), request.match_id)
        return pb.ResumeMatchResponse(seat=seat, match=mapping.view(view))

    async def ResignMatch(self, request: pb.ResignMatchRequest,
                          context: grpc.aio.ServicerContext) -> pb.ResignMatchResponse:
        """The calling player's seat resigns."""
        seat, done = await self.players.resign(await self._player(context), request.match_id)
        return pb.ResignMatchResponse(seat=seat, version=done.version,
                                      status=mapping.STATUSES.number(done.status))

    async def GetRating(self, request: pb.GetRatingRequest,
                        context: grpc.aio.ServicerContext) -> pb.GetRatingResponse:
        """A player's rating and rank."""
        game = mapping.game_name(request.game)
        who = await self._named(context, request.player_id)
        found, rank = await self.players.rating(game, who)
        return pb.GetRatingResponse(player_id=who, rating=rating(found), rank=rank)

    async def ListRatingHistory(self, request: pb.ListRatingHistoryRequest,
                                context: grpc.aio.ServicerContext
                                ) -> pb.ListRatingHistoryResponse:
        """A player's rating changes, newest first."""
        game = mapping.game_name(request.game)
        who = await self._named(context, request.player_id)
        changes = await self.players.history(game, who, request.page_size)
        return pb.ListRatingHistoryResponse(changes=[pb.RatingChange(
            match_id=c["match"], place=int(c["place"]), update_time=timestamp(c["at"]),
            rating=rating(Rating(c["mu"], c["sigma"], int(c["n"])))) for c in changes])

    async def GetLeaderboard(self, request: pb.GetLeaderboardRequest,
                             context: grpc.aio.ServicerContext) -> pb.GetLeaderboardResponse:
        """A page of a game's leaderboard."""
        game = mapping.game_name(request.game)
        await self.callers.resolve(context, need_player=False, anonymous=True)
        if request.around_player_id:
            check_player_id(request.around_player_id, "around_player_id")
        board = await self.players.leaderboard(game, request.page_size,
                                               request.around_player_id, request.offset)
        return pb.GetLeaderboardResponse(total=board.total, entries=[pb.LeaderboardEntry(
            rank=rank, player_id=pid, display_name=name, rating=rating(value))
            for rank, pid, name, value in board.rows])
