"""The interceptor every call of every server passes: counted, timed, errors mapped.

One interceptor counts every call (the grpc_server_* series, cardroom.shared.rpc.metrics)
and maps domain errors escaping a handler to their statuses (the one table of
cardroom.shared.wire.errors), for unary calls and response streams alike. Requests are
decoded inside it, so bytes that are not a message of the method's request type are
INVALID_ARGUMENT instead of gRPC's own "Exception deserializing request!" INTERNAL.
Reflection's bidirectional stream passes through as it is. A client that leaves while its
stream is being written to ends that stream, logged once at DEBUG and counted CANCELLED: it
is no error of the server's (no traceback, nothing at WARNING or above).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, NamedTuple

import grpc
from grpc._cython.cygrpc import (  # type: ignore[import-not-found]
    ExecuteBatchError,  # what a write to a closed stream raises
)
from grpc_status import rpc_status

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.rpc.metrics import GRPC_TYPES, GrpcMetrics
from cardroom.shared.wire.errors import classify, status_for

log = logging.getLogger(__name__)

_FACTORIES = {
    (False, False): ("unary_unary", grpc.unary_unary_rpc_method_handler),
    (False, True): ("unary_stream", grpc.unary_stream_rpc_method_handler),
}


class ClientLeft(Exception):
    """The client of a response stream went away while one of its messages was sent: the
    end of that stream, not a fault of the server (logged at DEBUG, counted CANCELLED)."""


class MethodInfo(NamedTuple):
    """What the wrapper knows of the method it wraps."""

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


class CallInterceptor(grpc.aio.ServerInterceptor):
    """Counts and times every call and turns escaping domain errors into their statuses."""

    def __init__(self, metrics: GrpcMetrics) -> None:
        self.metrics = metrics

    async def intercept_service(self, continuation: Callable[[Any], Awaitable[Any]],
                                handler_call_details: Any) -> Any:
        """The method's handler, its behaviour wrapped (health and reflection too)."""
        handler = await continuation(handler_call_details)
        if handler is None or handler.request_streaming:
            return handler  # reflection's bidi stream: passed through as it is
        kind = (handler.request_streaming, handler.response_streaming)
        attr, factory = _FACTORIES[kind]
        info = MethodInfo(*split_method(handler_call_details.method), *kind)
        call = _Call(self.metrics, info, handler.request_deserializer)
        wrapped = call.stream(getattr(handler, attr)) if info.response_streaming \
            else call.unary(getattr(handler, attr))
        return factory(wrapped, request_deserializer=None,
                       response_serializer=handler.response_serializer)


