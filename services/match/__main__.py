"""`python -m cardroom.services.match`: serve cardroom.v1.MatchService until SIGTERM or SIGINT
(as MATCH_PROCESSES processes on one port when it is above 1: services/match/processes.py).

From a checkout's root `python -m services.match` runs it too; the imports here are absolute
(cardroom.*) so that form loads no module of the project twice.
"""

from __future__ import annotations

import sys

from cardroom.services.match.processes import serving, supervise
from cardroom.services.match.settings import MatchSettings
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run


def main() -> int:
    """Run the match service in the foreground; the exit status."""
    try:
        settings = MatchSettings.from_env()
    except InvalidConfig as err:
        print(f"match: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    if settings.processes > 1:
        return supervise(settings)
    return run(serving(settings), settings.common.event_loop)


if __name__ == "__main__":
    sys.exit(main())
