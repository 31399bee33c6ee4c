"""What every part of the match service's domain layer shares: its settings and parts (the
store, the state cache, metrics, the bot queue, the fan-out), the answers of its calls, and
how a call reads a match and tells who is calling."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardroom.shared.errors import InvalidArgument, PermissionDenied, Unauthenticated
from cardroom.shared.games import registry
from cardroom.shared.games.base import State

from .. import model
from ..bots import MemoryQueue, TaskQueue
from ..cache import StateCache
from ..defaults import BOT_RETRY_S, FINISHED_TTL_S, UNSTARTED_TTL_S
from ..fanout import FanOut
from ..hooks import PlayerHooks
from ..lobbyfeed import LobbyFollower
from ..metrics import MatchMetrics
from ..quotas import Quotas
from ..record import MatchRecord
from ..repo import MatchRepo, Snapshot
from ..timers import BotSends

#: How often a call without an expected version re-reads after losing a race.
RETRIES = 5


@dataclass(frozen=True, slots=True)
class Created:
    """CreateMatch's answer: the id, the version, and one token per human seat (shown once)."""

    match_id: str
    version: int
    tokens: dict[int, str]
    #: The creator's credential (it may call the match off), shown once too.
    creator_token: str = ""


@dataclass(frozen=True, slots=True)
class Joined:
    """JoinMatch's answer."""

    seat: int
    token: str
    version: int


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a state-changing call did: the new version and the events the caller may see."""

    version: int
    status: str
    events: list[tuple[int, dict[str, Any]]]
    duplicate: bool = False
    #: The match's game (which engine's events these are).
    game: str = ""


class Core:
    """The settings and parts of the service, and the reads every call makes."""

    def __init__(self, repo: MatchRepo, queue: TaskQueue | None = None, *,
                 admin_token: str | None = None, bot_token: str | None = None,
                 finished_ttl_s: float = FINISHED_TTL_S,
                 bot_retry_s: float = BOT_RETRY_S, clock: Callable[[], float] = time.time,
                 metrics: MatchMetrics | None = None, cache: StateCache | None = None,
                 fanout: FanOut | None = None, idle_wake_s: float = 30.0,
                 quotas: Quotas | None = None, idle_ttl_s: float = 0.0,
                 min_timer_s: float = 0.0, unstarted_ttl_s: float = UNSTARTED_TTL_S,
                 lobby_per_creator: int = 0) -> None:
        self.repo = repo
        #: Open tables of one creator a page of the public lobby shows (0: no limit).
        self.lobby_per_creator = lobby_per_creator
        #: Shortest per-move clock or engine clock a match may ask for (MATCH_MIN_TIMER).
        self.min_timer_s = min_timer_s
        #: An open or active match unwritten this long is abandoned (0: never).
        self.idle_ttl_s = idle_ttl_s
        #: Limits on creating matches; None: no limit (unit tests, benchmarks).
        self.quotas = quotas
        self.fanout = fanout if fanout is not None else FanOut(repo)
        #: The replica's one reader of the lobby feed (WatchLobby streams).
        self.lobby = LobbyFollower(repo)
        #: Longest a stream waits without a notice before it reads Redis once anyway.
        self.idle_wake_s = idle_wake_s
        self.cache = cache if cache is not None else StateCache(0)
        self.metrics = metrics if metrics is not None else MatchMetrics()
        self.queue: TaskQueue = queue if queue is not None else MemoryQueue()
        #: What the writes tell the timer loop of the bot tasks they sent (timers.py).
        self.sends = BotSends()
        self.admin_token = admin_token
        self.bot_token = bot_token
        self.finished_ttl_ms = int(finished_ttl_s * 1000)
        #: How long a match that ended before it started stays readable (ms).
        self.unstarted_ttl_ms = int(unstarted_ttl_s * 1000)
        self.bot_retry_ms = int(bot_retry_s * 1000)
        self.clock = clock
        #: The player service served beside this one (set by the replica's bootstrap).
        self.players: PlayerHooks | None = None

    def _state(self, snap: Snapshot) -> State:
        """The engine state of `snap`: from the cache at that exact version, else decoded."""
        write = snap.record.write
        state = self.cache.get(snap.match_id, snap.version, write)
        if state is None:
            state = registry.from_json(snap.record.game, snap.engine)
            self.cache.put(snap.match_id, snap.version, state.clone(), write)
        return state

    async def _load(self, match_id: str, request: str | None = None) -> Snapshot:
        snap = await self.repo.load(match_id, request)
        if snap is None:
            raise model.missing(match_id)
        return snap

    def _identify(self, record: MatchRecord, token: str | None, as_seat: int | None
                  ) -> int | None:
        """The seat the caller speaks for; None for a spectator (no token)."""
        seats = record.seats
        if as_seat is not None and not 0 <= as_seat < len(seats):
            raise InvalidArgument(f"seat must be 0 to {len(seats) - 1}", "seat")
        if not token:
            if as_seat is not None:
                raise Unauthenticated("acting for a seat needs that seat's token")
            return None
        if model.is_admin(token, self.admin_token):
            return as_seat
        if model.is_admin(token, self.bot_token):
            return _bot_seat(record, as_seat)
        if model.is_creator(token, record.creator_token):
            if as_seat is not None:
                raise PermissionDenied("the creator credential speaks for no seat")
            return None  # it sees what a spectator sees
        player = self.players.player_of(token) if self.players is not None else None
        if player is not None:
            return _player_seat(record, player, as_seat)
        seat = model.seat_of_token(seats, token)
        if seat is None:
            raise Unauthenticated("the token is not valid for this match")
        if as_seat is not None and as_seat != seat:
            raise PermissionDenied(f"this token speaks for seat {seat}, not {as_seat}")
        return seat

    def credential(self, token: str | None) -> str | None:
        """The name of the credential `token` is, for the caller's identity (quotas): "admin",
        "bot", "player:<id>", or None for a seat token or none (a seat token is no identity:
        anyone may make one up)."""
        if model.is_admin(token, self.admin_token):
            return "admin"
        if model.is_admin(token, self.bot_token):
            return "bot"
        player = self.players.player_of(token) if self.players is not None else None
        return f"player:{player}" if player is not None else None

    def _admin_only(self, token: str | None, what: str) -> None:
        if not token:
            raise Unauthenticated(f"only the admin may {what}: send the admin token")
        if not model.is_admin(token, self.admin_token):
            raise PermissionDenied(f"only the admin may {what}")

    def _not_bot(self, token: str | None) -> None:
        if model.is_admin(token, self.bot_token):
            raise PermissionDenied("the bot credential may only view, watch and move")

    def _mover(self, record: MatchRecord, token: str | None, as_seat: int | None) -> int:
        if not token:
            raise Unauthenticated("this call needs a seat token (authorization: Bearer ...)")
        if model.is_creator(token, record.creator_token):
            raise PermissionDenied("the creator credential speaks for no seat: it may only "
                                   "call the match off (AbandonMatch)")
        seat = self._identify(record, token, as_seat)
        if seat is None:
            raise InvalidArgument("the admin must name the seat it acts for", "seat")
        return seat


def _player_seat(record: MatchRecord, player: str, as_seat: int | None) -> int:
    """The seat a player credential speaks for: the one its player holds (the one named,
    when the player holds several)."""
    held = [i for i, seat in enumerate(record.seats) if seat.player == player]
    if not held:
        raise PermissionDenied("this player holds no seat in this match")
    if as_seat is None:
        return held[0]
    if as_seat not in held:
        raise PermissionDenied(f"this player does not hold seat {as_seat}")
    return as_seat


def _bot_seat(record: MatchRecord, as_seat: int | None) -> int:
    """The seat the bot credential speaks for: a bot seat, or a human seat a bot stands in
    for now (its move clock ran out); it never speaks for a seat a human is playing."""
    if as_seat is None:
        raise InvalidArgument("the bot credential must name the seat it acts for", "seat")
    if record.seats[as_seat].kind != model.BOT and as_seat not in record.bots:
        raise PermissionDenied(f"seat {as_seat} is not played by a bot now")
    return as_seat
