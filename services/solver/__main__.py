"""`python -m cardroom.services.solver`: serve cardroom.v1.SolverService until SIGTERM or SIGINT.

From a checkout's root `python -m services.solver` runs it too; the imports here are absolute
(cardroom.*) so that form loads no module of the project twice.
"""

from __future__ import annotations

import logging
import sys

from prometheus_client import REGISTRY

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run, serve

log = logging.getLogger("cardroom.services.solver")


async def serving(config: SolverConfig) -> int:
    """Build the server on this loop and serve until signalled; the exit status."""
    server, _ = await create_server(config, registry=REGISTRY)
    return await serve(server, log, grace=config.rpc.drain_s)


def main() -> int:
    """Run the solver service in the foreground; the exit status."""
    try:
        config = SolverConfig.from_env()
    except InvalidConfig as err:
        print(f"solver: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(config.rpc.log_level, config.rpc.log_format)
    return run(serving(config), config.rpc.event_loop)


if __name__ == "__main__":
    sys.exit(main())
