"""Fixtures of the match service's domain-layer tests: a repository, services on it and a
hand-moved clock. The service is asyncio; tests reach it through blocking proxies
(support.blocking), so each test reads as a sequence of plain calls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardroom.services.match.app import MatchService
from cardroom.services.match.repo import MatchRepo
from support.blocking import blocking, run, unwrap
from support.match_play import Clock

_SERVICES: list[MatchService] = []


def new_service(repo: Any, *args: Any, **kwargs: Any) -> Any:
    """A MatchService on `repo` behind a blocking proxy; its fan-out stops after the test."""
    service = MatchService(unwrap(repo), *(unwrap(a) for a in args), **kwargs)
    _SERVICES.append(service)
    return blocking(service)


def tick(service: Any) -> list[str]:
    """One poll of a replica's timer loop: the kinds of deadline it fired."""
    from cardroom.services.match.timers import TimerLoop

    fired: list[str] = run(TimerLoop(unwrap(service)).run_once())
    return fired


#: The stores a module's tests may run against: one Redis, and a Redis Cluster.
STORES = ["redis", "cluster"]


def store_for(request: pytest.FixtureRequest) -> str:
    """The URL of an emptied store of the kind `request.param` names (see STORES)."""
    if request.param == "cluster":
        cluster = request.getfixturevalue("redis_cluster")
        cluster.flush()
        return str(cluster.url)
    return str(request.getfixturevalue("redis_url"))


def all_keys(repo: Any, pattern: str) -> list[str]:
    """The keys matching `pattern` in the store behind `repo` (every master of a cluster)."""
    if unwrap(repo).cluster:
        from redis.asyncio.cluster import RedisCluster

        return list(repo.client.keys(pattern, target_nodes=RedisCluster.PRIMARIES))
    return list(repo.client.keys(pattern))


@pytest.fixture
def store_url(redis_url: str) -> str:
    """Where `repo` keeps matches: one emptied Redis, unless a module asks for both stores
    (a `store_url` fixture of its own over STORES, through store_for)."""
    return redis_url


@pytest.fixture
def repo(store_url: str) -> Iterator[Any]:
    """A repository on an empty store, scripts loaded (behind a blocking proxy)."""
    real = MatchRepo.from_url(store_url)
    run(real.register_scripts())
    yield blocking(real)
    while _SERVICES:  # no fan-out reader outlives its test or its connections
        run(_SERVICES.pop().fanout.stop())
    run(real.close())


@pytest.fixture
def clock() -> Clock:
    """The service's clock (every replica's), moved by hand."""
    return Clock()
