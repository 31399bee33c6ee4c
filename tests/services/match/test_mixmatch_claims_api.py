"""Mix Match claims through the match service's gRPC API: one grammar, as the engine reads it.

Text outside the grammar (empty, bad syntax, a leading zero, a newline, other digits) is
refused with INVALID_ARGUMENT and the seat stays in the round; only a well-formed wrong
claim puts it out (M4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, auth, match_server, observation, options_request
from support.redis_server import RedisServer

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import mixmatch_pb2

MALFORMED = ["", "2 x", "024*02", "0x10", "2\n*24", "2\u00a0*24", "2*\u0662\u0664"]


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 12 of the session's Redis, emptied: this module's matches."""
    url = redis_server.url.rsplit("/", 1)[0] + "/12"
    with redis.Redis.from_url(url) as db:
        db.flushdb()
    return url


@pytest.fixture(scope="module")
def client(redis_db: str) -> Iterator[Client]:
    """A client of one match-service replica."""
    with match_server(redis_db) as server, channel_to(server.port) as channel:
        yield Client(channel)


def _match(client: Client) -> tuple[str, dict[int, str]]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["mixmatch"], players=2, seed=3,
        **options_request("mixmatch", {"hourglass_seconds": 0})), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _out(client: Client, match_id: str) -> Any:
    return observation(client.view(match_id))["out"]


@pytest.mark.parametrize("claim", MALFORMED)
def test_malformed_claim_is_invalid_argument_and_the_seat_stays_in(client: Client,
                                                                   claim: str) -> None:
    match_id, tokens = _match(client)
    with pytest.raises(grpc.RpcError) as refused:
        client.move(match_id, tokens[0], "mixmatch", f"claim {claim}")
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert _out(client, match_id) == [False, False]
    client.move(match_id, tokens[0], "mixmatch", "claim 999999")  # well-formed, wrong
    assert _out(client, match_id) == [True, False]


@pytest.mark.parametrize("action", ["claim", "claim@\u0661 24*2", "pick \u0661\u0662",
                                    "claim@01 2"])
def test_action_text_outside_the_grammar_is_invalid_argument(client: Client,
                                                             action: str) -> None:
    match_id, tokens = _match(client)
    request = pb.SubmitMoveRequest(match_id=match_id, action=action)
    with pytest.raises(grpc.RpcError) as refused:
        client.stub.SubmitMove(request, metadata=auth(tokens[0]), timeout=10)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert _out(client, match_id) == [False, False]



@pytest.mark.parametrize(("wrong", "fault"), [
    (lambda table: "999999", "MIX_MATCH_CLAIM_FAULT_CARD_NOT_ON_TABLE"),
    (lambda table: f"{min(table)} - {max(table)}", "MIX_MATCH_CLAIM_FAULT_STEP_NOT_ALLOWED"),
], ids=["card-not-on-table", "step-not-allowed"])
def test_ruling_m4_claim_rejected_event_names_the_fault_as_an_enum(
        client: Client, wrong: Any, fault: str) -> None:
    match_id, tokens = _match(client)
    table = observation(client.view(match_id))["table"]
    assert min(table) < max(table)
    claim = wrong(table)
    client.move(match_id, tokens[0], "mixmatch", f"claim {claim}")
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=10)
    try:
        rejected = next(item.event.mixmatch.claim_rejected for item in stream
                        if item.WhichOneof("frame") == "event"
                        and item.event.type == "claim_rejected")
    finally:
        stream.cancel()
    assert (rejected.seat, rejected.claim) == (0, claim) and rejected.reason
    assert mixmatch_pb2.MixMatchClaimFault.Name(rejected.fault) == fault
