"""Start Cardroom gRPC servers on free ports, in-process or as real processes, and probe them."""

from __future__ import annotations

import dataclasses
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from cardroom.shared.rpc.server import ServiceDef, create_server
from cardroom.shared.rpc.settings import Settings
from support.loops import Threaded, in_thread
from support.paths import ROOT

HOST = "127.0.0.1"


def local_settings(process: str = "solver", **changes: Any) -> Settings:
    """Settings of `process` with both ports 0 (free ports), plus `changes`."""
    settings = Settings.from_env(process, {"GRPC_PORT": "0", "METRICS_PORT": "0"})
    return dataclasses.replace(settings, **changes)


@contextmanager
def serving(services: Sequence[ServiceDef], settings: Settings | None = None,
            **kwargs: Any) -> Iterator[Threaded]:
    """A started in-process server hosting `services` on a free port (on a loop thread of
    its own, support.loops); stopped on exit."""
    server, _ = in_thread(create_server, services, settings or local_settings(), host=HOST,
                          **kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop(grace=None)


@contextmanager
def channel_to(port: int, timeout: float = 10.0) -> Iterator[grpc.Channel]:
    """An insecure channel to a local port, ready before it is handed out."""
    with grpc.insecure_channel(f"{HOST}:{port}") as channel:
        grpc.channel_ready_future(channel).result(timeout=timeout)
        yield channel


def health_status(channel: grpc.Channel, service: str) -> int:
    """The grpc.health.v1 status the server reports for `service`."""
    stub: Any = health_pb2_grpc.HealthStub(channel)  # the stubs package omits its methods
    return int(stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=5).status)


def scrape(metrics_port: int) -> str:
    """The text a Prometheus scrape of the local /metrics endpoint returns."""
    url = f"http://{HOST}:{metrics_port}/metrics"
    with urllib.request.urlopen(url, timeout=5) as response:
        return str(response.read().decode())


def sample(text: str, name: str, **labels: str) -> float | None:
    """The value of sample `name` whose labels include `labels` in a scrape (None: absent)."""
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return None


@dataclasses.dataclass
class ServiceProcess:
    """A service run as `python -m <module>`, with the ports it logged."""

    popen: subprocess.Popen[str]
    grpc_port: int
    metrics_port: int
    records: list[dict[str, Any]]
    lines: queue.Queue[str]
    reader: threading.Thread

    def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM, then wait for the exit code (killing it past `timeout`)."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait()
            raise
        finally:
            self.reader.join(5)  # the log pipe is at its end once the process is gone
            if self.popen.stderr is not None:
                self.popen.stderr.close()

    def drain_records(self) -> list[dict[str, Any]]:
        """Every JSON log record printed so far (including those read at start)."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return self.records
            self.records.extend(_records(line))


def _records(line: str) -> list[dict[str, Any]]:
    try:
        record = json.loads(line)
    except ValueError:
        return []
    return [record] if isinstance(record, dict) else []


def _pump(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def start_service(module: str, env: dict[str, str] | None = None,
                  timeout: float = 30.0) -> ServiceProcess:
    """Run `python -m module` with GRPC_PORT=0, METRICS_PORT=0, JSON logs; wait until it serves."""
    full_env = {**os.environ, "GRPC_PORT": "0", "METRICS_PORT": "0", "LOG_FORMAT": "json",
                "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1", **(env or {})}
    popen = subprocess.Popen([sys.executable, "-m", module], cwd=ROOT, env=full_env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    assert popen.stderr is not None
    stream = popen.stderr
    reader = threading.Thread(target=_pump, args=(stream, lines), daemon=True)
    reader.start()
    records: list[dict[str, Any]] = []
    try:
        while True:
            line = lines.get(timeout=timeout)
            for record in _records(line):
                records.append(record)
                if record.get("grpc_port") and record.get("metrics_port"):
                    return ServiceProcess(popen, int(record["grpc_port"]),
                                          int(record["metrics_port"]), records, lines, reader)
    except queue.Empty:
        popen.kill()
        popen.wait()
        reader.join(5)
        stream.close()
        raise RuntimeError(f"{module} did not report its ports; log: {records}") from None
