"""Free ports for every launcher, from a block of this process's own, and waiting for one.

A port the kernel hands out for bind(("", 0)) comes from the ephemeral range, the same range
every outgoing connection of every process takes its local port from. Between picking such a
port and a server binding it (a launcher passes it on to children it starts seconds later),
another process may pick the same number or connect from it, and the server's bind fails.
The ports here lie below the ephemeral range and each test process (pytest-xdist worker)
has a block of its own, visited in turn, so the only process that can take one of them is
the one that picked it.
"""

from __future__ import annotations

import itertools
import os
import socket
import time
from collections.abc import Callable
from pathlib import Path

#: The lowest port tests use, and how many test processes get blocks of their own.
FIRST_PORT, BLOCKS = 10000, 8


def ephemeral_start() -> int:
    """The first port of the kernel's ephemeral range (32768 when it cannot be read)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _block() -> range:
    """This process's block: its pytest-xdist worker's number, plus TEST_PORT_BLOCK (0 by
    default) so two runs of the suite on one machine can be given blocks apart."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    shift = os.environ.get("TEST_PORT_BLOCK", "0")
    index = (int(worker) if worker.isdigit() else 0) + (int(shift) if shift.isdigit() else 0)
    index %= BLOCKS
    size = (ephemeral_start() - FIRST_PORT) // BLOCKS
    return range(FIRST_PORT + index * size, FIRST_PORT + (index + 1) * size)


_BLOCK = _block()
_NEXT = itertools.islice(itertools.cycle(_BLOCK), os.getpid() % len(_BLOCK), None)


def free_port(*, also: tuple[int, ...] = ()) -> int:
    """A port of this process's block that nothing is bound to now (never the same twice
    in a row: the block is visited in turn), with port + each of `also` free too (a Redis
    Cluster node's bus port is its port + 10000)."""
    for _ in range(len(_BLOCK)):
        port = next(_NEXT)
        if all(bindable(port + offset) for offset in (0, *also)):
            return port
    raise RuntimeError(f"no free port in {_BLOCK.start}-{_BLOCK.stop - 1}")


def bindable(port: int) -> bool:
    """Whether a server could bind localhost:`port` now."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def port_in_use(port: int) -> bool:
    """Whether something already listens on localhost:`port`."""
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def wait_for_port(port: int, failed: Callable[[], str | None] = lambda: None,
                  timeout: float = 30.0) -> None:
    """Block until localhost:`port` accepts connections. `failed` names what went wrong
    meanwhile (a process that exited), which ends the wait at once with RuntimeError."""
    deadline = time.monotonic() + timeout
    while True:
        problem = failed()
        if problem:
            raise RuntimeError(problem)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                pass
            problem = failed()  # the port was free before, so what answers is ours
            if problem:
                raise RuntimeError(problem)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on port {port} after {timeout:.0f}s"
                                   ) from None
            time.sleep(0.05)
