"""Assembly of the match service: Redis repository, bot queue, timer loop and gRPC server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import grpc
from prometheus_client import CollectorRegistry

from shared.proto.cardroom.v1 import match_pb2, match_pb2_grpc
from shared.rpc.server import NOT_SERVING, SERVING, Server, ServiceDef
from shared.rpc.server import create_server as create_rpc_server

from .app import MatchService
from .bots import CeleryQueue, TaskQueue
from .cache import StateCache
from .health import RedisHealth
from .metrics import MatchMetrics
from .repo import MatchRepo
from .servicer import MatchServicer
from .settings import MatchSettings
from .timers import TimerLoop

SERVICE_NAME = "cardroom.v1.MatchService"


@dataclass
class MatchServer:
    """A match-service replica: the gRPC server plus its timer loop."""

    rpc: Server
    service: MatchService
    timers: TimerLoop | None
    servicer: MatchServicer
    health: RedisHealth | None = None

    @property
    def port(self) -> int:
        """The bound gRPC port."""
        return self.rpc.port

    def start(self) -> None:
        """Serve calls, watch Redis for the health status and run the timer loop."""
        self.rpc.start()
        if self.health is not None:
            self.health.start()
        if self.timers is not None:
            self.timers.start()

    def stop(self, grace: float | None = 5.0) -> None:
        """Stop the timer loop, then the server (health NOT_SERVING first), then Redis."""
        if self.timers is not None:
            self.timers.stop()
        if self.health is not None:
            self.health.stop()
        self.servicer.closing.set()
        self.rpc.stop(grace)
        # Streams notice `closing` within one blocking Redis read; close Redis after them.
        self.servicer.drain(self.servicer.watch_block_ms / 1000 + 1.0)
        self.service.repo.close()
        close = getattr(self.service.queue, "close", None)
        if callable(close):
            close()


def create_server(settings: MatchSettings, *, registry: CollectorRegistry | None = None,
                  host: str = "[::]", queue: TaskQueue | None = None, run_timers: bool = True,
                  **service_options: Any) -> tuple[MatchServer, int]:
    """A match-service replica bound to settings.common.grpc_port (0: a free port)."""
    registry = CollectorRegistry() if registry is None else registry
    metrics = MatchMetrics(registry)
    repo = MatchRepo.from_url(settings.common.redis_url, request_ttl_s=settings.request_ttl_s,
                              observe=metrics.observe_redis, timeout_s=settings.redis_timeout_s)
    repo.register_scripts()
    if queue is None:
        queue = CeleryQueue(settings.common.celery_broker_url, settings.bot_queue,
                            settings.bot_search_queue)
    service = MatchService(repo, queue, admin_token=settings.common.admin_token,
                           bot_token=settings.bot_token,
                           finished_ttl_s=settings.finished_ttl_s,
                           bot_retry_s=settings.bot_retry_s, metrics=metrics,
                           cache=StateCache(settings.state_cache), **service_options)
    servicer = MatchServicer(service, max_active=settings.max_active)

    def add(server: grpc.Server) -> None:
        match_pb2_grpc.add_MatchServiceServicer_to_server(servicer, server)

    descriptor = match_pb2.DESCRIPTOR.services_by_name["MatchService"]
    rpc, port = create_rpc_server([ServiceDef(descriptor, add)], settings.common,
                                  registry=registry, host=host, max_workers=settings.workers)
    loop = TimerLoop(service, settings.timer_interval_s) if run_timers else None

    def set_health(serving: bool) -> None:
        for name in ("", SERVICE_NAME):
            rpc.health.set(name, SERVING if serving else NOT_SERVING)

    health = RedisHealth(repo, settings.durability, settings.health_interval_s, set_health)
    return MatchServer(rpc, service, loop, servicer, health), port
