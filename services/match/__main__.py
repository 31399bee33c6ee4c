"""`python -m services.match`: serve cardroom.v1.MatchService until SIGTERM or SIGINT."""

from __future__ import annotations

import logging
import sys

from prometheus_client import REGISTRY
from redis.exceptions import RedisError

from shared.errors import InvalidConfig, Unavailable
from shared.rpc.logging import configure_logging
from shared.rpc.main import serve_until_signalled

from .server import create_server
from .settings import MatchSettings

log = logging.getLogger("services.match")


def main() -> int:
    """Run the match service in the foreground; the exit status."""
    try:
        settings = MatchSettings.from_env()
    except InvalidConfig as err:
        print(f"match: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    try:
        server, _ = create_server(settings, registry=REGISTRY)
    except (RedisError, Unavailable) as err:
        cause = err.__cause__ or err
        print(f"match: cannot reach Redis at REDIS_URL: {cause}", file=sys.stderr)
        return 1
    return serve_until_signalled(server, log)


if __name__ == "__main__":
    sys.exit(main())
