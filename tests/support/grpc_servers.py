"""Cardroom gRPC servers in-process on free ports (real processes: deploy.launch.process),
and probes of them: health, metrics scrapes, channels, calls retried while unavailable."""

from __future__ import annotations

import dataclasses
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from cardroom.shared.rpc.server import ServiceDef, create_server
from cardroom.shared.rpc.settings import Settings
from support.loops import Threaded, in_thread

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


def until_answered(call: Callable[[], Any], timeout: float = 30.0) -> Any:
    """The call's answer, the call made again while the service answers UNAVAILABLE (a
    replica or a process of it restarting, Redis failing over), up to `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return call()
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
