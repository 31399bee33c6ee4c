"""Callers from many source addresses of one host, as a hostile client on the same network
would make them: a TCP forwarder per source address, each listening on a free loopback port
and connecting to the server from its own address (127.0.0.x are all this host's).

    with Forwarders(server_port, ["127.0.0.2", "127.0.0.3"]) as forward:
        channel = grpc.insecure_channel(f"127.0.0.1:{forward.ports['127.0.0.2']}")

The server sees each connection's peer as the forwarder's source address.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from types import TracebackType

from support.loops import LoopThread

CHUNK = 65536


class Forwarders:
    """One forwarder per source address to 127.0.0.1:`target_port` (a thread of its own)."""

    def __init__(self, target_port: int, sources: Sequence[str],
                 target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.sources = list(sources)
        #: The local port that forwards from each source address.
        self.ports: dict[str, int] = {}
        self._loop = LoopThread("forwarders")
        self._servers: list[asyncio.Server] = []

    def __enter__(self) -> Forwarders:
        self._loop.run(self._start())
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._loop.run(self._stop())
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

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))
