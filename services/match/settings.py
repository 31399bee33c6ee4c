"""Settings of the match service: the common ones (cardroom.shared.rpc.settings) plus its own."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import Settings

from .bots import DEFAULT_QUEUE, SEARCH_QUEUE
from .health import DURABILITY_MODES, OFF


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What the match service reads from its environment beyond the common settings."""

    common: Settings
    #: MATCH_FINISHED_TTL: seconds a finished or abandoned match stays readable.
    finished_ttl_s: float = 7 * 86400.0
    #: MATCH_REQUEST_TTL: seconds a request id is remembered for idempotent retries.
    request_ttl_s: float = 86400.0
    #: MATCH_TIMER_INTERVAL: seconds between two polls of the timer loop.
    timer_interval_s: float = 0.25
    #: MATCH_BOT_RETRY: seconds after which an unanswered bot task is sent again.
    bot_retry_s: float = 120.0
    #: MATCH_BOT_QUEUE: the broker queue bot tasks of fast policies go to.
    bot_queue: str = DEFAULT_QUEUE
    #: MATCH_BOT_SEARCH_QUEUE: the broker queue bot tasks of search policies go to.
    bot_search_queue: str = SEARCH_QUEUE
    #: BOT_TOKEN: the bot workers' credential (acts only for seats a bot plays; unset: none).
    bot_token: str | None = None
    #: MATCH_MAX_ACTIVE: unary calls in flight at once on a replica; one more is refused
    #: with RESOURCE_EXHAUSTED (health checks and streams are not counted).
    max_active: int = 1000
    #: MATCH_MAX_STREAMS: open WatchMatch streams per replica; one more is refused.
    max_streams: int = 20_000
    #: MATCH_MAX_STREAMS_PER_PEER: open WatchMatch streams per client address.
    max_streams_per_peer: int = 500
    #: MATCH_STREAM_STALL: seconds a stream may leave an event unread before it is ended
    #: (UNAVAILABLE; the client resumes from its cursor).
    stream_stall_s: float = 30.0
    #: MATCH_REDIS_CONNECTIONS: Redis connections a replica may hold at once (on a
    #: cluster: commands in flight, each node's pool two larger).
    redis_connections: int = 32
    #: MATCH_INDEX_SHARDS: keys (cluster slots) the timer and lobby indexes are spread over;
    #: fixed for the life of a deployment's data.
    index_shards: int = 8
    #: MATCH_STATE_CACHE: engine states kept per replica by (match, version); 0 turns it off.
    state_cache: int = 10_000
    #: MATCH_DURABILITY: what Redis must keep of each acknowledged write (off, everysec,
    #: always; cardroom.services.match.health); short of it the replica is NOT_SERVING and
    #: refuses writes.
    durability: str = OFF
    #: MATCH_REDIS_TIMEOUT: seconds a Redis command may take before the call fails UNAVAILABLE.
    redis_timeout_s: float = 2.0
    #: MATCH_HEALTH_INTERVAL: seconds between two probes of Redis for the health status.
    health_interval_s: float = 1.0
    #: MATCH_CREATE_PER_MINUTE: matches one caller (credential, else address) may create
    #: per minute, counted in Redis for all replicas (0: no limit).
    create_per_minute: int = 600
    #: MATCH_LIVE_PER_CREATOR: open or active matches one caller may have created (0: none).
    live_per_creator: int = 100
    #: MATCH_MAX_LIVE: open or active matches of the whole service (0: no limit).
    max_live: int = 100_000
    #: MATCH_IDLE_TTL: seconds an open or active match may go without a write before it is
    #: abandoned (and then expires like a finished one).
    idle_ttl_s: float = 86400.0
    #: MATCH_MIN_TIMER: shortest per-move clock or Mix Match hourglass, in seconds.
    min_timer_s: float = 1.0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> MatchSettings:
        """Read every setting; a bad value raises InvalidConfig naming the variable."""
        env = os.environ if environ is None else environ
        return cls(
            common=Settings.from_env("match", env),
            finished_ttl_s=_seconds(env, "MATCH_FINISHED_TTL", 7 * 86400.0),
            request_ttl_s=_seconds(env, "MATCH_REQUEST_TTL", 86400.0),
            timer_interval_s=_seconds(env, "MATCH_TIMER_INTERVAL", 0.25),
            bot_retry_s=_seconds(env, "MATCH_BOT_RETRY", 120.0),
            bot_queue=env.get("MATCH_BOT_QUEUE", "").strip() or DEFAULT_QUEUE,
            bot_search_queue=env.get("MATCH_BOT_SEARCH_QUEUE", "").strip() or SEARCH_QUEUE,
            bot_token=env.get("BOT_TOKEN", "").strip() or None,
            max_active=max(1, _count(env, "MATCH_MAX_ACTIVE", 1000)),
            max_streams=_count(env, "MATCH_MAX_STREAMS", 20_000),
            max_streams_per_peer=_count(env, "MATCH_MAX_STREAMS_PER_PEER", 500),
            stream_stall_s=_seconds(env, "MATCH_STREAM_STALL", 30.0),
            redis_connections=max(2, _count(env, "MATCH_REDIS_CONNECTIONS", 32)),
            index_shards=max(1, _count(env, "MATCH_INDEX_SHARDS", 8)),
            state_cache=_count(env, "MATCH_STATE_CACHE", 10_000),
            durability=_durability(env),
            redis_timeout_s=_seconds(env, "MATCH_REDIS_TIMEOUT", 2.0),
            health_interval_s=_seconds(env, "MATCH_HEALTH_INTERVAL", 1.0),
            create_per_minute=_count(env, "MATCH_CREATE_PER_MINUTE", 600),
            live_per_creator=_count(env, "MATCH_LIVE_PER_CREATOR", 100),
            max_live=_count(env, "MATCH_MAX_LIVE", 100_000),
            idle_ttl_s=_seconds(env, "MATCH_IDLE_TTL", 86400.0),
            min_timer_s=_seconds(env, "MATCH_MIN_TIMER", 1.0),
        )


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise InvalidConfig(f"{name} must be a number, not {raw!r}", name) from None
    if not 0 < value < 10**9:
        raise InvalidConfig(f"{name} must be positive, not {raw!r}", name)
    return value


def _durability(env: Mapping[str, str]) -> str:
    raw = env.get("MATCH_DURABILITY", "").strip().lower() or OFF
    if raw not in DURABILITY_MODES:
        raise InvalidConfig(f"MATCH_DURABILITY must be one of {', '.join(DURABILITY_MODES)}, "
                            f"not {raw!r}", "MATCH_DURABILITY")
    return raw


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise InvalidConfig(f"{name} must be a whole number, not {raw!r}", name)
    return int(raw)
