"""The server bootstrap of every Cardroom service, on gRPC's asyncio API (grpc.aio): the
call interceptor, health, reflection, metrics, limits and TLS, on the process's one loop.

    server, port = await create_server([ServiceDef(descriptor, add_servicer)], settings)
    await server.start()            # health SERVING, cardroom_serving 1, /metrics up
    await server.stop(grace=20.0)   # health NOT_SERVING first, then calls finish

Port 0 (GRPC_PORT=0, METRICS_PORT=0) binds a free port; the bound ports are returned, kept
on the Server and logged, so tests and supervisors can find them. Every call passes one
interceptor (cardroom.shared.rpc.calls: counted, timed, errors mapped); a request larger
than GRPC_MAX_MESSAGE_BYTES is refused before it is read; a server whose calls do blocking
work hands it to a WorkGate (cardroom.shared.rpc.gate), which bounds the calls in flight.
The health servicer is grpc's asyncio one, so a health Check is one more coroutine on the
loop and never waits for a worker thread. Connections are closed after
GRPC_MAX_CONNECTION_AGE_SECONDS so that clients re-resolve and rebalance.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from prometheus_client import CollectorRegistry

from cardroom.shared.rpc import reflection
from cardroom.shared.rpc.calls import CallInterceptor
from cardroom.shared.rpc.gate import WorkGate
from cardroom.shared.rpc.metrics import GrpcMetrics, start_metrics_server
from cardroom.shared.rpc.serving import ServingGauge
from cardroom.shared.rpc.settings import Settings, grpc_host

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
HEALTH_SERVICE = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name


@dataclass(frozen=True, slots=True)
class ServiceDef:
    """One service to host: its descriptor and the generated add_*Servicer_to_server call."""

    descriptor: ServiceDescriptor
    add: Callable[[grpc.aio.Server], None]

    @property
    def name(self) -> str:
        """The service's full name, e.g. "cardroom.v1.SolverService"."""
        return str(self.descriptor.full_name)


class Server:
    """A started-or-not grpc.aio server with its health servicer and metrics endpoint."""

    def __init__(self, server: grpc.aio.Server, port: int, health: HealthServicer,
                 names: Sequence[str], registry: CollectorRegistry, metrics_port: int | None,
                 gauge: ServingGauge, gate: WorkGate | None = None,
                 metrics_host: str = "") -> None:
        self.grpc = server
        self.port = port
        self.health = health
        self.names = tuple(names)
        self.registry = registry
        self.gauge = gauge
        self.gate = gate
        self.metrics_port: int | None = None
        self._wanted_metrics_port = metrics_port
        self._metrics_host = metrics_host or "0.0.0.0"
        self._metrics_httpd: Any = None

    async def start(self, serving: bool = True) -> None:
        """Serve calls and /metrics (unless its metrics port is None: another process of
        the pod serves them); then report SERVING for "" and every service, unless
        `serving` is False (a replica whose store must answer first flips it later)."""
        if self._wanted_metrics_port is not None:
            self._metrics_httpd, _, self.metrics_port = start_metrics_server(
                self._wanted_metrics_port, self.registry, self._metrics_host)
        await self.grpc.start()
        if serving:
            await self.set_serving(True)
        log.info("serving %s on port %d", ", ".join(self.names), self.port,
                 extra={"grpc_port": self.port, "metrics_port": self.metrics_port,
                        "event_loop": loop_name(asyncio.get_running_loop())})

    @property
    def in_flight(self) -> int | None:
        """Calls whose work runs or waits in the gate now (None: the server has no gate)."""
        return None if self.gate is None else self.gate.admitted

    async def set_serving(self, serving: bool) -> None:
        """Report SERVING or NOT_SERVING for "" and every hosted service (health and the
        cardroom_serving gauge)."""
        self.gauge.set(serving)
        for name in ("", *self.names):
            await self.health.set(name, SERVING if serving else NOT_SERVING)

    async def stop(self, grace: float | None, drain: float = 0.0) -> None:
        """Report NOT_SERVING, wait `drain` s for balancers to notice, then refuse new calls
        and give those in flight up to `grace` s (None: none) before cancelling them."""
        log.info("shutting down", extra={"grace_s": grace, "drain_s": drain,
                                         "in_flight": self.in_flight})
        started = time.monotonic()
        self.gauge.set(False)
        await self.health.enter_graceful_shutdown()
        if drain > 0:
            await asyncio.sleep(drain)
        # Returns as soon as the last call in flight ends, or once `grace` runs out.
        await self.grpc.stop(grace)
        if self.gate is not None:
            self.gate.close()
        if self._metrics_httpd is not None:
            self._metrics_httpd.shutdown()
            self._metrics_httpd.server_close()
            self._metrics_httpd = None
        log.info("stopped", extra={"stopped_after_s": round(time.monotonic() - started, 3)})


