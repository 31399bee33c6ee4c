"""Server bootstrap: health, reflection, graceful shutdown and TLS on real in-process servers."""

from __future__ import annotations

import subprocess
import threading
import time
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import wrappers_pb2
from google.protobuf.descriptor_pool import DescriptorPool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)
from support.grpc_servers import HOST, channel_to, health_status, local_settings, serving
from support.loops import in_thread
from support.probe import SERVICE, call_count, call_echo, probe_service

from cardroom.shared.rpc.gate import WorkGate
from cardroom.shared.rpc.server import create_server, open_channel, server_options

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def test_health_serving_for_whole_server_and_each_service() -> None:
    with serving([probe_service()]) as server, channel_to(server.port) as channel:
        assert health_status(channel, "") == SERVING
        assert health_status(channel, SERVICE) == SERVING
        with pytest.raises(grpc.RpcError) as caught:
            health_status(channel, "cardroom.v1.NoSuchService")
        assert caught.value.code() == grpc.StatusCode.NOT_FOUND


def test_reflection_lists_the_service_health_and_reflection() -> None:
    with serving([probe_service()]) as server, channel_to(server.port) as channel:
        names = set(ProtoReflectionDescriptorDatabase(channel).get_services())
    assert {SERVICE, "grpc.health.v1.Health",
            "grpc.reflection.v1alpha.ServerReflection"} <= names


def test_reflection_describes_the_service_methods() -> None:
    with serving([probe_service()]) as server, channel_to(server.port) as channel:
        db = ProtoReflectionDescriptorDatabase(channel)
        service = DescriptorPool(db).FindServiceByName(SERVICE)
    assert sorted(m.name for m in service.methods) == ["Count", "Echo"]


def test_bound_port_is_returned_and_kept() -> None:
    server, port = in_thread(create_server, [probe_service()], local_settings(), host=HOST)
    try:
        assert port > 0
        assert server.port == port
    finally:
        server.stop(grace=None)


def test_graceful_shutdown_reports_not_serving_before_refusing_calls() -> None:
    with serving([probe_service()]) as server, channel_to(server.port) as channel:
        stopper = threading.Thread(target=server.stop, kwargs={"grace": 2.0, "drain": 0.6})
        stopper.start()
        deadline = time.monotonic() + 0.5
        statuses = set()
        while time.monotonic() < deadline and NOT_SERVING not in statuses:
            statuses.add(health_status(channel, SERVICE))
        # Still answering (draining) while it says NOT_SERVING, for both names.
        assert NOT_SERVING in statuses
        assert health_status(channel, "") == NOT_SERVING
        stopper.join(10)
        with pytest.raises(grpc.RpcError) as caught:
            call_echo(channel, "ok")
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_graceful_shutdown_lets_calls_in_flight_finish() -> None:
    with (serving([probe_service()]) as server, channel_to(server.port) as channel,
          futures.ThreadPoolExecutor(1) as pool):
        slow = pool.submit(call_echo, channel, "slow")
        time.sleep(0.2)  # the call is in the handler now
        server.stop(grace=5.0)
        assert slow.result(timeout=5) == "slow"


def test_connections_are_closed_after_their_maximum_age() -> None:
    # A health Watch stream never ends by itself: only the connection's age can end it.
    settings = local_settings(max_connection_age_s=1.0, max_connection_age_grace_s=0.5)
    with serving([probe_service()], settings) as server, channel_to(server.port) as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)
        begun = time.monotonic()
        stream = stub.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=20)
        with pytest.raises(grpc.RpcError) as caught:
            for _ in stream:
                pass
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        assert time.monotonic() - begun < 10
        # The channel connects again by itself, for the next call.
        assert call_echo(channel, "ok") == "ok"


def test_connection_age_of_zero_sets_no_limit() -> None:
    assert [name for name, _ in server_options(local_settings(max_connection_age_s=0))] == [
        "grpc.max_receive_message_length", "grpc.max_concurrent_streams",
        "grpc.max_allowed_incoming_connections"]
    named = dict(server_options(local_settings()))
    assert (named["grpc.max_connection_age_ms"],
            named["grpc.max_connection_age_grace_ms"]) == (300_000, 30_000)


