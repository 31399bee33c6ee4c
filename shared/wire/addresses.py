"""Where each Cardroom process listens unless told otherwise: the one table of default ports."""

from __future__ import annotations

#: Default (gRPC port, metrics port) of each process; None where it serves no gRPC.
DEFAULT_PORTS: dict[str, tuple[int | None, int]] = {
    "match": (50051, 9101),
    "bot": (50052, 9102),
    "solver": (50053, 9103),
    "worker": (None, 9104),
    "web": (None, 9105),
}
#: The web process's HTTP port (the web table and the browser API; WEB_PORT).
WEB_PORT = 8080


def local_address(process: str) -> str:
    """The address of `process`'s gRPC port on this machine."""
    return f"localhost:{DEFAULT_PORTS[process][0]}"
