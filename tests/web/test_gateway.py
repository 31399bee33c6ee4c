"""The browser API (services/web): Connect and gRPC-Web over HTTP reach the same servicers as
native gRPC, with the same credentials, refusals (code, message, details), limits and
metrics, and CORS only for the configured origins."""

from __future__ import annotations

import json
import struct
import urllib.error
import urllib.request
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import status_pb2
from support.web_stack import ALLOWED_ORIGIN, WebStack

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc, solver_pb2
from cardroom.shared.wire.tokens import bearer

MATCH = "cardroom.v1.MatchService"


def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """An HTTP POST: (status, headers in lower case, body), errors included."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, {k.lower(): v for k, v in reply.headers.items()}, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def connect_json(stack: WebStack, method: str, message: dict[str, Any],
                 token: str | None = None, service: str = MATCH) -> tuple[int, Any]:
    """A Connect unary call in JSON: (HTTP status, decoded body)."""
    headers = {"content-type": "application/json", "connect-protocol-version": "1",
               **dict(bearer(token))}
    status, _, body = post(f"{stack.url}{service}/{method}", json.dumps(message).encode(),
                           headers)
    return status, json.loads(body or b"{}")


def grpc_web(stack: WebStack, method: str, message: Any, reply_type: type,
             token: str | None = None) -> tuple[list[Any], dict[str, str]]:
    """A gRPC-Web call (binary): (messages, trailers)."""
    payload = message.SerializeToString()
    headers = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1",
               **dict(bearer(token))}
    status, _, body = post(f"{stack.url}{MATCH}/{method}",
                           b"\x00" + struct.pack(">I", len(payload)) + payload, headers)
    assert status == 200
    messages, trailers = [], {}
    while body:
        flag, size = body[0], struct.unpack(">I", body[1:5])[0]
        frame, body = body[5:5 + size], body[5 + size:]
        if flag & 0x80:
            for line in frame.decode().split("\r\n"):
                if line:
                    key, _, value = line.partition(":")
                    trailers[key.strip().lower()] = value.strip()
        else:
            messages.append(reply_type.FromString(frame))
    return messages, trailers


def create(stack: WebStack, **fields: Any) -> dict[str, Any]:
    status, body = connect_json(stack, "CreateMatch", {"game": "GAME_VIVO", "players": 3,
                                                       **fields})
    assert status == 200, body
    return body


def test_connect_and_grpc_web_reach_the_same_matches_as_native_grpc(web_stack: WebStack
                                                                     ) -> None:
    created = create(web_stack, seed="7")
    match_id = created["matchId"]
    assert len(created["tokens"]) == 3
    # Native gRPC sees the match the browser created, at the same version.
    with grpc.insecure_channel(web_stack.services.config.match_addr) as channel:
        native = match_pb2_grpc.MatchServiceStub(channel).GetMatch(
            pb.GetMatchRequest(match_id=match_id), timeout=5)
    replies, trailers = grpc_web(web_stack, "GetMatch", pb.GetMatchRequest(match_id=match_id),
                                 pb.GetMatchResponse)
    assert trailers["grpc-status"] == "0"
    assert replies == [native]
    status, body = connect_json(web_stack, "GetMatch", {"matchId": match_id})
    assert status == 200
    assert json_format.ParseDict(body, pb.GetMatchResponse()) == native


def test_a_refusal_keeps_its_code_message_and_details(web_stack: WebStack) -> None:
    match_id = create(web_stack, seed="8")["matchId"]
    move = {"matchId": match_id, "seat": 0, "action": "nonsense", "requestId": "r1"}
    with grpc.insecure_channel(web_stack.services.config.match_addr) as channel, \
            pytest.raises(grpc.RpcError) as native:
        match_pb2_grpc.MatchServiceStub(channel).SubmitMove(
            json_format.ParseDict(move, pb.SubmitMoveRequest()), timeout=5)
    status, body = connect_json(web_stack, "SubmitMove", move)
    # No credential: refused as natively, nothing played.
    assert native.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert (status, body["code"]) == (401, "unauthenticated")
    assert body["message"] == native.value.details()
    # With the seat's credential, a malformed move: the engine's reason and its details.
    created = create(web_stack, seed="9")
    token = created["tokens"][0]["token"]
    move["matchId"] = created["matchId"]
    with grpc.insecure_channel(web_stack.services.config.match_addr) as channel, \
            pytest.raises(grpc.RpcError) as native:
        match_pb2_grpc.MatchServiceStub(channel).SubmitMove(
            json_format.ParseDict(move, pb.SubmitMoveRequest()), metadata=bearer(token),
            timeout=5)
    status, body = connect_json(web_stack, "SubmitMove", move, token)
    assert body["code"] == native.value.code().name.lower()
    assert body["message"] == native.value.details()
    native_details = _details(native.value)
    assert [d["type"] for d in body.get("details", [])] == \
        [d.type_url.split("/", 1)[1] for d in native_details]
    # gRPC-Web carries the same status and details in its trailers.
    _, trailers = grpc_web(web_stack, "SubmitMove",
                           json_format.ParseDict(move, pb.SubmitMoveRequest()),
                           pb.SubmitMoveResponse, token)
    assert int(trailers["grpc-status"]) == native.value.code().value[0]
    if native_details:
        import base64
        encoded = trailers["grpc-status-details-bin"]
        status_msg = status_pb2.Status.FromString(base64.b64decode(encoded + "=="))
        assert list(status_msg.details) == native_details
    # Nothing changed: the match is at its first version.
    status, after = connect_json(web_stack, "GetMatch", {"matchId": created["matchId"]})
    assert after["match"]["version"] == str(created["version"]) or \
        int(after["match"]["version"]) == int(created["version"])


def _details(error: Any) -> list[Any]:
    for key, value in error.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            return list(status_pb2.Status.FromString(value).details)
    return []


def test_the_solver_answers_over_connect(web_stack: WebStack) -> None:
    request = solver_pb2.VerifyRequest()
    fields = {f.name for f in request.DESCRIPTOR.fields}
    assert fields, "VerifyRequest has fields"
    status, body = connect_json(web_stack, "Verify", {}, service="cardroom.v1.SolverService")
    # An empty claim is refused by the solver itself, with its reason.
    assert status == 400 and body["code"] == "invalid_argument" and body["message"]


def test_a_watch_stream_over_connect_delivers_the_match_events(web_stack: WebStack) -> None:
    match_id = create(web_stack, seed="10")["matchId"]
    payload = json.dumps({"matchId": match_id, "noFollow": True}).encode()
    body = b"\x00" + struct.pack(">I", len(payload)) + payload
    status, _, raw = post(f"{web_stack.url}{MATCH}/WatchMatch", body,
                          {"content-type": "application/connect+json",
                           "connect-protocol-version": "1", "connect-timeout-ms": "3000"})
    assert status == 200
    frames = []
    while raw:
        flag, size = raw[0], struct.unpack(">I", raw[1:5])[0]
        frames.append((flag, json.loads(raw[5:5 + size])))
        raw = raw[5 + size:]
    assert frames[-1][0] & 0x02  # the end of the stream
    assert "error" not in frames[-1][1], frames[-1]
    assert any("event" in message for flag, message in frames[:-1])


def test_calls_are_counted_by_the_service_and_by_the_web_process(web_stack: WebStack) -> None:
    registry = web_stack.services.match.rpc.registry
    labels = {"grpc_type": "unary", "grpc_service": MATCH, "grpc_method": "ListMatches",
              "grpc_code": "OK"}
    before = registry.get_sample_value("grpc_server_handled_total", labels) or 0.0
    status, _ = connect_json(web_stack, "ListMatches", {})
    assert status == 200
    assert registry.get_sample_value("grpc_server_handled_total", labels) == before + 1
    with urllib.request.urlopen(f"http://127.0.0.1:{web_stack.web.metrics_port}/metrics",
                                timeout=5) as reply:
        text = reply.read().decode()
    assert ('grpc_server_handled_total{grpc_code="OK",grpc_method="ListMatches",'
            f'grpc_service="{MATCH}",grpc_type="unary"}}') in text


def test_cors_answers_the_configured_origin_only(web_stack: WebStack) -> None:
    def preflight(origin: str) -> tuple[int, dict[str, str]]:
        request = urllib.request.Request(
            f"{web_stack.url}{MATCH}/ListMatches", method="OPTIONS",
            headers={"origin": origin, "access-control-request-method": "POST",
                     "access-control-request-headers": "content-type,authorization"})
        try:
            with urllib.request.urlopen(request, timeout=5) as reply:
                return reply.status, {k.lower(): v for k, v in reply.headers.items()}
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}

    status, headers = preflight(ALLOWED_ORIGIN)
    assert status == 200 and headers["access-control-allow-origin"] == ALLOWED_ORIGIN
    assert "authorization" in headers["access-control-allow-headers"].lower()
    status, headers = preflight("http://elsewhere.example")
    assert status == 400 and "access-control-allow-origin" not in headers


def test_the_health_probe_asks_the_web_process(web_stack: WebStack) -> None:
    from cardroom.services import healthprobe
    assert healthprobe.main(["--web"], {"WEB_PORT": str(web_stack.web.port)}) == 0
    assert healthprobe.main(["--web", "--timeout", "0.5"], {"WEB_PORT": "1"}) == 1


def test_a_request_that_is_no_message_of_its_method_is_invalid_argument(
        web_stack: WebStack) -> None:
    status, body = connect_json(web_stack, "GetMatch", {"no_such_field": 1})
    assert (status, body["code"]) == (400, "invalid_argument"), body
    assert "GetMatch" in body["message"]
    status, _, raw = post(f"{web_stack.url}{MATCH}/GetMatch", b"\xff\xff\xff",
                          {"content-type": "application/proto",
                           "connect-protocol-version": "1"})
    assert (status, json.loads(raw)["code"]) == (400, "invalid_argument")


def test_a_request_over_the_size_cap_is_refused_as_natively(web_stack: WebStack) -> None:
    huge = {"matchId": "x" * (2 << 20)}  # past GRPC_MAX_MESSAGE_BYTES (1 MiB)
    _, body = connect_json(web_stack, "GetMatch", huge)
    assert body["code"] == "resource_exhausted", body
    with grpc.insecure_channel(web_stack.services.config.match_addr) as channel, \
            pytest.raises(grpc.RpcError) as native:
        match_pb2_grpc.MatchServiceStub(channel).GetMatch(
            pb.GetMatchRequest(match_id=huge["matchId"]), timeout=5)
    assert native.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
