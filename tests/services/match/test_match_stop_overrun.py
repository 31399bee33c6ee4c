"""A replica whose stop overruns its grace (a step that hangs) still stops serving: its gRPC
server is stopped with the rest cancelled, not left running on a loop about to end."""

from __future__ import annotations

import asyncio

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import match_server

from cardroom.services.match import server as match_server_module
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc


def test_a_replica_whose_stop_hangs_stops_serving_all_the_same(
        redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_server_module, "STOP_EXTRA_S", 0.5)
    with match_server(redis_url) as replica:
        assert replica.timers is not None

        async def hangs() -> None:
            await asyncio.sleep(3600)  # a timer loop that never answers its stop

        replica.timers.stop = hangs
        with channel_to(replica.port) as channel:
            stub = match_pb2_grpc.MatchServiceStub(channel)
            stub.ListMatches(pb.ListMatchesRequest(), timeout=10)  # serving
            replica.runner.run(replica.server.stop(0.1), timeout=10)
            assert not replica.rpc.grpc._server.is_running()
            with pytest.raises(grpc.RpcError) as refused:
                stub.ListMatches(pb.ListMatchesRequest(), timeout=2)
            assert refused.value.code() in (grpc.StatusCode.UNAVAILABLE,
                                            grpc.StatusCode.DEADLINE_EXCEEDED)
