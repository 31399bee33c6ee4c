"""Server bootstrap every Cardroom service uses: interceptors, health, reflection, metrics, TLS.

    server, port = create_server([ServiceDef(descriptor, add_servicer)], settings)
    server.start()            # health SERVING, cardroom_serving 1, /metrics up
    server.stop(grace=20.0)   # health NOT_SERVING first, then drain in-flight calls

Port 0 (GRPC_PORT=0, METRICS_PORT=0) binds a free port; the bound ports are returned,
kept on the Server and logged, so tests and supervisors can find them. With `max_queue`
set, a WorkGate bounds the calls waiting for a thread (cardroom.shared.rpc.gate). Connections are
closed after GRPC_MAX_CONNECTION_AGE_SECONDS so that clients re-resolve and rebalance.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from prometheus_client import CollectorRegistry

from cardroom.shared.rpc import reflection
from cardroom.shared.rpc.errors import ErrorInterceptor
from cardroom.shared.rpc.gate import WorkGate
from cardroom.shared.rpc.metrics import GrpcMetrics, MetricsInterceptor, start_metrics_server
from cardroom.shared.rpc.serving import ServingGauge
from cardroom.shared.rpc.settings import Settings

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@dataclass(frozen=True, slots=True)
class ServiceDef:
    """One service to host: its descriptor and the generated add_*Servicer_to_server call."""

    descriptor: ServiceDescriptor
    add: Callable[[grpc.Server], None]

    @property
    def name(self) -> str:
        """The service's full name, e.g. "cardroom.v1.SolverService"."""
        return str(self.descriptor.full_name)


class Server:
    """A started-or-not gRPC server with its health servicer and metrics endpoint."""

    def __init__(self, server: grpc.Server, port: int, health_servicer: health.HealthServicer,
                 names: Sequence[str], registry: CollectorRegistry, metrics_port: int,
                 serving: ServingGauge, gate: WorkGate | None = None) -> None:
        self.grpc = server
        self.port = port
        self.health = health_servicer
        self.names = tuple(names)
        self.registry = registry
        self.serving = serving
        self.gate = gate
        self.metrics_port: int | None = None
        self._wanted_metrics_port = metrics_port
        self._metrics_httpd: Any = None

    def start(self) -> None:
        """Start serving calls and /metrics, then report SERVING for "" and every service."""
        self._metrics_httpd, _, self.metrics_port = start_metrics_server(
            self._wanted_metrics_port, self.registry)
        self.grpc.start()
        self.set_serving(True)
        log.info("serving %s on port %d", ", ".join(self.names), self.port,
                 extra={"grpc_port": self.port, "metrics_port": self.metrics_port})

    @property
    def in_flight(self) -> int | None:
        """Work calls running or waiting in the gate now (None: the server has no gate)."""
        return None if self.gate is None else self.gate.admitted

    def set_serving(self, serving: bool) -> None:
        """Report SERVING (or NOT_SERVING) for "" and every service, health and gauge alike."""
        for name in ("", *self.names):
            self.health.set(name, SERVING if serving else NOT_SERVING)
        self.serving.set(serving)

    def stop(self, grace: float | None = 5.0, drain: float = 0.0) -> None:
        """Report NOT_SERVING, wait `drain` s for balancers to notice, then refuse new calls
        and give those in flight up to `grace` s (None: none) before cancelling them."""
        log.info("shutting down", extra={"grace_s": grace, "drain_s": drain,
                                         "in_flight": self.in_flight})
        started = time.monotonic()
        self.serving.set(False)
        self.health.enter_graceful_shutdown()
        if drain > 0:
            time.sleep(drain)
        # Returns as soon as the last call in flight ends, or once `grace` runs out.
        self.grpc.stop(grace).wait()
        if self._metrics_httpd is not None:
            self._metrics_httpd.shutdown()
            self._metrics_httpd.server_close()
            self._metrics_httpd = None
        log.info("stopped", extra={"stopped_after_s": round(time.monotonic() - started, 3)})

    def wait_for_termination(self, timeout: float | None = None) -> bool:
        """Block until the server stops (or `timeout` s pass: then False)."""
        return bool(self.grpc.wait_for_termination(timeout))


def create_server(
    services: Sequence[ServiceDef],
    settings: Settings,
    *,
    registry: CollectorRegistry | None = None,
    host: str = "[::]",
    max_workers: int = 8,
    max_queue: int | None = None,
    interceptors: Sequence[grpc.ServerInterceptor] = (),
) -> tuple[Server, int]:
    """A server hosting `services` plus health and reflection, bound to settings.grpc_port.

    Every call goes through the metrics interceptor (outermost, so it sees the final
    status), then the work gate when `max_queue` is set (`max_workers` calls run, up to
    `max_queue` wait, more are refused; health is never gated), then `interceptors`, then
    the error mapping. A fresh metrics registry is used unless one is given (a process
    passes prometheus_client.REGISTRY).
    """
    registry = CollectorRegistry() if registry is None else registry
    metrics = GrpcMetrics(registry)
    gate = None if max_queue is None else WorkGate(max_workers, max_queue)
    threads = max_workers if gate is None else gate.threads
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=threads, thread_name_prefix="grpc"),
        interceptors=[MetricsInterceptor(metrics), *([gate] if gate else []), *interceptors,
                      ErrorInterceptor()],
        options=server_options(settings),
    )
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for service in services:
        service.add(server)
        metrics.preregister(service.descriptor)
        health_servicer.set(service.name, NOT_SERVING)
    health_servicer.set("", NOT_SERVING)
    names = [s.name for s in services]
    reflection.enable([*names, health.SERVICE_NAME], server)
    address = f"{host}:{settings.grpc_port}"
    credentials = server_credentials(settings)
    if credentials is None:
        port = server.add_insecure_port(address)
    else:
        port = server.add_secure_port(address, credentials)
    serving = ServingGauge(registry, settings.process)
    return Server(server, port, health_servicer, names, registry, settings.metrics_port,
                  serving, gate), port


def server_options(settings: Settings) -> list[tuple[str, int]]:
    """Channel arguments of every server: message size cap and connection age (0: none)."""
    # A larger request is refused (RESOURCE_EXHAUSTED) before it is read into memory.
    options = [("grpc.max_receive_message_length", settings.max_message_bytes)]
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
    """A channel to another Cardroom service, over TLS when TLS_CA_FILE is set."""
    if settings.tls_ca_file is None:
        return grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
    ca = Path(settings.tls_ca_file).read_bytes()
    key = Path(settings.tls_key_file).read_bytes() if settings.tls_key_file else None
    cert = Path(settings.tls_cert_file).read_bytes() if settings.tls_cert_file else None
    return grpc.secure_channel(target, grpc.ssl_channel_credentials(ca, key, cert),
                               options=CHANNEL_OPTIONS)
