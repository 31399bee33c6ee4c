"""Fixtures of the match service's domain-layer tests: a repository, services on it and a
hand-moved clock. The service is asyncio; tests reach it through blocking proxies
(support.blocking), so each test reads as a sequence of plain calls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from services.match.app import MatchService
from services.match.repo import MatchRepo
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
    from services.match.timers import TimerLoop

    fired: list[str] = run(TimerLoop(unwrap(service)).run_once())
    return fired


@pytest.fixture
def repo(redis_url: str) -> Iterator[Any]:
    """A repository on an empty Redis, scripts loaded (behind a blocking proxy)."""
    real = MatchRepo.from_url(redis_url)
    run(real.register_scripts())
    yield blocking(real)
    while _SERVICES:  # no fan-out reader outlives its test or its connections
        run(_SERVICES.pop().fanout.stop())
    run(real.close())


@pytest.fixture
def clock() -> Clock:
    """The service's clock (every replica's), moved by hand."""
    return Clock()
