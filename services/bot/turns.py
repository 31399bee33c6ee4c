"""One bot turn, apart from Celery: load the seat's view, ask the policy, submit the move.

The bot sees only what its seat may see: the view the match service returns for the seat
and the events that seat may see. A worker process keeps the events each seat was given
(SeenEvents), so a decision reads from the match service only what was logged since. It
calls the match service through the client library (cardroom.shared.client) and submits
through SubmitMove like a human, with the expected version and a request id keyed by its
credential (cardroom.shared.wire.bot_tasks.bot_request_id), so a task for a version that
moved on, or one delivered twice, changes nothing.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from cardroom.shared.bots import Decision, Policy, get_policy
from cardroom.shared.client import MatchClient, MatchView, Seat
from cardroom.shared.errors import (
    IllegalMove,
    InvalidArgument,
    NotFound,
    OutOfRange,
    PermissionDenied,
    StaleVersion,
)
from cardroom.shared.games import registry
from cardroom.shared.wire.bot_tasks import bot_request_id

log = logging.getLogger(__name__)

#: Outcomes of a bot task.
MOVED = "moved"  # the move was applied
DUPLICATE = "duplicate"  # the same request was applied before (a redelivered task)
STALE = "stale"  # the match moved on (or is over) before the move: nothing to do
NO_MOVE = "no_move"  # the policy makes no move now (Mix Match: no claim found)
SCHEDULED = "scheduled"  # a Mix Match claim is to be sent after the policy's delay
REFUSED = "refused"  # the match service refused a move the policy chose (a policy bug)


@dataclass(frozen=True, slots=True)
class Turn:
    """What one bot task did, and what the policy said."""

    outcome: str
    game: str = ""
    policy: str = ""
    action: str = ""
    decision: Decision | None = None
    #: For SCHEDULED: seconds to wait before the claim is sent.
    delay_s: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


#: How many (match, seat) event logs a worker process keeps by default (a seat's log of a
#: whole Livemix match takes about 45 KB).
SEEN_SEATS = 512

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Seen:
    """What one seat was given: its visible events up to `cursor` (as JSON text, a fifth of
    the memory of the dicts), with their seqs."""

    cursor: int
    seqs: list[int]
    texts: list[str]


class SeenEvents:
    """Per worker process: the events each (match, seat) has read so far and the seq they go
    up to, so that a decision fetches only the events logged since. At most `size` seats are
    kept, the least recently used dropped first; size 0 keeps none (every decision reads the
    whole log). Each decision gets new dicts, so a policy may keep or change them."""

    def __init__(self, size: int = SEEN_SEATS) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, int], _Seen] = OrderedDict()
        # Prefork runs one task at a time per process; a thread pool may not.
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many seats' events are kept."""
        return len(self._entries)

    def read(self, client: MatchClient, token: str, match_id: str, seat: int, until: int
             ) -> list[Event]:
        """The events `seat` may see up to seq `until`, oldest first, exactly as a full read
        of the log would give them; only the events logged after the kept ones are fetched."""
        key = (match_id, seat)
        with self._lock:
            seen = self._entries.pop(key, None)
        start, fetched = until, 0
        if seen is None or seen.cursor != until:
            seen, start, fetched = self._fetch(client, token, match_id, seat, until, seen)
        kept = seen.texts[:bisect.bisect_right(seen.seqs, until)]
        events = [json.loads(text) for text in kept]
        if self.size > 0:
            with self._lock:
                self._entries[key] = seen
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
        if log.isEnabledFor(logging.DEBUG):
            log.debug("seat events read", extra={
                "match_id": match_id, "seat": seat, "until": until, "start": start,
                "cursor": seen.cursor, "fetched": fetched, "given": len(events),
                "digest": events_digest(events), "pid": os.getpid()})
        return events

    def _fetch(self, client: MatchClient, token: str, match_id: str, seat: int, until: int,
               seen: _Seen | None) -> tuple[_Seen, int, int]:
        """The seat's events extended with those logged after `seen` (all of them when
        `seen` no longer fits the log), the seq the new ones follow, and how many came."""
        if seen is not None and seen.cursor > until:
            seen = None  # the log is shorter than what was read: it was rewound or made anew
        if seen is not None and seen.seqs:
            # Read the last kept event again: if the log no longer has it, start over.
            last = seen.seqs[-1]
            try:
                fresh = _logged(client, token, match_id, seat, last - 1)
            except OutOfRange:
                fresh = []
            if fresh[:1] == [(last, json.loads(seen.texts[-1]))] and all(
                    seq > seen.cursor for seq, _ in fresh[1:]):
                return _extended(seen, fresh[1:], until), seen.cursor, len(fresh) - 1
            seen = None
        if seen is not None:
            try:
                fresh = _logged(client, token, match_id, seat, seen.cursor)
                return _extended(seen, fresh, until), seen.cursor, len(fresh)
            except OutOfRange:
                pass  # past the end of the log: it was rewound or made anew
        fresh = _logged(client, token, match_id, seat, 0)
        return _extended(_Seen(0, [], []), fresh, until), 0, len(fresh)


def _logged(client: MatchClient, token: str, match_id: str, seat: int, cursor: int
            ) -> list[tuple[int, Event]]:
    """The (seq, event) pairs `seat` may see logged after `cursor` so far (OutOfRange past
    the end of the log)."""
    return [(e.seq, e.data) for e in client.events(match_id, token, cursor, seat=seat)]


def _extended(seen: _Seen, fresh: list[tuple[int, Event]], until: int) -> _Seen:
    """`seen` with the events read after it; its cursor is past every event read, and past
    `until` (a seq the log had reached before the read, so nothing visible up to it was
    missed)."""
    seqs = [seq for seq, _ in fresh]
    cursor = max([until, seen.cursor, *seqs[-1:]])
    texts = [json.dumps(event, separators=(",", ":")) for _, event in fresh]
    return _Seen(cursor, seen.seqs + seqs, seen.texts + texts)


