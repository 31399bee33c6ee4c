"""Helpers for server interceptors that wrap a method's behaviour, whatever its streaming kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import grpc

from cardroom.shared.errors import InvalidArgument

Behavior = Callable[[Any, grpc.ServicerContext], Any]

_FACTORIES = {
    (False, False): ("unary_unary", grpc.unary_unary_rpc_method_handler),
    (False, True): ("unary_stream", grpc.unary_stream_rpc_method_handler),
    (True, False): ("stream_unary", grpc.stream_unary_rpc_method_handler),
    (True, True): ("stream_stream", grpc.stream_stream_rpc_method_handler),
}

#: The grpc_type label of go-grpc-prometheus, by (request streaming, response streaming).
GRPC_TYPES = {
    (False, False): "unary",
    (True, False): "client_stream",
    (False, True): "server_stream",
    (True, True): "bidi_stream",
}


class MethodInfo(NamedTuple):
    """What a wrapper knows of the method it wraps."""

    service: str
    method: str
    request_streaming: bool
    response_streaming: bool

    @property
    def grpc_type(self) -> str:
        """"unary", "client_stream", "server_stream" or "bidi_stream"."""
        return GRPC_TYPES[(self.request_streaming, self.response_streaming)]


def split_method(full_method: str) -> tuple[str, str]:
    """("cardroom.v1.SolverService", "Solve") from "/cardroom.v1.SolverService/Solve"."""
    service, _, method = full_method.lstrip("/").rpartition("/")
    return service, method


def wrap_handler(
    handler: grpc.RpcMethodHandler | None,
    full_method: str,
    wrap: Callable[[Behavior, MethodInfo], Behavior],
    *,
    defer_decoding: bool = False,
) -> grpc.RpcMethodHandler | None:
    """The same handler with its behaviour replaced by `wrap(behaviour, info)`.

    With `defer_decoding`, a unary request reaches the wrapped behaviour as raw bytes and is
    decoded inside it, so a request that does not decode raises InvalidArgument there (where
    the wrapper can map it) instead of gRPC's own "Exception deserializing request!" INTERNAL.

    Handlers marked experimental_non_blocking (the health Watch stream) answer through a
    callback rather than a return value; they pass through unwrapped so they keep not
    holding a worker thread.
    """
    if handler is None:
        return None
    kind = (handler.request_streaming, handler.response_streaming)
    attr, factory = _FACTORIES[kind]
    behavior = getattr(handler, attr)
    if getattr(behavior, "experimental_non_blocking", False):
        return handler
    service, method = split_method(full_method)
    info = MethodInfo(service, method, *kind)
    deserializer = handler.request_deserializer
    if defer_decoding and deserializer is not None and not handler.request_streaming:
        behavior = _decoding(behavior, deserializer, method)
        deserializer = None
    return factory(
        wrap(behavior, info),
        request_deserializer=deserializer,
        response_serializer=handler.response_serializer,
    )


def _decoding(behavior: Behavior, decode: Callable[[bytes], Any], method: str) -> Behavior:
    """`behavior` taking the request's raw bytes, decoded first (InvalidArgument if they
    are not a message of the method's request type)."""
    def call(raw: Any, context: grpc.ServicerContext) -> Any:
        try:
            request = decode(raw)
        except Exception:
            raise InvalidArgument(f"the request is not a valid {method} request message",
                                  "request") from None
        return behavior(request, context)
    return call
