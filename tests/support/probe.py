"""A tiny service (unary Echo, server-streaming Count) whose handlers fail on request.

The request text picks the behaviour: "ok", or the name of a domain error to raise
("invalid", "fields", "illegal", ...), "boom" (an unexpected error), "abort" (the handler
aborts by itself), "slow" (answers after SLOW_S seconds). Count streams three messages
first, then behaves the same way. Given a WorkGate, the probe does that work (sleep or
fail) on the gate's threads, as the solver does its searches.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, wrappers_pb2

from cardroom.shared import errors
from cardroom.shared.rpc.gate import WorkGate, deadline_of
from cardroom.shared.rpc.server import ServiceDef

SERVICE = "cardroom.testing.ProbeService"
SECRET = "database password is hunter2"
SLOW_S = 0.5

FAILURES: dict[str, Exception] = {
    "invalid": errors.InvalidArgument("cards must not be empty", field="cards"),
    "fields": errors.InvalidFields([("cards[2]", "0 is below 1"), ("target", "is missing")]),
    "config": errors.InvalidConfig("5 seats is too many", field="config.seats"),
    "malformed": errors.MalformedAction("'Q9' is no card"),
    "illegal": errors.IllegalMove("must follow the lead colour", legal=["H1", "H7"]),
    "turn": errors.NotYourTurn("seat 2 is to play", legal=[]),
    "over": errors.GameOver("the game is over"),
    "stale": errors.StaleVersion("expected version 3, the match is at 4"),
    "missing": errors.NotFound("no match m-42", resource_type="match", name="m-42"),
    "unauth": errors.Unauthenticated("a seat token is required"),
    "denied": errors.PermissionDenied("that token is for seat 1"),
    "boom": RuntimeError(SECRET),
}


def _descriptor() -> Any:
    pool = descriptor_pool.Default()
    try:
        return pool.FindServiceByName(SERVICE)
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto(
        name="cardroom_testing/probe.proto", package="cardroom.testing", syntax="proto3",
        dependency=["google/protobuf/wrappers.proto"])
    service = proto.service.add(name="ProbeService")
    text = ".google.protobuf.StringValue"
    service.method.add(name="Echo", input_type=text, output_type=text)
    service.method.add(name="Count", input_type=text, output_type=text, server_streaming=True)
    pool.AddSerializedFile(proto.SerializeToString())
    return pool.FindServiceByName(SERVICE)


async def _act(what: str, context: grpc.aio.ServicerContext, gate: WorkGate | None) -> None:
    if what == "abort":
        await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, "too busy")
    if gate is not None:
        await gate.run("probe", deadline_of(context), _work, what)
        return
    if what == "slow":
        await asyncio.sleep(SLOW_S)
    _fail(what)


def _work(what: str) -> None:
    """The blocking work of a call (on a gate's thread)."""
    if what == "slow":
        time.sleep(SLOW_S)
    _fail(what)


def _fail(what: str) -> None:
    if what in FAILURES:
        raise FAILURES[what]


def probe_service(gate: WorkGate | None = None) -> ServiceDef:
    """The probe as a ServiceDef for create_server (its work on `gate` when given)."""
    async def echo(request: wrappers_pb2.StringValue, context: grpc.aio.ServicerContext
                   ) -> wrappers_pb2.StringValue:
        """Answer the request text, or fail as it says."""
        await _act(request.value, context, gate)
        return wrappers_pb2.StringValue(value=request.value)

    async def count(request: wrappers_pb2.StringValue, context: grpc.aio.ServicerContext
                    ) -> AsyncIterator[wrappers_pb2.StringValue]:
        """Stream "0", "1", "2", then end or fail as the request says."""
        for i in range(3):
            yield wrappers_pb2.StringValue(value=str(i))
        await _act(request.value, context, gate)

    text = wrappers_pb2.StringValue
    handler = grpc.method_handlers_generic_handler(SERVICE, {
        "Echo": grpc.unary_unary_rpc_method_handler(
            echo, text.FromString, text.SerializeToString),
        "Count": grpc.unary_stream_rpc_method_handler(
            count, text.FromString, text.SerializeToString),
    })
    return ServiceDef(_descriptor(), lambda server: server.add_generic_rpc_handlers((handler,)))


def call_echo(channel: grpc.Channel, what: str) -> str:
    """Call Echo with `what`; the answer's text."""
    method = channel.unary_unary(f"/{SERVICE}/Echo",
                                 request_serializer=wrappers_pb2.StringValue.SerializeToString,
                                 response_deserializer=wrappers_pb2.StringValue.FromString)
    return str(method(wrappers_pb2.StringValue(value=what), timeout=10).value)


def call_count(channel: grpc.Channel, what: str, received: list[str]) -> None:
    """Call Count with `what`, appending each streamed text to `received` as it comes."""
    method = channel.unary_stream(f"/{SERVICE}/Count",
                                  request_serializer=wrappers_pb2.StringValue.SerializeToString,
                                  response_deserializer=wrappers_pb2.StringValue.FromString)
    for message in method(wrappers_pb2.StringValue(value=what), timeout=10):
        received.append(message.value)
