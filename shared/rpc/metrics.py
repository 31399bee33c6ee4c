"""Prometheus metrics of a gRPC server, named and labelled as go-grpc-prometheus does.

grpc_server_started_total, grpc_server_handled_total (with grpc_code),
grpc_server_msg_received_total, grpc_server_msg_sent_total and the
grpc_server_handling_seconds histogram, each labelled grpc_type, grpc_service and
grpc_method (counted by cardroom.shared.rpc.calls). Dashboards written for Go or Java
servers work unchanged. The latency buckets start at 0.1 ms (go-grpc-prometheus's default
starts at 5 ms, where a whole move would sit in the first bucket).
"""

from __future__ import annotations

import logging
import socket
import time
from socketserver import ThreadingMixIn
from threading import Thread
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from prometheus_client import CollectorRegistry, Counter, Histogram, make_wsgi_app

log = logging.getLogger(__name__)

#: The grpc_type label of go-grpc-prometheus, by (request streaming, response streaming).
GRPC_TYPES = {
    (False, False): "unary",
    (True, False): "client_stream",
    (False, True): "server_stream",
    (True, True): "bidi_stream",
}

#: grpc_code label values: the names Go's codes.Code.String() gives.
CODE_LABELS = {
    grpc.StatusCode.OK: "OK",
    grpc.StatusCode.CANCELLED: "Canceled",
    grpc.StatusCode.UNKNOWN: "Unknown",
    grpc.StatusCode.INVALID_ARGUMENT: "InvalidArgument",
    grpc.StatusCode.DEADLINE_EXCEEDED: "DeadlineExceeded",
    grpc.StatusCode.NOT_FOUND: "NotFound",
    grpc.StatusCode.ALREADY_EXISTS: "AlreadyExists",
    grpc.StatusCode.PERMISSION_DENIED: "PermissionDenied",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "ResourceExhausted",
    grpc.StatusCode.FAILED_PRECONDITION: "FailedPrecondition",
    grpc.StatusCode.ABORTED: "Aborted",
    grpc.StatusCode.OUT_OF_RANGE: "OutOfRange",
    grpc.StatusCode.UNIMPLEMENTED: "Unimplemented",
    grpc.StatusCode.INTERNAL: "Internal",
    grpc.StatusCode.UNAVAILABLE: "Unavailable",
    grpc.StatusCode.DATA_LOSS: "DataLoss",
    grpc.StatusCode.UNAUTHENTICATED: "Unauthenticated",
}

_LABELS = ("grpc_type", "grpc_service", "grpc_method")
#: Buckets of grpc_server_handling_seconds: fine below 10 ms (a move takes a few), coarse up
#: to the longest search (SOLVER_MAX_SECONDS, 10 s by default) and beyond.
LATENCY_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025,
                   0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 7.5, 10.0, 30.0)


class GrpcMetrics:
    """The grpc_server_* series, registered in one registry."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.started = Counter(
            "grpc_server_started_total", "Total number of RPCs started on the server.",
            _LABELS, registry=registry)
        self.handled = Counter(
            "grpc_server_handled_total",
            "Total number of RPCs completed on the server, regardless of success or failure.",
            (*_LABELS, "grpc_code"), registry=registry)
        self.received = Counter(
            "grpc_server_msg_received_total",
            "Total number of RPC stream messages received on the server.",
            _LABELS, registry=registry)
        self.sent = Counter(
            "grpc_server_msg_sent_total",
            "Total number of gRPC stream messages sent by the server.",
            _LABELS, registry=registry)
        self.handling_seconds = Histogram(
            "grpc_server_handling_seconds",
            "Histogram of response latency (seconds) of gRPC that had been application-level "
            "handled by the server.",
            _LABELS, buckets=LATENCY_BUCKETS, registry=registry)

    def preregister(self, service: ServiceDescriptor) -> None:
        """Show every method of `service` at zero before its first call (as Go does)."""
        for method in service.methods:
            kind = (method.client_streaming, method.server_streaming)
            labels = (GRPC_TYPES[kind], service.full_name, method.name)
            self.started.labels(*labels)
            self.received.labels(*labels)
            self.sent.labels(*labels)
            self.handling_seconds.labels(*labels)
            for code_label in CODE_LABELS.values():
                self.handled.labels(*labels, code_label)

    def finish(self, labels: tuple[str, str, str], code: grpc.StatusCode, start: float) -> None:
        """Record one finished call."""
        self.handled.labels(*labels, CODE_LABELS.get(code, "Unknown")).inc()
        self.handling_seconds.labels(*labels).observe(max(time.perf_counter() - start, 0.0))


class _MetricsHTTPServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _MetricsHTTPServer6(_MetricsHTTPServer):
    address_family = socket.AF_INET6


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes are not worth a log line each."""


def start_metrics_server(port: int, registry: CollectorRegistry, addr: str = "0.0.0.0"
                         ) -> tuple[WSGIServer, Thread, int]:
    """Serve /metrics of `registry` on `port` (0 picks a free one): (server, thread, port).

    Stop it with server.shutdown(); the short poll interval keeps that quick.
    """
    server_class = _MetricsHTTPServer6 if ":" in addr else _MetricsHTTPServer
    httpd = make_server(addr, port, make_wsgi_app(registry), server_class, _QuietHandler)
    thread = Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                    name="metrics-http", daemon=True)
    thread.start()
    bound = int(httpd.server_port)
    log.info("metrics listening on port %d", bound, extra={"metrics_port": bound})
    return httpd, thread, bound
