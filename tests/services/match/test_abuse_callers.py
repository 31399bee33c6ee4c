"""Per-caller quotas follow the caller (cardroom.shared.rpc.identity), not the connection
nor the replica: many source addresses of one host (a forwarder per loopback address), a
trusted proxy forwarding many clients, a forged x-forwarded-for, two replicas on one Redis,
two channels of one caller, and the sliding creation window."""

from __future__ import annotations

import dataclasses
import ipaddress
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import grpc
import pytest
from support.forwarder import Forwarders
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server, match_settings
from support.match_fixtures import new_service
from support.match_play import Clock

from cardroom.services.match.model import BOT, ClockSpec, SeatSpec
from cardroom.services.match.quotas import Quotas
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.errors import ResourceExhausted
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.rpc.settings import Settings

OPEN_GAME = {"game": GAME_ENUM["vivo"], "players": 3,
             "seats": [pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
                       pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]}
#: Fifty loopback addresses of 127.0.0.0/24 (every one is this host's).
SOURCES = [f"127.0.0.{i}" for i in range(2, 52)]
PER_CALLER = 2


def common(redis_url: str, **changes: Any) -> Settings:
    """The test replica's common settings with `changes` (who a caller is)."""
    return dataclasses.replace(match_settings(redis_url).common, **changes)


def create(stub: Any, metadata: tuple[tuple[str, str], ...] = ()) -> grpc.StatusCode:
    """One CreateMatch of an open vivo match: OK or the refusal's code."""
    try:
        stub.CreateMatch(pb.CreateMatchRequest(**OPEN_GAME), metadata=metadata, timeout=10)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, err.details()
        assert "MATCH_LIVE_PER_CREATOR" in (err.details() or "")
        return err.code()
    return grpc.StatusCode.OK


def made(stub: Any, tries: int, metadata: tuple[tuple[str, str], ...] = ()) -> int:
    """How many of `tries` creations succeeded."""
    return sum(create(stub, metadata) == grpc.StatusCode.OK for _ in range(tries))


@contextmanager
def stubs_from(port: int, sources: list[str]) -> Iterator[dict[str, Any]]:
    """A stub per source address, each on its own connection from that address."""
    with Forwarders(port, sources) as forward, ExitStack() as stack:
        yield {s: Client(stack.enter_context(channel_to(forward.ports[s]))).stub
               for s in sources}


def test_fifty_loopback_addresses_each_get_their_own_quota(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=PER_CALLER,
                      max_live=0) as server, stubs_from(server.port, SOURCES) as stubs:
        counts = {source: made(stub, PER_CALLER + 1) for source, stub in stubs.items()}
    assert set(counts.values()) == {PER_CALLER}, counts


def test_addresses_of_one_configured_network_are_one_caller(redis_url: str) -> None:
    with match_server(redis_url, common=common(redis_url, caller_ipv4_prefix=24),
                      create_per_minute=0, live_per_creator=PER_CALLER, max_live=0
                      ) as server, stubs_from(server.port, SOURCES[:10]) as stubs:
        total = sum(made(stub, PER_CALLER) for stub in stubs.values())
    assert total == PER_CALLER  # the /24 is one caller: ten addresses share its quota


def test_a_trusted_proxy_forwarding_fifty_clients_gives_each_its_own_quota(
        redis_url: str) -> None:
    proxy = common(redis_url, trusted_proxies=(ipaddress.ip_network("127.0.0.1/32"),))
    clients = [f"198.51.100.{i}" for i in range(1, 51)]
    with match_server(redis_url, common=proxy, create_per_minute=0,
                      live_per_creator=PER_CALLER, max_live=0) as server, \
            channel_to(server.port) as channel:
        stub = Client(channel).stub
        # A proxy appends the address it received the call from to what the client sent.
        counts = {c: made(stub, PER_CALLER + 1, (("x-forwarded-for", f"10.9.9.9, {c}"),))
                  for c in clients}
    assert set(counts.values()) == {PER_CALLER}, counts


def test_a_forged_forwarded_for_from_an_untrusted_address_is_ignored(redis_url: str) -> None:
    proxy = common(redis_url, trusted_proxies=(ipaddress.ip_network("127.0.0.1/32"),))
    with match_server(redis_url, common=proxy, create_per_minute=0,
                      live_per_creator=PER_CALLER, max_live=0) as server, \
            stubs_from(server.port, ["127.0.0.9"]) as stubs:
        stub = stubs["127.0.0.9"]
        total = sum(made(stub, 1, (("x-forwarded-for", f"198.51.100.{i}"),))
                    for i in range(1, 11))
    assert total == PER_CALLER  # ten made-up clients, one caller: 127.0.0.9


