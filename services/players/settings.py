"""Settings of the player and matchmaker services, read beside the match service's by
the replica that serves them all (README's settings table)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.shared.rpc.settings import count, read, seconds, var

from .credentials import parse_apps


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """What the player and matchmaker services read from the environment."""

    #: App credentials, "app=secret,app2=secret2": each app acts for its own players
    #: ("app:<app>:<id>"). Unset: no apps.
    apps: tuple[tuple[str, str], ...] = var("PLAYER_APPS", (), parse_apps)
    #: The key player credentials are signed with (every replica the same); unset: one is
    #: drawn by the first replica and kept in Redis.
    secret: str | None = var("PLAYER_SECRET", None)
    #: Seconds a player, its match list, ratings and history outlive its last activity.
    ttl_s: float = var("PLAYER_TTL", 400 * 86400.0, seconds())
    #: Seconds between two looks of a replica's rating loop at the matches pending.
    rating_interval_s: float = var("PLAYER_RATING_INTERVAL", 1.0, seconds())
    #: Seconds between two looks at one unfinished match by the rating loop (the replica
    #: that ends a match rates it at once; the loop catches what a dead replica left).
    rating_recheck_s: float = var("PLAYER_RATING_RECHECK", 30.0, seconds())
    #: Guests one caller (address) may create per minute, for every replica (0: no limit).
    guests_per_minute: int = var("PLAYER_GUESTS_PER_MINUTE", 30, count())
    #: Calls of the player and matchmaker services one caller (player, app, else address)
    #: may make per minute, for every replica (0: no limit).
    calls_per_minute: int = var("PLAYER_CALLS_PER_MINUTE", 600, count())

    #: Seconds between two matching passes of a replica (a bot fill waits at most one more).
    matchmaker_interval_s: float = var("MATCHMAKER_INTERVAL", 0.25, seconds())
    #: MATCHMAKER_MOVE_CLOCK: seconds a player of a matchmade table has for each move before
    #: a bot makes it for them (a player who never comes does not hold the table up); 0:
    #: no clock.
    matchmade_clock_s: float = var("MATCHMAKER_MOVE_CLOCK", 60.0, seconds(zero=True))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> PlayerSettings:
        """Read every setting; a bad value raises InvalidConfig naming the variable."""
        return read(cls, environ)
