"""A match's watchers are capped (MATCH_MAX_WATCHERS): each stream of a match costs a share of
every move's fan-out, so one caller cannot pile hundreds of streams onto one match. One more
is RESOURCE_EXHAUSTED naming the setting; another match's streams are not affected, and a
place freed is taken again."""

from __future__ import annotations

import time

import grpc
from support.grpc_servers import channel_to, sample, scrape
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

CAP = 5


def _match(client: Client) -> str:
    return str(client.stub.CreateMatch(pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3),
                                       metadata=auth(ADMIN), timeout=10).match_id)


def _watch(client: Client, match_id: str) -> grpc.Future:  # a call that is also a future
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=30)
    next(stream)  # open: the first event arrived
    return stream


def test_a_match_takes_its_cap_of_watchers_and_refuses_one_more(redis_url: str) -> None:
    with match_server(redis_url, max_watchers=CAP) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        first, other = _match(client), _match(client)
        streams = [_watch(client, first) for _ in range(CAP)]
        refused = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=first), timeout=10)
        try:
            next(refused)
            raise AssertionError("a watcher past the cap was let in")
        except grpc.RpcError as err:
            assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "MATCH_MAX_WATCHERS" in (err.details() or "")
        elsewhere = _watch(client, other)  # another match has places of its own
        streams[0].cancel()
        for _ in range(100):
            if server.limits.by_match.get(first) == CAP - 1:
                break
            time.sleep(0.05)
        again = _watch(client, first)  # the freed place is taken again
        refusals = sample(scrape(server.rpc.metrics_port), "cardroom_match_limit_refusals_total",
                          limit="max_watchers")
        for stream in [*streams[1:], elsewhere, again]:
            stream.cancel()
    assert refusals == 1
