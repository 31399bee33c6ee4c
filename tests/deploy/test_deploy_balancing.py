"""Client-side balancing behind a Kubernetes headless Service: one channel, every replica."""

from __future__ import annotations

import grpc
from support.grpc_servers import HOST, local_settings, sample, scrape, serving
from support.probe import SERVICE, call_echo, probe_service

from cardroom.shared.rpc.server import open_channel


def _echo_calls(metrics_port: int | None) -> float:
    assert metrics_port is not None
    return sample(scrape(metrics_port), "grpc_server_handled_total", grpc_service=SERVICE,
                  grpc_method="Echo", grpc_code="OK") or 0.0


def test_open_channel_spreads_calls_over_every_resolved_address() -> None:
    # A headless Service's DNS name resolves to one address per pod; this target lists two.
    with serving([probe_service()]) as first, serving([probe_service()]) as second:
        target = f"ipv4:{HOST}:{first.port},{HOST}:{second.port}"
        with open_channel(target, local_settings()) as channel:
            grpc.channel_ready_future(channel).result(timeout=10)
            for _ in range(40):
                assert call_echo(channel, "ok") == "ok"
        calls = [_echo_calls(first.metrics_port), _echo_calls(second.metrics_port)]
    assert sum(calls) == 40
    assert min(calls) >= 10, calls
