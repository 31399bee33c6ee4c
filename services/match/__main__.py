"""`python -m services.match`: serve cardroom.v1.MatchService until SIGTERM or SIGINT."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from types import FrameType

from prometheus_client import REGISTRY
from redis.exceptions import RedisError

from shared.errors import InvalidConfig, Unavailable
from shared.rpc.logging import configure_logging

from .server import create_server
from .settings import MatchSettings

log = logging.getLogger("services.match")

#: Seconds calls in flight get to finish once shutdown starts.
SHUTDOWN_GRACE_SECONDS = 5.0


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
