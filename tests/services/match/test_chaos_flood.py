"""A flood of CreateMatch from one caller, against a real replica for a bounded time, leaves
another caller's play unaffected: the flood is refused by the creation quota, and the other
caller's moves go on throughout it (their p99 with and without the flood is printed)."""

from __future__ import annotations

import threading
import time

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server, mover

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

#: Seconds the flood lasts.
FLOOD_S = 5.0
#: Moves timed before the flood (the baseline).
QUIET_MOVES = 60


def p99(samples: list[float]) -> float:
    """The 99th percentile of `samples`."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def new_match(client: Client) -> tuple[str, dict[int, str]]:
    """A vivo match the admin creates for the player (the admin is not limited)."""
    created = client.stub.CreateMatch(pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3),
                                      metadata=auth(ADMIN), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def timed_move(client: Client, match: tuple[str, dict[int, str]]) -> float:
    """Seconds one SubmitMove of the seat to act takes."""
    match_id, tokens = match
    seat = mover(client.view(match_id))
    mine = client.view(match_id, tokens[seat])
    started = time.perf_counter()
    client.move(match_id, tokens[seat], "vivo", mine.legal_moves[0], mine.version)
    return time.perf_counter() - started


def play(client: Client, matches: list[tuple[str, dict[int, str]]], until: float,
         most: int) -> list[float]:
    """Timed moves, six per match, until `until` (monotonic) or `most` moves."""
    seconds: list[float] = []
    for match in matches:
        for _ in range(6):
            if time.monotonic() >= until or len(seconds) >= most:
                return seconds
            seconds.append(timed_move(client, match))
    return seconds


@pytest.mark.alone  # the flood takes the cores: its bound on the other caller needs them
def test_a_create_flood_leaves_another_callers_moves_alone(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=100) as server, \
            channel_to(server.port) as player_channel, \
            channel_to(server.port) as flood_channel:
        player, flooder = Client(player_channel), Client(flood_channel)
        matches = [new_match(player) for _ in range(120)]
        quiet = play(player, matches[:QUIET_MOVES // 6], time.monotonic() + 60, QUIET_MOVES)
        stop = threading.Event()
        outcomes: dict[str, int] = {}
        lock = threading.Lock()

        def flood() -> None:
            request = pb.CreateMatchRequest(game=GAME_ENUM["mixmatch"], players=2)
            while not stop.is_set():
                try:
                    flooder.stub.CreateMatch(request, timeout=10)
                    code = "OK"
                except grpc.RpcError as err:
                    code = err.code().name
                with lock:
                    outcomes[code] = outcomes.get(code, 0) + 1

        threads = [threading.Thread(target=flood) for _ in range(4)]
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.5)  # the flood is under way
            loud = play(player, matches[QUIET_MOVES // 6:], time.monotonic() + FLOOD_S, 10**6)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
    print(f"\nSubmitMove p99 {p99(quiet) * 1000:.1f} ms quiet, {p99(loud) * 1000:.1f} ms "
          f"under a CreateMatch flood ({len(loud)} moves); flood answers {outcomes}")
    assert outcomes.get("OK", 0) <= 100  # the quota held the flood
    assert outcomes.get("RESOURCE_EXHAUSTED", 0) > 0
    # The other caller kept playing throughout: many moves, none held back until the flood
    # ended (a move queued behind it would take most of FLOOD_S). How much slower they were
    # is a figure, printed above and measured by bench.load, not asserted: on a shared
    # 2-core machine a tail latency moves with whatever else runs.
    assert len(loud) >= 30
    assert max(loud) < FLOOD_S / 2
