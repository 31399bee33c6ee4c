"""Settings of the solver process: the common ones (cardroom.shared.rpc.settings) plus its
time cap, and the budget a search gets from a call's deadline."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cardroom.shared.rpc.settings import Settings, read, seconds, var

#: Default server-side cap on one search, in seconds (SOLVER_MAX_SECONDS).
DEFAULT_MAX_SECONDS = 10.0
#: The longest cap SOLVER_MAX_SECONDS may set: a search is an answer to a call, not a job.
LONGEST_CAP_SECONDS = 3600.0
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
    #: SOLVER_MAX_SECONDS: no search runs longer than this, whatever the caller's deadline.
    max_seconds: float = var("SOLVER_MAX_SECONDS", DEFAULT_MAX_SECONDS,
                             seconds(most=LONGEST_CAP_SECONDS))

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
        return read(cls, environ, rpc=Settings.from_env("solver", environ))
