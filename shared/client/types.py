"""Plain typed values the client hands out instead of protobuf messages.

Enums become their words ("vivo", "active", "bot"; cardroom.shared.wire.enums), typed
views, events, options and deals become the engines' dicts (cardroom.shared.wire.typed),
Timestamps become seconds since the epoch, unset optionals become None.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.proto.cardroom.v1 import bot_pb2, solver_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import (
    DEADLINE_KINDS,
    END_REASONS,
    GAMES,
    POLICY_COSTS,
    POLICY_PARAM_KINDS,
    SEAT_KINDS,
    STATUSES,
)
from cardroom.shared.wire.values import seconds

JSON = dict[str, Any]

#: Statuses of a match that is over.
OVER = ("finished", "abandoned")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat asked for in create(): "human" (a token comes back), "open" or "bot"."""

    kind: str = "human"
    name: str = ""
    policy: str = ""
    strength: int = 0

    def to_pb(self) -> pb.SeatSpec:
        """As the request message."""
        if self.kind not in SEAT_KINDS.numbers:
            raise InvalidArgument(f"unknown seat kind {self.kind!r}", "seats")
        return pb.SeatSpec(kind=SEAT_KINDS.number(self.kind), name=self.name,
                           policy=self.policy, strength=self.strength)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as anyone may see it."""

    kind: str
    name: str
    policy: str
    strength: int
    resigned: bool

    @classmethod
    def from_pb(cls, message: pb.Seat) -> Seat:
        """From its message."""
        return cls(SEAT_KINDS.word(message.kind, "human"), message.name, message.policy,
                   message.strength, message.resigned)

    def label(self, number: int) -> str:
        """How to name the seat to people: its name, else its kind and number."""
        if self.name:
            return self.name
        if self.kind == "bot":
            return f"bot {number} ({self.policy})"
        return f"seat {number}"


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended: "completed", "resigned" or "abandoned", totals and winners."""

    reason: str
    scores: list[int]
    winners: list[int]

    @classmethod
    def from_pb(cls, message: pb.MatchResult) -> Result:
        """From its message."""
        return cls(END_REASONS.word(message.reason), list(message.scores), list(message.winners))


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a match's log: `seq` is its place (a watch cursor), `data` the whole event."""

    seq: int
    type: str
    data: JSON

    @classmethod
    def from_pb(cls, message: pb.MatchEvent) -> Event:
        """From its message."""
        return cls(message.seq, message.type, typed.event_dict(message))


@dataclass(frozen=True, slots=True)
class Turn:
    """Who may act after a change (a WatchMatch turn frame): `acting` seats, for the
    watcher's own seat whether it may act, its legal moves and the running deadline, and
    the watcher's whole view of the game (`observation`, the engine's dict)."""

    version: int
    event_seq: int
    status: str
    acting: list[int]
    seat: int | None
    may_act: bool
    legal_moves: list[str]
    deadline: float | None
    deadline_kind: str
    scores: list[int]
    result: Result | None
    observation: JSON = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """True once the match is finished or abandoned."""
        return self.status in OVER

    @classmethod
    def from_pb(cls, m: pb.TurnFrame) -> Turn:
        """From its message."""
        return cls(
            m.version, m.event_seq, STATUSES.word(m.status), list(m.acting_seats),
            m.seat if m.HasField("seat") else None, m.may_act, list(m.legal_moves),
            seconds(m.deadline) if m.HasField("deadline") else None,
            DEADLINE_KINDS.word(m.deadline_kind), list(m.scores),
            Result.from_pb(m.result) if m.HasField("result") else None,
            typed.seat_view_dict(m) or {})


def events_of(messages: Iterable[pb.MatchEvent]) -> list[Event]:
    """Event messages as values."""
    return [Event.from_pb(m) for m in messages]


@dataclass(frozen=True, slots=True)
class MatchView:
    """What one caller may see of a match (MatchView); `observation` is the engine's dict
    of the typed seat view, `acting` the seats that may act now (empty: none)."""

    match_id: str
    game: str
    status: str
    version: int
    seat: int | None
    players: int
    seats: list[Seat]
    options: JSON
    acting: list[int]
    may_act: bool
    legal_moves: list[str]
    scores: list[int]
    round_scores: list[list[int]]
    deadline: float | None
    deadline_kind: str
    event_seq: int
    observation: JSON
    result: Result | None

    @property
    def over(self) -> bool:
        """True once the match is finished or abandoned."""
        return self.status in OVER

    @property
    def current_player(self) -> int | None:
        """The one seat to act; None when no seat or several seats may act."""
        return self.acting[0] if len(self.acting) == 1 else None

    @classmethod
    def from_pb(cls, m: pb.MatchView) -> MatchView:
        """From its message."""
        return cls(
            m.match_id, GAMES.word(m.game), STATUSES.word(m.status), m.version,
            m.seat if m.HasField("seat") else None, m.players, [Seat.from_pb(s) for s in m.seats],
            typed.options_of(m), list(m.acting_seats), m.may_act, list(m.legal_moves),
            list(m.scores),
            [list(r.scores) for r in m.round_scores],
            seconds(m.deadline) if m.HasField("deadline") else None,
            DEADLINE_KINDS.word(m.deadline_kind), m.event_seq, typed.seat_view_dict(m) or {},
            Result.from_pb(m.result) if m.HasField("result") else None)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A match in a lobby listing."""

    match_id: str
    game: str
    status: str
    players: int
    version: int
    seats: list[Seat]
    open_seats: list[int]
    created: float

    @classmethod
    def from_pb(cls, m: pb.MatchSummary) -> MatchSummary:
        """From its message."""
        return cls(m.match_id, GAMES.word(m.game), STATUSES.word(m.status), m.players,
                   m.version, [Seat.from_pb(s) for s in m.seats], list(m.open_seats),
                   seconds(m.create_time))


@dataclass(frozen=True, slots=True)
class Created:
    """A new match: its id, version and the token of each human seat (shown only once)."""

    match_id: str
    version: int
    tokens: dict[int, str]


@dataclass(frozen=True, slots=True)
class Joined:
    """A claimed seat and its token."""

    match_id: str
    seat: int
    token: str
    version: int


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a move (or a resignation) did: the new version and status, the events seen."""

    version: int
    status: str
    events: list[Event]
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class ReplayAction:
    """One applied action: the seat (None for the host), the canonical text, the time."""

    seat: int | None
    action: str
    time: float


