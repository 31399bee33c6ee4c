"""The match record: what the store keeps of a match beside its engine state (its "meta"
field), as a typed value with a schema version.

read_record is the one place that knows older records: whatever a record written by an
earlier version lacks is filled there, and nowhere else (records before SCHEMA_VERSION 2
carried no version; before that, matches lacked their creator, their privacy, the deal's
commitment, the write id and the idle time, and seats did not say whether the creator holds
their token). to_json writes the current shape, with the keys older versions wrote.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .model import ClockSpec

#: The shape to_json writes; read_record reads this one and every earlier one.
SCHEMA_VERSION = 2


@dataclass(slots=True)
class SeatRecord:
    """One seat: who plays it, its token's digest (never the token), whether it resigned."""

    kind: str
    name: str = ""
    policy: str = ""
    strength: int = 0
    token: str | None = None
    resigned: bool = False
    #: Whether the creator holds the seat's token (it speaks for the creator: abandon).
    creator: bool = True
    #: The player holding the seat ("" for a seat known only by its token): that player's
    #: credential speaks for it (services/players).
    player: str = ""

    def public(self) -> dict[str, Any]:
        """What anyone may know about the seat (never its token digest)."""
        return {"kind": self.kind, "name": self.name, "policy": self.policy,
                "strength": self.strength, "resigned": self.resigned}

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {**self.public(), "token": self.token, "creator": self.creator,
                "player": self.player}


@dataclass(frozen=True, slots=True)
class TimerRecord:
    """The match's next deadline: its kind (timers.HOURGLASS or CLOCK), the seat whose clock
    it is (None for the engine's clock) and when (seconds since the epoch)."""

    kind: str
    seat: int | None
    at: float

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"kind": self.kind, "seat": self.seat, "at": self.at}


@dataclass(slots=True)
class MatchRecord:
    """Everything the service keeps of one match besides the engine state."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    deal: dict[str, Any] | None
    seats: list[SeatRecord]
    created: float
    updated: float
    clock: ClockSpec | None = None
    started: float | None = None
    #: The result once over: reason, scores and winners (as the API returns it).
    result: dict[str, Any] | None = None
    timer: TimerRecord | None = None
    #: The seats a bot must act for now.
    bots: list[int] = field(default_factory=list)
    private: bool = False
    #: The caller counted against the creation quotas (released when the match ends).
    creator: str | None = None
    #: "server" or "creator": who chose the seed or the deal ("" in records before it).
    dealt_by: str = ""
    salt: str = ""
    commitment: str = ""
    #: Tells this write's state from any other's under the same version (cache.py).
    write: str = ""
    #: When the match is abandoned unless written again (None: never).
    idle_at: float | None = None
    schema: int = SCHEMA_VERSION
    #: The digest of the creator's credential (None in records before it): it may call
    #: the match off.
    creator_token: str | None = None

    def copy(self) -> MatchRecord:
        """A copy whose seats and bot list may be changed without changing this one (what a
        write changes of a record; the other values are replaced, never changed in place)."""
        # copy.copy takes every field as it is, whatever fields are added (a copy written out
        # field by field once dropped the seats' players and the creator's credential); it
        # costs less than dataclasses.replace, which reads every field's metadata.
        clone = copy.copy(self)
        clone.seats = [copy.copy(seat) for seat in self.seats]
        clone.bots = list(self.bots)
        return clone

    def to_json(self) -> dict[str, Any]:
        """The stored form (the current SCHEMA_VERSION)."""
        clock = self.clock
        return {
            "schema": SCHEMA_VERSION, "id": self.id, "game": self.game,
            "players": self.players, "options": self.options, "seed": self.seed,
            "deal": self.deal, "seats": [s.to_json() for s in self.seats],
            "clock": None if clock is None else {"seconds": clock.seconds,
                                                 "on_timeout": clock.on_timeout,
                                                 "policy": clock.policy},
            "created": self.created, "updated": self.updated, "started": self.started,
            "result": self.result, "timer": None if self.timer is None else self.timer.to_json(),
            "bots": list(self.bots), "private": self.private, "creator": self.creator,
            "dealt_by": self.dealt_by, "salt": self.salt, "commitment": self.commitment,
            "write": self.write, "idle_at": self.idle_at,
            "creator_token": self.creator_token}


def read_record(data: dict[str, Any]) -> MatchRecord:
    """A stored record as a MatchRecord, whatever version wrote it: the one function that
    fills in what older records lack."""
    clock = data.get("clock")
    timer = data.get("timer")
    return MatchRecord(
        id=data["id"], game=data["game"], players=int(data["players"]),
        options=dict(data["options"]), seed=data.get("seed"), deal=data.get("deal"),
        seats=[_seat(s) for s in data["seats"]], created=float(data["created"]),
        updated=float(data.get("updated", data["created"])),
        clock=None if not clock else ClockSpec(float(clock["seconds"]), clock["on_timeout"],
                                               clock.get("policy", "")),
        started=data.get("started"), result=data.get("result"),
        timer=None if not timer else TimerRecord(timer["kind"], timer.get("seat"),
                                                 float(timer["at"])),
        bots=list(data.get("bots") or []), private=bool(data.get("private", False)),
        creator=data.get("creator"), dealt_by=data.get("dealt_by", ""),
        salt=data.get("salt", ""), commitment=data.get("commitment", ""),
        write=str(data.get("write", "")), idle_at=data.get("idle_at"),
        schema=int(data.get("schema", 1)), creator_token=data.get("creator_token"))


def _seat(data: dict[str, Any]) -> SeatRecord:
    # Matches stored before creators were recorded count every seat a creator's.
    return SeatRecord(kind=data["kind"], name=data.get("name", ""),
                      policy=data.get("policy", ""), strength=int(data.get("strength", 0)),
                      token=data.get("token"), resigned=bool(data.get("resigned", False)),
                      creator=bool(data.get("creator", True)),
                      player=str(data.get("player", "")))
