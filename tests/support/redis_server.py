"""A throwaway redis-server for the tests: started from the PATH on a free port, no persistence."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis

from support.ports import free_port  # also what the tests import it as from here


@contextmanager
def dead_port() -> Iterator[int]:
    """A port that refuses connections for as long as the block lasts.

    A port from free_port() is free only at that moment: a server bound to port 0 later in
    the same test may get the very same number, and a call meant for "nobody there" then
    reaches that server. Holding the port bound (never listening) keeps it refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield int(sock.getsockname()[1])


class RedisServer:
    """One redis-server process; `url` points at its database 0."""

    def __init__(self, executable: str = "redis-server") -> None:
        path = shutil.which(executable)
        if path is None:
            raise RuntimeError(f"{executable} is not on the PATH; install redis-server")
        self.executable = path
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._dir = tempfile.TemporaryDirectory(prefix="cardroom-redis-")
        self._process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> None:
        """Start the server and wait until it answers PING."""
        self._process = subprocess.Popen(
            [self.executable, "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", self._dir.name],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if self._process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.02)
            finally:
                client.close()

    def client(self) -> redis.Redis:
        """A client with decoded (str) replies."""
        return redis.Redis.from_url(self.url, decode_responses=True)

    def empty_database(self, number: int) -> str:
        """The URL of database `number`, emptied (a test module's own database)."""
        url = self.url.rsplit("/", 1)[0] + f"/{number}"
        with redis.Redis.from_url(url) as client:
            client.flushdb()
        return url

    def flush(self) -> None:
        """Empty every database (each test starts from nothing)."""
        with self.client() as client:
            client.flushall()

    def stop(self) -> None:
        """Stop the server and remove its directory."""
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
        self._dir.cleanup()


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
