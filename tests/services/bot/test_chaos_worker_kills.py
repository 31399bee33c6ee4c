"""Bot workers SIGKILLed again and again while bots think, on each broker (Redis, RabbitMQ):
every match still ends by play, each move made once.

A worker (two pool processes) starts, plays for a random fraction of a second and is
SIGKILLed whole, KILLS times; then one last worker plays on to the end. Tasks a killed
worker held come back: on Redis after the visibility timeout (1 s here), on RabbitMQ when
its connection closes; the match service also sends an unanswered task again after 1 s. So
the same turn may be delivered several times, and each must still move once: every match
replays offline to its recorded result, with exactly one action per version and no seat
resigned, timed out or abandoned.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest
from support.brokers import BROKERS, BotBroker, bot_broker
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server
from support.redis_server import RedisServer

from bench.load import replay_problem
from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import WorkerProcess, start_worker

BOT_TOKEN = "bot-token-for-worker-kills"
KILLS = 8
#: (game, players, policies): IS-MCTS bots think long enough to be killed mid-decision.
#: Enough of them that play goes on through every kill (the last worker still has turns).
MATCHES = [("vivo", 3, ["ismcts", "random", "random"]),
           ("livemix", 4, ["ismcts", "heuristic", "random", "random"]),
           ("vivo", 3, ["random", "ismcts", "heuristic"])] * 4


@pytest.fixture(params=BROKERS)
def broker(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[BotBroker]:
    """Database 11 of the session's Redis, emptied, and the broker under test."""
    with bot_broker(request.param, redis_server.empty_database(11)) as made:
        yield made


@pytest.fixture
def match(broker: BotBroker) -> Iterator[MatchServer]:
    """A match-service replica that sends an unanswered bot task again after 1 s."""
    with match_server(broker.redis_url, bot_token=BOT_TOKEN, timer_interval_s=0.05,
                      bot_retry_s=1.0, **broker.match_changes()) as server:
        yield server


def _worker(broker: BotBroker, match: MatchServer, name: str) -> WorkerProcess:
    env = {**broker.worker_env(), "BOT_TOKEN": BOT_TOKEN,
           "MATCH_ADDR": f"127.0.0.1:{match.port}", "BOT_VISIBILITY_TIMEOUT": "1",
           "BOT_RESTORE_INTERVAL": "0.5"}
    return start_worker(env, broker.queues, concurrency=2, hostname=f"{name}@%h")


def test_chaos_workers_killed_again_and_again_every_move_made_once(
        broker: BotBroker, match: MatchServer) -> None:
    rng = random.Random(5)
    with channel_to(match.port) as channel:
        client = Client(channel)
        ids = []
        for seed, (game, players, policies) in enumerate(MATCHES):
            seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=p, strength=1)
                     for p in policies]
            ids.append(client.stub.CreateMatch(pb.CreateMatchRequest(
                game=GAME_ENUM[game], players=players, seats=seats, seed=seed),
                timeout=10).match_id)

        def versions() -> list[int]:
            return [client.view(m).version for m in ids]

        kills, moved_while_killing = 0, 0
        for round_ in range(KILLS):
            before = sum(versions())
            victim = _worker(broker, match, f"victim{round_}")
            time.sleep(rng.uniform(0.3, 1.2))
            victim.kill()
            victim.stop()  # closes its log pipe
            kills += 1
            moved_while_killing += sum(versions()) - before
        last = _worker(broker, match, "last")
        try:
            deadline = time.monotonic() + 120
            while any(client.view(m).status != pb.MATCH_STATUS_FINISHED for m in ids):
                assert time.monotonic() < deadline, "the matches did not finish"
                time.sleep(0.1)
        finally:
            last.stop()
        assert kills == KILLS and moved_while_killing > 0  # the killed workers did play
        total = 0
        for match_id in ids:
            replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
            assert replay_problem(replay) is None
            # One action per version: no turn was played twice, none was skipped.
            assert len(replay.actions) == client.view(match_id).version - 1
            kinds = [event.type for event in replay.events]
            assert kinds[-1] == "match_over"
            assert not {"resigned", "clock_expired", "abandoned"} & set(kinds)
            total += len(replay.actions)
        assert total > moved_while_killing  # bots were still playing at the last kill
        print(f"{broker.kind}: {kills} worker kills, {moved_while_killing} moves made by "
              f"killed workers, {total} moves in all, each made once")
