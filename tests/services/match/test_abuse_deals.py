"""Fair deals, against a real replica: a match whose creator chose the seed stays out of the
public lobby unless the admin made it, every view and listing says who dealt, and the seed
commitment published at creation checks out against the replay with hashlib alone."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from support.grpc_servers import channel_to
from support.match_client import (
    ADMIN,
    GAME_ENUM,
    Client,
    auth,
    deal_request,
    event_data,
    match_server,
    options_request,
    play_turn,
)

from cardroom.shared.games import registry
from cardroom.shared.games.livemix import config as livemix_config
from cardroom.shared.games.livemix import deal as livemix_deal
from cardroom.shared.games.vivo import config as vivo_config
from cardroom.shared.games.vivo import deal as vivo_deal
from cardroom.shared.proto.cardroom.v1 import common_pb2, livemix_pb2, mixmatch_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed

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
    assert public[dealt].dealt_by == pb.DEALT_BY_SERVER
    assert public[by_admin].dealt_by == pb.DEALT_BY_CREATOR
    everything = lobby(client, ADMIN, private=True)
    assert everything[chosen].private and everything[chosen].dealt_by == pb.DEALT_BY_CREATOR
    assert client.view(chosen).dealt_by == pb.DEALT_BY_CREATOR
    assert client.view(dealt).dealt_by == pb.DEALT_BY_SERVER


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


# ---- explicit deals -------------------------------------------------------------------

#: Each game's players and options for the deal tests (Mix Match without an hourglass).
DEAL_GAMES = {"livemix": (4, {}), "vivo": (4, {}), "mixmatch": (2, {"hourglass_seconds": 0})}


def chosen_deal(game: str, seed: int) -> tuple[dict[str, Any], Any]:
    """A whole explicit deal of `game` (every round given) as the engine's JSON and as its
    typed message, drawn from `seed` by the engines' own shuffles."""
    players, options = DEAL_GAMES[game]
    config = registry.make_config(game, {**options, "players": players})
    if game == "livemix":
        livemix_rounds = [livemix_deal.RoundDeal(*livemix_deal.deal_round(config, seed, k, None))
                          .to_json(config) for k in range(livemix_config.ROUNDS)]
        return {"rounds": livemix_rounds}, livemix_pb2.LivemixDeal(rounds=[
            livemix_pb2.LivemixRoundDeal(
                hands=[common_pb2.StringList(values=h) for h in r["hands"]],
                circle=r["circle"]) for r in livemix_rounds])
    if game == "vivo":
        rng = random.Random(seed)
        vivo_rounds = [vivo_deal.shuffle_round(config, rng).to_json()
                       for _ in range(vivo_config.ROUNDS)]
        return {"rounds": vivo_rounds}, typed.deal_message("vivo", {"rounds": vivo_rounds})
    deck = sorted(config.full_deck())
    random.Random(seed).shuffle(deck)
    rolls = [[30, 5], [20, 8], [40, 3]]
    return {"deck": deck, "rolls": rolls}, mixmatch_pb2.MixMatchDeal(
        deck=deck, rolls=[common_pb2.IntList(values=r) for r in rolls])


def create_dealt(client: Client, game: str, token: str | None = None,
                 seed: int = 7) -> tuple[str, dict[str, Any]]:
    """A match of `game` with an explicit typed deal, every seat but the creator's open; its
    id and the deal as sent (the engine's JSON)."""
    players, options = DEAL_GAMES[game]
    deal, message = chosen_deal(game, seed)
    setup = {f"{game}_deal": message}
    request = pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, **options_request(game, options),
        seats=[pb.SeatSpec()] + [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * (players - 1),
        **setup)  # type: ignore[arg-type]
    created = client.stub.CreateMatch(request, metadata=auth(token), timeout=10)
    return str(created.match_id), deal


def create_unseeded(client: Client, game: str) -> str:
    """A match of `game` dealt by the server, waiting for players like create_dealt's."""
    players, options = DEAL_GAMES[game]
    request = pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, **options_request(game, options),
        seats=[pb.SeatSpec()] + [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * (players - 1))
    return str(client.stub.CreateMatch(request, timeout=10).match_id)


