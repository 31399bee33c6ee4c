"""WatchLobby across replicas: the snapshot of open matches, each change (opened, seat taken,
started, gone) pushed to a stream on another replica, summaries with options and clock,
private matches never shown, resuming from a cursor, a cursor too old or past the end, and
the stream limits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf.duration_pb2 import Duration
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import mixmatch_pb2, vivo_pb2
from cardroom.shared.wire.errors import error_reason, field_violations

Code = grpc.StatusCode
K = pb.LobbyChangeKind


@pytest.fixture
def replicas(redis_url: str) -> Iterator[tuple[Client, Client]]:
    """Two replicas of one store, a client of each."""
    with match_server(redis_url) as one, match_server(redis_url) as two, \
            channel_to(one.port) as first, channel_to(two.port) as second:
        yield Client(first), Client(second)


def _open_table(client: Client, game: str = "vivo", private: bool = False,
                **fields: Any) -> tuple[str, str]:
    """A 3-player table with one human seat and two open ones: its id and the human's token."""
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=3, private=private,
        seats=[pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, name="host"),
               pb.SeatSpec(kind=pb.SEAT_KIND_OPEN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)],
        **fields), timeout=10)
    return created.match_id, created.tokens[0].token


def _take(stream: Any, count: int) -> list[pb.WatchLobbyResponse]:
    return [next(stream) for _ in range(count)]


def test_lobby_stream_pushes_every_change_across_replicas(replicas: tuple[Client, Client]
                                                          ) -> None:
    writer, reader = replicas
    clock = pb.MoveClock(seconds=40, on_expiry=pb.CLOCK_EXPIRY_FORFEIT)
    waiting, waiting_token = _open_table(writer, clock=clock,
                                         vivo_options=vivo_pb2.VivoOptions(first_lead=2))
    _open_table(writer, private=True)  # never shown
    stream = reader.stub.WatchLobby(pb.WatchLobbyRequest(), timeout=30)
    listed, current = _take(stream, 2)
    assert (listed.kind, listed.match_id) == (K.LOBBY_CHANGE_KIND_LISTED, waiting)
    assert current.kind == K.LOBBY_CHANGE_KIND_CURRENT and current.cursor == listed.cursor
    # The summary carries what a lobby screen shows: no GetMatch per entry.
    assert listed.match.vivo_options.first_lead == 2
    assert listed.match.clock.seconds == 40
    assert listed.match.clock.on_expiry == pb.CLOCK_EXPIRY_FORFEIT
    assert list(listed.match.open_seats) == [1, 2]

    table, _ = _open_table(writer, game="mixmatch",
                           mixmatch_options=mixmatch_pb2.MixMatchOptions(
                               hourglass=Duration(seconds=30)))
    _open_table(writer, private=True)
    writer.stub.JoinMatch(pb.JoinMatchRequest(match_id=table, name="ann"), timeout=10)
    writer.stub.JoinMatch(pb.JoinMatchRequest(match_id=table, name="bo"), timeout=10)
    writer.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=waiting), timeout=10,
                             metadata=auth(waiting_token))
    changes = _take(stream, 4)
    stream.cancel()
    assert [(c.kind, c.match_id) for c in changes] == [
        (K.LOBBY_CHANGE_KIND_OPENED, table), (K.LOBBY_CHANGE_KIND_SEAT_TAKEN, table),
        (K.LOBBY_CHANGE_KIND_STARTED, table), (K.LOBBY_CHANGE_KIND_GONE, waiting)]
    opened, taken, started, gone = changes
    assert opened.match.mixmatch_options.hourglass.seconds == 30
    assert list(opened.match.open_seats) == [1, 2] and list(taken.match.open_seats) == [2]
    assert taken.match.seats[1].name == "ann"
    assert started.match.status == pb.MATCH_STATUS_ACTIVE
    assert gone.match.status == pb.MATCH_STATUS_ABANDONED
    versions = [c.match.version for c in changes[:3]]
    assert versions == sorted(versions) and len(set(versions)) == 3
    cursors = [c.cursor for c in changes]
    assert len(set(cursors)) == 4 and cursors[0] > current.cursor

    # Resumed on the other replica from the seat-taken change: the changes after it, then
    # CURRENT; no snapshot.
    resumed = writer.stub.WatchLobby(pb.WatchLobbyRequest(cursor=taken.cursor), timeout=30)
    again = _take(resumed, 3)
    resumed.cancel()
    assert [(c.kind, c.match_id, c.cursor) for c in again[:2]] == [
        (K.LOBBY_CHANGE_KIND_STARTED, table, started.cursor),
        (K.LOBBY_CHANGE_KIND_GONE, waiting, gone.cursor)]
    assert again[2].kind == K.LOBBY_CHANGE_KIND_CURRENT and again[2].cursor == gone.cursor

    # Only one game's changes.
    vivo_only = reader.stub.WatchLobby(pb.WatchLobbyRequest(
        game=GAME_ENUM["vivo"], cursor=current.cursor), timeout=30)
    first, caught_up = _take(vivo_only, 2)
    vivo_only.cancel()
    assert (first.kind, first.match_id) == (K.LOBBY_CHANGE_KIND_GONE, waiting)
    assert caught_up.kind == K.LOBBY_CHANGE_KIND_CURRENT


