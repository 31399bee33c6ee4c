"""Callers from many source addresses of one host, as a hostile client on the same network
would make them: a TCP forwarder per source address, each listening on a free loopback port
and connecting to the server from its own address (127.0.0.x are all this host's), on an
event loop in a thread of its own. The red-team benchmark (bench.redteam) and the quota
tests (tests/services/match/test_abuse_callers.py) use it.

    with Forwarders(server_port, ["127.0.0.2", "127.0.0.3"]) as forward:
        channel = grpc.insecure_channel(f"127.0.0.1:{forward.ports['127.0.0.2']}")
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine, Sequence
from types import TracebackType
from typing import Any

CHUNK = 65536


class Forwarders:
    """One forwarder per source address to `target_host`:`target_port`."""

    def __init__(self, target_port: int, sources: Sequence[str],
                 target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.sources = list(sources)
        #: The local port that forwards from each source address.
        self.ports: dict[str, int] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="forwarders",
                                        daemon=True)
        self._servers: list[asyncio.Server] = []

    def _run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(30)

    def __enter__(self) -> Forwarders:
        self._thread.start()
        self._run(self._start())
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._run(self._stop())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        self._loop.close()

    async def _start(self) -> None:
        for source in self.sources:
            server = await asyncio.start_server(
                lambda r, w, s=source: self._pipe(r, w, s), "127.0.0.1", 0)
            self._servers.append(server)
            self.ports[source] = server.sockets[0].getsockname()[1]

    async def _stop(self) -> None:
        for server in self._servers:
            server.close()
        for task in asyncio.all_tasks() - {asyncio.current_task()}:
            task.cancel()
        for server in self._servers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 1)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    source: str) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(
                *self.target, local_addr=(source, 0))
        except OSError:
            writer.close()
            return

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(CHUNK):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                with contextlib.suppress(Exception):
                    dst.close()

        with contextlib.suppress(asyncio.CancelledError):  # the forwarders stopping
            await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))
