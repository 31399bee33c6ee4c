"""Asyncio servers for synchronous test code: a loop in a background thread of its own.

Every Cardroom server is built and run on one event loop (cardroom.shared.rpc.server); a
process runs that loop on its main thread. A test written as plain calls gets the same
server on a LoopThread instead:

    server, port = in_thread(create_server, config, host=HOST)   # built on its own loop
    server.start()                                                # plain calls from here
    ...
    server.stop(grace=None)                                       # stops it, ends the loop

The Threaded object answers the server's attributes; its coroutine methods become plain
calls run on the server's loop; `runner` is that loop, for tests that run their own
coroutines against the server's objects (their Redis connections live there).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import os
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from cardroom.shared.rpc.main import new_loop

log = logging.getLogger(__name__)

#: Loops left running because a task of theirs did not end when cancelled (see close).
_LEFT_RUNNING: list[asyncio.AbstractEventLoop] = []


class LoopThread:
    """An asyncio event loop running in a daemon thread: run(coro) waits for its result."""

    def __init__(self, name: str = "event-loop") -> None:
        # The loop a process would run (EVENT_LOOP, uvloop unless set to asyncio).
        self.loop = new_loop(os.environ.get("EVENT_LOOP") or "uvloop")
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Awaitable[Any], timeout: float | None = None) -> Any:
        """Run `coro` on the loop and wait for its result (or its exception)."""
        return asyncio.run_coroutine_threadsafe(_awaited(coro), self.loop).result(timeout)

    def close(self, wait: float = 10.0) -> None:
        """Cancel what is still running, give it `wait` seconds to end, stop the loop and
        its thread, close the loop."""
        if self.loop.is_closed():
            return
        try:
            stuck = [f"{t.get_name()} at {_where(t)}"
                     for t in self.run(_cancel_others(wait), timeout=wait + 5)]
        except TimeoutError:
            stuck = ["the loop itself, which did not answer"]
        if stuck:
            # Closing a loop under a task that is still running closes its sockets under it:
            # their callbacks then fail in whichever test runs next. The loop is left to run
            # in its daemon thread, and kept from being collected, instead.
            log.warning("left running, not ended %s s after being cancelled: %s",
                        wait, "; ".join(stuck))
            _LEFT_RUNNING.append(self.loop)
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        if not self.loop.is_running():
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            # A thread stuck in a blocking call (a broker client) is left behind.
            with contextlib.suppress(TimeoutError):
                self.loop.run_until_complete(asyncio.wait_for(
                    self.loop.shutdown_default_executor(), 5))
            self.loop.close()


class Threaded:
    """A server on a LoopThread of its own, driven by plain calls (see the module doc)."""

    def __init__(self, server: Any, runner: LoopThread) -> None:
        object.__setattr__(self, "server", server)
        object.__setattr__(self, "runner", runner)

    def start(self, *args: Any, **kwargs: Any) -> None:
        """Start the server on its loop."""
        self.runner.run(self.server.start(*args, **kwargs))

    def stop(self, grace: float | None = 5.0, **kwargs: Any) -> None:
        """Stop the server on its loop, then end the loop (a second stop does nothing)."""
        if self.runner.loop.is_closed():
            return
        try:
            self.runner.run(self.server.stop(grace, **kwargs))
        finally:
            self.runner.close()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.server, name)
        if inspect.iscoroutinefunction(value):
            @functools.wraps(value)
            def call(*args: Any, **kwargs: Any) -> Any:
                return self.runner.run(value(*args, **kwargs))
            return call
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.server, name, value)


def in_thread(factory: Callable[..., Awaitable[tuple[Any, int]]], *args: Any,
              **kwargs: Any) -> tuple[Threaded, int]:
    """(server, port) of `await factory(*args, **kwargs)` (a create_server), built on a new
    LoopThread; the loop ends when the server is stopped."""
    runner = LoopThread(getattr(factory, "__module__", "server").rpartition(".")[2] + "-loop")
    try:
        server, port = runner.run(factory(*args, **kwargs))
    except BaseException:
        runner.close()
        raise
    return Threaded(server, runner), port


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


async def _cancel_others(wait: float) -> set[asyncio.Task[Any]]:
    """Cancel every other task of the loop; those still running after `wait` seconds."""
    me = asyncio.current_task()
    others = {t for t in asyncio.all_tasks() if t is not me}
    for task in others:
        task.cancel()
    if not others:
        return set()
    _, pending = await asyncio.wait(others, timeout=wait)
    return pending


def _where(task: asyncio.Task[Any]) -> str:
    """Where `task` is waiting: its coroutine's innermost frames."""
    frames = task.get_stack(limit=6)  # the newest frames, outermost first
    return " <- ".join(f"{f.f_code.co_name} ({f.f_code.co_filename.rpartition('/')[2]}:"
                       f"{f.f_lineno})" for f in reversed(frames)) or repr(task)
