"""Pure conversions between cardroom.v1 bot messages and plain values (no I/O, no context)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.shared.bots import PolicyInfo
from cardroom.shared.errors import InvalidFields
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import GAMES, POLICY_COSTS, POLICY_PARAM_KINDS

#: Longest policy name a request may carry (as for seats in CreateMatch).
MAX_POLICY = 64
#: Most events a raw observation may carry (a whole long match fits).
MAX_EVENTS = 5000


@dataclass(frozen=True, slots=True)
class Query:
    """A validated SuggestMove request; `game`, `view` and `events` only for a raw one."""

    policy: str
    params: dict[str, int | float]
    seed: int
    match_id: str = ""
    game: str = ""
    view: dict[str, Any] | None = None
    events: tuple[dict[str, Any], ...] = ()


def suggest_query(request: pb.SuggestMoveRequest) -> Query:
    """The query of a SuggestMove request; InvalidFields naming every bad field."""
    problems: list[tuple[str, str]] = []
    if not request.policy:
        problems.append(("policy", "a policy is required (ListPolicies names them)"))
    elif len(request.policy) > MAX_POLICY:
        problems.append(("policy", f"at most {MAX_POLICY} characters"))
    params = _params(request.params, problems)
    source = request.WhichOneof("source")
    if source is None:
        problems.append(("source", "a match_id or an observation is required"))
    if problems:
        raise InvalidFields(problems)
    if source == "match_id":
        return Query(request.policy, params, request.seed, match_id=request.match_id)
    return _raw(request, params)


def _params(given: Mapping[str, float], problems: list[tuple[str, str]]
            ) -> dict[str, int | float]:
    params: dict[str, int | float] = {}
    for name, value in sorted(given.items()):
        if not math.isfinite(value):
            problems.append((f"params[{name}]", "must be a finite number"))
        else:
            params[name] = int(value) if value.is_integer() else value
    return params


def _raw(request: pb.SuggestMoveRequest, params: dict[str, int | float]) -> Query:
    raw = request.observation
    problems: list[tuple[str, str]] = []
    game = GAMES.get(raw.game, "")
    if not game:
        problems.append(("observation.game", f"must be one of {GAMES.names}"))
    which = raw.WhichOneof("seat_view")
    if which is None:
        problems.append(("observation.seat_view", "the seat's view is required"))
    elif game and which != game:
        problems.append((f"observation.{which}", f"is not a view of {game}"))
    if len(raw.events) > MAX_EVENTS:
        problems.append(("observation.events", f"at most {MAX_EVENTS} events"))
    events: list[dict[str, Any]] = []
    for number, event in enumerate(raw.events if len(raw.events) <= MAX_EVENTS else ()):
        if event.WhichOneof("detail") is None:
            problems.append((f"observation.events[{number}]", "an event needs its typed detail"))
        elif len(events) == number:
            events.append(typed.event_dict(event))
    if problems:
        raise InvalidFields(problems)
    view = typed.seat_view_dict(raw)
    return Query(request.policy, params, request.seed, game=game, view=view,
                 events=tuple(events))


def suggest_response(decision: Mapping[str, Any], policy: str, version: int = 0
                     ) -> pb.SuggestMoveResponse:
    """SuggestMove's answer from a decision (Decision.to_dict(), as the task returns it)."""
    return pb.SuggestMoveResponse(
        action=str(decision["action"]),
        evaluation=typed.evaluation_message(decision.get("evaluation") or {}),
        policy=policy, think_seconds=float(decision.get("think_s", 0.0)),
        iterations=int(decision.get("iterations", 0)),
        delay_seconds=float(decision.get("delay_s", 0.0)), version=version)


def policy_info(info: PolicyInfo) -> pb.PolicyInfo:
    """A policy's description for ListPolicies."""
    return pb.PolicyInfo(
        game=GAMES.number(info.game), name=info.name, description=info.description,
        cost=POLICY_COSTS.numbers.get(info.cost, pb.POLICY_COST_UNSPECIFIED),
        params=[pb.PolicyParam(name=p.name, kind=POLICY_PARAM_KINDS.number(p.kind),
                               default_value=p.default,
                               minimum=within(p.minimum, math.inf),
                               maximum=within(p.maximum, -math.inf),
                               description=p.description) for p in info.params])


def within(bound: int | float, toward: float) -> float:
    """`bound` as a double that is still inside the range: a large int bound (the seed's
    2**63 - 1) has no exact double, and the nearest one lies outside, so a client that
    sends the advertised value back would be refused; step toward the inside instead."""
    value = float(bound)
    if isinstance(bound, int) and int(value) != bound and (int(value) > bound) == (toward < 0):
        return math.nextafter(value, toward)
    return value


def policies_response(infos: Sequence[PolicyInfo]) -> pb.ListPoliciesResponse:
    """ListPolicies' answer."""
    return pb.ListPoliciesResponse(policies=[policy_info(i) for i in infos])


def list_game(request: pb.ListPoliciesRequest) -> str | None:
    """The game a ListPolicies request asks about (None: every game)."""
    if request.game == 0:
        return None
    return GAMES.read(request.game, "game")
