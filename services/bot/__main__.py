"""`python -m cardroom.services.bot`: serve cardroom.v1.BotService until SIGTERM or SIGINT.

From a checkout's root `python -m services.bot` runs it too; the imports here are absolute
(cardroom.*) so that form loads no module of the project twice.
"""

from __future__ import annotations

# The API keeps prometheus_client's plain registry: import it before the Celery app module,
# which picks the workers' multiprocess mode only where nothing imported it yet.
from prometheus_client import REGISTRY  # isort: skip

import logging
import sys
from typing import TYPE_CHECKING

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run, serve

if TYPE_CHECKING:
    from cardroom.services.bot.settings import BotSettings

log = logging.getLogger("cardroom.services.bot")


async def serving(settings: BotSettings) -> int:
    """Build the API on this loop and serve until signalled; the exit status."""
    from cardroom.services.bot.server import create_server

    server, _ = await create_server(settings, registry=REGISTRY)
    return await serve(server, log, grace=settings.common.drain_s)


def main() -> int:
    """Run the bot API in the foreground; the exit status."""
    try:
        # The Celery app is built from the environment as its module is imported (by the
        # server's), so a bad setting surfaces at these imports: they stay inside the try.
        from cardroom.services.bot import server  # noqa: F401
        from cardroom.services.bot.settings import BotSettings
        settings = BotSettings.from_env("bot")
    except InvalidConfig as err:
        print(f"bot: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    return run(serving(settings), settings.common.event_loop)


if __name__ == "__main__":
    sys.exit(main())