def events_digest(events: Sequence[Event]) -> str:
    """A short fingerprint of an event list (to compare what a policy got with the log)."""
    text = json.dumps(list(events), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


@dataclass(frozen=True, slots=True)
class Actor:
    """Where a bot acts: the match service client, the bot credential, its defaults, and
    the events this process has read for each seat."""

    client: MatchClient
    token: str
    default_policy: str = "random"
    seen: SeenEvents = field(default_factory=SeenEvents)


def decision_seed(match_id: str, seat: int, version: int) -> int:
    """The seed of one decision: the same task always decides alike (reproducible tests)."""
    digest = hashlib.blake2b(f"{match_id}:{seat}:{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@functools.lru_cache(maxsize=128)
def load_policy(game: str, name: str, strength: int = 0) -> Policy:
    """A policy by game, name and strength (policies keep no state between decisions)."""
    return get_policy(game, name, **({"strength": strength} if strength else {}))


class SeatEvents(Sequence[dict[str, Any]]):
    """The events the seat may see, fetched from the match service only if the policy reads
    them (a random or rule-based bot decides on the view alone, a call sooner)."""

    def __init__(self, fetch: Callable[[], list[dict[str, Any]]]) -> None:
        self._fetch = fetch
        self._events: list[dict[str, Any]] | None = None

    def _loaded(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = self._fetch()
        return self._events

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | Sequence[dict[str, Any]]:
        """The event(s) at `index`, in log order."""
        return self._loaded()[index]

    def __len__(self) -> int:
        """How many events the seat has seen."""
        return len(self._loaded())

    @property
    def fetched(self) -> bool:
        """Whether the events were asked for (and so fetched)."""
        return self._events is not None


def seat_view(client: MatchClient, match_id: str, token: str, seat: int | None = None
              ) -> MatchView:
    """The view of the seat the credential speaks for (or `seat` with the bot credential);
    PermissionDenied when it speaks for no seat (a spectator's view would come back)."""
    view = client.get(match_id, token, seat)
    if view.seat is None:
        raise PermissionDenied("the credential speaks for no seat of this match")
    return view


def policy_of(seat: Seat, requested: str, default: str) -> tuple[str, int]:
    """The (policy, strength) to play the seat with: the task's, else the bot seat's, else
    the default (a human seat whose clock ran out)."""
    strength = seat.strength if seat.kind == "bot" else 0
    if requested:
        return requested, strength
    if seat.kind == "bot" and seat.policy:
        return seat.policy, strength
    return default, 0


def play_turn(actor: Actor, match_id: str, seat_no: int, version: int, policy: str = "") -> Turn:
    """Decide and play the seat's move at `version`; a stale task is a no-op."""
    try:
        view = seat_view(actor.client, match_id, actor.token, seat_no)
    except (NotFound, PermissionDenied):
        return Turn(STALE)  # the match expired, or a human took the seat's move back
    if view.version != version or not view.may_act:
        return Turn(STALE, view.game)
    assert view.seat is not None  # seat_view saw to it
    name, strength = policy_of(view.seats[view.seat], policy, actor.default_policy)
    events = SeatEvents(lambda: actor.seen.read(actor.client, actor.token, match_id, seat_no,
                                                view.event_seq))
    decision = load_policy(view.game, name, strength).decide(
        view.observation, events, decision_seed(match_id, seat_no, version))
    if not decision.action:
        return Turn(NO_MOVE, view.game, name, decision=decision)
    # A move tied to its round (a Mix Match claim) carries the round it was found for.
    action = registry.info(view.game).tag_round(decision.action, view.observation.get("round"))
    if decision.delay_s > 0:
        return Turn(SCHEDULED, view.game, name, action, decision, decision.delay_s)
    outcome = submit(actor, view.game, match_id, seat_no, version, action)
    return Turn(outcome, view.game, name, action, decision)


def submit(actor: Actor, game: str, match_id: str, seat_no: int, version: int, action: str
           ) -> str:
    """Submit the move of `game` chosen at `version`: MOVED, DUPLICATE, STALE or REFUSED.

    A move tied to its round (a Mix Match claim) is sent without an expected version, since
    other seats' wrong claims and drawn cards do not make it wrong; its round tag makes the
    engine refuse it once its round was decided. Any other move must be made at the
    version it was chosen at."""
    claim = registry.info(game).round_bound(action)
    try:
        result = actor.client.move(
            match_id, action, actor.token, seat=seat_no,
            expected_version=None if claim else version,
            request_id=bot_request_id(seat_no, version, match_id, actor.token or ""))
    except (StaleVersion, NotFound, PermissionDenied):
        return STALE
    except (IllegalMove, InvalidArgument) as refused:
        if claim and isinstance(refused, IllegalMove):
            return STALE  # the round was decided, or this seat is out: a late claim
        log.warning("move refused: %s", refused.reason,
                    extra={"match_id": match_id, "seat": seat_no, "action": action})
        return REFUSED
    return DUPLICATE if result.duplicate else MOVED


def suggest(game: str, policy: str, params: dict[str, Any], view: dict[str, Any],
            events: Sequence[dict[str, Any]], seed: int) -> Decision:
    """The decision of a policy on a seat's view (SuggestMove; nothing is submitted)."""
    started = time.perf_counter()
    decision = get_policy(game, policy, **params).decide(view, list(events), seed)
    if decision.think_s <= 0:
        decision = Decision(decision.action, decision.evaluation,
                            time.perf_counter() - started, decision.iterations, decision.delay_s)
    return decision
