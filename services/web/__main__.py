"""`python -m cardroom.services.web`: serve the web table and the browser API (Connect and
gRPC-Web) until SIGTERM or SIGINT.

From a checkout's root `python -m services.web` runs it too; the imports here are absolute
(cardroom.*) so that form loads no module of the project twice.
"""

from __future__ import annotations

import logging
import sys

from prometheus_client import REGISTRY

from cardroom.services.web.server import serve
from cardroom.services.web.settings import WebSettings
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run
from cardroom.shared.rpc.metrics import start_metrics_server

log = logging.getLogger("cardroom.services.web")


def main() -> int:
    """Run the web process in the foreground; the exit status."""
    try:
        settings = WebSettings.from_env()
    except InvalidConfig as err:
        print(f"web: {err.reason}", file=sys.stderr)
        return 2
    configure_logging(settings.common.log_level, settings.common.log_format)
    httpd, _, _ = start_metrics_server(settings.common.metrics_port, REGISTRY,
                                       settings.common.listen_host or "0.0.0.0")
    try:
        return run(serve(settings, REGISTRY))
    finally:
        httpd.shutdown()
        httpd.server_close()


if __name__ == "__main__":
    sys.exit(main())
