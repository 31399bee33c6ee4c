"""The values the match store reads and writes: a match as read, one write, its outcome,
lobby moves, timer entries, confirmed bot sends and round-trip counts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..record import MatchRecord, read_record

#: The version idle timer entries carry (TimerEntry.idle).
IDLE_VERSION = -1


@dataclass(slots=True)
class Snapshot:
    """One match as read in one round trip."""

    match_id: str
    version: int
    status: str
    record: MatchRecord
    engine_text: str
    seq: int
    deadline_ms: int
    bot_retry_ms: int
    #: The stored results of the call's request id, by the seat that sent it.
    priors: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def engine(self) -> dict[str, Any]:
        """The engine state's JSON (decoded only when asked for)."""
        decoded: dict[str, Any] = orjson.loads(self.engine_text)
        return decoded


@dataclass(slots=True)
class Write:
    """Everything one atomic write stores (see scripts.MOVE)."""

    expected_version: int
    status: str
    record: MatchRecord
    engine: dict[str, Any]
    events: Sequence[dict[str, Any]] = ()
    actions: Sequence[dict[str, Any]] = ()
    deadline_ms: int = 0
    bot_retry_ms: int = 0
    request: str | None = None
    seat: int | None = None
    expire_ms: int = 0
    #: When the match is abandoned unless written again (0: never; see TimerEntry.idle).
    idle_ms: int = 0
    #: The lobby move this write makes, when it changes the match's status (or creates it).
    listing: Listing | None = None
    #: The write id of the state the change was prepared from ("": not checked); a match
    #: at the expected version but of another write is stale too (cache.py).
    from_write: str = ""
    #: The digest of the move a request id is stored with (model.move_digest; "": none).
    move: str = ""


@dataclass(frozen=True, slots=True)
class Listing:
    """Where a match is listed: its game, its status before a write (None: a new match) and
    after, and whether it is private (listed for the admin only)."""

    game: str
    old_status: str | None
    new_status: str
    private: bool = False


@dataclass(slots=True)
class Outcome:
    """What the write script answered: "ok", "dup" (request already done), "stale", "missing"."""

    kind: str
    version: int = 0
    first: int = 0
    last: int = 0
    seat: int | None = None
    #: The digest of the move a duplicate's request id was first used for ("": unknown).
    move: str = ""


@dataclass(slots=True)
class TimerEntry:
    """One timer-index entry: wake the match `match_id` at version `version` at `due_ms`."""

    match_id: str
    version: int
    due_ms: int

    @property
    def member(self) -> str:
        """The zset member naming this entry (unique per match, version and due time)."""
        return f"{self.match_id}|{self.version}|{self.due_ms}"

    @classmethod
    def idle(cls, match_id: str) -> TimerEntry:
        """The one idle entry of a match: every write moves its score (the time the match
        is abandoned unless written again), so a match holds one such entry, not one a write."""
        return cls(match_id, IDLE_VERSION, 0)

    @property
    def is_idle(self) -> bool:
        """Whether this is a match's idle entry."""
        return self.version == IDLE_VERSION

    @classmethod
    def parse(cls, member: str) -> TimerEntry:
        """The entry named by a zset member."""
        match_id, version, due = member.split("|")
        return cls(match_id, int(version), int(due))


@dataclass(frozen=True)
class BotSend:
    """Bot tasks of `version` the broker took: their re-send time may move from
    `unconfirmed_ms` to `confirmed_ms` (see MatchService and the timer loop)."""

    match_id: str
    version: int
    unconfirmed_ms: int
    confirmed_ms: int


@dataclass
class RoundTrips:
    """Counts Redis round trips, per operation name (for the benchmark and tests)."""

    counts: dict[str, int] = field(default_factory=dict)

    def add(self, op: str) -> None:
        """Count one round trip of `op`."""
        self.counts[op] = self.counts.get(op, 0) + 1

    def total(self) -> int:
        """All round trips counted so far."""
        return sum(self.counts.values())


def snapshot(match_id: str, fields: dict[str, str]) -> Snapshot:
    """The match in the fields of its state hash."""
    return Snapshot(
        match_id=match_id, version=int(fields["version"]), status=fields["status"],
        record=read_record(orjson.loads(fields["meta"])), engine_text=fields["engine"],
        seq=int(fields.get("seq", 0)), deadline_ms=int(fields.get("deadline", 0)),
        bot_retry_ms=int(fields.get("bot_retry", 0)))


def dumps(value: Any) -> str:
    """Compact JSON, as the store keeps it (orjson: a third of the standard encoder's CPU on
    a move's state; keys that are not text become text, as the standard encoder makes them)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