def test_lobby_gone_when_deleted_and_listing_carries_terms(
        replicas: tuple[Client, Client]) -> None:
    writer, reader = replicas
    table, _ = _open_table(writer, clock=pb.MoveClock(seconds=25))
    listed = reader.stub.ListMatches(pb.ListMatchesRequest(), timeout=10).matches
    assert [m.match_id for m in listed] == [table]
    assert listed[0].HasField("vivo_options") and listed[0].clock.seconds == 25
    stream = reader.stub.WatchLobby(pb.WatchLobbyRequest(), timeout=30)
    assert [c.kind for c in _take(stream, 2)] == [K.LOBBY_CHANGE_KIND_LISTED,
                                                  K.LOBBY_CHANGE_KIND_CURRENT]
    writer.stub.DeleteMatch(pb.DeleteMatchRequest(match_id=table), timeout=10,
                            metadata=auth("admin-token-for-tests"))
    gone = next(stream)
    stream.cancel()
    assert (gone.kind, gone.match_id, gone.HasField("match")) == (
        K.LOBBY_CHANGE_KIND_GONE, table, False)


def _refusal(stub: Any, cursor: str) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        next(stub.WatchLobby(pb.WatchLobbyRequest(cursor=cursor), timeout=10))
    return caught.value


def test_lobby_cursor_too_old_past_the_end_or_malformed(redis_url: str) -> None:
    with match_server(redis_url, lobby_feed_length=2) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        stream = client.stub.WatchLobby(pb.WatchLobbyRequest(), timeout=30)
        assert next(stream).kind == K.LOBBY_CHANGE_KIND_CURRENT  # an empty lobby
        tables = [_open_table(client)[0] for _ in range(4)]
        changes = _take(stream, 4)
        stream.cancel()
        assert [c.match_id for c in changes] == tables
        # The feed keeps two changes: after the second, the third and fourth are there;
        # after the first, the second is gone, so that cursor is refused, not half-served.
        kept = client.stub.WatchLobby(pb.WatchLobbyRequest(cursor=changes[1].cursor),
                                      timeout=10)
        assert [c.match_id for c in _take(kept, 2)] == tables[2:]
        kept.cancel()
        trimmed = _refusal(client.stub, changes[0].cursor)
        assert trimmed.code() == Code.OUT_OF_RANGE
        assert error_reason(trimmed) == "ERROR_REASON_OUT_OF_RANGE"
        assert field_violations(trimmed)[0][0] == "cursor"
        assert "start again without a cursor" in (trimmed.details() or "")
        # Older than the feed's time to live (an hour by default).
        assert _refusal(client.stub, "1000-0").code() == Code.OUT_OF_RANGE
        newest = changes[-1].cursor
        past = f"{int(newest.split('-')[0]) + 60_000}-0"
        assert _refusal(client.stub, past).code() == Code.OUT_OF_RANGE
        malformed = _refusal(client.stub, "yesterday")
        assert malformed.code() == Code.INVALID_ARGUMENT
        assert field_violations(malformed)[0][0] == "cursor"


def test_lobby_stream_counts_against_the_stream_limits(redis_url: str) -> None:
    with match_server(redis_url, max_streams_per_peer=1) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        lobby = client.stub.WatchLobby(pb.WatchLobbyRequest(), timeout=30)
        assert next(lobby).kind == K.LOBBY_CHANGE_KIND_CURRENT
        table, _ = _open_table(client)
        with pytest.raises(grpc.RpcError) as caught:
            next(client.stub.WatchMatch(pb.WatchMatchRequest(match_id=table), timeout=10))
        assert caught.value.code() == Code.RESOURCE_EXHAUSTED
        with pytest.raises(grpc.RpcError) as caught:
            next(client.stub.WatchLobby(pb.WatchLobbyRequest(), timeout=10))
        assert caught.value.code() == Code.RESOURCE_EXHAUSTED
        assert next(lobby).match_id == table  # the first stream still follows
        lobby.cancel()
