"""The match service from Python: create, join, list, view, move, watch, replay, resign.

    matches = MatchClient(channel)
    created = matches.create("vivo", 3, seats=[human(), bot("random"), bot("random")])
    me = matches.seat(created.match_id, created.tokens[0])
    view = me.view()
    me.move(view.legal_moves[0])       # expected version and request id filled in
    for event in me.watch(): ...       # resumes by itself after a dropped connection
    for item in me.follow(): ...       # events, each change followed by a Turn

Every failed call raises a cardroom.shared.errors exception (cardroom.shared.wire.errors).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import grpc

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import CLOCK_EXPIRIES, GAMES, STATUSES
from cardroom.shared.wire.errors import translated
from cardroom.shared.wire.tokens import bearer

from .types import (
    JSON,
    Created,
    Event,
    Joined,
    MatchSummary,
    MatchView,
    MoveResult,
    Replay,
    SeatSpec,
    Turn,
    events_of,
)
from .watch import OnResume, resumable

#: Leave expected_version out of a move (apply it to whatever version is current).
ANY_VERSION = -1


def human(name: str = "") -> SeatSpec:
    """A human seat (its token comes back from create)."""
    return SeatSpec("human", name)


def open_seat(name: str = "") -> SeatSpec:
    """A seat anyone may claim with join."""
    return SeatSpec("open", name)


def bot(policy: str, strength: int = 0, name: str = "") -> SeatSpec:
    """A seat played by a bot policy."""
    return SeatSpec("bot", name, policy, strength)


def new_request_id() -> str:
    """A fresh idempotency key for one move."""
    return uuid.uuid4().hex


class MatchClient:
    """Typed calls of cardroom.v1.MatchService over one channel."""

    def __init__(self, channel: grpc.Channel, timeout: float = 10.0,
                 token: str | None = None) -> None:
        self.channel = channel
        self.stub = match_pb2_grpc.MatchServiceStub(channel)
        self.timeout = timeout
        #: The credential used when a call names none (e.g. the admin token).
        self.token = token

    def _meta(self, token: str | None) -> list[tuple[str, str]]:
        return bearer(token if token is not None else self.token)

    def create(self, game: str, players: int, seats: Sequence[SeatSpec] = (), *,
               options: Mapping[str, Any] | None = None, seed: int | None = None,
               deal: JSON | None = None, clock: float | None = None,
               clock_forfeits: bool = False, clock_policy: str = "") -> Created:
        """A new match; `clock` is a per-move clock in seconds for human seats."""
        request = pb.CreateMatchRequest(game=GAMES.parse(game, "game"), players=players,
                                        seats=[s.to_pb() for s in seats])
        name = GAMES.word(request.game)
        if options:
            getattr(request, f"{name}_options").CopyFrom(typed.options_request(name, options))
        if seed is not None:
            request.seed = seed
        if deal is not None:
            getattr(request, f"{name}_deal").CopyFrom(typed.deal_message(name, deal))
        if clock is not None:
            expiry = CLOCK_EXPIRIES.number("forfeit" if clock_forfeits else "bot")
            request.clock.CopyFrom(pb.MoveClock(seconds=clock, on_expiry=expiry,
                                                policy=clock_policy))
        with translated():
            reply = self.stub.CreateMatch(request, timeout=self.timeout)
        return Created(reply.match_id, reply.version, {t.seat: t.token for t in reply.tokens})

    def join(self, match_id: str, seat: int | None = None, name: str = "") -> Joined:
        """Claim an open seat (the first one when `seat` is None)."""
        request = pb.JoinMatchRequest(match_id=match_id, name=name)
        if seat is not None:
            request.seat = seat
        with translated():
            reply = self.stub.JoinMatch(request, timeout=self.timeout)
        return Joined(match_id, reply.seat, reply.token, reply.version)

    def list_matches(self, game: str = "", status: str = "", page_size: int = 20,
                     page_token: str = "") -> tuple[list[MatchSummary], str]:
        """One page of the lobby, newest first, and the token of the next page ("" at the end)."""
        request = pb.ListMatchesRequest(game=GAMES.parse(game, "game"),
                                        status=STATUSES.parse(status, "status"),
                                        page_size=page_size, page_token=page_token)
        with translated():
            reply = self.stub.ListMatches(request, timeout=self.timeout)
        return [MatchSummary.from_pb(m) for m in reply.matches], reply.next_page_token

    def matches(self, game: str = "", status: str = "", limit: int = 100
                ) -> Iterator[MatchSummary]:
        """Up to `limit` matches of the lobby, newest first, page after page."""
        token, left = "", limit
        while left > 0:
            page, token = self.list_matches(game, status, min(100, left), token)
            yield from page[:left]
            left -= len(page)
            if not token:
                return

    def get(self, match_id: str, token: str | None = None, seat: int | None = None
            ) -> MatchView:
        """The view of a seat (by its token, or `seat` with the admin token), else a spectator's."""
        request = pb.GetMatchRequest(match_id=match_id)
        if seat is not None:
            request.seat = seat
        with translated():
            reply = self.stub.GetMatch(request, metadata=self._meta(token), timeout=self.timeout)
        return MatchView.from_pb(reply.match)

    def move(self, match_id: str, action: str, token: str | None = None, *,
             expected_version: int | None = None, request_id: str | None = None,
             seat: int | None = None) -> MoveResult:
        """Play one move in canonical notation. A request id is made when none is given, so
        the retries of this call never apply the move twice."""
        request = pb.SubmitMoveRequest(match_id=match_id, action=action,
                                       request_id=request_id or new_request_id())
        if expected_version is not None:
            request.expected_version = expected_version
        if seat is not None:
            request.seat = seat
        with translated():
            reply = self.stub.SubmitMove(request, metadata=self._meta(token),
                                         timeout=self.timeout)
        return MoveResult(reply.version, STATUSES.word(reply.status), events_of(reply.events),
                          reply.duplicate)

    def events(self, match_id: str, token: str | None = None, cursor: int = 0, *,
               seat: int | None = None, until: int = 0) -> list[Event]:
        """The events after `cursor` the caller may see, logged so far, oldest first, up to
        seq `until` (0: all): one call within the client's deadline, not resumed when it
        fails (OutOfRange when `cursor` is past the match's last event)."""
        request = pb.WatchMatchRequest(match_id=match_id, cursor=cursor, no_follow=True)
        if seat is not None:
            request.seat = seat
        with translated():
            stream = self.stub.WatchMatch(request, metadata=self._meta(token),
                                          timeout=self.timeout)
            events = [Event.from_pb(item.event) for item in stream if item.HasField("event")]
        return [e for e in events if not until or e.seq <= until]

    def watch(self, match_id: str, token: str | None = None, cursor: int = 0, *,
              seat: int | None = None, follow: bool = True, resume_for: float = 60.0,
              on_resume: OnResume | None = None) -> Iterator[Event]:
        """The events after `cursor` the caller may see, then live ones until the match's
        end (`follow` False: only those logged so far). Resumes after dropped connections."""
        items = self._stream(match_id, token, cursor, seat=seat, follow=follow, turns=False,
                             resume_for=resume_for, on_resume=on_resume)
        return (item for item in items if isinstance(item, Event))

    def follow(self, match_id: str, token: str | None = None, cursor: int = 0, *,
               seat: int | None = None, resume_for: float = 60.0,
               on_resume: OnResume | None = None) -> Iterator[Event | Turn]:
        """Live events as watch() gives them, each change followed by a Turn saying who may
        act and what the caller's seat may play: all a player needs, no get() calls. Ends
        with the Turn after the match's last event."""
        return self._stream(match_id, token, cursor, seat=seat, follow=True, turns=True,
                            resume_for=resume_for, on_resume=on_resume)

    def _stream(self, match_id: str, token: str | None, cursor: int, *, seat: int | None,
                follow: bool, turns: bool, resume_for: float, on_resume: OnResume | None
                ) -> Iterator[Event | Turn]:
        metadata = self._meta(token)

        def open_stream(after: int) -> Any:
            request = pb.WatchMatchRequest(match_id=match_id, cursor=after, no_follow=not follow,
                                           turns=turns)
            if seat is not None:
                request.seat = seat
            return self.stub.WatchMatch(request, metadata=metadata)

        return resumable(open_stream, self.channel, cursor, resume_for=resume_for,
                         on_resume=on_resume, turns=turns)

    def replay(self, match_id: str) -> Replay:
        """The record of a match that is over."""
        with translated():
            reply = self.stub.GetReplay(pb.GetReplayRequest(match_id=match_id),
                                        timeout=self.timeout)
        return Replay.from_pb(reply)

    def resign(self, match_id: str, token: str | None = None, seat: int | None = None
               ) -> MoveResult:
        """The seat concedes; the service plays it from then on."""
        request = pb.ResignRequest(match_id=match_id)
        if seat is not None:
            request.seat = seat
        with translated():
            reply = self.stub.Resign(request, metadata=self._meta(token), timeout=self.timeout)
        return MoveResult(reply.version, STATUSES.word(reply.status), events_of(reply.events))

    def abandon(self, match_id: str, token: str | None = None) -> int:
        """Call the match off for everyone; the new version."""
        with translated():
            reply = self.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                           metadata=self._meta(token), timeout=self.timeout)
        return int(reply.version)

    def seat(self, match_id: str, token: str) -> SeatSession:
        """A handle that plays one seat of one match."""
        return SeatSession(self, match_id, token)


