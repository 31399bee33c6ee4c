"""Bot seats played by real Celery worker processes against a real match service and Redis.

One worker (prefork, one pool process) serves the whole module; a second one joins for the
load-sharing test. Matches: one human test client and the rest bots for each game, and
matches of bots only, each played to its end. The module runs on both bot-task brokers:
Redis, then the machine's RabbitMQ (skipped when it is not reachable).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from support.brokers import BROKERS, BotBroker, bot_broker
from support.grpc_servers import channel_to, sample, scrape
from support.match_client import GAME_ENUM, Client, match_server, observation, options_request
from support.match_fixtures import with_store
from support.match_play import choose_move, hands_seen
from support.redis_server import RedisServer

from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.enums import GAMES
from deploy.launch.worker import WorkerProcess, start_worker

BOT_TOKEN = "bot-token-for-tests"
ACTIVE = pb.MATCH_STATUS_ACTIVE
TAKE_TURN = "cardroom.bots.take_turn"


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 2 of the session's Redis, emptied once: this module's matches and broker."""
    url = redis_server.empty_database(2)
    return url


@pytest.fixture(scope="module", params=BROKERS)
def broker(request: pytest.FixtureRequest, redis_db: str) -> Iterator[BotBroker]:
    """The bot tasks' broker: Redis, then RabbitMQ."""
    with bot_broker(request.param, redis_db) as made:
        yield made


@pytest.fixture(scope="module")
def match(broker: BotBroker) -> Iterator[MatchServer]:
    """A match-service replica that knows the bot credential; its timers poll every 50 ms."""
    with match_server(broker.redis_url, bot_token=BOT_TOKEN, timer_interval_s=0.05,
                      **broker.match_changes()) as server:
        yield server


def worker_env(broker: BotBroker, match_port: int, **extra: str) -> dict[str, str]:
    """The environment of a worker playing for the match service on `match_port`."""
    return {**broker.worker_env(), "BOT_TOKEN": BOT_TOKEN,
            "MATCH_ADDR": f"127.0.0.1:{match_port}", **extra}


@pytest.fixture(scope="module")
def worker(broker: BotBroker, match: MatchServer) -> Iterator[WorkerProcess]:
    """One worker process (one pool process) on both bot queues, for the whole module."""
    process = start_worker(worker_env(broker, match.port), broker.queues, concurrency=1,
                           hostname="one@%h")
    yield process
    process.stop()


@pytest.fixture
def client(match: MatchServer, worker: WorkerProcess) -> Iterator[Client]:
    """A client of the match service while the worker runs."""
    with channel_to(match.port) as channel:
        yield Client(channel)


def bot(policy: str, strength: int = 0) -> pb.SeatSpec:
    """A bot seat."""
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, name=policy, policy=policy, strength=strength)


HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, name="tester")


def create(client: Client, game: str, seats: list[pb.SeatSpec], seed: int,
           options: dict[str, Any] | None = None) -> tuple[str, dict[int, str]]:
    """A new match; its id and the human seats' tokens."""
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=len(seats), seats=seats, seed=seed,
        **options_request(game, options or {})),
        timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll until `condition` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout}s"
        time.sleep(0.02)


def finished(client: Client, match_id: str, timeout: float = 60.0) -> pb.MatchView:
    """The match's public view once it is over."""
    wait_for(lambda: client.view(match_id).status != ACTIVE, timeout, "the match's end")
    return client.view(match_id)


def play_human(client: Client, match_id: str, seat: int, token: str, game: str,
               timeout: float = 90.0, patience_s: float = 0.0) -> int:
    """Play `seat` as a test client until the match ends; the moves it made. In Mix Match it
    calls time only after `patience_s` without news, so the bots get to claim."""
    rng = random.Random(seat)
    moves, seen_version, since = 0, 0, time.monotonic()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = client.view(match_id, token)
        assert not hands_seen(observation(view), seat)
        if view.status != ACTIVE:
            return moves
        if view.version != seen_version:
            seen_version, since = view.version, time.monotonic()
        if view.may_act:
            action = choose_move(game, _plain(view), rng)
            if action != "timeout" or time.monotonic() - since >= patience_s:
                try:
                    client.move(match_id, token, game, action, view.version)
                    moves += 1
                except grpc.RpcError as error:  # a bot moved first (Mix Match races)
                    assert error.code() in (grpc.StatusCode.ABORTED,
                                            grpc.StatusCode.FAILED_PRECONDITION)
                continue
        time.sleep(0.01)
    raise AssertionError("the match did not end in time")


def _plain(view: pb.MatchView) -> dict[str, Any]:
    return {"game": GAMES[view.game], "seat": view.seat,
            "legal_moves": list(view.legal_moves),
            "observation": observation(view)}


def actions_by_seat(redis_url: str, match_id: str) -> dict[int | None, int]:
    """How many actions each seat applied in the match."""
    counts: dict[int | None, int] = {}
    for item in with_store(redis_url, lambda repo: repo.actions(match_id)):
        counts[item["seat"]] = counts.get(item["seat"], 0) + 1
    return counts


