"""The container health probe (`python -m cardroom.services.healthprobe`) against real servers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.grpc_servers import HOST, local_settings, serving
from support.paths import ROOT
from support.probe import SERVICE, probe_service
from support.redis_server import free_port

from cardroom.services import healthprobe


def _probe(*args: str, env: dict[str, str] | None = None) -> int:
    return healthprobe.main(list(args), env or {})


def test_healthprobe_serving_server_is_healthy() -> None:
    with serving([probe_service()]) as server:
        assert _probe("--addr", f"{HOST}:{server.port}") == healthprobe.HEALTHY
        assert _probe("--addr", f"{HOST}:{server.port}", "--service", SERVICE) == 0


def test_healthprobe_reads_grpc_port_from_the_environment() -> None:
    with serving([probe_service()]) as server:
        assert _probe(env={"GRPC_PORT": str(server.port)}) == healthprobe.HEALTHY


def test_healthprobe_draining_server_is_unhealthy() -> None:
    with serving([probe_service()]) as server:
        server.runner.run(server.health.enter_graceful_shutdown())
        assert _probe("--addr", f"{HOST}:{server.port}") == healthprobe.UNHEALTHY


def test_healthprobe_unknown_service_is_unhealthy() -> None:
    with serving([probe_service()]) as server:
        code = _probe("--addr", f"{HOST}:{server.port}", "--service", "cardroom.v1.Nothing")
        assert code == healthprobe.UNHEALTHY


def test_healthprobe_nothing_listening_is_unhealthy() -> None:
    assert _probe("--addr", f"{HOST}:{free_port()}", "--timeout", "0.5") == 1


def test_healthprobe_metrics_mode_checks_the_metrics_endpoint() -> None:
    with serving([probe_service()]) as server:
        assert _probe("--metrics", env={"METRICS_PORT": str(server.metrics_port)}) == 0
    assert _probe("--metrics", "--metrics-addr", f"{HOST}:{free_port()}") == 1


def test_healthprobe_speaks_tls_when_the_server_does(tmp_path: Path) -> None:
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, capture_output=True)
    settings = local_settings(tls_cert_file=str(cert), tls_key_file=str(key))
    tls_env = {"TLS_CERT_FILE": str(cert), "TLS_KEY_FILE": str(key)}
    with serving([probe_service()], settings) as server:
        addr = f"{HOST}:{server.port}"
        assert _probe("--addr", addr, env=tls_env) == healthprobe.HEALTHY
        assert _probe("--addr", addr, "--timeout", "1") == healthprobe.UNHEALTHY


def test_healthprobe_runs_as_a_module_with_exit_status() -> None:
    with serving([probe_service()]) as server:
        ok = subprocess.run([sys.executable, "-m", "cardroom.services.healthprobe", "--addr",
                             f"{HOST}:{server.port}"], cwd=ROOT, capture_output=True, text=True,
                            timeout=30)
    down = subprocess.run([sys.executable, "-m", "cardroom.services.healthprobe", "--addr",
                           f"{HOST}:{free_port()}", "--timeout", "0.5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert ok.returncode == 0, ok.stderr
    assert down.returncode == 1
    assert "unhealthy" in down.stderr