def test_calls_per_connection_and_connections_are_bounded() -> None:
    named = dict(server_options(local_settings()))
    assert (named["grpc.max_concurrent_streams"],
            named["grpc.max_allowed_incoming_connections"]) == (100, 1000)
    assert dict(server_options(local_settings(), 1000))["grpc.max_concurrent_streams"] == 1000
    chosen = local_settings(max_streams_per_connection=7)
    assert dict(server_options(chosen, 1000))["grpc.max_concurrent_streams"] == 7


def test_serving_gauge_follows_health() -> None:
    server, _ = in_thread(create_server, [probe_service()], local_settings(), host=HOST)

    def value() -> float | None:
        return server.registry.get_sample_value("cardroom_serving", {"service": "solver"})

    assert value() == 0
    server.start()
    try:
        assert value() == 1
        server.set_serving(False)
        assert value() == 0
        with channel_to(server.port) as channel:
            assert health_status(channel, SERVICE) == NOT_SERVING
        server.set_serving(True)
        assert value() == 1
    finally:
        server.stop(grace=None)
    assert value() == 0


def _self_signed(directory: Path) -> tuple[Path, Path]:
    key, cert = directory / "key.pem", directory / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, capture_output=True)
    return key, cert


def test_tls_when_certificate_and_key_are_set(tmp_path: Path) -> None:
    key, cert = _self_signed(tmp_path)
    settings = local_settings(tls_cert_file=str(cert), tls_key_file=str(key))
    client = local_settings(tls_ca_file=str(cert))
    with serving([probe_service()], settings) as server:
        with open_channel(f"localhost:{server.port}", client) as channel:
            assert call_echo(channel, "ok") == "ok"
        with grpc.insecure_channel(f"{HOST}:{server.port}") as plain:
            with pytest.raises(grpc.RpcError) as caught:
                call_echo(plain, "ok")
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_work_gate_runs_queues_and_refuses_while_health_answers() -> None:
    gate = WorkGate(running=1, queued=1)
    with (serving([probe_service(gate)], gate=gate) as server,
          channel_to(server.port) as channel, futures.ThreadPoolExecutor(2) as pool):
        running = pool.submit(call_echo, channel, "slow")
        time.sleep(0.1)
        queued = pool.submit(call_echo, channel, "slow")
        time.sleep(0.1)
        assert server.in_flight == 2
        assert health_status(channel, SERVICE) == SERVING
        with pytest.raises(grpc.RpcError) as caught:
            call_echo(channel, "ok")
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        began = time.monotonic()
        assert (running.result(timeout=5), queued.result(timeout=5)) == ("slow", "slow")
        assert time.monotonic() - began > 0.6  # the second ran after the first
        assert server.in_flight == 0
        assert call_echo(channel, "ok") == "ok"


def test_work_that_fails_frees_its_slot_in_unary_calls_and_streams() -> None:
    gate = WorkGate(running=1, queued=0)
    with (serving([probe_service(gate)], gate=gate) as server,
          channel_to(server.port) as channel):
        received: list[str] = []
        call_count(channel, "ok", received)
        assert received == ["0", "1", "2"]
        with pytest.raises(grpc.RpcError):
            call_echo(channel, "boom")
        with pytest.raises(grpc.RpcError):
            call_count(channel, "boom", [])
        assert server.in_flight == 0
        assert call_echo(channel, "ok") == "ok"


def test_work_whose_caller_went_away_keeps_its_thread_and_slot_until_it_ends() -> None:
    # A search does not stop when its call is cancelled: the gate must not hand its thread
    # to another call meanwhile, or it would admit more work than it has threads.
    gate = WorkGate(running=1, queued=0)
    with (serving([probe_service(gate)], gate=gate) as server,
          channel_to(server.port) as channel):
        method = channel.unary_unary(f"/{SERVICE}/Echo",
                                     request_serializer=wrappers_pb2.StringValue.SerializeToString,
                                     response_deserializer=wrappers_pb2.StringValue.FromString)
        with pytest.raises(grpc.RpcError) as gone:
            method(wrappers_pb2.StringValue(value="slow"), timeout=0.1)
        assert gone.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        assert server.in_flight == 1  # its work still sleeps on the thread
        with pytest.raises(grpc.RpcError) as refused:
            call_echo(channel, "ok")
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        deadline = time.monotonic() + 5
        while server.in_flight and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.in_flight == 0
        assert call_echo(channel, "ok") == "ok"
