"""Races, resumable streams, timers and bot tasks, through real servers on one real Redis."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import (
    ADMIN,
    GAME_ENUM,
    Client,
    auth,
    event_data,
    match_server,
    observation,
    options_request,
    play_turn,
    queued_tasks,
)
from support.match_fixtures import with_store
from support.match_play import find_claim

from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, TAKE_TURN, bot_request_id


@pytest.fixture
def replicas(redis_url: str) -> Iterator[tuple[MatchServer, MatchServer]]:
    """Two replicas whose timer loops poll every 20 ms."""
    with match_server(redis_url, timer_interval_s=0.02, min_timer_s=0.1) as one, \
            match_server(redis_url, timer_interval_s=0.02, min_timer_s=0.1) as two:
        yield one, two


@pytest.fixture
def clients(replicas: tuple[MatchServer, MatchServer]) -> Iterator[list[Client]]:
    """One client per replica."""
    with channel_to(replicas[0].port) as first, channel_to(replicas[1].port) as second:
        yield [Client(first), Client(second)]


def _create(client: Client, game: str, players: int, **fields: object) -> tuple[str, dict]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, **fields), timeout=10)  # type: ignore[arg-type]
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _actions(redis_url: str, match_id: str) -> int:
    """How many actions the match's engine has applied."""
    return len(with_store(redis_url, lambda repo: repo.actions(match_id)))


def _wait(condition: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.02)


def test_twenty_concurrent_submits_of_one_move_apply_it_once(clients: list[Client],
                                                             redis_url: str) -> None:
    match_id, tokens = _create(clients[0], "livemix", 4, seed=8)
    move = clients[0].view(match_id, tokens[0]).legal_moves[0]

    def submit(i: int) -> object:
        try:
            return clients[i % 2].move(match_id, tokens[0], "livemix", move, 1, f"client-{i}")
        except grpc.RpcError as err:
            return err.code()

    with ThreadPoolExecutor(20) as pool:
        results = list(pool.map(submit, range(20)))
    applied = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    assert len(applied) == 1 and applied[0].version == 2
    assert results.count(grpc.StatusCode.ABORTED) == 19
    assert _actions(redis_url, match_id) == 1


def test_twenty_retries_with_one_request_id_all_get_the_first_result(clients: list[Client],
                                                                      redis_url: str) -> None:
    match_id, tokens = _create(clients[0], "vivo", 4, seed=8)
    move = clients[0].view(match_id, tokens[0]).legal_moves[0]
    barrier = threading.Barrier(20)

    def submit(i: int) -> pb.SubmitMoveResponse:
        barrier.wait()
        return clients[i % 2].move(match_id, tokens[0], "vivo", move, 1, "one-id")

    with ThreadPoolExecutor(20) as pool:
        results = list(pool.map(submit, range(20)))
    assert {r.version for r in results} == {2}
    assert sum(not r.duplicate for r in results) == 1
    assert len({tuple(e.seq for e in r.events) for r in results}) == 1
    assert _actions(redis_url, match_id) == 1


def test_resumed_watch_sees_every_event_exactly_once(clients: list[Client]) -> None:
    match_id, tokens = _create(clients[0], "vivo", 3, seed=4)
    received: list[pb.MatchEvent] = []
    stream = clients[0].stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id),
                                        metadata=auth(tokens[1]), timeout=30)
    rng = random.Random(5)
    turn = 0
    for _ in range(6):
        play_turn(clients, match_id, tokens, rng, turn)
        turn += 1
    for item in stream:
        received.append(item.event)
        if len(received) == 5:
            break
    stream.cancel()
    while play_turn(clients, match_id, tokens, rng, turn) is not None:
        turn += 1
        if turn == 20:
            resumed = clients[1].stub.WatchMatch(pb.WatchMatchRequest(
                match_id=match_id, cursor=received[-1].seq), metadata=auth(tokens[1]),
                timeout=30)
    received += [item.event for item in resumed]
    full = clients[1].events(match_id, tokens[1])
    assert [e.seq for e in received] == [e.seq for e in full]
    assert [event_data(e) for e in received] == [event_data(e) for e in full]
    assert full[-1].type == "match_over"


def test_bot_task_is_enqueued_once_per_decision_point(clients: list[Client],
                                                      redis_url: str) -> None:
    match_id, tokens = _create(clients[0], "vivo", 3, seed=6, seats=[
        pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random"), pb.SeatSpec(), pb.SeatSpec()])
    assert sorted(tokens) == [1, 2]
    assert [t["args"] for t in queued_tasks(redis_url, DEFAULT_QUEUE)] == [[match_id, 0, 1]]
    assert queued_tasks(redis_url, DEFAULT_QUEUE)[0]["task"] == TAKE_TURN
    # The worker's side of the contract: admin token, the seat, expected version, request id.
    view = clients[1].stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=0),
                                    metadata=auth(ADMIN), timeout=5).match
    for _ in range(2):
        clients[1].stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=match_id, action=view.legal_moves[0], seat=0, expected_version=1,
            request_id=bot_request_id(0, 1)), metadata=auth(ADMIN), timeout=5)
    rng = random.Random(1)
    turn = 0
    while len(queued_tasks(redis_url, DEFAULT_QUEUE)) == 1:
        play_turn(clients, match_id, {1: tokens[1], 2: tokens[2]}, rng, turn)
        turn += 1
    tasks = queued_tasks(redis_url, DEFAULT_QUEUE)
    version = clients[0].view(match_id).version
    assert [t["args"] for t in tasks] == [[match_id, 0, 1], [match_id, 0, version]]


