"""Per-credential quotas of the player service hold however many connections and replicas
one player uses, and one caller's exhausted quota leaves another's alone (real replicas on
one real Redis)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import HOST
from support.players import Stubs, player_replica, player_settings

from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb

LIMIT = 6


@pytest.fixture
def replicas(redis_url: str) -> Iterator[tuple[int, int]]:
    """Two replicas with a small per-caller call quota."""
    settings = player_settings(calls_per_minute=LIMIT, guests_per_minute=3)
    with player_replica(redis_url, settings) as one, player_replica(redis_url, settings) as two:
        yield one.port, two.port


def _clear_of_a_minute_boundary() -> None:
    """The counters are per calendar minute: start where the test cannot straddle two."""
    if time.time() % 60 > 55:
        time.sleep(60 - time.time() % 60 + 0.1)


def _call(port: int, credential: str) -> grpc.StatusCode:
    # A new connection per call (a new client port each time), alternating replicas.
    with grpc.insecure_channel(f"{HOST}:{port}") as channel:
        stub = Stubs(channel, credential)
        try:
            stub.players.GetPlayer(pb.GetPlayerRequest(), metadata=stub.md(), timeout=5)
        except grpc.RpcError as err:
            return err.code()
        return grpc.StatusCode.OK


def _guest(port: int) -> str:
    with grpc.insecure_channel(f"{HOST}:{port}") as channel:
        made = Stubs(channel).players.CreateGuest(pb.CreateGuestRequest(), timeout=5)
        return str(made.credential)


def test_a_players_quota_holds_across_connections_and_replicas(replicas: tuple[int, int]
                                                               ) -> None:
    one, two = replicas
    _clear_of_a_minute_boundary()
    greedy, patient = _guest(one), _guest(two)
    codes = [_call((one, two)[i % 2], greedy) for i in range(LIMIT + 3)]
    assert codes[:LIMIT] == [grpc.StatusCode.OK] * LIMIT
    assert codes[LIMIT:] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 3
    # Another player (same address) still has its own quota.
    assert _call(two, patient) == grpc.StatusCode.OK


def test_guests_are_limited_per_address(replicas: tuple[int, int]) -> None:
    one, two = replicas
    _clear_of_a_minute_boundary()
    for port in (one, two, one):
        _guest(port)
    with grpc.insecure_channel(f"{HOST}:{two}") as channel, pytest.raises(grpc.RpcError) as err:
        Stubs(channel).players.CreateGuest(pb.CreateGuestRequest(), timeout=5)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "PLAYER_GUESTS_PER_MINUTE" in (err.value.details() or "")
