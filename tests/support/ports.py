"""Free ports for the tests, from a block of this test process's own.

A port the kernel hands out for bind(("", 0)) comes from the ephemeral range, the same range
every outgoing connection of every process takes its local port from. Between picking such a
port and a server binding it (a launcher passes it on to children it starts seconds later),
another test process may pick the same number or connect from it, and the server's bind
fails. The ports here lie below the ephemeral range and each test process (pytest-xdist
worker) has a block of its own, visited in turn, so the only process that can take one of
them is the one that picked it.
"""

from __future__ import annotations

import itertools
import os
import socket
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


def free_port() -> int:
    """A port of this process's block that nothing is bound to now (never the same twice
    in a row: the block is visited in turn)."""
    for _ in range(len(_BLOCK)):
        port = next(_NEXT)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {_BLOCK.start}-{_BLOCK.stop - 1}")
