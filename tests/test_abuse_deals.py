"""Fair deals, against a real replica: a match whose creator chose the seed stays out of the
public lobby unless the admin made it, every view and listing says who dealt, and the seed
commitment published at creation checks out against the replay with hashlib alone."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server

from shared.proto.cardroom.v1 import match_pb2 as pb

WAITING = [pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
           pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]


@pytest.fixture
def client(redis_url: str) -> Iterator[Client]:
    """A client of one replica."""
    with match_server(redis_url) as server, channel_to(server.port) as channel:
        yield Client(channel)


def create(client: Client, token: str | None = None, **fields: object) -> str:
    """A vivo match waiting for two players; its id."""
    request = pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3, seats=WAITING,
                                    **fields)  # type: ignore[arg-type]
    return str(client.stub.CreateMatch(request, metadata=auth(token), timeout=10).match_id)


def lobby(client: Client, token: str | None = None, private: bool = False
          ) -> dict[str, pb.MatchSummary]:
    """The first lobby page by match id (the admin's, private ones too, with `private`)."""
    reply = client.stub.ListMatches(pb.ListMatchesRequest(page_size=50,
                                                          include_private=private),
                                    metadata=auth(token), timeout=10)
    return {m.match_id: m for m in reply.matches}


def test_a_chosen_seed_keeps_a_strangers_match_out_of_the_lobby(client: Client) -> None:
    chosen = create(client, seed=42)
    dealt = create(client)
    by_admin = create(client, ADMIN, seed=42)
    public = lobby(client)
    assert chosen not in public
    assert public[dealt].dealt_by == "server" and public[by_admin].dealt_by == "creator"
    everything = lobby(client, ADMIN, private=True)
    assert everything[chosen].private and everything[chosen].dealt_by == "creator"
    assert client.view(chosen).dealt_by == "creator"
    assert client.view(dealt).dealt_by == "server"


def test_the_seed_commitment_checks_out_against_the_replay(client: Client) -> None:
    for match_id in (create(client), create(client, ADMIN, seed=987654321)):
        commitment = client.view(match_id).seed_commitment
        assert len(commitment) == 64
        client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                 metadata=auth(ADMIN), timeout=10)
        replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
        assert replay.seed_commitment == commitment
        digest = hashlib.sha256(bytes.fromhex(replay.seed_salt) + str(replay.seed).encode())
        assert digest.hexdigest() == commitment
        wrong = hashlib.sha256(bytes.fromhex(replay.seed_salt) + str(replay.seed + 1).encode())
        assert wrong.hexdigest() != commitment


def test_salts_differ_so_the_commitment_hides_the_seed(client: Client) -> None:
    first = client.view(create(client, ADMIN, seed=5)).seed_commitment
    second = client.view(create(client, ADMIN, seed=5)).seed_commitment
    assert first != second
