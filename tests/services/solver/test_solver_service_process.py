"""`python -m cardroom.services.solver` as a real process: ports from its log, calls, metrics,
SIGTERM."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)
from support.grpc_servers import channel_to, health_status, sample, scrape
from support.paths import ROOT

from cardroom.shared.proto.cardroom.v1 import solver_pb2, solver_pb2_grpc
from cardroom.shared.wire.errors import field_violations
from deploy.launch.process import ServiceProcess, start_service

SERVICE = "cardroom.v1.SolverService"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@pytest.fixture(scope="module")
def proc() -> Iterator[ServiceProcess]:
    """One solver process for the module, stopped at its end."""
    service = start_service("cardroom.services.solver")
    try:
        yield service
    finally:
        service.stop()


def test_process_logs_the_ports_it_bound(proc: ServiceProcess) -> None:
    assert proc.grpc_port > 0 and proc.metrics_port > 0
    assert proc.grpc_port != 50053 and proc.metrics_port != 9103  # 0 picked free ones


def test_process_serves_health_and_reflection(proc: ServiceProcess) -> None:
    with channel_to(proc.grpc_port) as channel:
        assert health_status(channel, "") == SERVING
        assert health_status(channel, SERVICE) == SERVING
        assert SERVICE in ProtoReflectionDescriptorDatabase(channel).get_services()


def test_process_solves_and_reports_errors_in_metrics(proc: ServiceProcess) -> None:
    with channel_to(proc.grpc_port) as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        response = stub.Solve(solver_pb2.SolveRequest(cards=[12, 24, 7, 2, 6], target=48),
                              timeout=10)
        assert (response.cards_used, response.proven) == (5, True)
        with pytest.raises(grpc.RpcError) as caught:
            stub.Verify(solver_pb2.VerifyRequest(expression="2x24", cards=[2, 24], target=0),
                        timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(caught.value) == [("target", "0 is not between 1 and 100000")]
    text = scrape(proc.metrics_port)
    assert sample(text, "grpc_server_handled_total", grpc_service=SERVICE, grpc_method="Solve",
                  grpc_code="OK") == 1
    assert sample(text, "grpc_server_handled_total", grpc_service=SERVICE,
                  grpc_method="Verify", grpc_code="InvalidArgument") == 1
    assert sample(text, "cardroom_solver_answers_total", outcome="proven") == 1
    assert sample(text, "process_cpu_seconds_total") is not None  # the process collector


def _watch(port: int, seen: list[int], calls: list[Any]) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)
        call = stub.Watch(health_pb2.HealthCheckRequest(service=SERVICE))
        calls.append(call)
        try:
            for message in call:
                seen.append(message.status)
                if message.status == NOT_SERVING:
                    call.cancel()  # seen it: let the server finish shutting down now
        except grpc.RpcError:
            pass


def test_sigterm_flips_health_then_exits_cleanly() -> None:
    service = start_service("cardroom.services.solver")
    seen: list[int] = []
    calls: list[Any] = []
    watcher = threading.Thread(target=_watch, args=(service.grpc_port, seen, calls))
    watcher.start()
    try:
        while not seen and watcher.is_alive():
            watcher.join(0.05)
        assert seen == [SERVING]
        assert service.stop() == 0
        watcher.join(10)
    finally:
        if calls:
            calls[0].cancel()
        service.stop()
    assert seen == [SERVING, NOT_SERVING]
    messages = [r.get("message") for r in service.records()]
    assert "shutting down" in messages and "stopped" in messages


def test_bad_setting_stops_the_process_with_the_reason() -> None:
    env = {**os.environ, "GRPC_PORT": "http"}
    result = subprocess.run([sys.executable, "-m", "cardroom.services.solver"], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "GRPC_PORT must be a port number" in result.stderr
