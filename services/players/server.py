"""The player service on a match replica: built over the replica's match service and Redis
client, hooked into the match service (MatchService.players), served by the same gRPC
server (services/match/server.py), its rating loop started and stopped with the replica."""

from __future__ import annotations

from dataclasses import dataclass

import grpc
from prometheus_client import CollectorRegistry

from cardroom.services.match.app import MatchService
from cardroom.shared.proto.cardroom.v1 import (
    matchmaker_pb2,
    matchmaker_pb2_grpc,
    player_pb2,
    player_pb2_grpc,
)
from cardroom.shared.rpc.identity import CallerPolicy
from cardroom.shared.rpc.server import ServiceDef

from .caller import CallerResolver
from .credentials import AppCredentials, PlayerKeys
from .matchmaker import Matchmaker
from .metrics import PlayerMetrics
from .mm_servicer import MatchmakerServicer
from .quotas import CallerQuotas
from .rater import Rater
from .ratings import RatingStore
from .service import Players
from .servicer import PlayerServicer
from .settings import PlayerSettings
from .store import PlayerStore
from .tickets import TicketStore

SERVICE_NAME = "cardroom.v1.PlayerService"


@dataclass(slots=True)
class PlayerParts:
    """What a replica holds of the player service."""

    players: Players
    rater: Rater
    matchmaker: Matchmaker
    callers: CallerResolver
    metrics: PlayerMetrics
    services: list[ServiceDef]

    def start(self) -> None:
        """Start the rating and matching loops."""
        self.rater.start()
        self.matchmaker.start()

    async def stop(self) -> None:
        """Stop the rating and matching loops."""
        await self.matchmaker.stop()
        await self.rater.stop()


async def build(match: MatchService, settings: PlayerSettings, policy: CallerPolicy,
                registry: CollectorRegistry) -> PlayerParts:
    """The player service over `match` (its store's Redis client), hooked into it."""
    client = match.repo.client
    metrics = PlayerMetrics(registry)
    store = PlayerStore(client, settings.ttl_s)
    key = settings.secret.encode() if settings.secret else await store.signing_key()
    keys = PlayerKeys(key)
    ratings = RatingStore(client, settings.ttl_s, rated_ttl_s=settings.ttl_s)
    rater = Rater(match.repo, ratings, metrics, interval_s=settings.rating_interval_s,
                  recheck_s=settings.rating_recheck_s, clock=match.clock)
    players = Players(match, store, ratings, rater, keys, metrics, clock=match.clock)
    match.players = players
    callers = CallerResolver(keys, AppCredentials(settings.apps), policy,
                             CallerQuotas(client, match.clock), settings.calls_per_minute,
                             settings.guests_per_minute)
    servicer = PlayerServicer(players, callers)
    matchmaker = Matchmaker(match, TicketStore(client), ratings, store, metrics,
                            interval_s=settings.matchmaker_interval_s,
                            move_clock_s=settings.matchmade_clock_s, clock=match.clock)
    mm_servicer = MatchmakerServicer(matchmaker, callers)

    def add(server: grpc.aio.Server) -> None:
        player_pb2_grpc.add_PlayerServiceServicer_to_server(servicer, server)

    def add_mm(server: grpc.aio.Server) -> None:
        matchmaker_pb2_grpc.add_MatchmakerServiceServicer_to_server(mm_servicer, server)

    return PlayerParts(players, rater, matchmaker, callers, metrics, [
        ServiceDef(player_pb2.DESCRIPTOR.services_by_name["PlayerService"], add),
        ServiceDef(matchmaker_pb2.DESCRIPTOR.services_by_name["MatchmakerService"], add_mm)])
