"""Server bootstrap for services on gRPC's asyncio API (grpc.aio): the same interceptors,
health, reflection, metrics and TLS as cardroom.shared.rpc.server, on one event loop.

    server, port = create_aio_server([ServiceDef(descriptor, add_servicer)], settings)
    await server.start()          # health SERVING, /metrics up
    await server.stop(grace=5.0)  # health NOT_SERVING first, then let calls finish

One interceptor counts every call (the grpc_server_* series) and maps domain errors to
statuses (cardroom.shared.rpc.errors), for unary calls and response streams alike. The health
servicer is grpc's asyncio one, so a health Check is one more coroutine on the loop and
never waits for a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_status import rpc_status
from prometheus_client import CollectorRegistry, Histogram

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.rpc import reflection
from cardroom.shared.rpc.errors import classify, status_for
from cardroom.shared.rpc.handlers import MethodInfo, split_method
from cardroom.shared.rpc.metrics import GrpcMetrics, start_metrics_server
from cardroom.shared.rpc.server import ServiceDef, server_credentials, server_options
from cardroom.shared.rpc.serving import ServingGauge
from cardroom.shared.rpc.settings import Settings

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING

_FACTORIES = {
    (False, False): ("unary_unary", grpc.unary_unary_rpc_method_handler),
    (False, True): ("unary_stream", grpc.unary_stream_rpc_method_handler),
}


class AioServer:
    """A started-or-not grpc.aio server with its health servicer and metrics endpoint."""

    def __init__(self, server: grpc.aio.Server, port: int, health: HealthServicer,
                 names: Sequence[str], registry: CollectorRegistry, metrics_port: int,
                 gauge: ServingGauge) -> None:
        self.grpc = server
        self.gauge = gauge
        self.port = port
        self.health = health
        self.names = tuple(names)
        self.registry = registry
        self.metrics_port: int | None = None
        self._wanted_metrics_port = metrics_port
        self._metrics_httpd: Any = None

    async def start(self) -> None:
        """Serve calls and /metrics; health stays NOT_SERVING until set_serving(True)."""
        self._metrics_httpd, _, self.metrics_port = start_metrics_server(
            self._wanted_metrics_port, self.registry)
        await self.grpc.start()
        log.info("serving %s on port %d", ", ".join(self.names), self.port,
                 extra={"grpc_port": self.port, "metrics_port": self.metrics_port})

    async def set_serving(self, serving: bool) -> None:
        """Report SERVING or NOT_SERVING for "" and every hosted service (health and the
        cardroom_serving gauge)."""
        self.gauge.set(serving)
        for name in ("", *self.names):
            await self.health.set(name, SERVING if serving else NOT_SERVING)

    async def stop(self, grace: float | None) -> None:
        """Report NOT_SERVING, refuse new calls, let calls in flight finish within `grace`."""
        log.info("shutting down", extra={"grace_s": grace})
        self.gauge.set(False)
        await self.health.enter_graceful_shutdown()
        await self.grpc.stop(grace)
        if self._metrics_httpd is not None:
            self._metrics_httpd.shutdown()
            self._metrics_httpd.server_close()
            self._metrics_httpd = None
        log.info("stopped")


def create_aio_server(services: Sequence[ServiceDef], settings: Settings, *,
                      registry: CollectorRegistry | None = None, host: str = "[::]",
                      options: Sequence[tuple[str, Any]] = (), process: str = ""
                      ) -> tuple[AioServer, int]:
    """A grpc.aio server hosting `services` plus health and reflection, bound to
    settings.grpc_port; must be called with the event loop that will run it current.
    Message size cap and connection age come from the settings (cardroom.shared.rpc.server)."""
    registry = CollectorRegistry() if registry is None else registry
    metrics = GrpcMetrics(registry)
    server = grpc.aio.server(
        interceptors=[CallInterceptor(metrics)],
        options=[*server_options(settings), *options])
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    for service in services:
        service.add(server)  # type: ignore[arg-type]  # generated adders take either server
        metrics.preregister(service.descriptor)
    names = [s.name for s in services]
    for name in ("", *names):
        # Not serving until told; set directly, as no watcher can exist before start().
        health._server_status[name] = NOT_SERVING  # type: ignore[attr-defined]
    reflection.enable([*names, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name],
                      server)
    address = f"{host}:{settings.grpc_port}"
    credentials = server_credentials(settings)
    if credentials is None:
        port = server.add_insecure_port(address)
    else:
        port = server.add_secure_port(address, credentials)
    gauge = ServingGauge(registry, process or settings.process)
    return AioServer(server, port, health, names, registry, settings.metrics_port,
                     gauge), port


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
    async def _accounted(self, context: grpc.aio.ServicerContext) -> AsyncIterator[None]:
        """Count and time one call; an exception escaping it ends the call with its
        mapped status (cardroom.shared.rpc.errors)."""
        self.m.started.labels(*self.labels).inc()
        self.m.received.labels(*self.labels).inc()
        start = time.perf_counter()
        code = grpc.StatusCode.OK
        try:
            yield
        except BaseException as exc:
            code = _code_of(context, exc)
            await _abort(context, exc)
            raise
        finally:
            self.m.finish(self.labels, code, start)

    def unary(self, behavior: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """A unary behaviour, wrapped."""
        async def run(raw: Any, context: grpc.aio.ServicerContext) -> Any:
            async with self._accounted(context):
                result = await behavior(self._request(raw), context)
                self.m.sent.labels(*self.labels).inc()
                return result
        return run

    def stream(self, behavior: Callable[..., Any]) -> Callable[..., Any]:
        """A response-streaming behaviour, wrapped: an async generator, or a coroutine
        that sends with context.write (so it can bound how long one write may take)."""
        sent = self.m.sent.labels(*self.labels)
        if inspect.isasyncgenfunction(behavior):
            async def generate(raw: Any, context: grpc.aio.ServicerContext
                               ) -> AsyncIterator[Any]:
                async with self._accounted(context):
                    async for item in behavior(self._request(raw), context):
                        sent.inc()
                        yield item
            return generate

        async def write(raw: Any, context: grpc.aio.ServicerContext) -> None:
            async with self._accounted(context):
                await behavior(self._request(raw), _Counting(context, sent))
        return write


class _Counting:
    """A servicer context whose writes are counted (grpc_server_msg_sent_total)."""

    def __init__(self, context: grpc.aio.ServicerContext, counter: Any) -> None:
        self._context = context
        self._counter = counter

    async def write(self, message: Any) -> None:
        """Send one message of the stream."""
        await self._context.write(message)
        self._counter.inc()

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


async def stop_task(task: asyncio.Task[Any] | None, patience_s: float = 5.0) -> None:
    """Cancel `task` and wait until it ends, cancelling again while it runs on: a step that
    swallows a cancellation (some client libraries' reads do) must not keep a stop waiting.
    Gives up after `patience_s` seconds."""
    if task is None:
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience_s
    while not task.done() and loop.time() < deadline:
        task.cancel()
        await asyncio.wait({task}, timeout=0.1)
    if not task.done():
        log.warning("task %s did not stop when cancelled", task.get_name())
    elif not task.cancelled():
        task.exception()  # retrieved: it ended with an error while being stopped


class LoopLag:
    """Measures how late the event loop wakes a sleeper: the time one step of CPU work held
    every other call back (cardroom_event_loop_lag_seconds)."""

    BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

    def __init__(self, registry: CollectorRegistry, every_s: float = 0.1) -> None:
        self.every_s = every_s
        self.histogram = Histogram(
            "cardroom_event_loop_lag_seconds",
            "How much later than asked the event loop woke a periodic sleeper.",
            buckets=self.BUCKETS, registry=registry)
        self.worst = 0.0

    async def run(self) -> None:
        """Sleep, measure the overshoot, repeat until cancelled."""
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.every_s)
            lag = max(0.0, loop.time() - asked - self.every_s)
            self.worst = max(self.worst, lag)
            self.histogram.observe(lag)


class LoopThread:
    """An asyncio event loop running in a daemon thread, for callers that are not async
    themselves (a process's main thread, tests): run(coro) waits for the result."""

    def __init__(self, name: str = "event-loop") -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Awaitable[Any], timeout: float | None = None) -> Any:
        """Run `coro` on the loop and wait for its result (or its exception)."""
        return asyncio.run_coroutine_threadsafe(_awaited(coro), self.loop).result(timeout)

    def close(self) -> None:
        """Cancel what is still running, stop the loop and its thread, close the loop."""
        if self.loop.is_closed():
            return
        try:
            self.run(_cancel_others(), timeout=10)
        except TimeoutError:
            log.warning("tasks did not end within 10 s of being cancelled")
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=10)
            if not self.loop.is_running():
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
                # A thread stuck in a blocking call (a broker client) is left behind.
                with contextlib.suppress(TimeoutError):
                    self.loop.run_until_complete(asyncio.wait_for(
                        self.loop.shutdown_default_executor(), 5))
                self.loop.close()


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


async def _cancel_others() -> None:
    me = asyncio.current_task()
    others = [t for t in asyncio.all_tasks() if t is not me]
    for task in others:
        task.cancel()
    await asyncio.gather(*others, return_exceptions=True)
