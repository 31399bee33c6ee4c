"""One bot turn, apart from Celery: load the seat's view, ask the policy, submit the move.

The bot sees only what its seat may see: the view the match service returns for the seat
and the events that seat may see. It submits through MatchService.SubmitMove like a human,
with the expected version and request id ``bot-<version>-<seat>``, so a task for a version
that moved on, or one delivered twice, changes nothing.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from services.match.bots import bot_request_id
from shared.bots import Decision, Policy, get_policy
from shared.errors import IllegalMove, InvalidArgument, NotFound, PermissionDenied, StaleVersion

from .client import MatchClient, SeatView

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


@dataclass(frozen=True, slots=True)
class Actor:
    """Where a bot acts: the match service client, the bot credential, and its defaults."""

    client: MatchClient
    token: str
    default_policy: str = "random"


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


def policy_of(view: SeatView, requested: str, default: str) -> tuple[str, int]:
    """The (policy, strength) to play the seat with: the task's, else the bot seat's, else
    the default (a human seat whose clock ran out)."""
    info = view.seats[view.seat]
    strength = int(info["strength"]) if info["kind"] == "bot" else 0
    if requested:
        return requested, strength
    if info["kind"] == "bot" and info["policy"]:
        return str(info["policy"]), strength
    return default, 0


def play_turn(actor: Actor, match_id: str, seat_no: int, version: int, policy: str = "") -> Turn:
    """Decide and play the seat's move at `version`; a stale task is a no-op."""
    try:
        view = actor.client.view(match_id, actor.token, seat_no)
    except (NotFound, PermissionDenied):
        return Turn(STALE)  # the match expired, or a human took the seat's move back
    if view.version != version or not view.may_act:
        return Turn(STALE, view.game)
    name, strength = policy_of(view, policy, actor.default_policy)
    events = SeatEvents(lambda: actor.client.events(match_id, actor.token, seat_no,
                                                    until=view.event_seq))
    decision = load_policy(view.game, name, strength).decide(
        view.observation, events, decision_seed(match_id, seat_no, version))
    if not decision.action:
        return Turn(NO_MOVE, view.game, name, decision=decision)
    action = tagged_claim(decision.action, view.observation)
    if decision.delay_s > 0:
        return Turn(SCHEDULED, view.game, name, action, decision, decision.delay_s)
    outcome = submit(actor, match_id, seat_no, version, action)
    return Turn(outcome, view.game, name, action, decision)


def submit(actor: Actor, match_id: str, seat_no: int, version: int, action: str) -> str:
    """Submit the move chosen at `version`: MOVED, DUPLICATE, STALE or REFUSED.

    A claim is sent without an expected version, since other seats' wrong claims and drawn
    cards do not make it wrong; its round tag makes the engine refuse it once its round
    was decided. Any other move must be made at the version it was chosen at."""
    claim = is_claim(action)
    try:
        response = actor.client.submit(match_id, actor.token, seat_no, action,
                                      None if claim else version,
                                      bot_request_id(seat_no, version))
    except (StaleVersion, NotFound, PermissionDenied):
        return STALE
    except (IllegalMove, InvalidArgument) as refused:
        if claim and isinstance(refused, IllegalMove):
            return STALE  # the round was decided, or this seat is out: a late claim
        log.warning("move refused: %s", refused.reason,
                    extra={"match_id": match_id, "seat": seat_no, "action": action})
        return REFUSED
    return DUPLICATE if response.duplicate else MOVED


def suggest(game: str, policy: str, params: dict[str, Any], view: dict[str, Any],
            events: Sequence[dict[str, Any]], seed: int) -> Decision:
    """The decision of a policy on a seat's view (SuggestMove; nothing is submitted)."""
    started = time.perf_counter()
    decision = get_policy(game, policy, **params).decide(view, list(events), seed)
    if decision.think_s <= 0:
        decision = Decision(decision.action, decision.evaluation,
                            time.perf_counter() - started, decision.iterations, decision.delay_s)
    return decision


def is_claim(action: str) -> bool:
    """Whether `action` is a Mix Match claim (tagged or not)."""
    return action.startswith(("claim ", "claim@"))


def tagged_claim(action: str, observation: dict[str, Any]) -> str:
    """A claim tagged with the round it was found for (untagged claims get the view's)."""
    if action.startswith("claim ") and "round" in observation:
        return f"claim@{observation['round']} {action[len('claim '):]}"
    return action