class SeatSession:
    """One seat of one match: remembers the version it last saw and sends it with moves."""

    def __init__(self, client: MatchClient, match_id: str, token: str) -> None:
        self.client = client
        self.match_id = match_id
        self.token = token
        #: The match version this seat last saw (None before the first view or move).
        self.version: int | None = None
        self.seat: int | None = None

    def view(self) -> MatchView:
        """The seat's view now (and remember its version)."""
        view = self.client.get(self.match_id, self.token)
        self.version, self.seat = view.version, view.seat
        return view

    def move(self, action: str, expected_version: int | None = None) -> MoveResult:
        """Play `action` at the version last seen (or `expected_version`; ANY_VERSION sends
        none). A match that moved on since raises StaleVersion: view again and decide."""
        version = self.version if expected_version is None else expected_version
        result = self.client.move(self.match_id, action, self.token,
                                  expected_version=None if version == ANY_VERSION else version)
        self.version = result.version
        return result

    def claim(self, expression: str, round_number: int | None = None) -> MoveResult:
        """A Mix Match claim, tagged with the round it was found in (a later claim is stale,
        ruling M8); any version, since other claims and the hourglass move the match."""
        tag = f"@{round_number}" if round_number else ""
        return self.move(f"claim{tag} {expression}", ANY_VERSION)

    def watch(self, cursor: int = 0, **kwargs: Any) -> Iterator[Event]:
        """The seat's events after `cursor` (see MatchClient.watch)."""
        return self.client.watch(self.match_id, self.token, cursor, **kwargs)

    def follow(self, cursor: int = 0, **kwargs: Any) -> Iterator[Event | Turn]:
        """The seat's events and turn frames (see MatchClient.follow); each Turn's version
        becomes the one the next move is sent at."""
        for item in self.client.follow(self.match_id, self.token, cursor, **kwargs):
            if isinstance(item, Turn):
                self.version, self.seat = item.version, item.seat
            yield item

    def resign(self) -> MoveResult:
        """Concede."""
        result = self.client.resign(self.match_id, self.token)
        self.version = result.version
        return result
