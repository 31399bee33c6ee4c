"""The session's Redis fixtures: one throwaway redis-server (deploy.launch.redis, no
persistence) for the whole session, an emptied database per test, and a port nobody
answers on."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from deploy.launch.ports import free_port  # also what the tests import it as from here
from deploy.launch.redis import RedisProcess as RedisServer  # the name the tests know

__all__ = ["RedisServer", "dead_port", "free_port", "redis_server", "redis_url"]


@contextmanager
def dead_port() -> Iterator[int]:
    """A port that refuses connections for as long as the block lasts.

    A port from free_port() is free only at that moment: a server bound to port 0 later in
    the same test may get the very same number, and a call meant for "nobody there" then
    reaches that server. Holding the port bound (never listening) keeps it refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One redis-server for the whole test session."""
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The URL of an emptied Redis database for one test."""
    redis_server.flush()
    return redis_server.url
