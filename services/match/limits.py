"""The limits of one replica: unary calls in flight, open streams, streams per caller
(cardroom.shared.rpc.identity) and streams per match (watchers; each costs a share of every
move's fan-out).

Beyond a limit a call is refused at once with RESOURCE_EXHAUSTED naming the setting, never
queued without bound: health checks are not counted, so a replica full of streams or calls
still answers its probes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from cardroom.shared.errors import ResourceExhausted

from .metrics import MatchMetrics


class Limits:
    """Counts what is open now and refuses what would go past a limit."""

    def __init__(self, metrics: MatchMetrics, *, max_active: int = 1000,
                 max_streams: int = 20_000, max_streams_per_peer: int = 500,
                 stall_s: float = 30.0, max_watchers: int = 100) -> None:
        self.metrics = metrics
        self.max_active = max_active
        self.max_streams = max_streams
        self.max_streams_per_peer = max_streams_per_peer
        self.stall_s = stall_s
        self.max_watchers = max_watchers
        self.active = 0
        self.streams = 0
        self.by_peer: dict[str, int] = {}
        self.by_match: dict[str, int] = {}

    def count_refusal(self, limit: str) -> None:
        """Count one call refused (or stream ended) by `limit`."""
        self.metrics.refused.labels(limit).inc()

    @contextlib.contextmanager
    def unary(self) -> Iterator[None]:
        """Hold a place among the unary calls in flight."""
        if self.active >= self.max_active:
            self.count_refusal("max_active")
            raise ResourceExhausted(
                f"this replica is handling its limit of {self.max_active} calls at once "
                "(MATCH_MAX_ACTIVE); retry shortly", "MATCH_MAX_ACTIVE"
            ).detail(limit=self.max_active)
        self.active += 1
        self.metrics.unary_in_flight.set(self.active)
        try:
            yield
        finally:
            self.active -= 1
            self.metrics.unary_in_flight.set(self.active)

    @contextlib.contextmanager
    def stream(self, caller: str, match_id: str | None = "") -> Iterator[None]:
        """Hold a place among the open streams, of the replica, of `caller` (its Caller.key:
        every connection of one caller counts together) and of the match `match_id`
        watched (None: a stream of no match, the lobby's)."""
        host = caller
        if self.streams >= self.max_streams:
            self.count_refusal("max_streams")
            raise ResourceExhausted(
                f"this replica has its limit of {self.max_streams} open streams "
                "(MATCH_MAX_STREAMS); retry later or on another replica", "MATCH_MAX_STREAMS"
            ).detail(limit=self.max_streams)
        if self.by_peer.get(host, 0) >= self.max_streams_per_peer:
            self.count_refusal("max_streams_per_peer")
            raise ResourceExhausted(
                f"this caller has its limit of {self.max_streams_per_peer} open streams on "
                "this replica (MATCH_MAX_STREAMS_PER_PEER); close one first",
                "MATCH_MAX_STREAMS_PER_PEER").detail(limit=self.max_streams_per_peer)
        if match_id is not None and self.by_match.get(match_id, 0) >= self.max_watchers:
            self.count_refusal("max_watchers")
            raise ResourceExhausted(
                f"this match has its limit of {self.max_watchers} watchers on this replica "
                "(MATCH_MAX_WATCHERS); retry later or on another replica", "MATCH_MAX_WATCHERS"
            ).detail(limit=self.max_watchers)
        self.streams += 1
        if match_id is not None:
            self.by_match[match_id] = self.by_match.get(match_id, 0) + 1
        self.by_peer[host] = self.by_peer.get(host, 0) + 1
        self.metrics.open_streams.set(self.streams)
        try:
            yield
        finally:
            self.streams -= 1
            left = self.by_peer[host] - 1
            if left:
                self.by_peer[host] = left
            else:
                del self.by_peer[host]
            if match_id is not None:
                watching = self.by_match[match_id] - 1
                if watching:
                    self.by_match[match_id] = watching
                else:
                    del self.by_match[match_id]
            self.metrics.open_streams.set(self.streams)

