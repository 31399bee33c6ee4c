"""`python -m services.bot`: serve cardroom.v1.BotService until SIGTERM or SIGINT."""

from __future__ import annotations

# The API keeps prometheus_client's plain registry: import it before the Celery app module,
# which picks the workers' multiprocess mode only where nothing imported it yet.
from prometheus_client import REGISTRY  # isort: skip

import logging
import sys

from shared.errors import InvalidConfig
from shared.rpc.logging import configure_logging
from shared.rpc.main import serve_until_signalled

from .celery_app import BotSettings
from .server import create_server

log = logging.getLogger("services.bot")


def main() -> int:
    """Run the bot API in the foreground; the exit status."""
    try:
        settings = BotSettings.from_env("bot")
    except InvalidConfig as err:
        print(f"bot: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    server, _ = create_server(settings, registry=REGISTRY)
    return serve_until_signalled(server, log, grace=settings.common.drain_s)


if __name__ == "__main__":
    sys.exit(main())
