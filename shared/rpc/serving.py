"""cardroom_serving{service}: 1 while this replica reports SERVING on gRPC health, else 0.

Health is what balancers and probes see; this gauge lets Prometheus see it too, so an alert
fires when no replica of a service serves although every /metrics endpoint is up. Set it
wherever health is set (ServingGauge.set: cardroom.shared.rpc.server does).
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Gauge

#: The gauge's name, as the alert rules and dashboards read it.
METRIC = "cardroom_serving"


class ServingGauge:
    """The serving gauge of one service in one registry, 0 until set."""

    def __init__(self, registry: CollectorRegistry, service: str) -> None:
        self.service = service
        self._gauge = Gauge(
            METRIC, "1 while this replica reports SERVING on gRPC health, 0 otherwise.",
            ["service"], registry=registry,
            # A replica of several processes (MATCH_PROCESSES) serves while all of them do.
            multiprocess_mode="livemin")
        self._child = self._gauge.labels(service)
        self._child.set(0)

    def set(self, serving: bool) -> None:
        """Record the replica's health: serving or not."""
        self._child.set(1 if serving else 0)

