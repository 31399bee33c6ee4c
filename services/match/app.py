"""The match service's domain layer: every call of the API, with no gRPC types.

The service keeps no match in memory between calls. Each call reads one match from Redis,
works on the engine state, and writes back with one compare-and-set on the version
(repo.MatchRepo). Rules live in the engines; this module adds seats, tokens, statuses,
timers, bots, resignation and the event log around them.
"""

from __future__ import annotations

import asyncio
import functools
import math
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.shared.errors import (
    CardroomError,
    GameOver,
    IllegalMove,
    InvalidArgument,
    NotFound,
    OutOfRange,
    PermissionDenied,
    StaleRound,
    StaleVersion,
    Unauthenticated,
    Unavailable,
    WrongPhase,
)
from cardroom.shared.games import registry
from cardroom.shared.games.base import State

from . import ending, model, quotas, timers, views
from .bots import MemoryQueue, TaskQueue, bots_due, check_policies, seat_policy
from .cache import StateCache
from .ending import Pending
from .fanout import FanOut
from .metrics import MatchMetrics
from .model import ACTIVE, MATCH_OVER, OPEN, OVER, ClockSpec, SeatSpec
from .quotas import Quotas
from .repo import (
    ALL,
    PUBLIC,
    BotSend,
    Listing,
    MatchRepo,
    Outcome,
    Snapshot,
    TimerEntry,
    Write,
)

#: How often a call without an expected version re-reads after losing a race.
RETRIES = 5
#: Seconds a bot's turn waits for the replica that wrote it to confirm its task reached the
#: broker; unconfirmed by then (the replica died between the write and the send), another
#: replica's timer loop sends it. Confirmed, the re-send waits MATCH_BOT_RETRY.
SEND_CONFIRM_S = 5.0
#: Sends waiting for the timer loop to confirm them; beyond this many (a replica running no
#: timer loop) the others stay unconfirmed, which costs an early re-send each.
MAX_BOT_SENDS = 10_000
MAX_PAGE = 100
#: Events one read of a stream takes from Redis at most (a stream's buffer is one batch).
WATCH_BATCH = 200


@dataclass(frozen=True, slots=True)
class Created:
    """CreateMatch's answer: the id, the version, and one token per human seat (shown once)."""

    match_id: str
    version: int
    tokens: dict[int, str]


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


