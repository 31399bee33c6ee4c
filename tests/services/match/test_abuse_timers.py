"""Timer abuse, against a real replica: timers shorter than MATCH_MIN_TIMER and decks past
the rules' bound are refused, and a thousand matches whose hourglasses run out every second
do not hold up a legitimate one-second move clock by more than a bounded delay."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server, mover, options_request

from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

#: Matches whose hourglass runs out every MATCH_MIN_TIMER (1 s).
FLOOD = 1000
#: Longest the legitimate clock may fire late while the flood's timers run.
BOUND_S = 1.0


@pytest.fixture
def server(redis_url: str) -> Iterator[MatchServer]:
    """One replica without creation quotas (the per-caller clock quota included: the flood
    is one caller's), its timer loop polling every 50 ms."""
    with match_server(redis_url, create_per_minute=0, live_per_creator=0, max_live=0,
                      timed_per_creator=0, timer_interval_s=0.05) as replica:
        yield replica


def mixmatch(options: dict[str, object]) -> pb.CreateMatchRequest:
    """A two-player Mix Match CreateMatch with `options`."""
    return pb.CreateMatchRequest(game=GAME_ENUM["mixmatch"], players=2,
                                 **options_request("mixmatch", options))


@pytest.mark.parametrize("request_", [
    mixmatch({"hourglass_seconds": 1e-6}),
    mixmatch({"deck": list(range(1, 1001))}),
    pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3,
                          clock=pb.MoveClock(seconds=0.01)),
], ids=["tiny-hourglass", "huge-deck", "tiny-clock"])
def test_timers_below_the_minimum_and_decks_past_the_rules_are_refused(
        server: MatchServer, request_: pb.CreateMatchRequest) -> None:
    with channel_to(server.port) as channel, pytest.raises(grpc.RpcError) as err:
        Client(channel).stub.CreateMatch(request_, timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.alone  # a thousand timers a second take a core: the bound needs it to itself
def test_a_thousand_busy_hourglasses_do_not_hold_up_a_legitimate_clock(
        server: MatchServer) -> None:
    with channel_to(server.port) as channel:
        client = Client(channel)
        flood = mixmatch({"hourglass_seconds": 1})
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda _: client.stub.CreateMatch(flood, timeout=30), range(FLOOD)))
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, clock=pb.MoveClock(
                seconds=1.0, on_expiry=pb.CLOCK_EXPIRY_FORFEIT)), timeout=10)
        view = client.view(created.match_id)
        deadline = view.deadline.ToMicroseconds() / 1e6
        seat = mover(view)
        while not client.view(created.match_id).seats[seat].resigned:
            assert time.time() < deadline + 10, "the clock never fired"
            time.sleep(0.01)
        late = time.time() - deadline
    print(f"\nlegitimate 1 s clock fired {late:.3f} s late beside {FLOOD} hourglasses")
    assert late < BOUND_S
