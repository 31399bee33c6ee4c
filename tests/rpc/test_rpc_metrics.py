"""grpc_server_* metrics as go-grpc-prometheus names them, for unary and server-streaming calls."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import channel_to, health_status, sample, scrape, serving
from support.loops import Threaded as Server
from support.probe import SERVICE, call_count, call_echo, probe_service


@pytest.fixture
def probe() -> Iterator[tuple[Server, grpc.Channel]]:
    """A fresh probe server (fresh metrics) and a channel to it."""
    with serving([probe_service()]) as server, channel_to(server.port) as channel:
        yield server, channel


def _metric(server: Server, name: str, **labels: str) -> float | None:
    assert server.metrics_port is not None
    return sample(scrape(server.metrics_port), name, grpc_service=SERVICE, **labels)


def test_metrics_preregistered_at_zero_before_any_call(probe: tuple[Server, grpc.Channel]
                                                      ) -> None:
    server, _ = probe
    assert _metric(server, "grpc_server_started_total", grpc_method="Echo") == 0
    assert _metric(server, "grpc_server_handled_total", grpc_method="Count",
                   grpc_type="server_stream", grpc_code="OK") == 0


def test_unary_call_counts_started_handled_ok_and_latency(probe: tuple[Server, grpc.Channel]
                                                          ) -> None:
    server, channel = probe
    assert call_echo(channel, "ok") == "ok"
    assert call_echo(channel, "ok") == "ok"
    labels = {"grpc_type": "unary", "grpc_method": "Echo"}
    assert _metric(server, "grpc_server_started_total", **labels) == 2
    assert _metric(server, "grpc_server_handled_total", grpc_code="OK", **labels) == 2
    assert _metric(server, "grpc_server_msg_received_total", **labels) == 2
    assert _metric(server, "grpc_server_msg_sent_total", **labels) == 2
    assert _metric(server, "grpc_server_handling_seconds_count", **labels) == 2


@pytest.mark.parametrize(("what", "code"), [
    ("invalid", "InvalidArgument"), ("illegal", "FailedPrecondition"), ("stale", "Aborted"),
    ("missing", "NotFound"), ("unauth", "Unauthenticated"), ("boom", "Internal"),
    ("abort", "ResourceExhausted"),
])
def test_unary_error_is_handled_with_its_grpc_code(probe: tuple[Server, grpc.Channel],
                                                   what: str, code: str) -> None:
    server, channel = probe
    with pytest.raises(grpc.RpcError):
        call_echo(channel, what)
    labels = {"grpc_type": "unary", "grpc_method": "Echo"}
    assert _metric(server, "grpc_server_handled_total", grpc_code=code, **labels) == 1
    assert _metric(server, "grpc_server_handled_total", grpc_code="OK", **labels) == 0
    assert _metric(server, "grpc_server_msg_sent_total", **labels) == 0


def test_server_stream_counts_each_message_and_handles_once(probe: tuple[Server, grpc.Channel]
                                                            ) -> None:
    server, channel = probe
    received: list[str] = []
    call_count(channel, "ok", received)
    labels = {"grpc_type": "server_stream", "grpc_method": "Count"}
    assert received == ["0", "1", "2"]
    assert _metric(server, "grpc_server_started_total", **labels) == 1
    assert _metric(server, "grpc_server_msg_sent_total", **labels) == 3
    assert _metric(server, "grpc_server_handled_total", grpc_code="OK", **labels) == 1
    assert _metric(server, "grpc_server_handling_seconds_count", **labels) == 1


def test_server_stream_error_is_handled_with_its_grpc_code(probe: tuple[Server, grpc.Channel]
                                                           ) -> None:
    server, channel = probe
    with pytest.raises(grpc.RpcError):
        call_count(channel, "stale", [])
    labels = {"grpc_type": "server_stream", "grpc_method": "Count"}
    assert _metric(server, "grpc_server_handled_total", grpc_code="Aborted", **labels) == 1
    assert _metric(server, "grpc_server_handled_total", grpc_code="OK", **labels) == 0
    assert _metric(server, "grpc_server_msg_sent_total", **labels) == 3


def test_health_checks_are_counted_like_any_call(probe: tuple[Server, grpc.Channel]) -> None:
    server, channel = probe
    health_status(channel, "")
    assert server.metrics_port is not None
    text = scrape(server.metrics_port)
    assert sample(text, "grpc_server_handled_total", grpc_service="grpc.health.v1.Health",
                  grpc_method="Check", grpc_code="OK") == 1


def test_each_server_keeps_its_own_registry() -> None:
    with serving([probe_service()]) as a, serving([probe_service()]) as b:
        with channel_to(a.port) as channel:
            call_echo(channel, "ok")
        assert _metric(a, "grpc_server_started_total", grpc_method="Echo") == 1
        assert _metric(b, "grpc_server_started_total", grpc_method="Echo") == 0
        assert a.metrics_port != b.metrics_port


def test_latency_buckets_resolve_calls_under_a_millisecond(probe: tuple[Server, grpc.Channel]
                                                           ) -> None:
    server, channel = probe
    for _ in range(20):
        assert call_echo(channel, "ok") == "ok"
    labels = {"grpc_type": "unary", "grpc_method": "Echo"}
    # An echo's handler takes well under 5 ms (the first bucket of go-grpc-prometheus's
    # defaults): buckets from 0.1 ms up tell such calls apart.
    buckets = [float(b) for b in ("0.0001", "0.00025", "0.0005", "0.001", "0.002", "0.005")]
    counts = [_metric(server, "grpc_server_handling_seconds_bucket", le=str(b), **labels)
              for b in buckets]
    assert None not in counts
    assert counts[buckets.index(0.001)] == 20  # every one under a millisecond
    assert _metric(server, "grpc_server_handling_seconds_bucket", le="30.0", **labels) == 20
