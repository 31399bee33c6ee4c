"""The cardroom_ game metrics of the match service (the grpc_server_* ones come from
cardroom.shared.rpc).

Under MATCH_PROCESSES the processes count in files and the supervisor serves their merge
(cardroom.shared.rpc.procfiles): counters and histograms are summed, and each gauge says
how its processes' values combine (`multiprocess_mode`; ignored by a single process).
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

#: The limits whose refusals are counted (settings MATCH_MAX_ACTIVE, MATCH_MAX_STREAMS,
#: MATCH_MAX_STREAMS_PER_PEER, MATCH_STREAM_STALL, MATCH_MAX_WATCHERS).
LIMITS = ("max_active", "max_streams", "max_streams_per_peer", "stream_stall", "max_watchers",
          "store_high_water")


class MatchMetrics:
    """Game metrics, registered on one registry (the process's, or a test server's own)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        registry = CollectorRegistry() if registry is None else registry
        self.matches_created = Counter(
            "cardroom_matches_created_total", "Matches created, by game.", ["game"],
            registry=registry)
        self.matches_finished = Counter(
            "cardroom_matches_finished_total",
            "Matches that ended, by game and how (completed, resigned, abandoned).",
            ["game", "reason"], registry=registry)
        self.active_matches = Gauge(
            "cardroom_active_matches", "Matches being played, by game (read from Redis).",
            ["game"], registry=registry, multiprocess_mode="livemax")
        self.moves = Counter(
            "cardroom_moves_total", "SubmitMove calls by game and outcome (applied, "
            "duplicate, illegal, stale, invalid, denied, error).", ["game", "outcome"],
            registry=registry)
        self.redis_seconds = Histogram(
            "cardroom_redis_round_trip_seconds",
            "Redis round trips of the match service, by operation.", ["op"],
            buckets=(0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5),
            registry=registry)
        self.timer_firings = Counter(
            "cardroom_timer_firings_total",
            "Deadlines fired by this replica (hourglass, clock, bot_retry).", ["kind"],
            registry=registry)
        self.timer_lag = Histogram(
            "cardroom_timer_lag_seconds",
            "Seconds from a deadline's due time until this replica fired it, by kind.",
            ["kind"], buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0),
            registry=registry)
        for kind in ("hourglass", "clock", "bot_retry"):
            self.timer_lag.labels(kind)
            self.timer_firings.labels(kind)
        self.timer_loop_seconds = Gauge(
            "cardroom_timer_loop_last_run_timestamp_seconds",
            "Unix time this replica's timer loop last finished a poll of the timer index.",
            registry=registry, multiprocess_mode="livemax")
        self.bot_tasks = Counter(
            "cardroom_bot_tasks_total", "Bot tasks sent to the broker, by outcome.",
            ["outcome"], registry=registry)

        self.open_streams = Gauge(
            "cardroom_match_open_streams", "WatchMatch streams open on this replica.",
            registry=registry, multiprocess_mode="livesum")
        self.unary_in_flight = Gauge(
            "cardroom_match_unary_in_flight", "Unary calls being handled on this replica.",
            registry=registry, multiprocess_mode="livesum")
        self.refused = Counter(
            "cardroom_match_limit_refusals_total",
            "Calls refused or streams ended by a limit (max_active, max_streams, "
            "max_streams_per_peer, stream_stall, max_watchers, store_high_water).", ["limit"],
            registry=registry)
        self.store_crowded = Gauge(
            "cardroom_match_store_high_water",
            "1 while the match store is past MATCH_STORE_HIGH_WATER (new matches refused, "
            "play goes on), else 0.", registry=registry, multiprocess_mode="livemax")
        for limit in LIMITS:
            self.refused.labels(limit)
        self.fanout_delay = Histogram(
            "cardroom_fanout_delay_seconds",
            "Seconds from the replica hearing of a match's new events until a stream of "
            "the match has read them (it sends them next).",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
            registry=registry)

    def observe_redis(self, op: str, seconds: float) -> None:
        """Record one Redis round trip."""
        self.redis_seconds.labels(op).observe(seconds)
