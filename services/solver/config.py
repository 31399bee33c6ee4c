"""Settings of the solver process: the common ones (CONVENTIONS.md) plus its time cap."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import Settings

#: Default server-side cap on one search, in seconds (SOLVER_MAX_SECONDS).
DEFAULT_MAX_SECONDS = 10.0
#: Time kept back from the caller's deadline to stop the search, build and send the answer:
#: this much plus DEADLINE_MARGIN_SHARE of the time left. A search overruns its budget by
#: at most cardroom.shared.solver.OVERRUN_MARGIN_S (50 ms), on a loaded machine too.
DEADLINE_MARGIN_SECONDS = 0.1
DEADLINE_MARGIN_SHARE = 0.1
#: The least budget a search gets once the caller's deadline is at least MIN_DEADLINE_SECONDS
#: away, even when the margin would leave less.
MIN_BUDGET_SECONDS = 0.005
#: The shortest deadline that buys MIN_BUDGET_SECONDS. A call with less time left gets a
#: quick try of at most PROBE_BUDGET_SECONDS (a quarter of the time left, when less): the
#: server answers at once with what that found (a small board's solution, often nothing on
#: a large one; proven=false unless settled) instead of letting the call end in
#: DEADLINE_EXCEEDED.
MIN_DEADLINE_SECONDS = 0.1
PROBE_BUDGET_SECONDS = 0.001


@dataclass(frozen=True, slots=True)
class SolverConfig:
    """Everything `python -m cardroom.services.solver` reads from its environment."""

    rpc: Settings = field(default_factory=lambda: Settings.from_env("solver", {}))
    #: No search runs longer than this, whatever the caller's deadline.
    max_seconds: float = DEFAULT_MAX_SECONDS

    def budget(self, time_remaining: float | None) -> float:
        """Seconds a search may take: the cap, or less when the caller's deadline is nearer."""
        if time_remaining is None:
            return self.max_seconds
        if time_remaining < MIN_DEADLINE_SECONDS:
            return min(PROBE_BUDGET_SECONDS, max(0.0, time_remaining) / 4)
        margin = DEADLINE_MARGIN_SECONDS + DEADLINE_MARGIN_SHARE * time_remaining
        return max(MIN_BUDGET_SECONDS, min(self.max_seconds, time_remaining - margin))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> SolverConfig:
        """The settings of every process (GRPC_PORT, ...) plus SOLVER_MAX_SECONDS."""
        env = os.environ if environ is None else environ
        raw = env.get("SOLVER_MAX_SECONDS", "").strip()
        return cls(rpc=Settings.from_env("solver", env),
                   max_seconds=_seconds(raw) if raw else DEFAULT_MAX_SECONDS)


def _seconds(raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 < value <= 3600:
        raise InvalidConfig(f"SOLVER_MAX_SECONDS must be a number of seconds in (0, 3600], "
                            f"not {raw!r}", "SOLVER_MAX_SECONDS")
    return value
