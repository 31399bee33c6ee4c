"""Fixtures of the match service's domain-layer tests: a repository and a hand-moved clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services.match.repo import MatchRepo
from support.match_play import Clock


@pytest.fixture
def repo(redis_url: str) -> Iterator[MatchRepo]:
    """A repository on an empty Redis, scripts loaded."""
    repo = MatchRepo.from_url(redis_url)
    repo.register_scripts()
    yield repo
    repo.client.close()


@pytest.fixture
def clock() -> Clock:
    """The service's clock (every replica's), moved by hand."""
    return Clock()
