"""`python -m services.solver`: serve cardroom.v1.SolverService until SIGTERM or SIGINT."""

from __future__ import annotations

import logging
import sys

from prometheus_client import REGISTRY

from services.solver.config import SolverConfig
from services.solver.server import create_server
from shared.errors import InvalidConfig
from shared.rpc.logging import configure_logging
from shared.rpc.main import serve_until_signalled

log = logging.getLogger("services.solver")


def main() -> int:
    """Run the solver service in the foreground; the exit status."""
    try:
        config = SolverConfig.from_env()
    except InvalidConfig as err:
        print(f"solver: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(config.rpc.log_level, config.rpc.log_format)
    server, _ = create_server(config, registry=REGISTRY)
    return serve_until_signalled(server, log, grace=config.rpc.drain_s)


if __name__ == "__main__":
    sys.exit(main())
