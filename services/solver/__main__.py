"""`python -m services.solver`: serve cardroom.v1.SolverService until SIGTERM or SIGINT."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from types import FrameType

from prometheus_client import REGISTRY

from services.solver.config import SolverConfig
from services.solver.server import create_server
from shared.errors import InvalidConfig
from shared.rpc.logging import configure_logging

log = logging.getLogger("services.solver")

#: Seconds calls in flight get to finish once shutdown starts.
SHUTDOWN_GRACE_SECONDS = 5.0


def main() -> int:
    """Run the solver service in the foreground; the exit status."""
    try:
        config = SolverConfig.from_env()
    except InvalidConfig as err:
        print(f"solver: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(config.rpc.log_level, config.rpc.log_format)
    server, _ = create_server(config, registry=REGISTRY)
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("received %s", signal.Signals(signum).name)
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    server.start()
    stopping.wait()
    server.stop(grace=SHUTDOWN_GRACE_SECONDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
