"""Assembly of the match service: Redis repository, fan-out, bot queue, timer loop and the
grpc.aio server (cardroom.shared.rpc.server), all on the process's one event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import grpc
from prometheus_client import CollectorRegistry

from cardroom.services.players.server import PlayerParts, build
from cardroom.services.players.settings import PlayerSettings
from cardroom.shared.proto.cardroom.v1 import match_pb2, match_pb2_grpc
from cardroom.shared.rpc.loop import LoopLag, stop_task
from cardroom.shared.rpc.server import Server, ServiceDef
from cardroom.shared.rpc.server import create_server as create_rpc_server

from .app import MatchService
from .bots import CeleryQueue, TaskQueue
from .cache import StateCache
from .fanout import FanOut
from .health import ALWAYS, RedisHealth
from .limits import Limits
from .metrics import MatchMetrics
from .quotas import Quotas
from .repo import MatchRepo
from .servicer import MatchServicer
from .settings import MatchSettings
from .timers import TimerLoop

log = logging.getLogger(__name__)

SERVICE_NAME = "cardroom.v1.MatchService"
#: Seconds a replica's stop may take beyond its grace (streams ending, Redis closing).
STOP_EXTRA_S = 5.0
#: Longest a stopping replica waits for its streams to send their last status.
STREAM_END_S = 2.0
#: gRPC server options: keepalive pings find dead clients of idle streams; connections are
#: recycled (with a grace for calls in flight) so clients spread over new replicas.
SERVER_OPTIONS = (
    ("grpc.keepalive_time_ms", 60_000),
    ("grpc.keepalive_timeout_ms", 20_000),
    ("grpc.http2.max_pings_without_data", 0),
    ("grpc.keepalive_permit_without_calls", 1),
)
#: Calls open at once on one connection unless GRPC_MAX_STREAMS_PER_CONNECTION says: room
#: for a client's whole MATCH_MAX_STREAMS_PER_PEER (500) on one connection, and a bound on
#: what one connection's half-sent requests can hold.
STREAMS_PER_CONNECTION = 1000


class MatchServer:
    """A match-service replica: the gRPC server plus its fan-out, timer loop and health."""

    def __init__(self, rpc: Server, service: MatchService, timers: TimerLoop | None,
                 servicer: MatchServicer, health: RedisHealth, lag: LoopLag,
                 players: PlayerParts | None = None) -> None:
        self.rpc = rpc
        #: The player service served beside the match service (services/players).
        self.players = players
        self.service = service
        self.timers = timers
        self.servicer = servicer
        self.health = health
        self.lag = lag
        self._lag_task: asyncio.Task[None] | None = None
        self._stopped = False

    @property
    def port(self) -> int:
        """The bound gRPC port."""
        return self.rpc.port

    @property
    def limits(self) -> Limits:
        """The replica's call and stream limits (and what is open now)."""
        return self.servicer.limits

    async def start(self) -> None:
        """Serve calls, watch Redis for the health status (NOT_SERVING until it answers)
        and run the timer loop."""
        await self.rpc.start(serving=False)
        await self.health.start()
        if self.timers is not None:
            self.timers.start()
            if self.players is not None:
                self.players.start()
        self._lag_task = asyncio.create_task(self.lag.run(), name="loop-lag")

    async def stop(self, grace: float | None = 5.0) -> None:
        """Report NOT_SERVING, end the streams (they resume elsewhere), let unary calls in
        flight finish within `grace` seconds, then close Redis last."""
        if self._stopped:
            return
        self._stopped = True
        try:
            # Bounded: a step that hangs (a broker that never answers) must not keep the
            # process past its grace; what is left is cancelled.
            await asyncio.wait_for(self._stop(grace), (grace or 0.0) + STOP_EXTRA_S)
        except TimeoutError:
            log.warning("stopping took longer than the grace period; cancelling the rest")
            # The gRPC server stops and the Redis connections close all the same, whichever
            # step hung: none may outlive its loop, nor a replica serve on after its stop.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.rpc.stop(None), STOP_EXTRA_S)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.service.repo.close(), STOP_EXTRA_S)

    @property
    def in_flight(self) -> int:
        """Calls and streams still open (after stop: what the grace did not finish)."""
        return self.limits.active + self.limits.streams

    async def _stop(self, grace: float | None) -> None:
        if self.timers is not None:
            await self.timers.stop()
        if self.players is not None:
            await self.players.stop()
        await self.health.stop()
        # Streams end first, each with UNAVAILABLE and its cursor, so clients resume on
        # another replica; then new calls are refused and unary calls in flight finish.
        self.service.fanout.close_all()
        deadline = asyncio.get_running_loop().time() + min(grace or 0.5, STREAM_END_S)
        while self.limits.streams and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        await self.rpc.stop(grace)
        await self.service.fanout.stop()
        await stop_task(self._lag_task)
        await self.service.repo.close()
        close = getattr(self.service.queue, "close", None)
        if callable(close):
            await asyncio.to_thread(close)


