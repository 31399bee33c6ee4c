"""A store failure, as the player and matchmaker services answer it: Redis unreachable,
timed out or failing over is UNAVAILABLE (retry), Redis full is RESOURCE_EXHAUSTED, as the
match service answers them (services/match/repo/connection.py), never INTERNAL."""

from __future__ import annotations

import functools
import inspect
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from redis.exceptions import RedisClusterException, RedisError

from cardroom.services.match.repo import STORE_FULL, UNAVAILABLE, out_of_memory, transient
from cardroom.shared.errors import ResourceExhausted, Unavailable

C = TypeVar("C", bound=type)


def translated(exc: RedisError | RedisClusterException) -> Exception:
    """The service's error for a store failure (the failure itself when it is a bug)."""
    if out_of_memory(exc):
        return ResourceExhausted(STORE_FULL, "maxmemory")
    if transient(exc):
        return Unavailable(UNAVAILABLE)
    return exc


def _unary(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return await method(*args, **kwargs)
        except (RedisError, RedisClusterException) as exc:
            raise translated(exc) from exc
    return call


def _stream(method: Callable[..., AsyncIterator[Any]]) -> Callable[..., AsyncIterator[Any]]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        try:
            async for item in method(*args, **kwargs):
                yield item
        except (RedisError, RedisClusterException) as exc:
            raise translated(exc) from exc
    return call


def store_failures(cls: C) -> C:
    """Every RPC method of a servicer class (capitalised name) with store failures
    translated."""
    for name, method in list(vars(cls).items()):
        if not name[:1].isupper() or not callable(method):
            continue
        if inspect.isasyncgenfunction(method):
            setattr(cls, name, _stream(method))
        elif inspect.iscoroutinefunction(method):
            setattr(cls, name, _unary(method))
    return cls
