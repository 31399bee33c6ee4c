"""Administrative RPCs need the admin credential: DeleteMatch, and ListMatches with
include_private (private matches stay out of everyone else's lobby). Without a token they
are UNAUTHENTICATED, with any other token (a seat's, the bot credential, a forged one)
PERMISSION_DENIED, and nothing changes; with the admin token a match and its record are
gone at once, its open streams end, and private matches are listed."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server, mover

from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

BOT_TOKEN = "bot-token-for-admin-tests"
Code = grpc.StatusCode


@pytest.fixture
def served(redis_url: str) -> Iterator[tuple[MatchServer, Client, redis.Redis]]:
    """A replica, a client of it and a client of its Redis."""
    with match_server(redis_url, bot_token=BOT_TOKEN, timer_interval_s=0.05) as server, \
            channel_to(server.port) as channel, \
            redis.Redis.from_url(redis_url, decode_responses=True) as db:
        yield server, Client(channel), db


def _create(client: Client, private: bool = False, **fields: Any) -> tuple[str, dict[int, str]]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, private=private, **fields), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _code(call: Any) -> Code:
    try:
        call()
    except grpc.RpcError as error:
        return error.code()
    return Code.OK


def _listed(client: Client, token: str | None = None, private: bool = False) -> list[str]:
    found, page = [], ""
    while True:
        reply = client.stub.ListMatches(pb.ListMatchesRequest(
            page_size=2, page_token=page, include_private=private), metadata=auth(token),
            timeout=5)
        found += [m.match_id for m in reply.matches]
        if not reply.next_page_token:
            return found
        page = reply.next_page_token


def _dump(db: Any) -> dict[str, Any]:
    return {k: (db.type(k), db.dump(k)) for k in sorted(db.keys("*"))}


def test_admin_only_delete_and_private_listing_refuse_every_other_credential(
        served: tuple[MatchServer, Client, redis.Redis]) -> None:
    _, client, db = served
    match_id, tokens = _create(client)
    other_id, other_tokens = _create(client)
    before = _dump(db)
    non_admin = {"seat": tokens[0], "another match's seat": other_tokens[1], "bot": BOT_TOKEN,
                 "forged": "x" * 43}
    delete = pb.DeleteMatchRequest(match_id=match_id)
    listing = pb.ListMatchesRequest(include_private=True)
    assert _code(lambda: client.stub.DeleteMatch(delete, timeout=5)) == Code.UNAUTHENTICATED
    assert _code(lambda: client.stub.ListMatches(listing, timeout=5)) == Code.UNAUTHENTICATED
    for name, token in non_admin.items():
        assert _code(lambda t=token: client.stub.DeleteMatch(
            delete, metadata=auth(t), timeout=5)) == Code.PERMISSION_DENIED, name
        assert _code(lambda t=token: client.stub.ListMatches(
            listing, metadata=auth(t), timeout=5)) == Code.PERMISSION_DENIED, name
    assert _dump(db) == before  # nothing changed
    assert client.view(match_id).version == 1 and client.view(other_id).version == 1


def test_admin_delete_removes_the_match_and_its_record_at_once(
        served: tuple[MatchServer, Client, redis.Redis]) -> None:
    server, client, db = served
    match_id, tokens = _create(client, clock=pb.MoveClock(seconds=2.0))
    seat = mover(client.view(match_id))
    move = client.view(match_id, tokens[seat]).legal_moves[0]
    client.move(match_id, tokens[seat], "vivo", move, 1, request_id="before-delete")
    kept_id, _ = _create(client)
    streamed: list[pb.MatchEvent] = []
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=30)
    watcher = threading.Thread(target=lambda: streamed.extend(i.event for i in stream))
    watcher.start()
    deadline = time.monotonic() + 5
    while not streamed:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    reply = client.stub.DeleteMatch(pb.DeleteMatchRequest(match_id=match_id),
                                    metadata=auth(ADMIN), timeout=5)
    assert reply.version == 2
    watcher.join(5)
    assert not watcher.is_alive()  # the open stream ended
    for call in (lambda: client.view(match_id),
                 lambda: client.move(match_id, tokens[seat], "vivo", move, 2),
                 lambda: client.stub.DeleteMatch(pb.DeleteMatchRequest(match_id=match_id),
                                                 metadata=auth(ADMIN), timeout=5)):
        assert _code(call) == Code.NOT_FOUND
    assert match_id not in _listed(client) and kept_id in _listed(client)
    left = [k for k in db.keys("*") if match_id in k]
    # Only the request record of the earlier move is left (whatever the key's layout past
    # the match's hash tag), and it expires by itself.
    assert len(left) == 1
    assert left[0].startswith(f"cardroom:match:{{{match_id}}}:request:")
    assert left[0].endswith(":before-delete")
    assert db.pttl(left[0]) > 0
    assert not any(match_id in m for k in db.keys("cardroom:{lobby:*}:*:any")
                   for m in db.zrange(k, 0, -1))
    assert client.view(kept_id).version == 1
    # Its clock's timer entries are dropped once due, without firing anything. (Its idle
    # entry, due MATCH_IDLE_TTL after the last write, is not due within the test.)
    deadline = time.monotonic() + 8
    soon_ms = (time.time() + 60) * 1000
    while [m for k in db.keys("cardroom:{timers:*}:due")
           for m in db.zrangebyscore(k, "-inf", soon_ms) if match_id in m]:
        assert time.monotonic() < deadline, "the deleted match's timer entries stayed"
        time.sleep(0.05)
    assert server.service.metrics.timer_firings.labels("clock")._value.get() == 0
    assert _code(lambda: client.view(match_id)) == Code.NOT_FOUND


def test_private_matches_stay_out_of_the_lobby_but_the_admin_lists_them(
        served: tuple[MatchServer, Client, redis.Redis]) -> None:
    _, client, _ = served
    public = [_create(client)[0] for _ in range(3)]
    private = [_create(client, private=True)[0] for _ in range(3)]
    seat_token = _create(client)[1][0]
    for token in (None, seat_token):
        listed = _listed(client, token)
        assert set(public) <= set(listed) and not set(private) & set(listed)
    everything = _listed(client, ADMIN, private=True)
    assert set(public) | set(private) <= set(everything)
    assert everything == sorted(everything, reverse=True)  # newest first, paged
    # A private match is still reachable by its id, by whoever is given it.
    assert client.view(private[0]).match_id == private[0]
    reply = client.stub.ListMatches(pb.ListMatchesRequest(page_size=7, include_private=True),
                                    metadata=auth(ADMIN), timeout=5)
    assert {m.match_id for m in reply.matches if m.private} == set(private)
    # A page token of the admin's listing is not one of the public lobby (a page of two of
    # the seven matches above: the last page has no token).
    first = client.stub.ListMatches(pb.ListMatchesRequest(page_size=2, include_private=True),
                                    metadata=auth(ADMIN), timeout=5)
    assert first.next_page_token
    assert _code(lambda: client.stub.ListMatches(pb.ListMatchesRequest(
        page_token=first.next_page_token), timeout=5)) == Code.INVALID_ARGUMENT
