"""One address creating an open match and abandoning it, over and over, within every quota:
the store stays flat (a match that never started expires within MATCH_UNSTARTED_TTL and
counts against its creator until then), where it used to keep each for 7 days."""

from __future__ import annotations

import time

import grpc
import redis
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

OPEN_GAME = {"game": GAME_ENUM["vivo"], "players": 3,
             "seats": [pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
                       pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]}
UNSTARTED_S, LIVE = 2.0, 20
WARM_S, RUN_S = 6.0, 22.0


def test_create_and_abandon_leaves_the_store_flat(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=LIVE, max_live=0,
                      unstarted_ttl_s=UNSTARTED_S) as server, \
            channel_to(server.port) as channel, redis.Redis.from_url(redis_url) as store:
        stub = Client(channel).stub
        cycles = refused = 0
        warm: tuple[int, int] | None = None
        started = time.monotonic()
        while (elapsed := time.monotonic() - started) < RUN_S:
            if warm is None and elapsed >= WARM_S:
                warm = (store.dbsize(), int(store.info("memory")["used_memory"]))
            try:
                made = stub.CreateMatch(pb.CreateMatchRequest(**OPEN_GAME), timeout=10)
            except grpc.RpcError as err:
                assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert "MATCH_LIVE_PER_CREATOR" in (err.details() or "")
                refused += 1
                time.sleep(0.05)
                continue
            stub.AbandonMatch(pb.AbandonMatchRequest(match_id=made.match_id),
                              metadata=auth(made.tokens[0].token), timeout=10)
            cycles += 1
        keys, used = store.dbsize(), int(store.info("memory")["used_memory"])
    assert warm is not None
    print(f"{cycles} create/abandon cycles, {refused} refused; keys {warm[0]} -> {keys}, "
          f"used_memory {warm[1]} -> {used}")
    # Those that exist are at most the creator's live quota (each a few keys) plus what
    # the next expiry pass has not reached yet; the lobby hints are trimmed in steps.
    assert cycles > 2 * LIVE
    assert keys <= warm[0] + 4 * LIVE
    assert used - warm[1] < 1_000_000