def test_concurrent_moves_that_hand_a_bot_the_turn_enqueue_one_task(clients: list[Client],
                                                                    redis_url: str) -> None:
    match_id, tokens = _create(clients[0], "vivo", 3, seed=6, seats=[
        pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random"), pb.SeatSpec()])
    move = clients[0].view(match_id, tokens[0]).legal_moves[0]
    with ThreadPoolExecutor(20) as pool:
        list(pool.map(lambda i: _try(clients[i % 2], match_id, tokens[0], move, i), range(20)))
    assert [t["args"] for t in queued_tasks(redis_url, DEFAULT_QUEUE)] == [[match_id, 1, 2]]


def _try(client: Client, match_id: str, token: str, move: str, i: int) -> object:
    try:
        return client.move(match_id, token, "vivo", move, 1, f"r{i}")
    except grpc.RpcError as err:
        return err.code()


def test_hourglass_fires_exactly_once_per_deadline_across_replicas(
        replicas: tuple[MatchServer, MatchServer], clients: list[Client]) -> None:
    match_id, _ = _create(clients[0], "mixmatch", 2, seed=3,
                          **options_request("mixmatch", {"hourglass_seconds": 0.2}))
    _wait(lambda: sum(e.type == "hourglass_ran_out" for e in _events_so_far(clients[0],
                                                                            match_id)) >= 3)
    for server in replicas:
        server.runner.run(server.timers.stop())  # type: ignore[union-attr]
    events = _events_so_far(clients[0], match_id)
    ran_out = [event_data(e) for e in events if e.type == "hourglass_ran_out"]
    fired = sum(s.service.metrics.timer_firings.labels("hourglass")._value.get()
                for s in replicas)
    assert fired == len(ran_out)
    deadlines = [e["deadline"] for e in ran_out]
    assert len(set(deadlines)) == len(deadlines)
    view = clients[1].view(match_id)
    assert view.deadline_kind == pb.DEADLINE_KIND_HOURGLASS and view.HasField("deadline")


def _events_so_far(client: Client, match_id: str) -> list[pb.MatchEvent]:
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=0.5)
    found: list[pb.MatchEvent] = []
    try:
        for item in stream:
            found.append(item.event)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    return found


def test_move_clock_forfeit_resigns_the_seat(clients: list[Client]) -> None:
    match_id, tokens = _create(clients[0], "vivo", 3, seed=2, clock=pb.MoveClock(
        seconds=0.2, on_expiry=pb.CLOCK_EXPIRY_FORFEIT))
    view = clients[0].view(match_id, tokens[0])
    assert view.deadline_kind == pb.DEADLINE_KIND_MOVE_CLOCK
    _wait(lambda: clients[1].view(match_id).seats[0].resigned)
    # Seat 0 is played automatically now, so the turn moved on to seat 1 and its clock.
    after = clients[1].view(match_id, tokens[1])
    assert list(after.acting_seats) == [1] and after.deadline_kind == pb.DEADLINE_KIND_MOVE_CLOCK


def test_move_clock_runs_out_to_a_bot_task_for_the_human_seat(clients: list[Client],
                                                              redis_url: str) -> None:
    match_id, _ = _create(clients[0], "livemix", 3, seed=2, clock=pb.MoveClock(
        seconds=0.2, on_expiry=pb.CLOCK_EXPIRY_BOT))
    _wait(lambda: bool(queued_tasks(redis_url, DEFAULT_QUEUE)))
    version = clients[0].view(match_id).version
    assert [t["args"] for t in queued_tasks(redis_url, DEFAULT_QUEUE)] == [[match_id, 0, 2]]
    assert version == 2
    events = _events_so_far(clients[0], match_id)
    assert [e.type for e in events].count("clock_expired") == 1


def test_mixmatch_m8_racing_correct_claims_one_wins_the_rest_are_stale_not_out(
        clients: list[Client]) -> None:
    for seed in range(50):
        match_id, tokens = _create(clients[0], "mixmatch", 4, seed=seed,
                                   **options_request("mixmatch", {"hourglass_seconds": 0}))
        obs = observation(clients[0].view(match_id))
        claim = find_claim(obs["table"], obs["target"])
        if claim:
            break
    assert claim, "no seed in range gave a board with a small solution"
    barrier = threading.Barrier(20)

    def race(i: int) -> object:
        # Each claim names the round its player was looking at, as M8 asks of clients.
        request = pb.SubmitMoveRequest(match_id=match_id,
                                       mixmatch=pb.MixMatchMove(claim=claim, round=1))
        barrier.wait()
        try:
            return clients[i % 2].stub.SubmitMove(request, metadata=auth(tokens[i % 4]),
                                                  timeout=10)
        except grpc.RpcError as err:
            return err.code()

    with ThreadPoolExecutor(20) as pool:
        results = list(pool.map(race, range(20)))
    won = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    assert len(won) == 1
    assert results.count(grpc.StatusCode.FAILED_PRECONDITION) == 19
    obs = observation(clients[1].view(match_id))
    assert obs["round"] == 2 and not any(obs["out"])
