"""The match store: the one owner of every Redis key of the match service (layout in
docs/match.md), on redis-py's asyncio client, one bounded connection pool per replica, to
one Redis or a Redis Cluster (store.py).

By concern: keys.py (the one key builder, index shards), records.py (the values read and
written), scripts.py (the Lua scripts as redis-py Script objects), connection.py (the
client, timing, failures, the servers), reads.py and writes.py (one match: its one read and
its one atomic compare-and-set write), lobby.py and timers.py (the indexes), quotas.py (the
creation counters), feed.py (the lobby feed). MatchRepo puts the parts together.
"""

from __future__ import annotations

from .connection import (
    MAX_CONNECTIONS,
    NOT_PERSISTED,
    STORE_FULL,
    UNAVAILABLE,
    out_of_memory,
    transient,
)
from .feed import LobbyFeedStore
from .keys import ALL, INDEX_SHARDS, PREFIX, PUBLIC, key_for, request_key, shard_of
from .lobby import LobbyIndex
from .quotas import QuotaCounts
from .reads import MatchReads
from .records import (
    IDLE_VERSION,
    BotSend,
    Listing,
    Outcome,
    RoundTrips,
    Snapshot,
    TimerEntry,
    Write,
)
from .timers import TimerIndex
from .writes import MatchWrites


class MatchRepo(MatchReads, MatchWrites, LobbyIndex, TimerIndex, QuotaCounts,
                LobbyFeedStore):
    """Reads and writes matches, lobby entries, timers, quotas and the lobby feed; nothing
    else touches Redis keys."""


__all__ = [
    "ALL", "IDLE_VERSION", "INDEX_SHARDS", "MAX_CONNECTIONS", "NOT_PERSISTED", "PREFIX",
    "PUBLIC", "STORE_FULL", "UNAVAILABLE", "BotSend", "Listing", "MatchRepo", "Outcome",
    "RoundTrips", "Snapshot", "TimerEntry", "Write", "key_for", "out_of_memory",
    "request_key", "shard_of", "transient",
]
