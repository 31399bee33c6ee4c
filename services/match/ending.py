"""A change being prepared, and how a match ends: automatic play, results, winners."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardroom.shared.games.base import SIMULTANEOUS, State

from . import model
from .model import ACTIVE, FINISHED, MATCH_OVER
from .record import MatchRecord, SeatRecord
from .repo import Snapshot


@dataclass(slots=True)
class Pending:
    """A change being prepared: the match as read, the engine state and what is added."""

    snap: Snapshot
    state: State
    record: MatchRecord
    status: str
    events: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    request: str | None = None
    seat: int | None = None
    stand_in: int | None = None
    #: The move as the request sent it (before any round pin), stored with its request id.
    move: str = ""


def settle(p: Pending, now: float) -> None:
    """Play resigned seats automatically, then end the match if the game or the
    resignations say so (before the write, so it all lands in one step)."""
    if p.status != ACTIVE:
        return
    seats = p.record.seats
    while not p.state.is_terminal():
        current = p.state.current_player()
        if current is None or current == SIMULTANEOUS or not seats[current].resigned:
            break
        # A resigned seat plays its first legal action, so the others can finish the game.
        action = p.state.legal_actions(current)[0]
        p.events += p.state.apply_action(action, current, now)
        p.actions.append({"seat": current, "action": action, "now": now})
    if p.state.is_terminal():
        finish(p, FINISHED, "completed")
        return
    playing = [s for s in seats if not s.resigned]
    humans = [s for s in seats if s.kind == model.HUMAN]
    if len(playing) <= 1 or (humans and all(s.resigned for s in humans)):
        finish(p, FINISHED, "resigned")


def finish(p: Pending, status: str, reason: str) -> None:
    """End the match: its status, result (scores, winners) and the closing event."""
    scores = p.state.scores()
    won = [] if status != FINISHED else winners(p.state, p.record.seats, reason, scores)
    p.status = status
    p.record.result = {"reason": reason, "scores": scores, "winners": won}
    p.events.append({"type": MATCH_OVER, "status": status, "reason": reason,
                     "scores": scores, "winners": won})


def winners(state: State, seats: list[SeatRecord], reason: str, scores: list[int]
             ) -> list[int]:
    """The engine's winners among seats that did not resign; else the best of those left."""
    playing = [s for s, seat in enumerate(seats) if not seat.resigned]
    if reason == "completed":
        won = [s for s in state.winners() if s in playing]
        if won:
            return won
    if not playing:
        return []
    best = max(scores[s] for s in playing)
    return [s for s in playing if scores[s] == best]
