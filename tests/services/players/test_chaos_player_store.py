"""With Redis gone, the player and matchmaker services answer UNAVAILABLE (retry), as the
match service does, never INTERNAL."""

from __future__ import annotations

import grpc
from support.grpc_servers import channel_to
from support.players import Stubs, player_replica

from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2 as mm
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb
from deploy.launch.redis import RedisProcess


def test_a_store_outage_is_unavailable_not_internal() -> None:
    redis = RedisProcess().start()
    try:
        with player_replica(redis.url) as replica, channel_to(replica.port) as channel:
            stubs = Stubs(channel)
            made = stubs.players.CreateGuest(pb.CreateGuestRequest(), timeout=5)
            me = stubs.as_(made.credential)
            queue = matchmaker_pb2_grpc.MatchmakerServiceStub(channel)
            redis.stop()
            codes = []
            for call in (
                lambda: me.players.ListMyMatches(pb.ListMyMatchesRequest(), metadata=me.md(),
                                                 timeout=10),
                lambda: me.players.CreateGuest(pb.CreateGuestRequest(), timeout=10),
                lambda: queue.CreateTicket(mm.CreateTicketRequest(game=2), metadata=me.md(),
                                           timeout=10),
            ):
                try:
                    call()
                    codes.append(grpc.StatusCode.OK)
                except grpc.RpcError as err:
                    codes.append(err.code())
            assert codes == [grpc.StatusCode.UNAVAILABLE] * 3
    finally:
        redis.stop()
