"""The cardroom_ metrics of the player and matchmaker services (served on the match
replica's /metrics)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from cardroom.shared.games.registry import GAMES


class PlayerMetrics:
    """Players, ratings and matchmaking, on one registry."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        registry = CollectorRegistry() if registry is None else registry
        self.players_created = Counter(
            "cardroom_players_created_total", "Players created, by kind (guest, app).",
            ["kind"], registry=registry)
        self.matches_rated = Counter(
            "cardroom_matches_rated_total", "Finished matches looked at for ratings, by game "
            "and outcome (ok, rated: done before, abandoned: not rated).", ["game", "outcome"],
            registry=registry)
        self.ratings_updated = Counter(
            "cardroom_ratings_updated_total", "Player ratings changed, by game.", ["game"],
            registry=registry)
        self.tickets_waiting = Gauge(
            "cardroom_tickets_waiting", "Matchmaking tickets waiting, by game (every "
            "replica's, read from Redis).", ["game"], registry=registry,
            multiprocess_mode="livemax")
        self.ticket_wait = Histogram(
            "cardroom_ticket_wait_seconds", "Seconds from a ticket's creation to its match, "
            "by game.", ["game"], buckets=(0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300),
            registry=registry)
        self.matches_made = Counter(
            "cardroom_matchmaker_matches_total", "Matches the matchmaker made, by game and "
            "whether bots filled seats (bots: yes, no).", ["game", "bots"], registry=registry)
        # Every game's series exist from the start (0), so dashboards and alerts read them
        # before the first ticket or rating.
        for game in GAMES:
            self.ratings_updated.labels(game)
            self.tickets_waiting.labels(game)
            self.ticket_wait.labels(game)
            for bots in ("yes", "no"):
                self.matches_made.labels(game, bots)