# ---- one human and bots, each game ------------------------------------------------------

@pytest.mark.parametrize(("game", "bots"), [
    ("livemix", ["random", "heuristic", "ismcts"]),
    ("vivo", ["heuristic", "ismcts"]),
])
def test_a_human_and_bots_play_a_trick_game_to_its_end(client: Client, redis_db: str,
                                                       game: str, bots: list[str]) -> None:
    seats = [HUMAN] + [bot(p, 1) for p in bots]
    match_id, tokens = create(client, game, seats, seed=21)
    moves = play_human(client, match_id, 0, tokens[0], game)
    view = finished(client, match_id)
    assert view.status == pb.MATCH_STATUS_FINISHED
    assert view.result.reason == pb.END_REASON_COMPLETED and view.result.winners
    counts = actions_by_seat(redis_db, match_id)
    assert counts[0] == moves
    assert all(counts.get(s, 0) > 0 for s in range(1, len(seats)))  # every bot played


def test_a_human_and_a_solver_bot_play_mix_match_to_its_end(client: Client,
                                                           redis_db: str) -> None:
    match_id, tokens = create(client, "mixmatch", [HUMAN, bot("solver", 5)], seed=4,
                              options={"hourglass_seconds": 0, "faster": True})
    play_human(client, match_id, 0, tokens[0], "mixmatch", patience_s=3.0)
    view = finished(client, match_id)
    assert view.result.reason == pb.END_REASON_COMPLETED
    assert len(view.round_scores) == 2  # variant 3: as many rounds as players


# ---- bots only ----------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "seats"), [
    ("livemix", [bot("random"), bot("heuristic"), bot("random"), bot("heuristic")]),
    ("vivo", [bot("random"), bot("random"), bot("heuristic")]),
])
def test_a_match_of_bots_only_finishes(client: Client, game: str,
                                       seats: list[pb.SeatSpec]) -> None:
    match_id, _ = create(client, game, seats, seed=8)
    view = finished(client, match_id)
    assert view.result.reason == pb.END_REASON_COMPLETED
    assert sum(view.scores) != 0 or view.result.winners


def test_a_mix_match_of_solver_bots_finishes_with_claims(client: Client) -> None:
    match_id, _ = create(client, "mixmatch", [bot("solver", 5), bot("solver", 5)], seed=6,
                         options={"hourglass_seconds": 1, "faster": True})
    view = finished(client, match_id, timeout=60)
    assert view.result.reason == pb.END_REASON_COMPLETED
    accepted = [e for e in client.events(match_id) if e.type == "claim_accepted"]
    assert accepted, "no bot claim was accepted"


def test_worker_metrics_count_tasks_think_time_queue_wait_and_search_speed(
        client: Client, worker: WorkerProcess, broker: BotBroker) -> None:
    match_id, _ = create(client, "vivo", [bot("ismcts", 1), bot("random"), bot("random")],
                         seed=3)
    finished(client, match_id)
    text = scrape(worker.metrics_port)
    assert (sample(text, "cardroom_bot_worker_tasks_total", task=TAKE_TURN, outcome="moved")
            or 0) > 0
    assert (sample(text, "cardroom_bot_think_seconds_count", game="vivo", policy="ismcts")
            or 0) > 0
    assert (sample(text, "cardroom_bot_queue_wait_seconds_count", queue=broker.queues[1])
            or 0) > 0
    assert (sample(text, "cardroom_bot_search_iterations_per_second_count", game="vivo",
                   policy="ismcts") or 0) > 0


# ---- scaling -------------------------------------------------------------------------------

def _moved(worker: WorkerProcess) -> float:
    return sample(scrape(worker.metrics_port), "cardroom_bot_worker_tasks_total",
                  task=TAKE_TURN, outcome="moved") or 0.0


def test_a_second_worker_joining_takes_part_of_the_load(client: Client, match: MatchServer,
                                                        broker: BotBroker, redis_db: str,
                                                        worker: WorkerProcess) -> None:
    second = start_worker(worker_env(broker, match.port), broker.queues, concurrency=1,
                          hostname="two@%h")
    try:
        before = _moved(worker)
        ids = [create(client, "vivo", [bot("random")] * 3, seed=s)[0] for s in range(4)]
        threads = [threading.Thread(target=finished, args=(client, m)) for m in ids]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(client.view(m).status == pb.MATCH_STATUS_FINISHED for m in ids)
        moves = sum(sum(actions_by_seat(redis_db, m).values()) for m in ids)
        # A task counts its move just after the match applied it: let the last ones land.
        wait_for(lambda: _moved(worker) - before + _moved(second) >= moves, 5, "the counts")
        first_share, second_share = _moved(worker) - before, _moved(second)
        assert first_share > 0 and second_share > 0
        assert first_share + second_share == moves  # every move made once, by one of them
    finally:
        second.stop()