class _Call:
    """The wrapper of one method's behaviour: decode, count, time, map errors."""

    def __init__(self, metrics: GrpcMetrics, info: MethodInfo,
                 decode: Callable[[bytes], Any] | None) -> None:
        self.m = metrics
        self.info = info
        self.labels = (info.grpc_type, info.service, info.method)
        self.decode = decode

    def _request(self, raw: Any) -> Any:
        if self.decode is None:
            return raw
        try:
            return self.decode(raw)
        except Exception:
            raise InvalidArgument(f"the request is not a valid {self.info.method} request "
                                  "message", "request") from None

    @contextlib.asynccontextmanager
    async def _accounted(self, context: grpc.aio.ServicerContext
                         ) -> AsyncIterator[_CallContext]:
        """Count and time one call, handing its behaviour the context to use; an exception
        escaping it ends the call with its mapped status (cardroom.shared.wire.errors).
        Every count is made before the status leaves, so a client that has its answer
        finds the call counted."""
        self.m.started.labels(*self.labels).inc()
        self.m.received.labels(*self.labels).inc()
        call = _CallContext(context, self.m, self.labels, time.perf_counter())
        try:
            yield call
        except ClientLeft:
            call.finish(grpc.StatusCode.CANCELLED)
            log.debug("client left during a write", extra={"grpc_method": self.info.method})
            # As a cancelled call, which gRPC ends quietly: nobody is there to receive a
            # status, and sending one on the broken stream would fail (logged as an error).
            raise asyncio.CancelledError from None
        except BaseException as exc:
            call.finish(_code_of(context, exc))
            await _abort(context, exc)
            raise
        call.finish(grpc.StatusCode.OK)

    def unary(self, behavior: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """A unary behaviour, wrapped."""
        async def run(raw: Any, context: grpc.aio.ServicerContext) -> Any:
            async with self._accounted(context) as call:
                result = await behavior(self._request(raw), call)
                call.sent.inc()
                return result
        return run

    def stream(self, behavior: Callable[..., Any]) -> Callable[..., Any]:
        """A response-streaming behaviour, wrapped: an async generator, or a coroutine
        that sends with context.write (so it can bound how long one write may take)."""
        if inspect.isasyncgenfunction(behavior):
            async def generate(raw: Any, context: grpc.aio.ServicerContext
                               ) -> AsyncIterator[Any]:
                async with self._accounted(context) as call:
                    async for item in behavior(self._request(raw), call):
                        call.sent.inc()
                        yield item
            return generate

        async def write(raw: Any, context: grpc.aio.ServicerContext) -> None:
            async with self._accounted(context) as call:
                await behavior(self._request(raw), call)
        return write


class _CallContext:
    """The servicer context a behaviour gets: its writes counted
    (grpc_server_msg_sent_total), and its own abort counted before the status leaves."""

    def __init__(self, context: grpc.aio.ServicerContext, metrics: GrpcMetrics,
                 labels: tuple[str, str, str], start: float) -> None:
        self._context = context
        self._metrics = metrics
        self._labels = labels
        self._start = start
        self._finished = False
        self.sent = metrics.sent.labels(*labels)

    def finish(self, code: grpc.StatusCode) -> None:
        """Count the call as handled with `code` (once: the first code counts)."""
        if not self._finished:
            self._finished = True
            self._metrics.finish(self._labels, code, self._start)

    async def write(self, message: Any) -> None:
        """Send one message of the stream; ClientLeft when the client has gone away."""
        try:
            await self._context.write(message)
        except ExecuteBatchError as exc:
            raise ClientLeft("the client left during a write") from exc
        except Exception:
            if self._context.done() or self._context.cancelled():
                raise ClientLeft("the client left before a write") from None
            raise
        self.sent.inc()

    async def abort(self, code: grpc.StatusCode, details: str = "",
                    trailing_metadata: Any = ()) -> None:
        """End the call with `code` (raises grpc.aio.AbortError), counted first."""
        self.finish(code)
        await self._context.abort(code, details, trailing_metadata)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


def _code_of(context: grpc.aio.ServicerContext, exc: BaseException) -> grpc.StatusCode:
    """The status a call that raised `exc` ends with."""
    if isinstance(exc, asyncio.CancelledError | GeneratorExit):
        remaining = context.time_remaining()
        expired = remaining is not None and remaining <= 0
        return grpc.StatusCode.DEADLINE_EXCEEDED if expired else grpc.StatusCode.CANCELLED
    if isinstance(exc, grpc.aio.AbortError):
        return context.code() or grpc.StatusCode.UNKNOWN
    if not isinstance(exc, Exception):
        return grpc.StatusCode.UNKNOWN
    return classify(exc)[0]


async def _abort(context: grpc.aio.ServicerContext, exc: BaseException) -> None:
    """End the call with the status `exc` maps to (raising grpc.aio.AbortError), unless it
    was cancelled or already aborted; unexpected errors are logged in full."""
    if not isinstance(exc, Exception) or isinstance(exc, grpc.aio.AbortError):
        return
    code, reason = classify(exc)
    if reason is None:
        log.error("unexpected error in handler", exc_info=exc)
    else:
        log.info("request refused: %s", _short(str(exc)), extra={"grpc_code": code.name})
    status = rpc_status.to_status(status_for(exc))
    await context.abort(status.code, status.details, status.trailing_metadata)


def _short(text: str, limit: int = 200) -> str:
    """At most `limit` characters of `text`, so a huge input never makes a huge log line."""
    return text if len(text) <= limit else text[:limit] + "..."