class MatchService:
    """Every match operation; stateless between calls, so replicas may share one Redis."""

    def __init__(self, repo: MatchRepo, queue: TaskQueue | None = None, *,
                 admin_token: str | None = None, bot_token: str | None = None,
                 finished_ttl_s: float = 7 * 86400.0,
                 bot_retry_s: float = 120.0, clock: Callable[[], float] = time.time,
                 metrics: MatchMetrics | None = None, cache: StateCache | None = None,
                 fanout: FanOut | None = None, idle_wake_s: float = 30.0,
                 quotas: Quotas | None = None, idle_ttl_s: float = 0.0,
                 min_timer_s: float = 0.0) -> None:
        self.repo = repo
        #: Shortest per-move clock or hourglass a match may ask for (MATCH_MIN_TIMER).
        self.min_timer_s = min_timer_s
        #: An open or active match unwritten this long is abandoned (0: never).
        self.idle_ttl_s = idle_ttl_s
        #: Limits on creating matches; None: no limit (unit tests, benchmarks).
        self.quotas = quotas
        self.fanout = fanout if fanout is not None else FanOut(repo)
        #: Longest a stream waits without a notice before it reads Redis once anyway.
        self.idle_wake_s = idle_wake_s
        self.cache = cache if cache is not None else StateCache(0)
        self.metrics = metrics if metrics is not None else MatchMetrics()
        self.queue: TaskQueue = queue if queue is not None else MemoryQueue()
        #: A bot task the broker refused since the timer loop last sent the waiting ones
        #: again: it sends them again once Redis and the broker answer (timers.py).
        self.bot_sends_failed = False
        #: Bot tasks sent since the timer loop's last poll, whose re-send time it moves on.
        self.bot_sends: list[BotSend] = []
        self.admin_token = admin_token
        self.bot_token = bot_token
        self.finished_ttl_ms = int(finished_ttl_s * 1000)
        self.bot_retry_ms = int(bot_retry_s * 1000)
        self.clock = clock

    # ---- create, join, list -----------------------------------------------------------

    async def create_match(self, game: str, players: int, *, seats: Sequence[SeatSpec] = (),
                     options: Mapping[str, Any] | None = None, seed: int | None = None,
                     deal: Mapping[str, Any] | None = None, clock: ClockSpec | None = None,
                     private: bool = False, token: str | None = None, caller: str = ""
                     ) -> Created:
        """Create a match; it starts at once unless some seat is open for JoinMatch. A
        private match stays out of the public lobby. `caller` (quotas.caller_id) is counted
        against the creation quotas unless `token` is the admin's."""
        players = players or _players_option(options or {})
        try:
            config = registry.make_config(game, _with_players(options or {}, players))
        except InvalidArgument as exc:
            raise _in_options(exc) from None
        specs = model.check_seats(players, seats)
        model.check_clock(clock, self.min_timer_s)
        model.check_engine_clock(registry.info(game), registry.config_dict(config),
                                 self.min_timer_s)
        check_policies(game, specs, clock)
        admin = model.is_admin(token, self.admin_token)
        counted = bool(caller) and self.quotas is not None and not admin
        dealt_by = "server" if seed is None and deal is None else "creator"
        if dealt_by == "creator" and caller and not admin:
            # A stranger joining from the lobby must not sit at a table whose every hand
            # its creator knows: a chosen deal keeps the match out of the public lobby.
            private = True
        if seed is None:
            # Rounds a deal leaves out are shuffled from this seed too: drawn here, it is
            # committed to with the deal and revealed in the replay, never the engine's own.
            seed = secrets.randbits(62)
        salt = secrets.token_hex(16)
        now = self.clock()
        state = registry.new_game(game, config, seed=seed, deal=deal, now=now)
        if counted:  # charged only once every check (the deal's too) has passed
            assert self.quotas is not None
            await quotas.admit(self.repo, self.quotas, caller, self.clock())
        match_id = model.new_match_id(now)
        tokens: dict[int, str] = {}
        records = []
        for seat, spec in enumerate(specs):
            token_digest = None
            if spec.kind == model.HUMAN:
                tokens[seat], token_digest = model.new_token()
            records.append(model.seat_record(spec, token_digest))
            # Seats whose tokens went to the creator: they speak for the creator (abandon).
            records[-1]["creator"] = spec.kind == model.HUMAN
        meta: dict[str, Any] = {
            "id": match_id, "game": game, "players": players,
            "options": registry.config_dict(config), "seed": seed,
            "deal": dict(deal) if deal is not None else None, "seats": records,
            "clock": _clock_dict(clock), "created": now, "updated": now, "started": None,
            "result": None, "timer": None, "bots": [], "private": bool(private),
            "creator": caller if counted else None, "dealt_by": dealt_by, "salt": salt,
            "commitment": model.commitment(salt, seed, dict(deal) if deal is not None else None)}
        status = OPEN if any(s.kind == model.OPEN_SEAT for s in specs) else ACTIVE
        snap = Snapshot(match_id, 0, "", meta, "{}", 0, 0, 0)
        pending = Pending(snap, state, meta, status, [_created_event(meta)])
        if status == ACTIVE:
            self._start(pending, now)
        await self._commit(pending, now, create=True)
        self.metrics.matches_created.labels(game).inc()
        return Created(match_id, 1, tokens)

    async def join_match(self, match_id: str, seat: int | None = None, name: str = "") -> Joined:
        """Claim an open seat (the given one, else the first) and get its token."""
        model.check_match_id(match_id)
        model.check_name(name)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            if snap.status != OPEN:
                raise WrongPhase("the match is not waiting for players")
            chosen = _open_seat(snap.meta["seats"], seat)
            token, token_digest = model.new_token()
            meta = snap.meta
            meta["seats"][chosen].update(kind=model.HUMAN, name=name, token=token_digest)
            now = self.clock()
            state = self._state(snap)
            pending = Pending(snap, state, meta, OPEN, [
                {"type": "seat_claimed", "seat": chosen, "name": name}])
            if not any(s["kind"] == model.OPEN_SEAT for s in meta["seats"]):
                pending.status = ACTIVE
                self._start(pending, now)
            outcome = await self._commit(pending, now)
            if outcome.kind == "ok":
                return Joined(chosen, token, outcome.version)
        raise StaleVersion("the match kept changing while joining; try again")

    async def list_matches(self, game: str = "", status: str = "", page_size: int = 20,
                     page_token: str = "", include_private: bool = False,
                     token: str | None = None) -> tuple[list[dict[str, Any]], str]:
        """One page of match summaries (newest first) and the token of the next page;
        private matches too with `include_private` (the admin only)."""
        if game:
            registry.module(game)
        status = status or "any"
        if status != "any" and status not in model.STATUSES:
            raise InvalidArgument(f"unknown status {status!r}", "status")
        scope = PUBLIC
        if include_private:
            self._admin_only(token, "list private matches")
            scope = ALL
        limit = min(max(page_size or 20, 1), MAX_PAGE)
        after = views.read_page_token(page_token, game, status, scope)
        found: list[dict[str, Any]] = []
        exhausted = False
        while len(found) < limit and not exhausted:
            want = limit - len(found)
            # One id more than wanted tells whether a next page exists, so the last page
            # comes with no token (not with one that leads to an empty page).
            ids = await self.repo.list_page(game, status, after, want + 1, scope)
            exhausted = len(ids) <= want
            ids = ids[:want]
            snaps = await self.repo.load_many(ids)
            gone = [m for m, s in zip(ids, snaps, strict=True)
                    if s is None or (status != "any" and s.status != status)
                    or (scope == PUBLIC and s.meta.get("private"))]
            await self.repo.unindex(game, status, gone, scope)
            found += [views.summary(s) for s in snaps if s is not None and s.match_id not in gone]
            after = ids[-1] if ids else after
        token = "" if exhausted or not after else views.page_token(after, game, status, scope)
        return found, token

    async def delete_match(self, match_id: str, token: str | None) -> int:
        """Remove a match and its whole record at once, whatever its status (the admin only);
        the version it had. Open streams of it end; later calls find no match."""
        model.check_match_id(match_id)
        self._admin_only(token, "delete a match")
        snap = await self._load(match_id)
        if not await self.repo.delete(match_id, snap.meta["game"], snap.status):
            raise model.missing(match_id)
        if snap.status not in OVER and snap.meta.get("creator"):
            await self.repo.release(snap.meta["creator"])
        return snap.version

    # ---- views ------------------------------------------------------------------------

    async def get_view(self, match_id: str, token: str | None = None, as_seat: int | None = None
                 ) -> dict[str, Any]:
        """The caller's view: a seat's with its token, the spectator's without one."""
        snap = await self._load(model.check_match_id(match_id))
        seat = self._identify(snap.meta, token, as_seat)
        state = self._state(snap)
        return views.view(snap, state, seat, self.clock())

    async def watch(self, match_id: str, token: str | None = None, cursor: int = 0,
                    as_seat: int | None = None, follow: bool = True, turns: bool = False
                    ) -> AsyncIterator[tuple[int, dict[str, Any]] | views.Turn]:
        """The events after `cursor` the caller may see, then (when `follow`) new ones as they
        happen; the stream ends after the match's last event. Resume with the last seq
        received. A cursor past the last event is OutOfRange; while the replica shuts down
        the stream ends with Unavailable (resume elsewhere from the same cursor). With
        `turns` (and `follow`), a views.Turn follows the events of each change, the catch-up
        included, and the match's end."""
        snap = await self._load(model.check_match_id(match_id))
        seat = self._identify(snap.meta, token, as_seat)
        if cursor < 0:
            raise InvalidArgument("cursor must not be negative", "cursor")
        if cursor > snap.seq:
            raise OutOfRange(f"cursor {cursor} is past the match's last event ({snap.seq})",
                             "cursor")
        if not follow or (snap.status in OVER and cursor >= snap.seq):
            async for item in self._catch_up(match_id, seat, cursor):
                yield item
            if follow and turns:
                yield self._turn(snap, seat)
            return
        async with self.fanout.watching(match_id) as signal:
            woken = False
            sent: int | None = None  # the version of the last turn frame sent
            while True:
                generation = signal.generation
                batch = await signal.read(cursor, functools.partial(
                    self.repo.events_after, match_id, cursor, WATCH_BATCH))
                if woken and batch:
                    # From the replica hearing of new events to this stream having them.
                    delay = asyncio.get_running_loop().time() - signal.fired_at
                    self.metrics.fanout_delay.observe(max(delay, 0.0))
                    woken = False
                for seq, event in batch:
                    cursor = seq
                    if model.visible(event, seat):
                        yield seq, event
                    if event.get("type") == MATCH_OVER:
                        if turns:
                            yield self._turn(await self._load(match_id), seat)
                        return
                if len(batch) == WATCH_BATCH:
                    continue  # more to catch up on before waiting
                if turns and (batch or sent is None):
                    snap = await self._load(match_id)
                    if snap.seq > cursor:
                        continue  # a change landed meanwhile: its events go before the frame
                    if snap.version != sent:
                        sent = snap.version
                        yield self._turn(snap, seat)
                if signal.gone:
                    return
                if self.fanout.closing:
                    raise Unavailable(f"the server is shutting down; resume from cursor {cursor}")
                woken = await signal.wait(generation, self.idle_wake_s)

    async def game_of(self, match_id: str) -> str:
        """The game of a match (NotFound when there is none)."""
        snap = await self._load(model.check_match_id(match_id))
        return str(snap.meta["game"])

    def _turn(self, snap: Snapshot, seat: int | None) -> views.Turn:
        """The turn frame of `snap` for `seat` (the state from the cache when it has it)."""
        return views.Turn(views.turn(snap, self._state(snap), seat, self.clock()))

    async def _catch_up(self, match_id: str, seat: int | None, cursor: int
                        ) -> AsyncIterator[tuple[int, dict[str, Any]]]:
        """The visible events logged after `cursor` so far, then the end."""
        while True:
            batch = await self.repo.events_after(match_id, cursor, WATCH_BATCH)
            for seq, event in batch:
                cursor = seq
                if model.visible(event, seat):
                    yield seq, event
            if len(batch) < WATCH_BATCH:
                return

    async def get_replay(self, match_id: str) -> dict[str, Any]:
        """A finished match in full: config, seed or deal, every action and every event."""
        snap = await self._load(model.check_match_id(match_id))
        if snap.status not in OVER:
            raise WrongPhase("a replay is only available once the match is over")
        meta = snap.meta
        state = self._state(snap)
        return {
            "match_id": match_id, "game": meta["game"], "options": meta["options"],
            "seed": meta["seed"], "deal": meta["deal"], "start": meta["started"],
            "status": snap.status,
            "actions": await self.repo.actions(match_id),
            "events": await self.repo.events_after(match_id, 0, count=1_000_000),
            "scores": state.scores(), "round_scores": state.round_scores(),
            "result": meta["result"], "seats": [model.public_seat(s) for s in meta["seats"]],
            "seed_salt": meta.get("salt", ""), "seed_commitment": meta.get("commitment", "")}

    # ---- moves ------------------------------------------------------------------------

    async def submit_move(self, match_id: str, token: str | None, action: str,
                    expected_version: int | None = None, request_id: str = "",
                    as_seat: int | None = None, game: str | None = None) -> MoveResult:
        """Apply one move of the caller's seat: one read and one compare-and-set write.
        `game`, when given, is the game a typed move was written for."""
        model.check_match_id(match_id)
        if not action or len(action) > 500:
            raise InvalidArgument("move must be a non-empty action of at most 500 characters",
                                  "move")
        if len(request_id) > 128:
            raise InvalidArgument("request_id must be at most 128 characters", "request_id")
        labels = {"game": game or "unknown"}
        try:
            return await self._submit(match_id, token, action, expected_version, request_id,
                                as_seat, game, labels)
        except CardroomError as exc:
            self.metrics.moves.labels(labels["game"], _outcome(exc)).inc()
            raise

    async def _submit(self, match_id: str, token: str | None, action: str,
                expected_version: int | None, request_id: str, as_seat: int | None,
                game: str | None, labels: dict[str, str]) -> MoveResult:
        pinned = None
        for _ in range(1 if expected_version is not None else RETRIES):
            snap = await self._load(match_id, request_id or None)
            labels["game"] = snap.meta["game"]
            if game is not None and game != snap.meta["game"]:
                raise InvalidArgument(f"a {game} move for a {snap.meta['game']} match", "move")
            seat = self._mover(snap.meta, token, as_seat)
            prior = snap.priors.get(seat)
            if prior is not None:
                if self.repo.persist_each_write:
                    await self.repo.confirm_request(match_id, seat, request_id)
                return await self._duplicate(match_id, snap, seat, Outcome(
                    "dup", prior["version"], prior["first"], prior["last"],
                    prior["seat"] if prior["seat"] >= 0 else None))
            state = self._movable(snap, seat, expected_version)
            pinned = pinned or state.pin_round(action)
            now = self.clock()
            actor = state.actor(seat, pinned)
            events = state.apply_action(pinned, actor, now)
            pending = Pending(snap, state, snap.meta, ACTIVE, list(events),
                              [{"seat": actor, "action": pinned, "now": now}],
                              request=request_id or None, seat=seat)
            outcome = await self._commit(pending, now)
            if outcome.kind == "dup":
                return await self._duplicate(match_id, snap, seat, outcome)
            if outcome.kind == "ok":
                self.metrics.moves.labels(labels["game"], "applied").inc()
                return _result(outcome, pending, seat)
            if outcome.kind == "missing":
                raise model.missing(match_id)
            if expected_version is not None:
                raise StaleVersion(f"the match is at version {outcome.version}, "
                                   f"not {expected_version}")
        raise StaleVersion("the match kept changing; reload and retry")

    def _movable(self, snap: Snapshot, seat: int, expected_version: int | None) -> State:
        if snap.status == OPEN:
            raise WrongPhase("the match is waiting for players")
        if snap.status in OVER:
            raise GameOver("the match is over")
        if expected_version is not None and expected_version != snap.version:
            raise StaleVersion(f"the match is at version {snap.version}, not {expected_version}")
        if snap.meta["seats"][seat]["resigned"]:
            raise PermissionDenied(f"seat {seat} has resigned")
        return self._state(snap)

    async def _duplicate(self, match_id: str, snap: Snapshot, seat: int, outcome: Outcome
                         ) -> MoveResult:
        if outcome.seat != seat:
            raise InvalidArgument("request_id was already used by another seat", "request_id")
        self.metrics.moves.labels(snap.meta["game"], "duplicate").inc()
        events = await self.repo.events_between(match_id, outcome.first, outcome.last)
        return MoveResult(outcome.version, snap.status, model.redact(events, seat), True,
                          snap.meta["game"])

    # ---- resign, abandon --------------------------------------------------------------

    async def resign(self, match_id: str, token: str | None, as_seat: int | None = None
               ) -> MoveResult:
        """The seat concedes: it is ranked out of the win and played on automatically."""
        model.check_match_id(match_id)
        self._not_bot(token)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            seat = self._mover(snap.meta, token, as_seat)
            if snap.status != ACTIVE:
                raise WrongPhase("only a match being played can be resigned")
            if snap.meta["seats"][seat]["resigned"]:
                return MoveResult(snap.version, snap.status, [], game=snap.meta["game"])
            pending = self._resignation(snap, seat, "resigned")
            outcome = await self._commit(pending, self.clock())
            if outcome.kind == "ok":
                return _result(outcome, pending, seat)
        raise StaleVersion("the match kept changing; try again")

    def _resignation(self, snap: Snapshot, seat: int, reason: str) -> Pending:
        snap.meta["seats"][seat]["resigned"] = True
        state = self._state(snap)
        return Pending(snap, state, snap.meta, ACTIVE,
                       [{"type": "resigned", "seat": seat, "reason": reason}])

    async def abandon(self, match_id: str, token: str | None) -> MoveResult:
        """Call the match off for everyone: a seated player before it starts, the admin always."""
        model.check_match_id(match_id)
        self._not_bot(token)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            admin = model.is_admin(token, self.admin_token)
            seat = None if admin else self._mover(snap.meta, token, None)
            if snap.status in OVER:
                raise GameOver("the match is already over")
            if not admin and snap.status != OPEN:
                raise PermissionDenied("a match being played can only be resigned, "
                                       "not abandoned (or abandoned by the admin)")
            if seat is not None and not _may_abandon(snap.meta["seats"], seat):
                raise PermissionDenied("a player who joined may not call off a match other "
                                       "players sit at; only its creator or the admin may")
            state = self._state(snap)
            pending = Pending(snap, state, snap.meta, snap.status,
                              [{"type": "abandoned", "by": "admin" if admin else seat}])
            ending.finish(pending, model.ABANDONED, "abandoned")
            outcome = await self._commit(pending, self.clock())
            if outcome.kind == "ok":
                return _result(outcome, pending, seat)
        raise StaleVersion("the match kept changing; try again")

    # ---- timers -----------------------------------------------------------------------

    async def fire_timer(self, entry: TimerEntry) -> str | None:
        """Handle one due timer entry; the kind fired, or None when another replica (or a
        later move) got there first. Exactly one replica's compare-and-set succeeds."""
        if entry.is_idle:
            return await self._fire_idle(entry)
        snap = await self.repo.load(entry.match_id)
        if snap is None or snap.version != entry.version or snap.status != ACTIVE:
            return None
        now = self.clock()
        if snap.deadline_ms and snap.deadline_ms <= model.now_ms(now):
            return await self._fire_deadline(snap, now)
        if snap.bot_retry_ms and snap.bot_retry_ms <= model.now_ms(now):
            return await self._resend_bots(snap, now)
        later = _first_due(snap.deadline_ms, snap.bot_retry_ms)
        if later:  # found early (a bot task confirmed sent since): wake at the match's time
            await self.repo.add_timer(TimerEntry(snap.match_id, snap.version, later))
        return None

    async def _fire_idle(self, entry: TimerEntry) -> str | None:
        """Abandon a match nobody wrote for MATCH_IDLE_TTL: "idle"; timers.LATER when it
        was written since (its entry moved to the new time); None when it is over or gone."""
        snap = await self.repo.load(entry.match_id)
        if snap is None or snap.status in OVER:
            return None
        now = self.clock()
        idle_at = snap.meta.get("idle_at")
        if not idle_at:
            return None
        if idle_at > now:
            await self.repo.due_idle(entry, math.ceil(idle_at * 1000))
            return timers.LATER
        pending = Pending(snap, self._state(snap), snap.meta, snap.status,
                          [{"type": "abandoned", "by": "idle"}])
        ending.finish(pending, model.ABANDONED, "abandoned")
        outcome = await self._commit(pending, now)
        if outcome.kind != "ok":
            return timers.LATER  # written meanwhile: look again at its new time
        self.metrics.timer_firings.labels(timers.IDLE).inc()
        return timers.IDLE

    async def resend_waiting_bots(self) -> int:
        """Send again, at once, the bot task of every match waiting on a bot; how many were
        sent. Called when Redis is back after an outage: a task on its way between broker
        and worker then may be lost (a worker's fetch and its unacked record are two Redis
        commands), and the match would otherwise wait MATCH_BOT_RETRY. One replica wins
        each match (the compare-and-set of the re-send time); a duplicate task is a no-op."""
        sent = 0
        entries = await self.repo.timer_entries()
        for entry, snap in zip(entries, await self.repo.load_many([e.match_id for e in entries]),
                               strict=True):
            if (snap is not None and snap.version == entry.version and snap.status == ACTIVE
                    and snap.bot_retry_ms and snap.meta["bots"]):
                sent += await self._resend_bots(snap, self.clock()) is not None
        return sent

    async def _fire_deadline(self, snap: Snapshot, now: float) -> str | None:
        timer = snap.meta["timer"] or {}
        state = self._state(snap)
        if timer.get("kind") == timers.HOURGLASS:
            move = state.timeout_move()
            if move is None:
                raise IllegalMove("the engine keeps no clock that could run out")
            seat, action = move
            # The host vouches the hourglass ran out at its deadline, even if polled early.
            now = max(now, float(timer["at"]))
            events = state.apply_action(action, seat, now)
            pending = Pending(snap, state, snap.meta, ACTIVE, list(events),
                              [{"seat": seat, "action": action, "now": now}])
        elif snap.meta["clock"]["on_timeout"] == "forfeit":
            pending = self._resignation(snap, timer["seat"], "clock")
        else:
            pending = Pending(snap, state, snap.meta, ACTIVE, [
                {"type": "clock_expired", "seat": timer["seat"], "stand_in": "bot"}],
                stand_in=timer["seat"])
        outcome = await self._commit(pending, now)
        if outcome.kind != "ok":
            return None
        self.metrics.timer_firings.labels(timer.get("kind", "?")).inc()
        return str(timer.get("kind"))

    async def _resend_bots(self, snap: Snapshot, now: float) -> str | None:
        unconfirmed_ms = self._unconfirmed_ms(now)
        due = _first_due(snap.deadline_ms, unconfirmed_ms)
        if not await self.repo.touch_bot_retry(snap.match_id, snap.version, snap.bot_retry_ms,
                                               unconfirmed_ms,
                                               TimerEntry(snap.match_id, snap.version, due)):
            return None
        self.metrics.timer_firings.labels("bot_retry").inc()
        await self._send_bots(snap.match_id, snap.version, snap.meta, unconfirmed_ms)
        return "bot_retry"

    def _unconfirmed_ms(self, now: float) -> int:
        """The re-send time of bot tasks not yet confirmed sent (see SEND_CONFIRM_S)."""
        return model.now_ms(now) + min(self.bot_retry_ms, int(SEND_CONFIRM_S * 1000))

    async def _send_bots(self, match_id: str, version: int, meta: dict[str, Any],
                         unconfirmed_ms: int) -> None:
        """Send the task of every bot seat due; once the broker took them all, the re-send
        time is to move from `unconfirmed_ms` to MATCH_BOT_RETRY from now: the timer loop's
        next poll writes that for every send since, in one round trip, off the caller's
        path (the timer entry stays: found early, it wakes the match at its new time). A
        replica that dies before then leaves the tasks to be sent again early: a no-op."""
        sent = [await self._enqueue(match_id, seat, version, meta) for seat in meta["bots"]]
        confirmed_ms = model.now_ms(self.clock()) + self.bot_retry_ms
        if all(sent) and confirmed_ms > unconfirmed_ms and len(self.bot_sends) < MAX_BOT_SENDS:
            self.bot_sends.append(BotSend(match_id, version, unconfirmed_ms, confirmed_ms))

    # ---- the one write path -----------------------------------------------------------

    def _start(self, pending: Pending, now: float) -> None:
        """Deal afresh at the start time (nothing was played yet), so an engine's own clock
        (Mix Match's first hourglass) counts from the moment play begins."""
        meta = pending.meta
        config = registry.make_config(meta["game"], meta["options"])
        pending.state = registry.new_game(meta["game"], config, seed=meta["seed"],
                                          deal=meta["deal"], now=now)
        meta["started"] = now
        pending.events.append({"type": "match_started"})
        pending.events += registry.opening_events(pending.state)

    async def _commit(self, p: Pending, now: float, create: bool = False) -> Outcome:
        """Settle automatic play and the match's end, set timers and bots, write once."""
        old_status = p.snap.status or None
        ending.settle(p, now)
        p.meta["updated"] = now
        timer = timers.next_timer(p.state, p.meta, p.status, now, p.stand_in, p.actions)
        p.meta["timer"] = timer
        bots = bots_due(p.state, p.meta["seats"], p.stand_in) if p.status == ACTIVE else []
        p.meta["bots"] = bots
        p.meta["write"] = secrets.token_hex(8)  # tells this write's state from any other's
        deadline_ms = math.ceil(timer["at"] * 1000) if timer else 0
        bot_retry_ms = self._unconfirmed_ms(now) if bots else 0
        due = _first_due(deadline_ms, bot_retry_ms)
        entry = TimerEntry(p.snap.match_id, p.snap.version + 1, due) if due else None
        live = p.status in (OPEN, ACTIVE) and self.idle_ttl_s > 0
        p.meta["idle_at"] = now + self.idle_ttl_s if live else None
        change = Write(p.snap.version, p.status, p.meta, p.state.to_json(), p.events,
                       p.actions, deadline_ms, bot_retry_ms, p.request, p.seat,
                       self.finished_ttl_ms if p.status in OVER else 0,
                       math.ceil(p.meta["idle_at"] * 1000) if live else 0,
                       Listing(p.meta["game"], old_status, p.status, bool(p.meta.get("private")))
                       if p.status != old_status else None)
        outcome = await self.repo.write(p.snap.match_id, change, entry, create=create)
        if outcome.kind == "ok":
            self.cache.put(p.snap.match_id, outcome.version, p.state, p.meta["write"])
            await self._after(p, old_status, change, outcome.version)
        return outcome

    async def _after(self, p: Pending, old_status: str | None, change: Write, version: int
                     ) -> None:
        if p.meta["bots"]:
            await self._send_bots(p.snap.match_id, version, p.meta, change.bot_retry_ms)
        if change.listing is not None:
            await self.repo.delist(p.snap.match_id, change.listing)
            if p.status in OVER:
                if p.meta.get("creator"):
                    await self.repo.release(p.meta["creator"])
                reason = p.meta["result"]["reason"]
                self.metrics.matches_finished.labels(p.meta["game"], reason).inc()

    async def _enqueue(self, match_id: str, seat: int, version: int, meta: dict[str, Any]
                       ) -> bool:
        # The broker client blocks: it runs on a thread of its own, never on the loop.
        sent = await asyncio.to_thread(self.queue.enqueue, match_id, seat, version,
                                       game=meta["game"], policy=seat_policy(meta, seat))
        self.metrics.bot_tasks.labels("sent" if sent else "failed").inc()
        if not sent:
            self.bot_sends_failed = True
        return sent

    # ---- identity ---------------------------------------------------------------------

    def _state(self, snap: Snapshot) -> State:
        """The engine state of `snap`: from the cache at that exact version, else decoded."""
        write = str(snap.meta.get("write", ""))
        state = self.cache.get(snap.match_id, snap.version, write)
        if state is None:
            state = registry.from_json(snap.meta["game"], snap.engine)
            self.cache.put(snap.match_id, snap.version, state.clone(), write)
        return state

    async def _load(self, match_id: str, request: str | None = None) -> Snapshot:
        snap = await self.repo.load(match_id, request)
        if snap is None:
            raise model.missing(match_id)
        return snap

    def _identify(self, meta: dict[str, Any], token: str | None, as_seat: int | None
                  ) -> int | None:
        """The seat the caller speaks for; None for a spectator (no token)."""
        seats = meta["seats"]
        if as_seat is not None and not 0 <= as_seat < len(seats):
            raise InvalidArgument(f"seat must be 0 to {len(seats) - 1}", "seat")
        if not token:
            if as_seat is not None:
                raise Unauthenticated("acting for a seat needs that seat's token")
            return None
        if model.is_admin(token, self.admin_token):
            return as_seat
        if model.is_admin(token, self.bot_token):
            return _bot_seat(meta, as_seat)
        seat = model.seat_of_token(seats, token)
        if seat is None:
            raise Unauthenticated("the token is not valid for this match")
        if as_seat is not None and as_seat != seat:
            raise PermissionDenied(f"this token speaks for seat {seat}, not {as_seat}")
        return seat

    def _admin_only(self, token: str | None, what: str) -> None:
        if not token:
            raise Unauthenticated(f"only the admin may {what}: send the admin token")
        if not model.is_admin(token, self.admin_token):
            raise PermissionDenied(f"only the admin may {what}")

    def _not_bot(self, token: str | None) -> None:
        if model.is_admin(token, self.bot_token):
            raise PermissionDenied("the bot credential may only view, watch and move")

    def _mover(self, meta: dict[str, Any], token: str | None, as_seat: int | None) -> int:
        if not token:
            raise Unauthenticated("this call needs a seat token (authorization: Bearer ...)")
        seat = self._identify(meta, token, as_seat)
        if seat is None:
            raise InvalidArgument("the admin must name the seat it acts for", "seat")
        return seat


