"""The creator's credential: every CreateMatch returns one, so the creator of a table with
only open and bot seats (no seat token) can withdraw it, and the table counts against
MATCH_LIVE_PER_CREATOR only while it exists (a table called off before it started until it
expires, MATCH_UNSTARTED_TTL); the credential speaks for no seat."""

from __future__ import annotations

import time

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, auth, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.errors import error_reason

Code = grpc.StatusCode
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")


def _create(client: Client, *seats: pb.SeatSpec) -> pb.CreateMatchResponse:
    return client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, seats=list(seats)), timeout=10)


def _code(call: object) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()  # type: ignore[operator]
    return caught.value


def test_creator_withdraws_a_table_without_seat_tokens_and_its_quota_frees(
        redis_url: str) -> None:
    with match_server(redis_url, live_per_creator=1, unstarted_ttl_s=1.0) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        table = _create(client, OPEN, OPEN, BOT)
        assert not table.tokens and table.creator_token
        refused = _code(lambda: _create(client, OPEN, OPEN, OPEN))
        assert refused.code() == Code.RESOURCE_EXHAUSTED  # the one live table counts
        anonymous = _code(lambda: client.stub.AbandonMatch(
            pb.AbandonMatchRequest(match_id=table.match_id), timeout=10))
        assert anonymous.code() == Code.UNAUTHENTICATED
        # The creator's credential sees the spectator's view and moves for no seat.
        view = client.stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id), timeout=10,
                                    metadata=auth(table.creator_token)).match
        assert not view.HasField("seat")
        done = client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=table.match_id),
                                        timeout=10, metadata=auth(table.creator_token))
        assert done.version == 2
        view = client.stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id),
                                    timeout=10).match
        assert view.status == pb.MATCH_STATUS_ABANDONED
        # Called off before it started, it counts for as long as it exists
        # (MATCH_UNSTARTED_TTL), so withdrawing frees no place at once; gone, it counts
        # no more and the creator may open another table.
        assert _code(lambda: _create(client, OPEN, OPEN, OPEN)).code() == \
            Code.RESOURCE_EXHAUSTED
        time.sleep(1.5)
        bots = _create(client, BOT, BOT, BOT)
        assert bots.creator_token and not bots.tokens
        # A table of bots alone starts at once; with no person at it, its creator may still
        # call it off.
        client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=bots.match_id), timeout=10,
                                 metadata=auth(bots.creator_token))
        assert client.stub.GetMatch(pb.GetMatchRequest(match_id=bots.match_id),
                                    timeout=10).match.status == pb.MATCH_STATUS_ABANDONED


def test_creator_credential_speaks_for_no_seat_and_spares_a_table_being_played(
        redis_url: str) -> None:
    with match_server(redis_url) as server, channel_to(server.port) as channel:
        client = Client(channel)
        table = _create(client, OPEN, BOT, BOT)
        other = _create(client, OPEN, BOT, BOT)
        wrong = _code(lambda: client.stub.AbandonMatch(
            pb.AbandonMatchRequest(match_id=other.match_id), timeout=10,
            metadata=auth(table.creator_token)))
        assert wrong.code() == Code.UNAUTHENTICATED  # one table's credential only
        client.stub.JoinMatch(pb.JoinMatchRequest(match_id=table.match_id, name="ann"),
                              timeout=10)
        move = _code(lambda: client.stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=table.match_id, action="R5"), timeout=10,
            metadata=auth(table.creator_token)))
        assert move.code() == Code.PERMISSION_DENIED
        assert error_reason(move) == "ERROR_REASON_PERMISSION_DENIED"
        # A person joined and play began: the creator may not call it off under them.
        played = _code(lambda: client.stub.AbandonMatch(
            pb.AbandonMatchRequest(match_id=table.match_id), timeout=10,
            metadata=auth(table.creator_token)))
        assert played.code() == Code.PERMISSION_DENIED
        assert client.stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id),
                                    timeout=10).match.status == pb.MATCH_STATUS_ACTIVE
