"""A bounded work queue for a thread-pool gRPC server, with health kept out of it.

grpc's own `maximum_concurrent_rpcs` counts every call, health checks included, and calls
past the pool's threads wait in the executor's queue behind work: a busy replica then
fails its probes and gets restarted. Instead the pool gets threads for `running` calls,
`queued` waiting ones and a few spare, and this interceptor admits at most
`running + queued` work calls: `running` of them run, the others wait for a slot (until
their deadline), and one more is refused at once with RESOURCE_EXHAUSTED. Health checks
and reflection never pass the gate, so the spare threads always answer them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from typing import Any

import grpc

from cardroom.shared.rpc.handlers import Behavior, MethodInfo, wrap_handler

#: Services that are never queued: probes must answer however busy the replica is.
EXEMPT_SERVICES = frozenset({
    "grpc.health.v1.Health",
    "grpc.reflection.v1alpha.ServerReflection",
    "grpc.reflection.v1.ServerReflection",
})
#: Threads kept beyond the gate's capacity, for health checks and reflection.
SPARE_THREADS = 4
#: How often a waiting call looks whether its client went away.
_POLL_S = 0.25


class WorkGate(grpc.ServerInterceptor):
    """Admits `running` work calls at a time plus `queued` waiting; refuses the rest."""

    def __init__(self, running: int, queued: int) -> None:
        if running < 1 or queued < 0:
            raise ValueError("a gate needs at least one running slot and a queue of 0 or more")
        self.running = running
        self.queued = queued
        self._slots = threading.Semaphore(running)
        self._lock = threading.Lock()
        self._admitted = 0

    @property
    def threads(self) -> int:
        """Worker threads the server's pool needs for this gate plus health."""
        return self.running + self.queued + SPARE_THREADS

    @property
    def admitted(self) -> int:
        """Work calls running or waiting right now."""
        return self._admitted

    def intercept_service(self, continuation: Any, handler_call_details: Any) -> Any:
        """Put the method's behaviour behind the gate (health and reflection excepted)."""
        handler = continuation(handler_call_details)
        method = handler_call_details.method
        if method.lstrip("/").rpartition("/")[0] in EXEMPT_SERVICES:
            return handler
        return wrap_handler(handler, method, self._wrap)

    def _wrap(self, behavior: Behavior, info: MethodInfo) -> Behavior:
        def run(request: Any, context: grpc.ServicerContext) -> Any:
            self._enter(context, info.method)
            try:
                result = behavior(request, context)
            except BaseException:
                self._leave()
                raise
            if info.response_streaming:
                return self._stream(result)
            self._leave()
            return result

        return run

    def _stream(self, responses: Iterable[Any]) -> Iterator[Any]:
        # A stream holds its slot until its last message is sent (or the client leaves).
        try:
            yield from responses
        finally:
            self._leave()

    def _enter(self, context: grpc.ServicerContext, method: str) -> None:
        with self._lock:
            if self._admitted >= self.running + self.queued:
                busy = True
            else:
                busy = False
                self._admitted += 1
        if busy:
            context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED,
                          f"server busy: {self.running} calls running and {self.queued} "
                          f"waiting; retry {method} later or on another replica")
        if not self._wait_for_slot(context):
            self._forget()
            remaining = context.time_remaining()
            if remaining is not None and remaining <= 0:
                context.abort(grpc.StatusCode.DEADLINE_EXCEEDED,
                              f"the deadline passed while {method} waited for a worker")
            context.abort(grpc.StatusCode.CANCELLED, "the client went away while waiting")

    def _wait_for_slot(self, context: grpc.ServicerContext) -> bool:
        while True:
            remaining = context.time_remaining()
            wait = _POLL_S if remaining is None else min(_POLL_S, max(remaining, 0.0))
            if self._slots.acquire(timeout=wait):
                return True
            if not context.is_active() or (remaining is not None and remaining <= wait):
                return False

    def _leave(self) -> None:
        self._slots.release()
        self._forget()

    def _forget(self) -> None:
        with self._lock:
            self._admitted -= 1

