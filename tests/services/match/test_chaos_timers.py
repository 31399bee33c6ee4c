"""Timer-loop replicas killed: three match-service processes share one Redis (or a Redis
Cluster, where the timer index is spread over several slots) and fire the deadlines of
running matches (Mix Match hourglasses, per-move clocks that call in a bot or forfeit) while
the test SIGKILLs them one at a time and all at once, and restarts them. No deadline is
lost (every match goes on to its end; a clock that ran out while every replica was down
fires once they are back) and none fires twice (one time-out per hourglass deadline, never
early; one clock expiry and one bot task per running-out clock).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.match_client import GAME_ENUM, event_data, options_request, queued_tasks
from support.match_fixtures import STORES, store_for
from support.redis_server import RedisServer

from bench.load import replay_problem
from cardroom.services.match.app import SEND_CONFIRM_S
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE
from deploy.launch.process import ServiceProcess

REPLICAS = 3
HOURGLASS_S = 0.4  # 26 of them: ten seconds of play, long enough for several kills
FAST = [("grpc.initial_reconnect_backoff_ms", 50), ("grpc.max_reconnect_backoff_ms", 200)]


@pytest.fixture(params=STORES)
def replicas(request: pytest.FixtureRequest, redis_server: RedisServer, tmp_path: Path
             ) -> Iterator[list[ServiceProcess]]:
    """Three match-service processes polling their timers every 20 ms, their matches on
    one Redis (database 6) or on the Redis Cluster, their bot tasks on database 6."""
    broker = redis_server.empty_database(6)
    store = broker if request.param == "redis" else store_for(request)
    env = {"REDIS_URL": store, "CELERY_BROKER_URL": broker, "LOG_LEVEL": "INFO",
           "MATCH_TIMER_INTERVAL": "0.02", "MATCH_MIN_TIMER": "0.1"}
    started = [ServiceProcess("cardroom.services.match", env, tmp_path / f"match{i}.log")
               for i in range(REPLICAS)]
    for replica in started:
        replica.start()
    yield started
    for replica in started:
        replica.stop()


def _create(stub: Any, game: str, players: int, seed: int, **fields: Any) -> str:
    return str(stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, seed=seed, **fields), timeout=10).match_id)


def _events(stub: Any, match_id: str) -> list[dict[str, Any]]:
    stream = stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, no_follow=True),
                             timeout=10)
    return [event_data(item.event) for item in stream]


def _status(stubs: list[Any], match_id: str) -> int:
    for stub in stubs:
        try:
            return int(stub.GetMatch(pb.GetMatchRequest(match_id=match_id),
                                     timeout=2).match.status)
        except grpc.RpcError:
            continue  # that replica is down: ask the next
    return 0


def _hourglass_lags(stub: Any, match_id: str) -> list[float]:
    """Seconds each hourglass time-out came after the deadline it answered; asserts there
    is exactly one time-out per deadline, in order, never early."""
    replay = stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
    assert replay_problem(replay) is None
    events = [event_data(e) for e in replay.events]
    deadlines = [e["deadline"] for e in events if e["type"] == "dice_rolled"]
    ran_out = [e for e in events if e["type"] == "hourglass_ran_out"]
    deadlines += [e["deadline"] for e in ran_out if e["deadline"] is not None]
    timeouts = [a.time for a in replay.actions if a.action == "timeout"]
    assert all(not a.HasField("seat") for a in replay.actions)  # the host's time-outs only
    assert len(timeouts) == len(ran_out) == len(deadlines)
    assert deadlines == sorted(set(deadlines))  # each deadline once, each later than the last
    assert all(t >= d for t, d in zip(timeouts, deadlines, strict=True))
    return [t - d for t, d in zip(timeouts, deadlines, strict=True)]


def test_chaos_timers_replicas_killed_no_deadline_lost_or_fired_twice(
        replicas: list[ServiceProcess]) -> None:
    channels = [grpc.insecure_channel(r.address, options=FAST) for r in replicas]
    stubs = [match_pb2_grpc.MatchServiceStub(c) for c in channels]
    rng = random.Random(7)
    options = options_request("mixmatch", {"hourglass_seconds": HOURGLASS_S,
                                           "younger_players": True})
    hourglass = [_create(stubs[0], "mixmatch", 2, s, **options) for s in range(6)]
    bot_clock = pb.MoveClock(seconds=1.0, on_expiry=pb.CLOCK_EXPIRY_BOT)
    clocks = [_create(stubs[0], "vivo", 3, s, clock=bot_clock) for s in range(4)]
    forfeit = pb.MoveClock(seconds=0.4, on_expiry=pb.CLOCK_EXPIRY_FORFEIT)
    forfeits = [_create(stubs[0], "livemix", 3, s, clock=forfeit) for s in range(2)]
    # Every replica down while the clocks run out (they are due 1 s after creation).
    time.sleep(0.5)
    down_at = time.monotonic()
    for replica in replicas:
        replica.kill()
    time.sleep(1.0)
    for replica in replicas:
        replica.start()
    outage = time.monotonic() - down_at
    # Then one replica at a time, until every hourglass match has run its deck out.
    deadline = time.monotonic() + 40
    kills = 0
    while any(_status(stubs, m) != pb.MATCH_STATUS_FINISHED for m in hourglass + forfeits):
        assert time.monotonic() < deadline, "a match stopped: a deadline was lost"
        victim = rng.choice(replicas)
        victim.kill()
        time.sleep(rng.uniform(0.05, 0.3))
        victim.start()
        kills += 1
        time.sleep(rng.uniform(0.1, 0.4))
    assert kills >= 3
    lags = [lag for m in hourglass for lag in _hourglass_lags(stubs[0], m)]
    assert len(lags) == 6 * 26  # 30 cards: 5 on the table, 25 drawn, then one to end it
    assert max(lags) < outage + 3.0
    for match_id in clocks:
        events = _events(stubs[0], match_id)
        expired = [e for e in events if e["type"] == "clock_expired"]
        assert len(expired) == 1 and expired[0]["stand_in"] == "bot"
    # A bot task for each clock that ran out, for the version its expiry created, and no
    # other. A replica killed between writing an expiry and sending its task leaves the send
    # to another replica, once the unconfirmed send's re-send time (SEND_CONFIRM_S) comes:
    # not MATCH_BOT_RETRY (120 s here).
    wanted = {(m, _first_seat(stubs[0], m), 2) for m in clocks}
    waited = time.monotonic() + SEND_CONFIRM_S + 10
    while (tasks := {tuple(t["args"]) for t in queued_tasks(
            replicas[0].env["CELERY_BROKER_URL"], DEFAULT_QUEUE)}) != wanted:
        assert tasks <= wanted and time.monotonic() < waited, (tasks, wanted)
        time.sleep(0.2)
    for match_id in forfeits:
        view = stubs[0].GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5).match
        assert view.result.reason == pb.END_REASON_RESIGNED
        resigned = [e for e in _events(stubs[0], match_id) if e["type"] == "resigned"]
        assert len(resigned) == 2 and len({e["seat"] for e in resigned}) == 2
        assert all(e["reason"] == "clock" for e in resigned)
    for channel in channels:
        channel.close()


def _first_seat(stub: Any, match_id: str) -> int:
    expired = [e for e in _events(stub, match_id) if e["type"] == "clock_expired"]
    return int(expired[0]["seat"])
