"""Server reflection answers under grpc.reflection.v1 as well as v1alpha, on the match
service and on a server of the common bootstrap (as the solver and bot API use it), over
real loopback servers."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2 as wire
from support.grpc_servers import HOST, serving
from support.match_client import match_server
from support.probe import SERVICE, probe_service
from support.redis_server import RedisServer

VERSIONS = ("grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection")


def ask(channel: grpc.Channel, service: str, request: wire.ServerReflectionRequest
        ) -> wire.ServerReflectionResponse:
    """One request on reflection service `service` (both versions' messages are the same
    on the wire, so the v1alpha classes encode v1 too)."""
    call = channel.stream_stream(f"/{service}/ServerReflectionInfo",
                                 request_serializer=wire.ServerReflectionRequest.SerializeToString,
                                 response_deserializer=wire.ServerReflectionResponse.FromString)
    [answer] = list(call(iter([request]), timeout=10))
    return answer


def listed(channel: grpc.Channel, service: str) -> set[str]:
    """The services reflection `service` lists."""
    answer = ask(channel, service, wire.ServerReflectionRequest(list_services=""))
    return {s.name for s in answer.list_services_response.service}


def described(channel: grpc.Channel, service: str, symbol: str) -> set[str]:
    """The services declared in the files reflection `service` returns for `symbol`."""
    answer = ask(channel, service, wire.ServerReflectionRequest(file_containing_symbol=symbol))
    names = set()
    for raw in answer.file_descriptor_response.file_descriptor_proto:
        proto = descriptor_pb2.FileDescriptorProto.FromString(raw)
        names |= {f"{proto.package}.{s.name}" for s in proto.service}
    return names


@pytest.fixture(scope="module")
def match_channel(redis_server: RedisServer) -> Iterator[grpc.Channel]:
    """A channel to a match-service replica (grpc.aio) on database 11."""
    url = redis_server.url.rsplit("/", 1)[0] + "/11"
    with match_server(url) as server, grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        yield channel


@pytest.mark.parametrize("version", VERSIONS)
def test_the_match_service_is_reflected_under_both_versions(
        match_channel: grpc.Channel, version: str) -> None:
    assert {"cardroom.v1.MatchService", "grpc.health.v1.Health", *VERSIONS} <= listed(
        match_channel, version)
    assert "cardroom.v1.MatchService" in described(match_channel, version,
                                                   "cardroom.v1.MatchService")


@pytest.mark.parametrize("version", VERSIONS)
def test_servers_of_the_common_bootstrap_are_reflected_under_both_versions(version: str) -> None:
    with serving([probe_service()]) as server, \
            grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        assert {SERVICE, *VERSIONS} <= listed(channel, version)
        assert SERVICE in described(channel, version, SERVICE)
