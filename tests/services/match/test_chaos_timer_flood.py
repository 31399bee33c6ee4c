"""One caller flooding the timer loop with one-second Mix Match hourglasses for a few
seconds while another caller's one-second move clocks run out, the replica a process of
its own: the flood stops at the caller's cap on live matches with a clock
(MATCH_LIVE_TIMED_PER_CREATOR, 20; the rest RESOURCE_EXHAUSTED), and every clock of the
other caller fires within 0.5 s of its time as the replica's own
cardroom_timer_lag_seconds{kind="clock"} counts it. The goal is 0.25 s: how many made it
is printed (3 to 5 of 5 in three runs on the shared 2-core machine at a load average of
13-18). Callers are told apart as behind a trusted proxy (x-forwarded-for)."""

from __future__ import annotations

import threading
import time
from collections import Counter

import grpc
import pytest
from support.grpc_servers import channel_to, sample, scrape
from support.match_client import ADMIN, GAME_ENUM, Client, mover, options_request

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.process import ServiceProcess

#: Longest the legitimate clock may fire late (a histogram bucket), and the goal.
BOUND_S = 0.5
GOAL_S = 0.25
FLOODER = (("x-forwarded-for", "203.0.113.7"),)
VICTIM = (("x-forwarded-for", "198.51.100.9"),)


def _hourglass() -> pb.CreateMatchRequest:
    return pb.CreateMatchRequest(game=GAME_ENUM["mixmatch"], players=2,
                                 **options_request("mixmatch", {"hourglass_seconds": 1}))


@pytest.mark.alone  # a latency bound: run with the machine to itself in `make test`
def test_a_legitimate_clock_fires_on_time_while_one_caller_floods_hourglasses(
        redis_url: str) -> None:  # the replica a process of its own, as deployed
    service = ServiceProcess("cardroom.services.match", {
        "REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url, "ADMIN_TOKEN": ADMIN,
        "GRPC_TRUSTED_PROXIES": "127.0.0.1", "MATCH_TIMER_INTERVAL": "0.05",
        "LOG_LEVEL": "WARNING"}).start()
    try:
        lateness, codes, text = _run(service)
    finally:
        service.stop()
    fired = sample(text, "cardroom_timer_lag_seconds_count", kind="clock")
    in_time = sample(text, "cardroom_timer_lag_seconds_bucket", kind="clock",
                     le=str(BOUND_S))
    on_goal = sample(text, "cardroom_timer_lag_seconds_bucket", kind="clock",
                     le=str(GOAL_S))
    print(f"\nlegitimate 1 s clock: {on_goal:g} of {fired:g} fired within {GOAL_S} s, "
          f"{in_time:g} within {BOUND_S} s "
          f"(as the test saw it: {', '.join(f'{s:.3f}' for s in lateness)} s late); the "
          f"hourglass flood's answers {dict(codes)}")
    assert codes["RESOURCE_EXHAUSTED"] > 0 and codes["OK"] <= 20  # held at its cap
    assert fired >= 3 and in_time == fired  # every clock fired (the next seats' too)
    assert max(lateness) < 1.0  # seen by the test too, with its own polling's delay


def _run(service: ServiceProcess) -> tuple[list[float], Counter[str], str]:
    with channel_to(service.port) as flood_channel, channel_to(service.port) as channel:
        flooder, client = Client(flood_channel), Client(channel)
        stop = threading.Event()
        codes: Counter[str] = Counter()

        def flood() -> None:
            request = _hourglass()
            while not stop.is_set():
                try:
                    flooder.stub.CreateMatch(request, metadata=FLOODER, timeout=10)
                    codes["OK"] += 1
                except grpc.RpcError as err:
                    codes[err.code().name] += 1

        threads = [threading.Thread(target=flood) for _ in range(4)]
        for thread in threads:
            thread.start()
        lateness = []
        try:
            time.sleep(0.5)
            for _ in range(3):
                created = client.stub.CreateMatch(pb.CreateMatchRequest(
                    game=GAME_ENUM["vivo"], players=3, clock=pb.MoveClock(
                        seconds=1.0, on_expiry=pb.CLOCK_EXPIRY_FORFEIT)),
                    metadata=VICTIM, timeout=10)
                view = client.view(created.match_id)
                deadline = view.deadline.ToMicroseconds() / 1e6
                seat = mover(view)
                while not client.view(created.match_id).seats[seat].resigned:
                    assert time.time() < deadline + 10, "the clock never fired"
                    time.sleep(0.01)
                lateness.append(time.time() - deadline)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        return lateness, codes, scrape(service.metrics_port)
