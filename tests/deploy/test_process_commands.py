"""Each service starts by its installed name (`python -m cardroom.services.match`) from any
folder, and by its folder name (`python -m services.match`) from a checkout's root."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from grpc_health.v1 import health_pb2
from support.grpc_servers import channel_to, health_status
from support.paths import ROOT

from deploy.launch.process import start_service

SERVICES = ("match", "bot", "solver")


@pytest.mark.parametrize("name", SERVICES)
@pytest.mark.parametrize("form", ["installed", "checkout"])
def test_each_service_reads_its_settings_under_either_name(
        name: str, form: str, tmp_path: Path) -> None:
    module, cwd = (f"cardroom.services.{name}", tmp_path) if form == "installed" \
        else (f"services.{name}", ROOT)
    env = {**os.environ, "GRPC_PORT": "http"}
    done = subprocess.run([sys.executable, "-m", module], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "GRPC_PORT must be a port number" in done.stderr


def test_the_checkout_form_serves_and_stops_cleanly() -> None:
    service = start_service("services.solver")
    try:
        with channel_to(service.grpc_port) as channel:
            assert health_status(channel, "") == health_pb2.HealthCheckResponse.SERVING
    finally:
        assert service.stop() == 0