def test_two_replicas_on_one_redis_draw_on_one_budget(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=3, max_live=0
                      ) as one, match_server(redis_url, create_per_minute=0,
                                             live_per_creator=3, max_live=0) as two, \
            channel_to(one.port) as a, channel_to(two.port) as b:
        stubs = [Client(a).stub, Client(b).stub]
        total = sum(made(stubs[i % 2], 1) for i in range(8))
    assert total == 3


def test_two_channels_of_one_caller_share_its_quotas(redis_url: str) -> None:
    with match_server(redis_url, create_per_minute=0, live_per_creator=3, max_live=0
                      ) as server, channel_to(server.port) as a, channel_to(server.port) as b:
        stubs = [Client(a).stub, Client(b).stub]
        total = sum(made(stubs[i % 2], 1) for i in range(8))
        assert total == 3
    # The per-caller stream limit too: streams of two connections count together.
    with match_server(redis_url, max_streams_per_peer=2, create_per_minute=0,
                      live_per_creator=0, max_live=0) as server, \
            channel_to(server.port) as a, channel_to(server.port) as b:
        match_id = Client(a).stub.CreateMatch(pb.CreateMatchRequest(**OPEN_GAME),
                                              timeout=10).match_id
        watch = pb.WatchMatchRequest(match_id=match_id)
        open_streams = [Client(a).stub.WatchMatch(watch, timeout=10),
                        Client(b).stub.WatchMatch(watch, timeout=10)]
        for stream in open_streams:
            next(stream)  # each is open and has its first event
        with pytest.raises(grpc.RpcError) as err:
            next(Client(b).stub.WatchMatch(watch, timeout=10))
        assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "MATCH_MAX_STREAMS_PER_PEER" in (err.value.details() or "")
        for stream in open_streams:
            stream.cancel()


async def test_the_creation_window_slides_over_a_minute_boundary(
        repo: MatchRepo, clock: Clock) -> None:
    service = new_service(repo, clock=clock, quotas=Quotas(per_minute=5, live_per_creator=0,
                                                            max_live=0))
    clock.now = 1_800_000_000.0 - 1_800_000_000.0 % 60 + 59.0  # a second before a minute ends
    for _ in range(5):
        await service.create_match("vivo", 3, caller="someone")
    clock.advance(2.0)  # a calendar minute would start counting afresh here
    with pytest.raises(ResourceExhausted) as err:
        await service.create_match("vivo", 3, caller="someone")
    assert err.value.limit == "MATCH_CREATE_PER_MINUTE"
    clock.advance(58.5)  # 60.5 s after the first five: they left the window
    for _ in range(5):
        await service.create_match("vivo", 3, caller="someone")
    with pytest.raises(ResourceExhausted):
        await service.create_match("vivo", 3, caller="someone")


async def test_live_timed_matches_and_bot_seats_by_cost_per_caller(
        repo: MatchRepo, clock: Clock) -> None:
    service = new_service(repo, clock=clock, quotas=Quotas(
        per_minute=0, live_per_creator=0, max_live=0, timed_per_creator=2,
        bot_cost_per_creator=6))
    timed = ClockSpec(60.0, "forfeit")
    for _ in range(2):
        await service.create_match("vivo", 3, clock=timed, caller="a")
    with pytest.raises(ResourceExhausted) as err:
        await service.create_match("vivo", 3, clock=timed, caller="a")
    assert err.value.limit == "MATCH_LIVE_TIMED_PER_CREATOR"
    await service.create_match("vivo", 3, caller="a")  # untimed: not counted there
    await service.create_match("vivo", 3, clock=timed, caller="b")  # another caller
    # Bots: a fast seat costs 1, a search policy's 4.
    fast = [SeatSpec(), SeatSpec(BOT, policy="random"), SeatSpec(BOT, policy="random")]
    search = [SeatSpec(), SeatSpec(BOT, policy="ismcts"), SeatSpec(BOT, policy="random")]
    await service.create_match("vivo", 3, seats=fast, caller="c")  # 2
    with pytest.raises(ResourceExhausted) as err:
        await service.create_match("vivo", 3, seats=search, caller="c")  # 2 + 5 > 6
    assert err.value.limit == "MATCH_BOT_COST_PER_CREATOR"
    await service.create_match("vivo", 3, seats=fast, caller="c")  # 4
    await service.create_match("vivo", 3, seats=fast, caller="c")  # 6
    with pytest.raises(ResourceExhausted):
        await service.create_match("vivo", 3, seats=fast, caller="c")
