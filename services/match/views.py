"""The views and listings the match service returns, and its opaque page tokens."""

from __future__ import annotations

import base64
import binascii
from collections import OrderedDict
from typing import Any

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.base import State

from . import model
from .model import ACTIVE
from .repo import PUBLIC, Snapshot


class Turn:
    """A turn frame (see turn) among the items of a WatchMatch stream; `message` is its wire
    form once built, shared by every stream that sends the same frame."""

    __slots__ = ("frame", "message")

    def __init__(self, frame: dict[str, Any]) -> None:
        self.frame = frame
        self.message: Any = None


class Frames:
    """The turn frames built lately, by match, version and viewer, so the streams of one
    viewer (a seat's devices, every spectator) share one frame per change instead of each
    building its own view; the oldest go first beyond `size`."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._frames: OrderedDict[tuple[str, int, int | None], Turn] = OrderedDict()

    def get(self, match_id: str, version: int, seat: int | None) -> Turn | None:
        """The frame of `seat` at `version`, when built lately."""
        return self._frames.get((match_id, version, seat))

    def put(self, match_id: str, version: int, seat: int | None, turn: Turn) -> Turn:
        """Keep `turn` as the frame of `seat` at `version`; returns it."""
        self._frames[(match_id, version, seat)] = turn
        if len(self._frames) > self.size:
            self._frames.popitem(last=False)
        return turn


def acting_seats(snap: Snapshot, state: State) -> list[int]:
    """The seats that may act now, ascending (the engine's acting seats while the match is
    being played); resigned seats never."""
    if snap.status != ACTIVE:
        return []
    seats = snap.record.seats
    return [s for s in state.acting_seats() if not seats[s].resigned]


def legal_moves(state: State, seat: int, now: float | None = None) -> list[str]:
    """The moves `seat` may send now, at the host's time `now` (it may act)."""
    return state.legal_moves(seat, now)


def turn(snap: Snapshot, state: State, seat: int | None, now: float | None = None
         ) -> dict[str, Any]:
    """A WatchMatch turn frame: who may act now and what `seat` (None: a spectator) may play."""
    acting = acting_seats(snap, state)
    may_act = seat is not None and seat in acting
    timer = snap.record.timer
    return {"version": snap.version, "event_seq": snap.seq, "status": snap.status,
            "game": snap.record.game, "observation": state.observation(seat),
            "acting_seats": acting, "seat": seat, "may_act": may_act,
            "legal_moves": legal_moves(state, seat, now) if may_act and seat is not None
            else [],
            "deadline": timer.at if timer else None,
            "deadline_kind": timer.kind if timer else "", "scores": state.scores(),
            "result": snap.record.result}


def view(snap: Snapshot, state: State, seat: int | None, now: float | None = None
         ) -> dict[str, Any]:
    """What `seat` (None: a spectator) may see of a match, with its legal moves."""
    record = snap.record
    acting = acting_seats(snap, state)
    may_act = seat is not None and seat in acting
    legal = legal_moves(state, seat, now) if may_act and seat is not None else []
    timer = record.timer
    return {
        "match_id": snap.match_id, "game": record.game, "status": snap.status,
        "version": snap.version, "seat": seat, "players": record.players,
        "seats": [s.public() for s in record.seats], "options": record.options,
        "current_player": state.current_player() if snap.status == ACTIVE else None,
        "acting_seats": acting, "may_act": may_act, "legal_moves": legal,
        "scores": state.scores(), "round_scores": state.round_scores(),
        "deadline": timer.at if timer else None,
        "deadline_kind": timer.kind if timer else "", "event_seq": snap.seq,
        "observation": state.observation(seat), "result": record.result,
        "dealt_by": record.dealt_by, "seed_commitment": record.commitment}


def summary(snap: Snapshot) -> dict[str, Any]:
    """A match as a lobby listing shows it."""
    record = snap.record
    return {"match_id": snap.match_id, "game": record.game, "status": snap.status,
            "players": record.players, "version": snap.version, "created": record.created,
            "seats": [s.public() for s in record.seats],
            "open_seats": [i for i, s in enumerate(record.seats) if s.kind == model.OPEN_SEAT],
            "private": record.private, "dealt_by": record.dealt_by}


def page_token(after: str, game: str, status: str, scope: str = PUBLIC) -> str:
    """An opaque token for the page after match `after` of one listing."""
    text = f"{after}.{game}.{status}" + ("" if scope == PUBLIC else f".{scope}")
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def read_page_token(token: str, game: str, status: str, scope: str = PUBLIC) -> str | None:
    """The match id a page token continues after (None for the first page)."""
    if not token:
        return None
    try:
        text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise InvalidArgument("page_token is not a page token", "page_token") from None
    parts = text.split(".")
    wanted = [game, status] + ([] if scope == PUBLIC else [scope])
    if parts[1:] != wanted:
        raise InvalidArgument("page_token does not belong to this listing", "page_token")
    return model.check_match_id(parts[0])
