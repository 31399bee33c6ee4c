"""Playing a match: SubmitMove (the engine and one compare-and-set write, from the match as
this replica last wrote it, else after one read; a request id answered again from its
record), ResignMatch and AbandonMatch."""

from __future__ import annotations

from cardroom.shared.errors import (
    CardroomError,
    GameOver,
    IllegalMove,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    RequestReused,
    StaleRound,
    StaleVersion,
    Unauthenticated,
    WrongPhase,
)
from cardroom.shared.games.base import State

from .. import ending, model
from ..ending import Pending
from ..model import ACTIVE, OPEN, OVER
from ..record import SeatRecord
from ..repo import Outcome, Snapshot
from .commit import Committing, result
from .core import RETRIES, MoveResult

#: Longest move text accepted.
MAX_MOVE = 500
#: Longest request id accepted.
MAX_REQUEST_ID = 128


class Playing(Committing):
    """SubmitMove, ResignMatch and AbandonMatch."""

    async def submit_move(self, match_id: str, token: str | None, action: str,
                          expected_version: int | None = None, request_id: str = "",
                          as_seat: int | None = None, game: str | None = None) -> MoveResult:
        """Apply one move of the caller's seat: one compare-and-set write, from the match
        as this replica last wrote it (cache.py) or else after one read. `game`, when
        given, is the game a typed move was written for."""
        model.check_match_id(match_id)
        if not action or len(action) > MAX_MOVE:
            raise InvalidArgument(f"move must be a non-empty action of at most {MAX_MOVE} "
                                  "characters", "move")
        if len(request_id) > MAX_REQUEST_ID:
            raise InvalidArgument(f"request_id must be at most {MAX_REQUEST_ID} characters",
                                  "request_id")
        label = game or "unknown"  # the match's game once it is read
        pinned: str | None = None  # the move tied to the round it first arrived in
        try:
            # MATCH_DURABILITY=always: every move reads first (a cluster failover test
            # acknowledged writes from this replica's copy with no replica to keep them).
            written = None if self.repo.persist_each_write else self.cache.written(match_id)
            if written is not None:
                fast = await self._move_as_written(*written, token, action, expected_version,
                                                   request_id, as_seat, game)
                if fast is not None:
                    return fast
            for _ in range(1 if expected_version is not None else RETRIES):
                snap = await self._load(match_id, request_id or None)
                label = snap.record.game
                if game is not None and game != label:
                    raise InvalidArgument(f"a {game} move for a {label} match", "move")
                seat = self._mover(snap.record, token, as_seat)
                prior = snap.priors.get(seat)
                if prior is not None:
                    _same_move(prior.get("move", ""), action)
                    if self.repo.persist_each_write:
                        await self.repo.confirm_request(match_id, seat, request_id)
                    return await self._duplicate(match_id, snap, seat, Outcome(
                        "dup", prior["version"], prior["first"], prior["last"],
                        prior["seat"] if prior["seat"] >= 0 else None))
                state = self._movable(snap, seat, expected_version)
                pinned = pinned or state.pin_round(action)
                done = await self._apply(snap, state, seat, pinned, request_id, action)
                if isinstance(done, MoveResult):
                    return done
                if done.kind == "missing":
                    raise model.missing(match_id)
                if expected_version is not None:
                    raise StaleVersion(f"the match is at version {done.version}, "
                                       f"not {expected_version}").detail(
                        current_version=done.version, expected_version=expected_version)
            raise StaleVersion("the match kept changing; reload and retry")
        except CardroomError as exc:
            self.metrics.moves.labels(label, _outcome(exc)).inc()
            raise

    async def _move_as_written(self, snap: Snapshot, state: State, token: str | None,
                               action: str, expected_version: int | None, request_id: str,
                               as_seat: int | None, game: str | None) -> MoveResult | None:
        """The common move in one round trip: prepared on the match as this replica last
        wrote it and written at once, its compare-and-set checking that this is still
        Redis's match (version and write id). None when this copy refuses the move (only
        Redis's copy is believed for a refusal) or the match moved on: the caller then
        reads it and starts again. A failure of the write itself is raised, as after a read."""
        if game is not None and game != snap.record.game:
            return None
        try:
            seat = self._mover(snap.record, token, as_seat)
            self._check_movable(snap, seat, expected_version)
            pending, now = self._prepare(snap, state, seat, state.pin_round(action),
                                         request_id, action)
        except CardroomError:
            return None
        done = await self._write_move(snap, pending, seat, now)
        return done if isinstance(done, MoveResult) else None

    async def _apply(self, snap: Snapshot, state: State, seat: int, action: str,
                     request_id: str, sent: str = "") -> MoveResult | Outcome:
        """Apply `action` of `seat` (the move `sent`, pinned to its round) and write it: the
        answer, or the outcome of a write the store refused (stale or missing)."""
        pending, now = self._prepare(snap, state, seat, action, request_id, sent)
        return await self._write_move(snap, pending, seat, now)

    def _prepare(self, snap: Snapshot, state: State, seat: int, action: str, request_id: str,
                 sent: str = "") -> tuple[Pending, float]:
        """The change of `action` of `seat` applied to `state` (the engine refuses an
        illegal one), and the time it was made."""
        now = self.clock()
        actor = state.actor(seat, action)
        events = state.apply_action(action, actor, now)
        return Pending(snap, state, snap.record, ACTIVE, list(events),
                       [{"seat": actor, "action": action, "now": now}],
                       request=request_id or None, seat=seat, move=sent or action), now

    async def _write_move(self, snap: Snapshot, pending: Pending, seat: int, now: float
                          ) -> MoveResult | Outcome:
        outcome = await self._commit(pending, now)
        if outcome.kind == "dup":
            _same_move(outcome.move, pending.move)
            return await self._duplicate(snap.match_id, snap, seat, outcome)
        if outcome.kind == "ok":
            self.metrics.moves.labels(snap.record.game, "applied").inc()
            return result(outcome, pending, seat)
        return outcome

    def _movable(self, snap: Snapshot, seat: int, expected_version: int | None) -> State:
        self._check_movable(snap, seat, expected_version)
        return self._state(snap)

    def _check_movable(self, snap: Snapshot, seat: int, expected_version: int | None) -> None:
        if snap.status == OPEN:
            raise WrongPhase("the match is waiting for players")
        if snap.status in OVER:
            raise GameOver("the match is over")
        if expected_version is not None and expected_version != snap.version:
            raise StaleVersion(f"the match is at version {snap.version}, not "
                               f"{expected_version}").detail(
                current_version=snap.version, expected_version=expected_version)
        if snap.record.seats[seat].resigned:
            raise PermissionDenied(f"seat {seat} has resigned")

    async def _duplicate(self, match_id: str, snap: Snapshot, seat: int, outcome: Outcome
                         ) -> MoveResult:
        if outcome.seat != seat:
            raise RequestReused("request_id was already used by another seat", "request_id")
        self.metrics.moves.labels(snap.record.game, "duplicate").inc()
        events = await self.repo.events_between(match_id, outcome.first, outcome.last)
        return MoveResult(outcome.version, snap.status, model.redact(events, seat), True,
                          snap.record.game)

    async def resign(self, match_id: str, token: str | None, as_seat: int | None = None
                     ) -> MoveResult:
        """The seat concedes: it is ranked out of the win and played on automatically."""
        model.check_match_id(match_id)
        self._not_bot(token)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            seat = self._mover(snap.record, token, as_seat)
            if snap.status != ACTIVE:
                raise WrongPhase("only a match being played can be resigned")
            if snap.record.seats[seat].resigned:
                return MoveResult(snap.version, snap.status, [], game=snap.record.game)
            pending = self._resignation(snap, seat, "resigned")
            outcome = await self._commit(pending, self.clock())
            if outcome.kind == "ok":
                return result(outcome, pending, seat)
        raise StaleVersion("the match kept changing; try again")

    async def abandon(self, match_id: str, token: str | None) -> MoveResult:
        """Call the match off for everyone: a seated player before it starts, the admin always."""
        model.check_match_id(match_id)
        self._not_bot(token)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            admin = model.is_admin(token, self.admin_token)
            creator = not admin and model.is_creator(token, snap.record.creator_token)
            seat = None if admin or creator else self._mover(snap.record, token, None)
            if snap.status in OVER:
                raise GameOver("the match is already over")
            if creator and snap.status != OPEN and _humans(snap.record.seats):
                raise PermissionDenied("a match being played by people can only be resigned, "
                                       "not abandoned by its creator (or by the admin)")
            if seat is not None and snap.status != OPEN:
                raise PermissionDenied("a match being played can only be resigned, "
                                       "not abandoned (or abandoned by the admin)")
            if seat is not None and not _may_abandon(snap.record.seats, seat):
                raise PermissionDenied("a player who joined may not call off a match other "
                                       "players sit at; only its creator or the admin may")
            state = self._state(snap)
            pending = Pending(snap, state, snap.record, snap.status,
                              [{"type": "abandoned",
                                "by": "admin" if admin else "creator" if creator else seat}])
            ending.finish(pending, model.ABANDONED, "abandoned")
            outcome = await self._commit(pending, self.clock())
            if outcome.kind == "ok":
                return result(outcome, pending, seat)
        raise StaleVersion("the match kept changing; try again")


def _same_move(stored: str, action: str) -> None:
    """Refuse a request id first used for another move (a record from before moves were
    recorded with it, `stored` "", is taken for the same move)."""
    if stored and stored != model.move_digest(action):
        raise RequestReused("request_id was already used for another move; a retry sends "
                            "the same move, a new move a new request_id", "request_id")


def _humans(seats: list[SeatRecord]) -> bool:
    """Whether a person sits at the table (a human seat, its token given out)."""
    return any(s.kind == model.HUMAN for s in seats)


def _may_abandon(seats: list[SeatRecord], seat: int) -> bool:
    """A creator's seat may call the match off; a joined seat only while no other human
    sits there."""
    if seats[seat].creator:
        return True
    return not any(s.kind == model.HUMAN for i, s in enumerate(seats) if i != seat)


def _outcome(exc: CardroomError) -> str:
    if isinstance(exc, StaleVersion | StaleRound):
        return "stale"
    if isinstance(exc, IllegalMove):
        return "illegal"
    if isinstance(exc, Unauthenticated | PermissionDenied):
        return "denied"
    if isinstance(exc, InvalidArgument | NotFound):
        return "invalid"
    return "error"