def committed(salt_hex: str, seed: int, deal: Any) -> str:
    """The commitment to a seed and a deal, computed with json and hashlib alone."""
    text = str(seed) + json.dumps(deal, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(bytes.fromhex(salt_hex) + text.encode()).hexdigest()


@pytest.mark.parametrize("game", list(DEAL_GAMES))
def test_a_chosen_deal_keeps_a_strangers_match_out_of_the_lobby(
        client: Client, game: str) -> None:
    chosen, _ = create_dealt(client, game)
    dealt = create_unseeded(client, game)
    public = lobby(client)
    assert chosen not in public
    assert public[dealt].dealt_by == pb.DEALT_BY_SERVER
    everything = lobby(client, ADMIN, private=True)
    assert everything[chosen].private and everything[chosen].dealt_by == pb.DEALT_BY_CREATOR
    assert client.view(chosen).dealt_by == pb.DEALT_BY_CREATOR
    # A stranger given the id sits down knowing whoever made the match chose the cards.
    joined = client.stub.JoinMatch(pb.JoinMatchRequest(match_id=chosen, name="stranger"),
                                   timeout=10)
    assert joined.seat == 1 and joined.token
    assert client.view(chosen, joined.token).dealt_by == pb.DEALT_BY_CREATOR


@pytest.mark.parametrize("game", list(DEAL_GAMES))
def test_the_deal_commitment_checks_out_against_the_replay(
        client: Client, game: str) -> None:
    match_id, sent = create_dealt(client, game)
    commitment = client.view(match_id).seed_commitment
    assert len(commitment) == 64
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                             metadata=auth(ADMIN), timeout=10)
    replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
    assert replay.seed_commitment == commitment
    assert replay.HasField("seed")
    revealed = typed.deal_of(game, replay)
    assert revealed == sent
    assert committed(replay.seed_salt, replay.seed, revealed) == commitment
    other, _ = chosen_deal(game, 8)
    assert other != sent and committed(replay.seed_salt, replay.seed, other) != commitment
    assert committed(replay.seed_salt, replay.seed + 1, revealed) != commitment


@pytest.mark.parametrize("game", list(DEAL_GAMES))
def test_the_admins_chosen_deal_may_be_public(client: Client, game: str) -> None:
    by_admin, _ = create_dealt(client, game, ADMIN)
    public = lobby(client)
    assert by_admin in public and not public[by_admin].private
    assert public[by_admin].dealt_by == pb.DEALT_BY_CREATOR
    assert client.view(by_admin).dealt_by == pb.DEALT_BY_CREATOR


@pytest.mark.parametrize("game", list(DEAL_GAMES))
def test_salts_differ_so_the_commitment_hides_the_deal(client: Client, game: str) -> None:
    first = client.view(create_dealt(client, game, ADMIN)[0]).seed_commitment
    second = client.view(create_dealt(client, game, ADMIN)[0]).seed_commitment
    assert first != second


def test_a_partial_deal_commits_to_the_seed_its_other_rounds_come_from(client: Client) -> None:
    """A VIVO deal that gives round 1 only leaves round 2 to a seed: the server draws it,
    commits to it with the deal, and the replay reveals it, so round 2 as dealt is what
    the replay's seed and deal make, and it was fixed at creation."""
    players, _ = DEAL_GAMES["vivo"]
    whole, _ = chosen_deal("vivo", 11)
    sent = {"rounds": [whole["rounds"][0], None]}
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=players, **deal_request("vivo", sent),
        seats=[pb.SeatSpec()] * players), timeout=10)
    commitment = client.view(created.match_id).seed_commitment
    tokens = {t.seat: t.token for t in created.tokens}
    rng = random.Random(3)
    turn = 0
    while play_turn([client], created.match_id, tokens, rng, turn) is not None:
        turn += 1
    replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=created.match_id), timeout=10)
    assert replay.HasField("seed")
    revealed = typed.deal_of("vivo", replay)
    assert revealed == sent
    assert committed(replay.seed_salt, replay.seed, revealed) == commitment
    config = registry.make_config("vivo", {"players": players})
    _, rounds = vivo_deal.build_deals(config, replay.seed, revealed)
    dealt = {(e["round"], e["to"]): e["hand"] for e in
             (event_data(event) | {"to": event.to} for event in replay.events)
             if e["type"] == "deal"}
    assert {seat: dealt[2, seat] for seat in range(players)} == dict(
        enumerate(rounds[1].to_json()["hands"]))
