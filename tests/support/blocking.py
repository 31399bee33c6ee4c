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

from shared.rpc.aio_server import LoopThread

_LOOP: LoopThread | None = None


def loop() -> LoopThread:
    """The session's event loop thread (started on first use)."""
    global _LOOP
    if _LOOP is None:
        _LOOP = LoopThread("test-loop")
    return _LOOP


def run(awaitable: Any) -> Any:
    """Run a coroutine on the session's loop and wait for its result."""
    return loop().run(awaitable)


def unwrap(value: Any) -> Any:
    """The object behind a proxy (anything else as it is)."""
    return value._target if isinstance(value, Blocking) else value


def blocking(target: Any) -> Any:
    """`target` behind a blocking proxy (plain values as they are)."""
    return Blocking(target) if _has_coroutines(type(target)) else target


@functools.cache
def _has_coroutines(kind: type) -> bool:
    return any(inspect.iscoroutinefunction(getattr(kind, name, None)) for name in dir(kind)
               if not name.startswith("__"))


async def _collect(iterator: Any) -> list[Any]:
    return [item async for item in iterator]


def _settle(result: Any) -> Any:
    if inspect.isawaitable(result):
        result = run(result)
    elif inspect.isasyncgen(result) or hasattr(result, "__anext__"):
        result = run(_collect(result))
    return blocking(result)


class Blocking:
    """The proxy: coroutine methods become blocking calls (see the module docstring)."""

    def __init__(self, target: Any) -> None:
        object.__setattr__(self, "_target", target)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not callable(value) or isinstance(value, type):
            return blocking(value)

        def call(*args: Any, **kwargs: Any) -> Any:
            args = tuple(unwrap(a) for a in args)
            kwargs = {k: unwrap(v) for k, v in kwargs.items()}
            if inspect.iscoroutinefunction(value) or inspect.isasyncgenfunction(value):
                return _settle(loop().run(_call_on_loop(value, args, kwargs)))
            return _settle(value(*args, **kwargs))
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


__all__ = ["Blocking", "blocking", "loop", "run", "unwrap"]
