"""`python -m services.bot`: serve cardroom.v1.BotService until SIGTERM or SIGINT."""

from __future__ import annotations

# The API keeps prometheus_client's plain registry: import it before the Celery app module,
# which picks the workers' multiprocess mode only where nothing imported it yet.
from prometheus_client import REGISTRY  # isort: skip

import logging
import signal
import sys
import threading
from types import FrameType

from shared.errors import InvalidConfig
from shared.rpc.logging import configure_logging

from .celery_app import BotSettings
from .server import create_server

log = logging.getLogger("services.bot")

#: Seconds calls in flight get to finish once shutdown starts.
SHUTDOWN_GRACE_SECONDS = 5.0


def main() -> int:
    """Run the bot API in the foreground; the exit status."""
    try:
        settings = BotSettings.from_env("bot")
    except InvalidConfig as err:
        print(f"bot: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    server, _ = create_server(settings, registry=REGISTRY)
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
