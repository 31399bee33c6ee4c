"""The Redis keys of the match service: the one builder (key_for) and the index shards.

Every key of one match carries the hash tag ``{<match id>}`` so a match lives in one Redis
Cluster slot and a Lua script may touch all of its keys. On a cluster the timer and lobby
indexes would pin all their traffic to one slot if each were one key: they are spread over
MATCH_INDEX_SHARDS keys (each in its own slot), a match's entries always in the shard its
id hashes to; readers merge the shards.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

PREFIX = "cardroom"
#: Keys each of the timer and lobby indexes is spread over (MATCH_INDEX_SHARDS).
INDEX_SHARDS = 8
#: Lobby scopes: the public lobby, and every match including private ones (the admin's).
PUBLIC, ALL = "public", "all"
#: Seats a request-record read covers: every game's largest table fits.
MAX_SEATS = 8
#: The lobby's status parts: each status, and every status at once.
LOBBY_STATUSES = ("any", "open", "active", "finished", "abandoned")


def key_for(kind: str, match_id: str = "", part: str = "", shard: int = 0) -> str:
    """The Redis key of `kind` ("state", "events", "actions", "request", "lobby" and
    "timers" of index shard `shard`, "quota" of the caller `match_id`), or the pub/sub
    channel ("notify") that announces a match's new events."""
    if kind in ("state", "events", "actions", "notify"):
        return f"{PREFIX}:match:{{{match_id}}}:{kind}"
    if kind == "request":
        # part is "<seat>:<request id>": a request id belongs to the seat that sent it.
        return f"{PREFIX}:match:{{{match_id}}}:request:{part}"
    if kind == "lobby":
        return f"{PREFIX}:{{lobby:{shard}}}:{part}"
    if kind == "timers":
        return f"{PREFIX}:{{timers:{shard}}}:due"
    if kind == "quota":
        # One caller's counters share a slot (the admission script reads both).
        return f"{PREFIX}:quota:{{{match_id}}}:{part}"
    raise ValueError(f"unknown key kind {kind!r}")


def shard_of(match_id: str, shards: int) -> int:
    """The index shard holding a match's timer and lobby entries (stable for its id)."""
    return zlib.crc32(match_id.encode()) % shards


def request_key(match_id: str, seat: int | None, request: str) -> str:
    """The key of the result of `request` sent by `seat` (-1: no seat)."""
    return key_for("request", match_id, f"{-1 if seat is None else seat}:{request}")


def lobby_key(scope: str, game: str, status: str, shard: int) -> str:
    """The key of one lobby index shard: PUBLIC lists what anyone may see, ALL adds private
    ones."""
    prefix = "" if scope == PUBLIC else f"{scope}:"
    return key_for("lobby", part=f"{prefix}{game}:{status}", shard=shard)


def listed_keys(match_id: str, game: str, private: bool, statuses: Sequence[str],
                shards: int) -> list[str]:
    """The lobby keys that list a match of `game` under each of `statuses`."""
    # Every match is in four indexes of the ALL scope, (its game | every game) x (its
    # status | any status), and a public one in the same four of the public scope too.
    shard = shard_of(match_id, shards)
    return [lobby_key(scope, part, status, shard)
            for scope in ((ALL,) if private else (ALL, PUBLIC))
            for part in (game, "*") for status in statuses]


def timers_key(match_id: str, shards: int) -> str:
    """The timer index shard that holds a match's entries."""
    return key_for("timers", shard=shard_of(match_id, shards))