def _result(outcome: Outcome, p: Pending, seat: int | None) -> MoveResult:
    numbered = [(outcome.first + i, e) for i, e in enumerate(p.events)]
    return MoveResult(outcome.version, p.status, model.redact(numbered, seat),
                      game=p.meta["game"])


def _bot_seat(meta: dict[str, Any], as_seat: int | None) -> int:
    """The seat the bot credential speaks for: a bot seat, or a human seat a bot stands in
    for now (its move clock ran out); it never speaks for a seat a human is playing."""
    if as_seat is None:
        raise InvalidArgument("the bot credential must name the seat it acts for", "seat")
    if meta["seats"][as_seat]["kind"] != model.BOT and as_seat not in meta["bots"]:
        raise PermissionDenied(f"seat {as_seat} is not played by a bot now")
    return as_seat


def _may_abandon(seats: list[dict[str, Any]], seat: int) -> bool:
    """A creator's seat may call the match off; a joined seat only while no other human
    sits there (matches stored before creators were recorded count every seat a creator's)."""
    if seats[seat].get("creator", True):
        return True
    return not any(s["kind"] == model.HUMAN for i, s in enumerate(seats) if i != seat)


def _open_seat(seats: list[dict[str, Any]], wanted: int | None) -> int:
    if wanted is None:
        return next(i for i, s in enumerate(seats) if s["kind"] == model.OPEN_SEAT)
    if not 0 <= wanted < len(seats):
        raise InvalidArgument(f"seat must be 0 to {len(seats) - 1}", "seat")
    if seats[wanted]["kind"] != model.OPEN_SEAT:
        raise WrongPhase(f"seat {wanted} is not open")
    return wanted


