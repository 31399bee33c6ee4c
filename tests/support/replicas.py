"""Match-service replicas started in the test process on a given Redis (client tests)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from cardroom.services.match.server import MatchServer, create_server
from support.grpc_servers import HOST
from support.loops import in_thread
from support.match_client import CeleryQueue, match_settings


def start_replica(redis_url: str, port: int = 0) -> MatchServer:
    """A started match-service replica on `port` (0: a free one)."""
    settings = match_settings(redis_url)
    settings = dataclasses.replace(settings, common=dataclasses.replace(settings.common,
                                                                        grpc_port=port))
    server, _ = in_thread(create_server, settings, host=HOST,
                          queue=CeleryQueue(redis_url, settings.bot_queue))
    server.start()
    return server


@contextmanager
def replica(redis_url: str, port: int = 0) -> Iterator[MatchServer]:
    """A match-service replica on `port` (0: a free one), stopped on exit."""
    server = start_replica(redis_url, port)
    try:
        yield server
    finally:
        server.stop(grace=None)
