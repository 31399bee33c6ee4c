"""Blocking access to the match service's asyncio objects, for tests written as plain calls.

`blocking(obj)` returns a proxy whose coroutine methods run on one event loop in a thread
of its own (shared by the whole test session) and return their results; async iterators
come back as lists, and objects with coroutine methods (a repository, its Redis client,
a pipeline) come back wrapped the same way. Proxies passed as arguments are unwrapped, so
`blocking(MatchService(unwrap(repo)))` and friends read like the synchronous code did.
Calls from several test threads at once really run concurrently on the loop.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from support.loops import LoopThread

_LOOP: LoopThread | None = None


def loop() -> LoopThread:
    """The session's event loop thread (started on first use)."""
    global _LOOP
    if _LOOP is None:
        _LOOP = LoopThread("test-loop")
    return _LOOP


def run(awaitable: Any, runner: LoopThread | None = None) -> Any:
    """Run a coroutine on `runner` (the session's loop by default) and wait for its result."""
    return (runner or loop()).run(awaitable)


def unwrap(value: Any) -> Any:
    """The object behind a proxy (anything else as it is)."""
    return value._target if isinstance(value, Blocking) else value


def blocking(target: Any, runner: LoopThread | None = None) -> Any:
    """`target` behind a blocking proxy running on `runner` (the session's loop by
    default); plain values as they are."""
    return Blocking(target, runner) if _has_coroutines(type(target)) else target


def served(server: Any) -> Any:
    """The domain service of a started match-service replica, run on the replica's own
    loop (its Redis connections live there)."""
    return blocking(server.service, server.runner)


@functools.cache
def _has_coroutines(kind: type) -> bool:
    return any(inspect.iscoroutinefunction(getattr(kind, name, None)) for name in dir(kind)
               if not name.startswith("__"))


async def _collect(iterator: Any) -> list[Any]:
    return [item async for item in iterator]


def _settle(result: Any, runner: LoopThread | None) -> Any:
    if inspect.isawaitable(result):
        result = run(result, runner)
    elif inspect.isasyncgen(result) or hasattr(result, "__anext__"):
        result = run(_collect(result), runner)
    return blocking(result, runner)


class Blocking:
    """The proxy: coroutine methods become blocking calls (see the module docstring)."""

    def __init__(self, target: Any, runner: LoopThread | None = None) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_runner", runner)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        runner = self._runner
        if not callable(value) or isinstance(value, type):
            return blocking(value, runner)

        def call(*args: Any, **kwargs: Any) -> Any:
            args = tuple(unwrap(a) for a in args)
            kwargs = {k: unwrap(v) for k, v in kwargs.items()}
            if inspect.iscoroutinefunction(value) or inspect.isasyncgenfunction(value):
                return _settle(run(_call_on_loop(value, args, kwargs), runner), runner)
            return _settle(value(*args, **kwargs), runner)
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target, name, unwrap(value))


async def _call_on_loop(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    result = function(*args, **kwargs)
    if inspect.isasyncgen(result):
        return [item async for item in result]
    if inspect.isawaitable(result):
        return await result
    return result


__all__ = ["Blocking", "blocking", "loop", "run", "served", "unwrap"]
