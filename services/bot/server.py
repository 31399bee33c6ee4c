"""The bot API's server: BotServicer on the common bootstrap (cardroom.shared.rpc.server),
its waits for a worker's answer on the threads of a WorkGate."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import grpc
from celery import Celery  # type: ignore[import-untyped]
from prometheus_client import CollectorRegistry

from cardroom.shared.client import MatchClient
from cardroom.shared.proto.cardroom.v1 import bot_pb2, bot_pb2_grpc
from cardroom.shared.rpc.gate import WorkGate
from cardroom.shared.rpc.server import Server, ServiceDef, open_channel
from cardroom.shared.rpc.server import create_server as create_rpc_server

from .celery_app import create_app
from .servicer import BotServicer
from .settings import BotSettings
from .suggest import Suggester

#: The full name health checks and reflection know the service by.
SERVICE_NAME = bot_pb2.DESCRIPTOR.services_by_name["BotService"].full_name
#: Suggestions waited for at once: each blocks a thread on a worker's answer, so many may
#: be in flight; up to GRPC_MAX_QUEUE more wait in line, and beyond that calls are refused
#: (RESOURCE_EXHAUSTED).
MAX_WORKERS = 32


@dataclass
class BotServer:
    """The bot API: the gRPC server, its Celery app and its match-service channel."""

    rpc: Server
    app: Celery
    client: MatchClient
    suggester: Suggester

    @property
    def port(self) -> int:
        """The bound gRPC port."""
        return self.rpc.port

    @property
    def in_flight(self) -> int | None:
        """Suggestions waited for or in line now (cardroom.shared.rpc.server.Server)."""
        return self.rpc.in_flight

    async def start(self) -> None:
        """Serve calls (health SERVING, /metrics up)."""
        await self.rpc.start()

    async def stop(self, grace: float | None = 5.0) -> None:
        """Stop serving (health NOT_SERVING first), then close the connections."""
        await self.rpc.stop(grace)
        await asyncio.to_thread(self._close)

    def _close(self) -> None:
        self.client.channel.close()
        self.suggester.close()
        self.app.close()


async def create_server(settings: BotSettings, *, registry: CollectorRegistry | None = None,
                        host: str = "[::]", app: Celery | None = None
                        ) -> tuple[BotServer, int]:
    """The bot API bound to settings.common.grpc_port (0: a free port), on the running event
    loop: (server, port)."""
    app = create_app(settings) if app is None else app
    client = MatchClient(open_channel(settings.common.match_addr, settings.common),
                         settings.rpc_timeout_s)
    suggester = Suggester(app, settings, client)
    gate = WorkGate(MAX_WORKERS, settings.common.max_queue, "suggest",
                    per_caller=settings.common.max_running_per_caller,
                    queued_per_caller=settings.common.max_queue_per_caller)
    servicer = BotServicer(suggester, gate, settings.common.callers)

    def add(server: grpc.aio.Server) -> None:
        bot_pb2_grpc.add_BotServiceServicer_to_server(servicer, server)

    service = ServiceDef(bot_pb2.DESCRIPTOR.services_by_name["BotService"], add)
    rpc, port = await create_rpc_server([service], settings.common, registry=registry,
                                        host=host, gate=gate)
    return BotServer(rpc, app, client, suggester), port