@dataclass(frozen=True, slots=True)
class Replay:
    """The whole record of a match that is over (the deal revealed)."""

    match_id: str
    game: str
    status: str
    options: JSON
    seed: int | None
    deal: JSON | None
    start_time: float
    actions: list[ReplayAction]
    events: list[Event]
    scores: list[int]
    round_scores: list[list[int]]
    result: Result | None
    seats: list[Seat]

    @classmethod
    def from_pb(cls, m: pb.GetReplayResponse) -> Replay:
        """From its message."""
        game = GAMES.word(m.game)
        return cls(
            m.match_id, game, STATUSES.word(m.status), typed.options_of(m),
            m.seed if m.HasField("seed") else None, typed.deal_of(game, m), m.start_time,
            [ReplayAction(a.seat if a.HasField("seat") else None, a.action, a.time)
             for a in m.actions],
            events_of(m.events), list(m.scores), [list(r.scores) for r in m.round_scores],
            Result.from_pb(m.result) if m.HasField("result") else None,
            [Seat.from_pb(s) for s in m.seats])


@dataclass(frozen=True, slots=True)
class Solution:
    """An expression over some cards whose value is the target."""

    expression: str
    cards: list[int]

    @classmethod
    def from_pb(cls, m: solver_pb2.Solution) -> Solution:
        """From its message."""
        return cls(m.expression, list(m.cards))


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The best solution found (None: none), whether it is proven best, and the optimal ones."""

    solution: Solution | None
    cards_used: int
    proven: bool
    nodes: int
    elapsed_seconds: float
    optimal: list[Solution] = field(default_factory=list)
    optimal_count: int = 0
    optimal_exact: bool = False

    @classmethod
    def from_pb(cls, m: solver_pb2.SolveResponse) -> SolveResult:
        """From its message."""
        return cls(Solution.from_pb(m.solution) if m.HasField("solution") else None,
                   m.cards_used, m.proven, m.nodes, m.elapsed_seconds,
                   [Solution.from_pb(s) for s in m.optimal], m.optimal_count, m.optimal_exact)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A claim judged against a board: valid, or the reason it is wrong."""

    valid: bool
    reason: str
    cards: list[int]
    value: str
    canonical: str

    @classmethod
    def from_pb(cls, m: solver_pb2.VerifyResponse) -> Verdict:
        """From its message."""
        return cls(m.valid, m.reason, list(m.cards), m.value, m.canonical_expression)


@dataclass(frozen=True, slots=True)
class Analysis:
    """A board's difficulty: solutions per card count, rating, reachable targets."""

    profile: list[tuple[int, int, bool]]
    max_cards: int
    difficulty: float
    exact: bool
    reachable: list[tuple[int, int]]
    reachable_complete: bool

    @classmethod
    def from_pb(cls, m: solver_pb2.AnalyzeResponse) -> Analysis:
        """From its message: profile as (card count, solutions, exact), reachable as
        (target, most cards)."""
        return cls([(p.card_count, p.solutions, p.exact) for p in m.profile], m.max_cards,
                   m.difficulty, m.exact, [(r.target, r.max_cards) for r in m.reachable],
                   m.reachable_complete)


@dataclass(frozen=True, slots=True)
class Hint:
    """The move a bot policy would make ("" for none), with its own account of it."""

    action: str
    evaluation: JSON
    policy: str
    think_seconds: float
    iterations: int
    delay_seconds: float
    version: int

    @classmethod
    def from_pb(cls, m: bot_pb2.SuggestMoveResponse) -> Hint:
        """From its message."""
        return cls(m.action, typed.evaluation_dict(m.evaluation), m.policy, m.think_seconds,
                   m.iterations, m.delay_seconds, m.version)


@dataclass(frozen=True, slots=True)
class PolicyParam:
    """One tunable parameter of a policy."""

    name: str
    kind: str
    default: float
    minimum: float
    maximum: float
    description: str


@dataclass(frozen=True, slots=True)
class PolicyInfo:
    """A bot policy of one game: how it plays, its cost class ("fast", "search"), parameters."""

    game: str
    name: str
    description: str
    cost: str
    params: list[PolicyParam]

    @classmethod
    def from_pb(cls, m: bot_pb2.PolicyInfo) -> PolicyInfo:
        """From its message."""
        return cls(GAMES.word(m.game), m.name, m.description, POLICY_COSTS.word(m.cost),
                   [PolicyParam(p.name, POLICY_PARAM_KINDS.word(p.kind), p.default_value,
                                p.minimum, p.maximum,
                                p.description) for p in m.params])
