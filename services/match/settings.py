"""Settings of the match service: the common ones (cardroom.shared.rpc.settings) plus its own,
read by the same parser with the same bounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import Settings, choice, count, read, seconds, var

from .bots import DEFAULT_QUEUE, SEARCH_QUEUE
from .defaults import BOT_RETRY_S, FINISHED_TTL_S, REQUEST_TTL_S, UNSTARTED_TTL_S
from .health import DURABILITY_MODES, OFF
from .repo.feed import FEED_LENGTH, FEED_TTL_S

#: Seconds a replica's calls in flight get to finish after SIGTERM (streams end at once and
#: resume on another replica).
SHUTDOWN_GRACE_SECONDS = 5.0


def fraction(name: str, raw: str) -> float:
    """A settings kind: a share from 0 to 1 (0: off)."""
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise InvalidConfig(f"{name} must be a number from 0 to 1, not {raw!r}", name)
    return value


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What the match service reads from its environment beyond the common settings."""

    common: Settings
    #: Seconds a finished or abandoned match stays readable.
    finished_ttl_s: float = var("MATCH_FINISHED_TTL", FINISHED_TTL_S, seconds())
    #: Seconds a request id is remembered for idempotent retries.
    request_ttl_s: float = var("MATCH_REQUEST_TTL", REQUEST_TTL_S, seconds())
    #: Seconds between two polls of the timer loop.
    timer_interval_s: float = var("MATCH_TIMER_INTERVAL", 0.25, seconds())
    #: MATCH_PROCESSES: processes of this replica, serving one gRPC port (SO_REUSEPORT) and
    #: one /metrics (cardroom.services.match.processes); 1: this process alone.
    processes: int = var("MATCH_PROCESSES", 1, count(least=1))
    #: Seconds after which an unanswered bot task is sent again.
    bot_retry_s: float = var("MATCH_BOT_RETRY", BOT_RETRY_S, seconds())
    #: The broker queue bot tasks of fast policies go to.
    bot_queue: str = var("MATCH_BOT_QUEUE", DEFAULT_QUEUE)
    #: The broker queue bot tasks of search policies go to.
    bot_search_queue: str = var("MATCH_BOT_SEARCH_QUEUE", SEARCH_QUEUE)
    #: The bot workers' credential (acts only for seats a bot plays; unset: none).
    bot_token: str | None = var("BOT_TOKEN", None)
    #: Unary calls in flight at once on a replica; one more is refused with
    #: RESOURCE_EXHAUSTED (health checks and streams are not counted).
    max_active: int = var("MATCH_MAX_ACTIVE", 1000, count(least=1))
    #: Open WatchMatch streams per replica; one more is refused.
    max_streams: int = var("MATCH_MAX_STREAMS", 20_000, count())
    #: Open WatchMatch streams per client address.
    max_streams_per_peer: int = var("MATCH_MAX_STREAMS_PER_PEER", 500, count())
    #: Open WatchMatch streams of one match on a replica (each costs a share of every
    #: move's fan-out); one more is refused with RESOURCE_EXHAUSTED.
    max_watchers: int = var("MATCH_MAX_WATCHERS", 100, count())
    #: Seconds a stream may leave an event unread before it is ended (UNAVAILABLE; the
    #: client resumes from its cursor).
    stream_stall_s: float = var("MATCH_STREAM_STALL", 30.0, seconds())
    #: Redis connections a replica may hold at once (on a cluster: commands in flight, each
    #: node's pool two larger).
    redis_connections: int = var("MATCH_REDIS_CONNECTIONS", 32, count(least=2))
    #: Keys (cluster slots) the timer and lobby indexes are spread over; fixed for the life
    #: of a deployment's data.
    index_shards: int = var("MATCH_INDEX_SHARDS", 8, count(least=1))
    #: Engine states kept per replica by (match, version); 0 turns it off.
    state_cache: int = var("MATCH_STATE_CACHE", 10_000, count())
    #: What Redis must keep of each acknowledged write (off, everysec, always;
    #: cardroom.services.match.health); short of it the replica is NOT_SERVING and refuses
    #: writes.
    durability: str = var("MATCH_DURABILITY", OFF, choice(*DURABILITY_MODES))
    #: Seconds a Redis command may take before the call fails UNAVAILABLE.
    redis_timeout_s: float = var("MATCH_REDIS_TIMEOUT", 2.0, seconds())
    #: Seconds between two probes of Redis for the health status.
    health_interval_s: float = var("MATCH_HEALTH_INTERVAL", 1.0, seconds())
    #: Matches one caller (credential, else network: cardroom.shared.rpc.identity) may
    #: create in any 60 seconds, counted in Redis for all replicas (0: no limit).
    create_per_minute: int = var("MATCH_CREATE_PER_MINUTE", 600, count())
    #: Open or active matches one caller may have created (0: no limit).
    live_per_creator: int = var("MATCH_LIVE_PER_CREATOR", 100, count())
    #: Open or active matches of the whole service (0: no limit).
    max_live: int = var("MATCH_MAX_LIVE", 100_000, count())
    #: Open or active matches with a clock (per-move or the engine's) one caller may have
    #: created (0: no limit).
    timed_per_creator: int = var("MATCH_LIVE_TIMED_PER_CREATOR", 20, count())
    #: Bot seats of one caller's open or active matches, weighed by policy cost (a search
    #: policy's seat 4, a fast one's 1; 0: no limit).
    bot_cost_per_creator: int = var("MATCH_BOT_COST_PER_CREATOR", 100, count())
    #: Seconds a match that ended before it started (abandoned or idle while open) stays
    #: readable; it counts against its creator's quotas until then.
    unstarted_ttl_s: float = var("MATCH_UNSTARTED_TTL", UNSTARTED_TTL_S, seconds())
    #: The share of Redis' maxmemory past which new matches are refused (moves, joins,
    #: resigns and reads in existing ones go on); read by the health probe (0: off).
    store_high_water: float = var("MATCH_STORE_HIGH_WATER", 0.8, fraction)
    #: Open tables of one creator a page of the public lobby shows at most (0: no limit).
    lobby_per_creator: int = var("MATCH_LOBBY_PER_CREATOR", 5, count())
    #: Seconds an open or active match may go without a write before it is abandoned (and
    #: then expires like a finished one).
    idle_ttl_s: float = var("MATCH_IDLE_TTL", 86400.0, seconds())
    #: Shortest per-move clock or Mix Match hourglass, in seconds.
    min_timer_s: float = var("MATCH_MIN_TIMER", 1.0, seconds())
    #: Lobby changes the lobby feed keeps for WatchLobby cursors (about; every replica's).
    lobby_feed_length: int = var("MATCH_LOBBY_FEED_LENGTH", FEED_LENGTH, count(least=1))
    #: Seconds the lobby feed keeps a change: an older cursor is OUT_OF_RANGE.
    lobby_feed_ttl_s: float = var("MATCH_LOBBY_FEED_TTL", FEED_TTL_S, seconds())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> MatchSettings:
        """Read every setting; a bad value raises InvalidConfig naming the variable."""
        return read(cls, environ, common=Settings.from_env("match", environ))
