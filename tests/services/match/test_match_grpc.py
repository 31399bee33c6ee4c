"""Whole matches of every game and player count through real gRPC servers sharing one Redis."""

from __future__ import annotations

import random
from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import channel_to, health_status, sample, scrape
from support.match_client import (
    GAME_ENUM,
    Client,
    event_data,
    match_server,
    observation,
    options_request,
    play_turn,
)
from support.match_fixtures import STORES, store_for
from support.match_play import hands_seen

from cardroom.services.match import mapping
from cardroom.services.match.server import MatchServer
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed

TURN_BASED = {"hourglass_seconds": 0}
MATCHES = [("livemix", 3, {}), ("livemix", 4, {}), ("vivo", 3, {}), ("vivo", 4, {}),
           *[("mixmatch", n, TURN_BASED) for n in range(1, 9)],
           ("mixmatch", 3, {**TURN_BASED, "own_cards": True}),
           ("mixmatch", 2, {**TURN_BASED, "faster": True, "harder": True})]


@pytest.fixture(params=STORES)
def replicas(request: pytest.FixtureRequest, redis_url: str
             ) -> Iterator[tuple[MatchServer, MatchServer]]:
    """Two match-service replicas on one Redis, or on a Redis Cluster (their bot tasks then
    on the one Redis: Celery needs a single server)."""
    store = store_for(request)
    with match_server(store, redis_url) as one, match_server(store, redis_url) as two:
        yield one, two


@pytest.fixture
def clients(replicas: tuple[MatchServer, MatchServer]) -> Iterator[list[Client]]:
    """One client per replica."""
    with channel_to(replicas[0].port) as first, channel_to(replicas[1].port) as second:
        yield [Client(first), Client(second)]


def _create(client: Client, game: str, players: int, seed: int,
            options: dict[str, object] | None = None) -> pb.CreateMatchResponse:
    return client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, seed=seed,
        **options_request(game, options or {})), timeout=10)


def _assert_private(view_or_events: object, seat: int | None) -> None:
    assert not hands_seen(view_or_events, seat), f"seat {seat} saw another hand"


@pytest.mark.parametrize(("game", "players", "options"), MATCHES)
def test_whole_match_over_grpc_on_two_replicas_hides_hands_and_replays(
        clients: list[Client], game: str, players: int, options: dict[str, object]) -> None:
    created = _create(clients[0], game, players, seed=players * 13, options=options)
    tokens = {t.seat: t.token for t in created.tokens}
    assert sorted(tokens) == list(range(players))
    rng = random.Random(players)
    turn = 0
    while (played := play_turn(clients, created.match_id, tokens, rng, turn)) is not None:
        view, response = played
        seat = view.seat
        _assert_private(observation(view), seat)
        _assert_private([event_data(e) for e in response.events], seat)
        turn += 1
    final = clients[1].view(created.match_id)
    assert final.status == pb.MATCH_STATUS_FINISHED and final.result.winners
    for seat in [None, *range(players)]:
        token = tokens[seat] if seat is not None else None
        events = clients[(seat or 0) % 2].events(created.match_id, token)
        _assert_private([event_data(e) for e in events], seat)
        assert events[-1].type == "match_over"
        assert [e.seq for e in events] == sorted({e.seq for e in events})
        _assert_private(observation(clients[0].view(created.match_id, token)),
                        seat)
    replay = clients[turn % 2].stub.GetReplay(
        pb.GetReplayRequest(match_id=created.match_id), timeout=10)
    config = registry.make_config(game, typed.options_of(replay))
    state = registry.replay(game, config, replay.seed, None, mapping.replay_actions(replay),
                            now=replay.start_time)
    assert state.scores() == list(replay.scores) == list(final.result.scores)
    assert any("to" in event_data(e) for e in replay.events) or game == "mixmatch"


def test_replicas_report_health_and_game_metrics(replicas: tuple[MatchServer, MatchServer],
                                                 clients: list[Client]) -> None:
    created = _create(clients[0], "vivo", 3, seed=1)
    tokens = {t.seat: t.token for t in created.tokens}
    view = clients[1].view(created.match_id, tokens[0])
    clients[1].move(created.match_id, tokens[0], "vivo", view.legal_moves[0], view.version)
    with pytest.raises(grpc.RpcError):
        clients[1].move(created.match_id, tokens[0], "vivo", view.legal_moves[0], view.version)
    with channel_to(replicas[0].port) as channel:
        assert health_status(channel, "cardroom.v1.MatchService") == 1
    assert replicas[0].timers is not None
    replicas[0].runner.run(replicas[0].timers.refresh_gauges())
    first = scrape(replicas[0].rpc.metrics_port or 0)
    second = scrape(replicas[1].rpc.metrics_port or 0)
    assert sample(first, "cardroom_matches_created_total", game="vivo") == 1
    assert sample(second, "cardroom_moves_total", game="vivo", outcome="applied") == 1
    assert sample(second, "cardroom_moves_total", game="vivo", outcome="stale") == 1
    assert (sample(second, "grpc_server_handled_total", grpc_method="SubmitMove",
                   grpc_code="Aborted") == 1)
    assert (sample(second, "cardroom_redis_round_trip_seconds_count", op="write") or 0) >= 1
    assert sample(first, "cardroom_active_matches", game="vivo") == 1


def test_list_matches_over_grpc_pages_through_the_lobby(clients: list[Client]) -> None:
    ids = []
    for _ in range(3):  # dealt by the server: a chosen seed keeps a match out of the lobby
        ids.append(clients[0].stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["livemix"], players=3, seats=[
                pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
                pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]), timeout=10).match_id)
    listed, token = [], ""
    while True:
        page = clients[1].stub.ListMatches(pb.ListMatchesRequest(
            game=GAME_ENUM["livemix"], status=pb.MATCH_STATUS_OPEN, page_size=2,
            page_token=token), timeout=10)
        listed += [m.match_id for m in page.matches]
        token = page.next_page_token
        if not token:
            break
    assert listed == ids[::-1]
    joined = clients[1].stub.JoinMatch(pb.JoinMatchRequest(match_id=ids[0], seat=2, name="x"),
                                       timeout=10)
    assert joined.seat == 2 and joined.token
    summary = clients[0].stub.ListMatches(pb.ListMatchesRequest(
        status=pb.MATCH_STATUS_OPEN), timeout=10).matches[-1]
    assert summary.match_id == ids[0] and list(summary.open_seats) == [1]
