"""The cardroom_ game metrics of the match service (the grpc_server_* ones come from shared.rpc)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

MATCHES_CREATED = Counter(
    "cardroom_matches_created_total", "Matches created, by game.", ["game"])
MATCHES_FINISHED = Counter(
    "cardroom_matches_finished_total",
    "Matches that ended, by game and how (completed, resigned, abandoned).", ["game", "reason"])
ACTIVE_MATCHES = Gauge(
    "cardroom_active_matches", "Matches being played, by game (read from Redis).", ["game"])
MOVES = Counter(
    "cardroom_moves_total",
    "SubmitMove calls by game and outcome (applied, duplicate, illegal, stale, invalid, denied).",
    ["game", "outcome"])
REDIS_SECONDS = Histogram(
    "cardroom_redis_round_trip_seconds", "Redis round trips of the match service, by operation.",
    ["op"], buckets=(0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5))
TIMER_FIRINGS = Counter(
    "cardroom_timer_firings_total",
    "Deadlines fired by this replica's timer loop (hourglass, clock, bot_retry).", ["kind"])
BOT_TASKS = Counter(
    "cardroom_bot_tasks_total", "Bot tasks sent to the broker, by outcome (sent, failed).",
    ["outcome"])


def observe_redis(op: str, seconds: float) -> None:
    """Record one Redis round trip."""
    REDIS_SECONDS.labels(op).observe(seconds)
