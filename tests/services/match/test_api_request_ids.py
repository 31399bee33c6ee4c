"""A request id is an idempotency key of one move: the same move retried gets the first
result, a different move with a used request id is refused (INVALID_ARGUMENT, reason
ERROR_REASON_REQUEST_ID_REUSED, field request_id) and changes nothing."""

from __future__ import annotations

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.errors import error_reason, field_violations


def test_request_id_reused_for_another_move_is_refused(redis_url: str) -> None:
    with match_server(redis_url) as server, channel_to(server.port) as channel:
        client = Client(channel)
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["livemix"], players=3, seed=7), timeout=10)
        tokens = {t.seat: t.token for t in created.tokens}
        first = client.view(created.match_id, tokens[0])
        [seat] = first.acting_seats
        view = client.view(created.match_id, tokens[seat])
        played, other = view.legal_moves[0], view.legal_moves[1]
        done = client.move(created.match_id, tokens[seat], "livemix", played,
                           request_id="move-1")
        assert not done.duplicate
        with pytest.raises(grpc.RpcError) as caught:
            # The next seat reuses nothing; the same seat sends another move with the id.
            client.move(created.match_id, tokens[seat], "livemix", other,
                        request_id="move-1")
        refused = caught.value
        assert refused.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert error_reason(refused) == "ERROR_REASON_REQUEST_ID_REUSED"
        assert [f for f, _ in field_violations(refused)] == ["request_id"]
        assert client.view(created.match_id).version == done.version  # nothing changed
        again = client.move(created.match_id, tokens[seat], "livemix", played,
                            request_id="move-1")
        assert again.duplicate and again.version == done.version
        assert [e.seq for e in again.events] == [e.seq for e in done.events]
