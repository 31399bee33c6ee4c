"""The store keeps room for play: a small Redis (maxmemory, noeviction) flooded with
creations from many addresses of one host refuses new matches at its high-water mark
(MATCH_STORE_HIGH_WATER), while a running match's moves, a join and a resign go on and
health stays SERVING; a page of the public lobby shows at most MATCH_LOBBY_PER_CREATOR open
tables of one creator."""

from __future__ import annotations

import random
import time
from collections import Counter
from contextlib import ExitStack

import grpc
import redis
from grpc_health.v1 import health_pb2
from support.forwarder import Forwarders
from support.grpc_servers import channel_to, health_status
from support.match_client import GAME_ENUM, Client, auth, match_server, play_turn
from support.match_fixtures import with_store

from cardroom.services.match.repo import MatchRepo
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
SOURCES = [f"127.0.0.{i}" for i in range(2, 22)]
#: Room above what Redis uses at the start, and the share of it that is the mark.
ROOM, MARK = 4 << 20, 0.5
PER_PAGE = 3


def test_creation_is_refused_at_the_mark_while_play_goes_on(redis_url: str) -> None:
    with match_server(redis_url, health_interval_s=0.1, store_high_water=MARK,
                      create_per_minute=0, live_per_creator=60, max_live=0,
                      lobby_per_creator=PER_PAGE) as server, \
            channel_to(server.port) as channel, redis.Redis.from_url(redis_url) as store, \
            Forwarders(server.port, SOURCES) as forward, ExitStack() as stack:
        player = Client(channel)
        running = player.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3), timeout=10)
        waiting = player.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3, seats=[pb.SeatSpec(), pb.SeatSpec(), OPEN]),
            timeout=10)
        tokens = {t.seat: t.token for t in running.tokens}
        rng = random.Random(3)
        used = int(store.info("memory")["used_memory"])
        store.config_set("maxmemory-policy", "noeviction")
        store.config_set("maxmemory", used + ROOM)
        try:
            stubs = [Client(stack.enter_context(channel_to(forward.ports[s]))).stub
                     for s in SOURCES]
            request = pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3,
                                            seats=[pb.SeatSpec(), OPEN, OPEN])
            made, refusal = 0, None
            deadline = time.monotonic() + 60
            while refusal is None:
                assert time.monotonic() < deadline, "the mark was never reached"
                try:
                    stubs[made % len(stubs)].CreateMatch(request, timeout=10)
                    made += 1
                except grpc.RpcError as err:
                    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, err.details()
                    if "MATCH_STORE_HIGH_WATER" in (err.details() or ""):
                        refusal = err
            info = store.info("memory")
            print(f"\n{made} matches from {len(SOURCES)} addresses before the mark; "
                  f"used_memory {info['used_memory']} of maxmemory {info['maxmemory']}")
            assert made > 50
            # Every address is refused now, and stays so while the store is that full.
            for stub in stubs[:5]:
                try:
                    stub.CreateMatch(request, timeout=10)
                    raise AssertionError("a match was created past the mark")
                except grpc.RpcError as err:
                    assert "MATCH_STORE_HIGH_WATER" in (err.details() or "")
            # Play goes on: moves, a join that starts a match, a resign, reads.
            for turn in range(12):
                assert play_turn([player], running.match_id, tokens, rng, turn) is not None
            joined = player.stub.JoinMatch(pb.JoinMatchRequest(match_id=waiting.match_id,
                                                               name="late"), timeout=10)
            player.stub.Resign(pb.ResignRequest(match_id=waiting.match_id),
                               metadata=auth(joined.token), timeout=10)
            assert player.view(waiting.match_id).status == pb.MATCH_STATUS_ACTIVE
            assert health_status(channel, "") == health_pb2.HealthCheckResponse.SERVING
            assert int(store.info("memory")["used_memory"]) < (used + ROOM) * 0.98
            # The lobby: no creator fills a page.
            page = player.stub.ListMatches(pb.ListMatchesRequest(
                status=pb.MATCH_STATUS_OPEN, page_size=50), timeout=10).matches
            assert len(page) >= PER_PAGE * 5

            async def creators(repo: MatchRepo) -> Counter[str]:
                snaps = await repo.load_many([m.match_id for m in page])
                return Counter(s.record.creator for s in snaps if s and s.record.creator)
            assert max(with_store(redis_url, creators).values()) <= PER_PAGE
        finally:
            store.config_set("maxmemory", 0)
        # With room again, creation is taken again.
        deadline = time.monotonic() + 5
        while True:
            try:
                stubs[0].CreateMatch(request, timeout=10)
                break
            except grpc.RpcError as err:
                assert "MATCH_STORE_HIGH_WATER" in (err.details() or "")
                assert time.monotonic() < deadline
                time.sleep(0.1)
