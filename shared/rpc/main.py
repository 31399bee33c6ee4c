"""The foreground life every `python -m services.<name>` shares: one event loop on the main
thread, serving until SIGTERM or SIGINT, then a graceful stop.

    async def serving(settings) -> int:
        server, _ = await create_server(settings, registry=REGISTRY)
        return await serve(server, log, grace=settings.common.drain_s)

    def main() -> int:
        ...settings, logging...
        return run(serving(settings), settings.common.event_loop)

The loop is uvloop's unless EVENT_LOOP=asyncio asks for the standard library's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Coroutine
from typing import Any, Protocol

#: Seconds the process gives its loop's leftovers (tasks, executor threads) once the main
#: coroutine has returned: a thread stuck in a blocking call is left behind after this.
LEFTOVER_SECONDS = 5.0


class Service(Protocol):
    """A server that starts, and stops within a grace period; `in_flight` counts the work
    still running (None: it keeps no count)."""

    @property
    def in_flight(self) -> int | None:
        """Calls (or their work) still running."""

    async def start(self) -> None:
        """Begin serving."""

    async def stop(self, grace: float) -> None:
        """Stop serving (health NOT_SERVING first), letting calls in flight finish within
        `grace` seconds, and release what the server holds (Redis last)."""


async def serve(server: Service, log: logging.Logger, grace: float) -> int:
    """Start `server`, serve until SIGTERM or SIGINT (handled on the loop), then stop it
    gracefully; exit status 0.

    Work still running past the grace (a search does not stop when its call is cancelled)
    is abandoned: the process exits at once rather than keep the pod until its kill.
    """
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def on_signal(signum: signal.Signals) -> None:
        log.info("received %s", signum.name)
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, on_signal, signum)
    await server.start()
    await stopping.wait()
    await server.stop(grace=grace)
    running = server.in_flight
    if running:
        # Interpreter exit would join the threads still working, whatever the grace.
        log.warning("exiting with calls still running after the grace period",
                    extra={"in_flight": running})
        logging.shutdown()
        os._exit(0)
    return 0


def new_loop(kind: str = "uvloop") -> asyncio.AbstractEventLoop:
    """A new event loop of `kind` (EVENT_LOOP): "uvloop" (libuv's, less CPU per call and
    per Redis command) or "asyncio" (the standard library's)."""
    if kind == "uvloop":
        import uvloop

        return uvloop.new_event_loop()
    return asyncio.new_event_loop()


def run(main: Coroutine[Any, Any, int], kind: str = "uvloop") -> int:
    """Run `main` on a new event loop of `kind` (see new_loop) in this (the main) thread;
    its exit status. Tasks left over are cancelled and executor threads get
    LEFTOVER_SECONDS to end."""
    loop = new_loop(kind)
    try:
        asyncio.set_event_loop(loop)
        return loop.run_until_complete(main)
    finally:
        try:
            _cancel_leftovers(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            with contextlib.suppress(TimeoutError):
                loop.run_until_complete(asyncio.wait_for(loop.shutdown_default_executor(),
                                                         LEFTOVER_SECONDS))
        finally:
            asyncio.set_event_loop(None)
            loop.close()


def _cancel_leftovers(loop: asyncio.AbstractEventLoop) -> None:
    tasks = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in tasks:
        task.cancel()
    if tasks:
        loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