async def create_server(settings: MatchSettings, *, registry: CollectorRegistry | None = None,
                        host: str = "[::]", queue: TaskQueue | None = None,
                        run_timers: bool = True, player_settings: PlayerSettings | None = None,
                        serve_metrics: bool = True, **service_options: Any
                        ) -> tuple[MatchServer, int]:
    """A match-service replica bound to settings.common.grpc_port (0: a free port), on the
    running event loop: (server, port). `serve_metrics` False: no /metrics of its own (one
    of MATCH_PROCESSES, whose supervisor serves the pod's)."""
    registry = CollectorRegistry() if registry is None else registry
    metrics = MatchMetrics(registry)
    repo = MatchRepo.from_url(settings.common.redis_url, request_ttl_s=settings.request_ttl_s,
                              observe=metrics.observe_redis, timeout_s=settings.redis_timeout_s,
                              max_connections=settings.redis_connections,
                              shards=settings.index_shards)
    repo.persist_each_write = settings.durability == ALWAYS
    repo.feed_length = settings.lobby_feed_length
    repo.feed_ttl_ms = int(settings.lobby_feed_ttl_s * 1000)
    try:
        await repo.register_scripts()
        server = await _wire(settings, registry, metrics, repo, host, queue, run_timers,
                             player_settings, serve_metrics, service_options)
    except BaseException:
        await repo.close()  # nothing half-built keeps a connection open
        raise
    return server, server.port


async def _wire(settings: MatchSettings, registry: CollectorRegistry, metrics: MatchMetrics,
                repo: MatchRepo, host: str, queue: TaskQueue | None, run_timers: bool,
                player_settings: PlayerSettings | None, serve_metrics: bool,
                service_options: dict[str, Any]) -> MatchServer:
    if queue is None:
        queue = CeleryQueue(settings.common.celery_broker_url, settings.bot_queue,
                            settings.bot_search_queue)
    fanout = FanOut(repo, confirm_s=settings.redis_timeout_s)
    service = MatchService(repo, queue, admin_token=settings.common.admin_token,
                           bot_token=settings.bot_token,
                           finished_ttl_s=settings.finished_ttl_s,
                           bot_retry_s=settings.bot_retry_s, metrics=metrics,
                           cache=StateCache(settings.state_cache), fanout=fanout,
                           quotas=Quotas(settings.create_per_minute, settings.live_per_creator,
                                         settings.max_live,
                                         timed_per_creator=settings.timed_per_creator,
                                         bot_cost_per_creator=settings.bot_cost_per_creator),
                           idle_ttl_s=settings.idle_ttl_s, min_timer_s=settings.min_timer_s,
                           lobby_per_creator=settings.lobby_per_creator,
                           unstarted_ttl_s=settings.unstarted_ttl_s,
                           **service_options)
    limits = Limits(metrics, max_active=settings.max_active, max_streams=settings.max_streams,
                    max_streams_per_peer=settings.max_streams_per_peer,
                    stall_s=settings.stream_stall_s, max_watchers=settings.max_watchers)
    servicer = MatchServicer(service, limits, settings.common.callers)

    def add(server: grpc.aio.Server) -> None:
        match_pb2_grpc.add_MatchServiceServicer_to_server(servicer, server)

    descriptor = match_pb2.DESCRIPTOR.services_by_name["MatchService"]
    # The player and matchmaker services, served beside it on its Redis (services/players).
    players = await build(service, player_settings or PlayerSettings.from_env(),
                          settings.common.callers, registry)
    rpc, _ = await create_rpc_server([ServiceDef(descriptor, add), *players.services],
                                     settings.common, registry=registry, host=host,
                                     options=SERVER_OPTIONS,
                                     streams_per_connection=STREAMS_PER_CONNECTION,
                                     serve_metrics=serve_metrics)
    loop = TimerLoop(service, settings.timer_interval_s) if run_timers else None
    health = RedisHealth(repo, settings.durability, settings.health_interval_s,
                         rpc.set_serving, high_water=settings.store_high_water,
                         on_crowded=lambda crowded: metrics.store_crowded.set(int(crowded)))
    return MatchServer(rpc, service, loop, servicer, health, LoopLag(registry), players)