def _players_option(options: Mapping[str, Any]) -> int:
    """The options' "players", for a request that left `players` unset (0 when absent)."""
    value = options.get(registry.PLAYERS_KEY, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _in_options(exc: InvalidArgument) -> InvalidArgument:
    """A config error with its field named as the request has it (`options.colour`);
    "players" is the request's own field."""
    if exc.field and exc.field not in (registry.PLAYERS_KEY, "options"):
        exc.field = f"options.{exc.field}"
    return exc


def _with_players(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    merged = dict(options)
    if registry.PLAYERS_KEY in merged and merged[registry.PLAYERS_KEY] != players:
        raise InvalidArgument("options.players disagrees with players", "players")
    merged[registry.PLAYERS_KEY] = players
    return merged


def _clock_dict(clock: ClockSpec | None) -> dict[str, Any] | None:
    if clock is None:
        return None
    return {"seconds": clock.seconds, "on_timeout": clock.on_timeout, "policy": clock.policy}


def _created_event(meta: dict[str, Any]) -> dict[str, Any]:
    return {"type": "match_created", "game": meta["game"], "players": meta["players"],
            "seats": [model.public_seat(s) for s in meta["seats"]]}


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


def _first_due(*times_ms: int) -> int:
    """The earliest of a match's times (its deadline, its bot re-send) that are set; 0: none."""
    return min((t for t in times_ms if t), default=0)
