"""Connect and gRPC-Web endpoints of the Cardroom services, built from their descriptors:
every call a browser makes is made once more, unchanged, as a native gRPC call to the
service that hosts it (connect-python decodes and encodes the browser's side).

Nothing here knows a method: each endpoint is made from the method's descriptor, so a call
added to a .proto file reaches browsers as soon as the service serves it. What the browser
sent that a service reads travels with the call: the credential (`authorization`), the
deadline (Connect-Timeout-Ms / grpc-timeout) and the browser's address, appended to
`x-forwarded-for` so that a service trusting this process (GRPC_TRUSTED_PROXIES) counts the
browser, not this process, against its limits. A refusal comes back as it left the
service: its code, its message and its details (google.rpc.Status, ErrorInfo, BadRequest).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.method import IdempotencyLevel, MethodInfo
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import MethodDescriptor, ServiceDescriptor
from google.protobuf.message import DecodeError
from google.rpc import status_pb2

from cardroom.shared.rpc.metrics import GRPC_TYPES, GrpcMetrics
from cardroom.shared.rpc.server import CHANNEL_OPTIONS
from cardroom.shared.rpc.settings import Settings

#: Request headers passed on to the service as call metadata.
FORWARDED_HEADERS = ("authorization",)
#: The metadata key the browser's address is appended to.
FORWARDED_FOR = "x-forwarded-for"
#: The trailing-metadata key of a status's details (google.rpc.Status, binary).
DETAILS_KEY = "grpc-status-details-bin"

_CODES: dict[grpc.StatusCode, Code] = {
    status: Code[status.name.replace("CANCELLED", "CANCELED")]
    for status in grpc.StatusCode if status is not grpc.StatusCode.OK}


def open_channel(target: str, settings: Settings) -> grpc.aio.Channel:
    """A channel of this loop to a Cardroom service, over TLS when TLS_CA_FILE is set."""
    if settings.tls_ca_file is None:
        return grpc.aio.insecure_channel(target, options=CHANNEL_OPTIONS)
    ca = Path(settings.tls_ca_file).read_bytes()
    key = Path(settings.tls_key_file).read_bytes() if settings.tls_key_file else None
    cert = Path(settings.tls_cert_file).read_bytes() if settings.tls_cert_file else None
    return grpc.aio.secure_channel(target, grpc.ssl_channel_credentials(ca, key, cert),
                                   options=CHANNEL_OPTIONS)


def connect_error(error: grpc.aio.AioRpcError) -> ConnectError:
    """The service's status as the browser gets it: code, message and every detail."""
    details: list[Any] = []
    for key, value in error.trailing_metadata() or ():
        if key == DETAILS_KEY and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            details = list(status.details)
    return ConnectError(_CODES.get(error.code(), Code.UNKNOWN), error.details() or "", details)


def client_host(address: str | None) -> str | None:
    """The host of a "host:port" client address (IPv6 without brackets)."""
    if not address:
        return None
    host, _, _ = address.rpartition(":")
    return host.strip("[]") or None


