"""The whole stack plus the web process, for the browser API and web table tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from deploy.launch.web import WebProcess
from support.client_stack import Stack, fresh_db, running_stack
from support.redis_server import RedisServer

#: Origin a page of another site is served from, allowed by WEB_CORS_ORIGINS here.
ALLOWED_ORIGIN = "http://allowed.example:3000"


@dataclass
class WebStack:
    """The services and the web process in front of them."""

    services: Stack
    web: WebProcess

    @property
    def url(self) -> str:
        """The web table's address (the browser API's too)."""
        return self.web.url


@pytest.fixture(scope="module")
def web_stack(redis_server: RedisServer) -> Iterator[WebStack]:
    """Every service, one bot worker and the web process, for one test file."""
    with running_stack(fresh_db(redis_server.url, 11)) as services:
        config = services.config
        web = WebProcess({"MATCH_ADDR": config.match_addr, "SOLVER_ADDR": config.solver_addr,
                          "BOT_ADDR": config.bot_addr, "WEB_CORS_ORIGINS": ALLOWED_ORIGIN,
                          "LOG_LEVEL": "WARNING"}).start()
        try:
            yield WebStack(services, web)
        finally:
            web.stop()