async def create_server(services: Sequence[ServiceDef], settings: Settings, *,
                        registry: CollectorRegistry | None = None, host: str = "[::]",
                        options: Sequence[tuple[str, Any]] = (), gate: WorkGate | None = None,
                        process: str = "", streams_per_connection: int = 0,
                        serve_metrics: bool = True) -> tuple[Server, int]:
    """A server hosting `services` plus health and reflection, bound to settings.grpc_port,
    on the running event loop. A fresh metrics registry is used unless one is given (a
    process passes prometheus_client.REGISTRY); `gate` is the WorkGate the servicers hand
    their blocking work to (its calls count as in flight); `options` add channel arguments
    to those of the settings (message size cap, connection age); `serve_metrics` False
    leaves /metrics to another process of the pod."""
    registry = CollectorRegistry() if registry is None else registry
    metrics = GrpcMetrics(registry)
    server = grpc.aio.server(interceptors=[CallInterceptor(metrics)],
                             options=[*server_options(settings, streams_per_connection),
                                      *options])
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    for service in services:
        service.add(server)
        metrics.preregister(service.descriptor)
    names = [s.name for s in services]
    for name in ("", *names):
        await health.set(name, NOT_SERVING)  # until start() (or the caller) says otherwise
    reflection.enable([*names, HEALTH_SERVICE], server)
    # LISTEN_HOST, when set, is where every server of the process binds.
    address = f"{grpc_host(settings.listen_host) if settings.listen_host else host}:" \
              f"{settings.grpc_port}"
    credentials = server_credentials(settings)
    if credentials is None:
        port = server.add_insecure_port(address)
    else:
        port = server.add_secure_port(address, credentials)
    gauge = ServingGauge(registry, process or settings.process)
    metrics_port = settings.metrics_port if serve_metrics else None
    return Server(server, port, health, names, registry, metrics_port, gauge, gate,
                  settings.listen_host), port


def loop_name(loop: asyncio.AbstractEventLoop) -> str:
    """"uvloop" or "asyncio": whose event loop `loop` is (EVENT_LOOP)."""
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


#: Calls open at once on one connection unless GRPC_MAX_STREAMS_PER_CONNECTION says.
DEFAULT_STREAMS_PER_CONNECTION = 100


def server_options(settings: Settings, streams_per_connection: int = 0
                   ) -> list[tuple[str, int]]:
    """Channel arguments of every server: message size cap, HTTP/2 bounds (calls per
    connection: the setting, else `streams_per_connection`, else 100; connections) and
    connection age (0: none)."""
    # A larger request is refused (RESOURCE_EXHAUSTED) before it is read into memory.
    options = [("grpc.max_receive_message_length", settings.max_message_bytes)]
    streams = settings.max_streams_per_connection or streams_per_connection \
        or DEFAULT_STREAMS_PER_CONNECTION
    options += [("grpc.max_concurrent_streams", streams),
                ("grpc.max_allowed_incoming_connections", settings.max_connections)]
    if settings.max_connection_age_s > 0:
        # Connections are closed (GOAWAY) after this age, calls on them get the grace to
        # finish: clients then reconnect through DNS and reach pods added since.
        options += [
            ("grpc.max_connection_age_ms", int(settings.max_connection_age_s * 1000)),
            ("grpc.max_connection_age_grace_ms",
             int(settings.max_connection_age_grace_s * 1000)),
        ]
    return options


def server_credentials(settings: Settings) -> grpc.ServerCredentials | None:
    """TLS credentials from TLS_CERT_FILE/TLS_KEY_FILE (TLS_CA_FILE: clients need a cert)."""
    if settings.tls_cert_file is None or settings.tls_key_file is None:
        return None
    key = Path(settings.tls_key_file).read_bytes()
    cert = Path(settings.tls_cert_file).read_bytes()
    ca = Path(settings.tls_ca_file).read_bytes() if settings.tls_ca_file else None
    return grpc.ssl_server_credentials([(key, cert)], root_certificates=ca,
                                       require_client_auth=ca is not None)


#: Spread calls over every address the target resolves to (a Kubernetes headless Service
#: lists one per pod), instead of gRPC's default of sticking to the first.
CHANNEL_OPTIONS = (("grpc.lb_policy_name", "round_robin"),)


def open_channel(target: str, settings: Settings) -> grpc.Channel:
    """A (blocking) channel to another Cardroom service, over TLS when TLS_CA_FILE is set."""
    if settings.tls_ca_file is None:
        return grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
    ca = Path(settings.tls_ca_file).read_bytes()
    key = Path(settings.tls_key_file).read_bytes() if settings.tls_key_file else None
    cert = Path(settings.tls_cert_file).read_bytes() if settings.tls_cert_file else None
    return grpc.secure_channel(target, grpc.ssl_channel_credentials(ca, key, cert),
                               options=CHANNEL_OPTIONS)
