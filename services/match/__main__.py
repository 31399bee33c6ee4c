"""`python -m cardroom.services.match`: serve cardroom.v1.MatchService until SIGTERM or SIGINT.

From a checkout's root `python -m services.match` runs it too; the imports here are absolute
(cardroom.*) so that form loads no module of the project twice.
"""

from __future__ import annotations

import logging
import sys

from prometheus_client import REGISTRY
from redis.exceptions import RedisError

from cardroom.services.match.server import create_server
from cardroom.services.match.settings import SHUTDOWN_GRACE_SECONDS, MatchSettings
from cardroom.shared.errors import InvalidConfig, Unavailable
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run, serve

log = logging.getLogger("cardroom.services.match")


async def serving(settings: MatchSettings) -> int:
    """Build the replica on this loop and serve until signalled; the exit status."""
    try:
        server, _ = await create_server(settings, registry=REGISTRY)
    except (RedisError, Unavailable) as err:
        cause = err.__cause__ or err
        print(f"match: cannot reach Redis at REDIS_URL: {cause}", file=sys.stderr)
        return 1
    return await serve(server, log, grace=SHUTDOWN_GRACE_SECONDS)


def main() -> int:
    """Run the match service in the foreground; the exit status."""
    try:
        settings = MatchSettings.from_env()
    except InvalidConfig as err:
        print(f"match: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    return run(serving(settings), settings.common.event_loop)


if __name__ == "__main__":
    sys.exit(main())