class Forwarder:
    """Makes each call of one service over `channel`, counting it under `metrics` (the
    grpc_server_* series of this process, as the service itself counts it)."""

    def __init__(self, service: ServiceDescriptor, channel: grpc.aio.Channel,
                 metrics: GrpcMetrics, unary_timeout_s: float) -> None:
        self.service = service
        self.channel = channel
        self.metrics = metrics
        self.unary_timeout_s = unary_timeout_s

    def endpoints(self) -> dict[str, Any]:
        """Every method of the service as a Connect endpoint, by URL path."""
        return {f"/{self.service.full_name}/{m.name}": self._endpoint(m)
                for m in self.service.methods if not m.client_streaming}

    def _endpoint(self, method: MethodDescriptor) -> Any:
        """A unary or server-stream endpoint (connect-python's EndpointUnary or
        EndpointServerStream) that makes the call natively."""
        request = message_factory.GetMessageClass(method.input_type)
        response = message_factory.GetMessageClass(method.output_type)
        info: MethodInfo[Any, Any] = MethodInfo(
            name=method.name, service_name=self.service.full_name, input=request,
            output=response, idempotency_level=IdempotencyLevel.UNKNOWN)
        path = f"/{self.service.full_name}/{method.name}"
        labels = (GRPC_TYPES[(False, method.server_streaming)], self.service.full_name,
                  method.name)
        if method.server_streaming:
            stream = self.channel.unary_stream(path, request_serializer=_serialize,
                                               response_deserializer=response.FromString)

            async def serve_stream(message: Any, ctx: RequestContext[Any, Any]
                                   ) -> AsyncIterator[Any]:
                start = self._started(labels)
                call = stream(message, metadata=_metadata(ctx), timeout=_timeout(ctx, None))
                code = grpc.StatusCode.CANCELLED  # the browser left before the end
                try:
                    async for item in call:
                        self.metrics.sent.labels(*labels).inc()
                        yield item
                    code = grpc.StatusCode.OK
                except grpc.aio.AioRpcError as error:
                    code = error.code()
                    raise connect_error(error) from None
                finally:
                    call.cancel()
                    self.metrics.finish(labels, code, start)
            return Endpoint.server_stream(info, serve_stream)

        unary = self.channel.unary_unary(path, request_serializer=_serialize,
                                         response_deserializer=response.FromString)

        async def serve_unary(message: Any, ctx: RequestContext[Any, Any]) -> Any:
            start = self._started(labels)
            code = grpc.StatusCode.CANCELLED
            try:
                answer = await unary(message, metadata=_metadata(ctx),
                                     timeout=_timeout(ctx, self.unary_timeout_s))
                code = grpc.StatusCode.OK
                self.metrics.sent.labels(*labels).inc()
                return answer
            except grpc.aio.AioRpcError as error:
                code = error.code()
                raise connect_error(error) from None
            finally:
                self.metrics.finish(labels, code, start)
        return Endpoint.unary(info, serve_unary)

    def _started(self, labels: tuple[str, str, str]) -> float:
        self.metrics.started.labels(*labels).inc()
        self.metrics.received.labels(*labels).inc()
        return time.perf_counter()


def _serialize(message: Any) -> bytes:
    return bytes(message.SerializeToString())


def _metadata(ctx: RequestContext[Any, Any]) -> tuple[tuple[str, str], ...]:
    """The call metadata of a browser's request: its credential and its address."""
    headers = ctx.request_headers()
    metadata = [(key, value) for key in FORWARDED_HEADERS
                if (value := headers.get(key)) is not None]
    hops = [hop.strip() for hop in headers.getall(FORWARDED_FOR) if hop.strip()]
    host = client_host(ctx.client_address())
    if host is not None:
        hops.append(host)
    if hops:
        metadata.append((FORWARDED_FOR, ", ".join(hops)))
    return tuple(metadata)


def _timeout(ctx: RequestContext[Any, Any], default: float | None) -> float | None:
    """Seconds left of the browser's deadline, else `default`."""
    left = ctx.timeout_ms()
    return default if left is None else max(left / 1000.0, 0.0)


class ServiceApp(ConnectASGIApplication[object]):
    """The ASGI application of one service's endpoints (connect-python speaks Connect,
    gRPC-Web and, on a server with HTTP trailers, gRPC)."""

    def __init__(self, forwarder: Forwarder, read_max_bytes: int) -> None:
        self._path = f"/{forwarder.service.full_name}"
        endpoints = forwarder.endpoints()
        super().__init__(service=object(), endpoints=lambda _: endpoints,
                         read_max_bytes=read_max_bytes)

    @property
    def path(self) -> str:
        """The URL prefix of the service's calls, e.g. /cardroom.v1.MatchService."""
        return self._path

    async def _handle_error(self, exc: Exception, ctx: Any, send: Any) -> None:
        """A unary request that is not a message of its method's type is INVALID_ARGUMENT,
        as natively (connect-python's own answer to a decoding error is UNKNOWN)."""
        if isinstance(exc, DecodeError | json_format.ParseError):
            method = ctx.method().name if ctx is not None else "this"
            exc = ConnectError(Code.INVALID_ARGUMENT,
                               f"the request is not a valid {method} request message")
        await super()._handle_error(exc, ctx, send)


def service_apps(targets: Mapping[ServiceDescriptor, grpc.aio.Channel], metrics: GrpcMetrics,
                 settings: Settings, unary_timeout_s: float) -> dict[str, ServiceApp]:
    """One application per service, by its URL prefix."""
    apps = {}
    for descriptor, channel in targets.items():
        metrics.preregister(descriptor)
        app = ServiceApp(Forwarder(descriptor, channel, metrics, unary_timeout_s),
                         settings.max_message_bytes)
        apps[app.path] = app
    return apps
