"""Where a server's handlers fail: exceptions escaping them become their gRPC statuses.

The table of which exception is which status, and the rich details each carries, is
cardroom.shared.wire.errors (one list, read both ways); this module applies it to the
synchronous servers' calls (ErrorInterceptor) and logs what it maps. Anything unexpected
becomes INTERNAL with the message "internal error" and nothing more, logged here in full.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any, NoReturn

import grpc
from grpc_status import rpc_status

from cardroom.shared.rpc.handlers import Behavior, MethodInfo, wrap_handler
from cardroom.shared.wire.errors import classify, status_for

log = logging.getLogger(__name__)


def abort(context: grpc.ServicerContext, exc: BaseException) -> NoReturn:
    """End the call with the status `exc` maps to (logging the unexpected ones in full)."""
    code, reason = classify(exc)
    if reason is None:
        log.error("unexpected error in handler", exc_info=exc)
    else:
        log.info("request refused: %s", exc, extra={"grpc_code": code.name})
    context.abort_with_status(rpc_status.to_status(status_for(exc)))
    raise AssertionError("abort_with_status returned")  # pragma: no cover


def _already_failed(context: grpc.ServicerContext) -> bool:
    # The handler (or grpc itself) chose a status already, e.g. context.abort(...): keep it.
    code = context.code()  # type: ignore[attr-defined]
    return code is not None and code != grpc.StatusCode.OK


class ErrorInterceptor(grpc.ServerInterceptor):
    """Turns exceptions escaping any handler into their mapped status (see the module table)."""

    def intercept_service(self, continuation: Any, handler_call_details: Any) -> Any:
        """Wrap the method's behaviour so domain errors become statuses."""
        # Requests are decoded inside the wrapper, so undecodable bytes are INVALID_ARGUMENT.
        return wrap_handler(continuation(handler_call_details), handler_call_details.method,
                            self._wrap, defer_decoding=True)

    @staticmethod
    def _wrap(behavior: Behavior, info: MethodInfo) -> Behavior:
        if info.response_streaming:
            def stream(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
                try:
                    yield from behavior(request, context)
                except Exception as exc:
                    if _already_failed(context):
                        raise
                    abort(context, exc)
            return stream

        def unary(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return behavior(request, context)
            except Exception as exc:
                if _already_failed(context):
                    raise
                abort(context, exc)
        return unary
