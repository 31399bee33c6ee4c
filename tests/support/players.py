"""Match replicas serving the player service (real gRPC servers on free ports, one real
Redis) and a proto-level driver of cardroom.v1.PlayerService for its tests."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc

from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.server import MatchServer, create_server
from cardroom.services.players.settings import PlayerSettings
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc, player_pb2_grpc
from cardroom.shared.wire.tokens import bearer
from support.grpc_servers import HOST
from support.loops import in_thread
from support.match_client import match_settings

#: The apps the tests configure.
APPS = (("alpha", "alpha-secret-0123456789"), ("beta", "beta-secret-0123456789"))


def player_settings(**changes: Any) -> PlayerSettings:
    """Player settings for tests: two apps, a fixed signing key, fast rating loop."""
    base: dict[str, Any] = {"apps": APPS, "secret": "signing-key-for-tests",
                            "rating_interval_s": 0.2, "rating_recheck_s": 0.5}
    return PlayerSettings(**{**base, **changes})


@contextmanager
def player_replica(redis_url: str, players: PlayerSettings | None = None,
                   **changes: Any) -> Iterator[MatchServer]:
    """A started match replica (and its player service) on `redis_url`; bot tasks go to
    an in-memory queue unless `queue` is given."""
    queue = changes.pop("queue", None) or MemoryQueue()
    settings = match_settings(redis_url, **changes)
    server, _ = in_thread(create_server, settings, host=HOST, queue=queue,
                          player_settings=players or player_settings())
    server.start()
    try:
        yield server
    finally:
        server.stop(grace=None)


class Stubs:
    """The match and player stubs of one channel, with a credential to send."""

    def __init__(self, channel: grpc.Channel, credential: str | None = None,
                 player: str | None = None) -> None:
        self.match: Any = match_pb2_grpc.MatchServiceStub(channel)
        self.players: Any = player_pb2_grpc.PlayerServiceStub(channel)
        self.credential = credential
        self.player = player

    def md(self) -> list[tuple[str, str]]:
        """The call metadata: the credential, and the player an app acts for."""
        extra = [("cardroom-player", self.player)] if self.player else []
        return [*bearer(self.credential), *extra]

    def as_(self, credential: str | None, player: str | None = None) -> Stubs:
        """The same channel with another credential."""
        other = copy.copy(self)
        other.credential, other.player = credential, player
        return other
