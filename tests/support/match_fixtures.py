"""Fixtures of the match service's domain-layer tests: a repository, services on it and a
hand-moved clock. The service is asyncio and so are its tests (pytest-asyncio, auto mode):
each test and the `repo` fixture run on the test's own event loop."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import pytest

from cardroom.services.match.app import MatchService
from cardroom.services.match.repo import MatchRepo
from cardroom.services.match.timers import TimerLoop
from support.match_play import Clock

T = TypeVar("T")
_SERVICES: list[MatchService] = []


def new_service(repo: MatchRepo, *args: Any, **kwargs: Any) -> MatchService:
    """A MatchService on `repo`; its fan-out stops after the test."""
    service = MatchService(repo, *args, **kwargs)
    _SERVICES.append(service)
    return service


async def tick(service: MatchService) -> list[str]:
    """One poll of a replica's timer loop: the kinds of deadline it fired."""
    return await TimerLoop(service).run_once()


async def collect(items: AsyncIterator[T]) -> list[T]:
    """Everything an async iterator gives (a stream that ends, such as a catch-up watch)."""
    return [item async for item in items]


def with_store(url: str, read: Callable[[MatchRepo], Awaitable[T]]) -> T:
    """For a test that is not async (it drives servers in other processes or threads): what
    `read` gives on a repository of the store at `url`, opened and closed around it."""
    async def once() -> T:
        repo = MatchRepo.from_url(url)
        try:
            return await read(repo)
        finally:
            await repo.close()
    return asyncio.run(once())


#: The stores a module's tests may run against: one Redis, and a Redis Cluster.
STORES = ["redis", "cluster"]


def store_for(request: pytest.FixtureRequest) -> str:
    """The URL of an emptied store of the kind `request.param` names (see STORES)."""
    if request.param == "cluster":
        cluster = request.getfixturevalue("redis_cluster")
        cluster.flush()
        return str(cluster.url)
    return str(request.getfixturevalue("redis_url"))


async def all_keys(repo: MatchRepo, pattern: str) -> list[str]:
    """The keys matching `pattern` in the store behind `repo` (every master of a cluster)."""
    if repo.cluster:
        from redis.asyncio.cluster import RedisCluster

        return list(await repo.client.keys(pattern, target_nodes=RedisCluster.PRIMARIES))
    return list(await repo.client.keys(pattern))


@pytest.fixture
def store_url(redis_url: str) -> str:
    """Where `repo` keeps matches: one emptied Redis, unless a module asks for both stores
    (a `store_url` fixture of its own over STORES, through store_for)."""
    return redis_url


@pytest.fixture
async def repo(store_url: str) -> AsyncIterator[MatchRepo]:
    """A repository on an empty store, scripts loaded, on the test's event loop."""
    real = MatchRepo.from_url(store_url)
    await real.register_scripts()
    yield real
    while _SERVICES:  # no fan-out reader outlives its test or its connections
        await _SERVICES.pop().fanout.stop()
    await real.close()


@pytest.fixture
def clock() -> Clock:
    """The service's clock (every replica's), moved by hand."""
    return Clock()
