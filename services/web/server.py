"""Assembly of the web process: a channel to each service, the application
(cardroom.services.web.app) and uvicorn serving it on WEB_PORT, with /metrics beside it."""

from __future__ import annotations

import logging
import signal
import socket
from typing import Any

import uvicorn
from prometheus_client import CollectorRegistry

from cardroom.shared.proto.cardroom.v1 import (
    bot_pb2,
    match_pb2,
    matchmaker_pb2,
    player_pb2,
    solver_pb2,
)
from cardroom.shared.rpc.metrics import GrpcMetrics

from . import app as web_app
from .gateway import open_channel, service_apps
from .settings import WebSettings

log = logging.getLogger(__name__)

#: The services a browser reaches, with the setting naming each one's address.
SERVICES = (
    (match_pb2.DESCRIPTOR.services_by_name["MatchService"], "match_addr"),
    (bot_pb2.DESCRIPTOR.services_by_name["BotService"], "bot_addr"),
    (solver_pb2.DESCRIPTOR.services_by_name["SolverService"], "solver_addr"),
    # Served by every match replica beside MatchService (services/players).
    (player_pb2.DESCRIPTOR.services_by_name["PlayerService"], "match_addr"),
    (matchmaker_pb2.DESCRIPTOR.services_by_name["MatchmakerService"], "match_addr"),
)


def _ignore(signum: int, frame: Any) -> None:
    """A signal uvicorn has already acted on."""


def bind(port: int, host: str = "") -> socket.socket:
    """A listening socket on `host` (LISTEN_HOST; "": every interface) and `port` (0: a free
    one), handed to uvicorn."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host or "0.0.0.0", port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


async def serve(settings: WebSettings, registry: CollectorRegistry) -> int:
    """Serve the table and the browser API until SIGTERM or SIGINT (uvicorn's own handling);
    the exit status."""
    common = settings.common
    channels = {descriptor: open_channel(getattr(common, attr), common)
                for descriptor, attr in SERVICES}
    apps = service_apps(channels, GrpcMetrics(registry), common, settings.call_timeout_s)
    application = web_app.build(apps, settings.static_dir, settings.cors_origins)
    tls: dict[str, Any] = {}
    if common.tls:
        tls = {"ssl_certfile": common.tls_cert_file, "ssl_keyfile": common.tls_key_file}
    # proxy_headers off: the browser's address is the connection's; the gateway appends it
    # to any x-forwarded-for it was sent, and the services decide whom to believe.
    config = uvicorn.Config(application, lifespan="off", log_config=None, access_log=False,
                            proxy_headers=False, timeout_graceful_shutdown=5, **tls)
    server = uvicorn.Server(config)
    sock = bind(settings.web_port, common.listen_host)
    port = sock.getsockname()[1]
    scheme = "https" if common.tls else "http"
    log.info("serving the web table on %s://localhost:%d", scheme, port,
             extra={"web_port": port, "static": settings.static_dir})
    # uvicorn stops on SIGTERM or SIGINT, then raises the signal again under the handler it
    # found: a handler that does nothing lets the process exit 0, as every service does.
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, _ignore)
    try:
        await server.serve(sockets=[sock])
    finally:
        for channel in channels.values():
            await channel.close()
    return 0
