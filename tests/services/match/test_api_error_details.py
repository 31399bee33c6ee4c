"""Errors a program can branch on: ErrorInfo.metadata carries the current version, the
current round, the limit and its setting, and the field; BadRequest names the request's own
field paths (typed options, typed deals: an engine names a deal's fault as a path within
the deal, which the service puts under the request's deal field); one fault, one reason."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf.duration_pb2 import Duration
from google.rpc import error_details_pb2
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, auth, match_server

from cardroom.shared.errors import ResourceExhausted, StaleVersion
from cardroom.shared.proto.cardroom.v1 import common_pb2, livemix_pb2, mixmatch_pb2, vivo_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.errors import (
    details_of,
    error_reason,
    field_violations,
    from_rpc_error,
)

Code = grpc.StatusCode


@pytest.fixture
def client(redis_url: str) -> Iterator[Client]:
    """A client of a replica that lets one caller hold two live matches."""
    with match_server(redis_url, live_per_creator=2) as server, \
            channel_to(server.port) as channel:
        yield Client(channel)


def _refused(call: Any) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value


def _metadata(error: grpc.RpcError) -> dict[str, str]:
    infos = details_of(error, error_details_pb2.ErrorInfo)
    assert len(infos) == 1 and infos[0].domain == "cardroom"
    return dict(infos[0].metadata)


def _create(client: Client, **fields: Any) -> grpc.RpcError:
    return _refused(lambda: client.stub.CreateMatch(pb.CreateMatchRequest(**fields),
                                                    timeout=10))


def test_stale_version_and_round_name_the_current_ones(client: Client) -> None:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["mixmatch"], players=2, seed=3,
        mixmatch_options=mixmatch_pb2.MixMatchOptions(hourglass=Duration())), timeout=10)
    match_id, token = created.match_id, created.tokens[0].token
    version = client.view(match_id).version
    stale = _refused(lambda: client.stub.SubmitMove(pb.SubmitMoveRequest(
        match_id=match_id, mixmatch=pb.MixMatchMove(claim="1+2"),
        expected_version=version + 3), metadata=auth(token), timeout=10))
    assert stale.code() == Code.ABORTED
    assert _metadata(stale) == {"current_version": str(version),
                                "expected_version": str(version + 3)}
    rebuilt = from_rpc_error(stale)  # the client library hands the metadata on
    assert isinstance(rebuilt, StaleVersion)
    assert rebuilt.metadata["current_version"] == str(version)
    ahead = _refused(lambda: client.stub.SubmitMove(pb.SubmitMoveRequest(
        match_id=match_id, mixmatch=pb.MixMatchMove(claim="1+2", round=4)),
        metadata=auth(token), timeout=10))
    assert ahead.code() == Code.FAILED_PRECONDITION
    assert _metadata(ahead) == {"current_round": "1"}


def test_a_limit_names_its_value_and_setting(client: Client) -> None:
    request = pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3)
    client.stub.CreateMatch(request, timeout=10)
    client.stub.CreateMatch(request, timeout=10)
    limited = _refused(lambda: client.stub.CreateMatch(request, timeout=10))
    assert limited.code() == Code.RESOURCE_EXHAUSTED
    assert _metadata(limited) == {"limit": "2", "setting": "MATCH_LIVE_PER_CREATOR"}
    rebuilt = from_rpc_error(limited)
    assert isinstance(rebuilt, ResourceExhausted) and rebuilt.limit == "MATCH_LIVE_PER_CREATOR"


@pytest.mark.parametrize("hourglass", [Duration(nanos=500_000_000), Duration(seconds=-5),
                                       Duration(seconds=90_000)])
def test_an_hourglass_out_of_bounds_is_one_fault_at_its_typed_path(
        client: Client, hourglass: Duration) -> None:
    refused = _create(client, game=GAME_ENUM["mixmatch"], players=2,
                      mixmatch_options=mixmatch_pb2.MixMatchOptions(hourglass=hourglass))
    assert refused.code() == Code.INVALID_ARGUMENT
    assert error_reason(refused) == "ERROR_REASON_INVALID_CONFIG"
    assert [f for f, _ in field_violations(refused)] == ["mixmatch_options.hourglass"]
    assert _metadata(refused) == {"field": "mixmatch_options.hourglass"}


def test_typed_players_and_deals_are_named_as_sent(client: Client) -> None:
    players = _create(client, game=GAME_ENUM["mixmatch"],
                      mixmatch_options=mixmatch_pb2.MixMatchOptions(players=9))
    assert [f for f, _ in field_violations(players)] == ["mixmatch_options.players"]
    assert [f for f, _ in field_violations(_create(
        client, game=GAME_ENUM["mixmatch"], players=9))] == ["players"]
    short = vivo_pb2.VivoDeal(rounds=[vivo_pb2.VivoRoundDeal(
        hands=[common_pb2.StringList(values=["R5"])],
        harmonies=[vivo_pb2.VIVO_HARMONY_SOLO])])
    typed = _create(client, game=GAME_ENUM["vivo"], players=3, vivo_deal=short)
    assert error_reason(typed) == "ERROR_REASON_INVALID_DEAL"
    assert [f for f, _ in field_violations(typed)] == ["vivo_deal.rounds[0].hands"]
    later = vivo_pb2.VivoDeal(rounds=[vivo_pb2.VivoRoundDeal(), vivo_pb2.VivoRoundDeal(
        hands=[common_pb2.StringList(values=["R5"] * 12)] * 3,
        harmonies=[vivo_pb2.VIVO_HARMONY_SOLO] * 12)])
    twice = _create(client, game=GAME_ENUM["vivo"], players=3, vivo_deal=later)
    assert [f for f, _ in field_violations(twice)] == ["vivo_deal.rounds[1].hands[0]"]
    livemix = livemix_pb2.LivemixDeal(rounds=[livemix_pb2.LivemixRoundDeal(
        hands=[common_pb2.StringList(values=["H1"])] * 3)])
    short_hand = _create(client, game=GAME_ENUM["livemix"], players=3, livemix_deal=livemix)
    assert error_reason(short_hand) == "ERROR_REASON_INVALID_DEAL"
    assert [f for f, _ in field_violations(short_hand)] == ["livemix_deal.rounds[0].hands[0]"]
