"""The policy interface every Cardroom bot keeps: Decision, PolicyInfo, ParamInfo, Policy.

A policy sees what one seat may see, structurally: ``decide(view, events, seed)`` gets the
engine's ``observation(seat)`` for the acting seat and the events that seat was allowed to
see (public ones and those sent ``"to"`` it), in order. It never gets the full state.

``Decision.action`` is a canonical action, or ``""`` for "no move now" (not this seat's
turn, or a Mix Match board the bot will not claim on). ``Decision.delay_s`` is how long
after the decision the move is to be submitted: 0 for the trick-taking games; a Mix Match
bot uses it to claim only once its think time has passed (the worker schedules the
submit, with the same expected version, so a board that changed in between drops it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardroom.shared.errors import InvalidArgument

JSON = dict[str, Any]

#: Cost classes, so workers can queue heavy search apart from quick bots.
FAST, SEARCH = "fast", "search"

#: Strength levels every policy accepts; 0 means the policy's default level.
MAX_STRENGTH = 5


@dataclass(frozen=True, slots=True)
class Decision:
    """A policy's answer: the move, why (JSON-able), and what it cost."""

    action: str
    evaluation: JSON = field(default_factory=dict)
    think_s: float = 0.0
    iterations: int = 0
    #: Seconds to wait after deciding before the move is submitted (Mix Match claims).
    delay_s: float = 0.0

    def to_dict(self) -> JSON:
        """JSON-able form."""
        return {"action": self.action, "evaluation": self.evaluation, "think_s": self.think_s,
                "iterations": self.iterations, "delay_s": self.delay_s}


@dataclass(frozen=True, slots=True)
class ParamInfo:
    """One tunable parameter of a policy: kind, default and allowed range."""

    name: str
    kind: str  # "int" or "float"
    default: int | float
    minimum: int | float
    maximum: int | float
    description: str

    def to_dict(self) -> JSON:
        """JSON-able form."""
        return {"name": self.name, "kind": self.kind, "default": self.default,
                "minimum": self.minimum, "maximum": self.maximum,
                "description": self.description}

    def read(self, value: object) -> int | float:
        """The value checked against kind and range; InvalidArgument names the parameter."""
        if value is None:
            return self.default
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidArgument(f"{self.name} must be a number, not {value!r}", self.name)
        if self.kind == "int":
            if isinstance(value, float) and not value.is_integer():
                raise InvalidArgument(f"{self.name} must be a whole number, not {value!r}",
                                      self.name)
            value = int(value)
        elif not math.isfinite(value):
            raise InvalidArgument(f"{self.name} must be finite, not {value!r}", self.name)
        if not self.minimum <= value <= self.maximum:
            raise InvalidArgument(
                f"{self.name} must be {self.minimum} to {self.maximum}, not {value!r}", self.name)
        return value


STRENGTH = ParamInfo("strength", "int", 0, 0, MAX_STRENGTH,
                     "level 1 (weakest) to 5 (strongest); 0 is the policy's default level")
#: Up to 2**53 - 1, the largest whole number every double (and a JavaScript number) holds:
#: the bounds a client reads are the bounds it may send back.
SEED = ParamInfo("seed", "int", 0, 0, 2**53 - 1,
                 "mixed with each decide() seed, so two bots with one decide seed differ")


@dataclass(frozen=True, slots=True)
class PolicyInfo:
    """What ListPolicies shows: a policy of one game, its cost class and its parameters."""

    game: str
    name: str
    description: str
    cost: str
    params: tuple[ParamInfo, ...]

    def to_dict(self) -> JSON:
        """JSON-able form."""
        return {"game": self.game, "name": self.name, "description": self.description,
                "cost": self.cost, "params": [p.to_dict() for p in self.params]}

    def read_params(self, given: Mapping[str, object]) -> dict[str, int | float]:
        """Every parameter's value (defaults filled in); InvalidArgument on a bad one."""
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidArgument(
                f"policy {self.game}/{self.name} has no parameter {unknown[0]!r}; it takes "
                f"{', '.join(known)}", unknown[0])
        return {name: p.read(given.get(name)) for name, p in known.items()}


class Policy(Protocol):
    """A bot: from one seat's view and visible events to a Decision."""

    info: PolicyInfo

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """The move the seat makes now (``""`` for none); same inputs and seed, same move."""
        ...


#: What builds a policy from its PolicyInfo and its parameters' values (defaults filled in).
Factory = Callable[[PolicyInfo, dict[str, int | float]], Policy]


def rng_for(policy_seed: int, seed: int) -> random.Random:
    """The random source of one decision: reproducible from both seeds, nothing else."""
    return random.Random(policy_seed * 0x9E3779B97F4A7C15 ^ seed)


def no_move(reason: str) -> Decision:
    """The decision to make no move now, saying why."""
    return Decision("", {"reason": reason})


def check_view(view: object, game: str) -> JSON:
    """The view itself when it is a seat's observation of `game`; InvalidArgument otherwise."""
    if not isinstance(view, dict) or view.get("game") != game:
        found = view.get("game") if isinstance(view, dict) else type(view).__name__
        raise InvalidArgument(f"the view is not a {game} observation (got {found!r})", "view")
    seat = view.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidArgument("the view must be a seat's observation, not a spectator's",
                              "view")
    return view


def visible_events(events: Sequence[JSON] | None, seat: int) -> list[JSON]:
    """The events `seat` may see, in order (private events for other seats dropped)."""
    if events is None:
        return []
    return [e for e in events if isinstance(e, dict) and e.get("to", seat) == seat]
