"""Quotas on creating matches, shared by every replica through Redis (docs/match.md).

A caller is who cardroom.shared.rpc.identity says: a credential the service knows, else the
caller's network (a token costs nothing to make up, so a caller that sent a new one with
every call would otherwise escape every limit). The key (Caller.key) is the same on every
replica and for every connection of the caller.

Each CreateMatch counts against these limits of its caller: matches created in the last 60
seconds (a sliding window, not a calendar minute), open or active matches it created,
those of them with a clock (a per-move clock or an engine clock), and the bot seats of
them weighed by their policy's cost; and against the live matches of the whole service.
Past one of them the call is refused with RESOURCE_EXHAUSTED naming the setting, and
nothing is counted. The admin is not limited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.shared.errors import ResourceExhausted
from cardroom.shared.wire.bot_tasks import is_search

from .model import BOT, SeatSpec
from .repo import MatchRepo

#: The window of MATCH_CREATE_PER_MINUTE, in seconds.
WINDOW_S = 60.0
#: What one bot seat costs against MATCH_BOT_COST_PER_CREATOR: a search policy (it keeps a
#: worker busy for seconds a turn) weighs more than a fast one.
FAST_BOT_COST, SEARCH_BOT_COST = 1, 4


@dataclass(frozen=True, slots=True)
class Quotas:
    """The limits (0 turns one off)."""

    #: MATCH_CREATE_PER_MINUTE: matches one caller may create in any 60 seconds.
    per_minute: int = 600
    #: MATCH_LIVE_PER_CREATOR: open or active matches one caller may have created.
    live_per_creator: int = 100
    #: MATCH_MAX_LIVE: open or active matches of the whole service (every replica).
    max_live: int = 100_000
    #: How long a creator's live entry outlives its last creation (heals a lost release).
    live_ttl_s: float = 8 * 86400.0
    #: MATCH_LIVE_TIMED_PER_CREATOR: live matches with a clock one caller may have created.
    timed_per_creator: int = 20
    #: MATCH_BOT_COST_PER_CREATOR: bot seats (by policy cost) of one caller's live matches.
    bot_cost_per_creator: int = 100


@dataclass(frozen=True, slots=True)
class Charge:
    """What one match costs its creator while it lives."""

    timed: bool = False
    bot_cost: int = 0


def charge(game: str, seats: Sequence[SeatSpec], timed: bool) -> Charge:
    """The charge of a match of `game` with `seats` (`timed`: it has a clock)."""
    cost = sum(SEARCH_BOT_COST if is_search(game, s.policy) else FAST_BOT_COST
               for s in seats if s.kind == BOT)
    return Charge(timed, cost)


def _cap(limit: int) -> int:
    return limit or 1 << 62


async def admit(repo: MatchRepo, quotas: Quotas, caller: str, match_id: str, cost: Charge,
                now: float) -> None:
    """Count one CreateMatch of `caller` (the match `match_id`), or refuse it
    (ResourceExhausted) past a limit."""
    if quotas.max_live and await repo.live_count() >= quotas.max_live:
        raise ResourceExhausted(
            f"the service holds its limit of {quotas.max_live} open or active matches "
            "(MATCH_MAX_LIVE); retry later", "MATCH_MAX_LIVE").detail(limit=quotas.max_live)
    refused = await repo.admit(
        caller, match_id, now_ms=int(now * 1000), window_ms=int(WINDOW_S * 1000),
        limits=(_cap(quotas.per_minute), _cap(quotas.live_per_creator),
                _cap(quotas.timed_per_creator), _cap(quotas.bot_cost_per_creator)),
        timed=cost.timed, bot_cost=cost.bot_cost, live_ttl_ms=int(quotas.live_ttl_s * 1000))
    if refused == "rate":
        raise ResourceExhausted(
            f"this caller created its limit of {quotas.per_minute} matches in the last "
            f"{WINDOW_S:g} seconds (MATCH_CREATE_PER_MINUTE); retry shortly",
            "MATCH_CREATE_PER_MINUTE").detail(limit=quotas.per_minute)
    if refused == "live":
        raise ResourceExhausted(
            f"this caller has its limit of {quotas.live_per_creator} open or active matches "
            "(MATCH_LIVE_PER_CREATOR); finish or abandon one first", "MATCH_LIVE_PER_CREATOR"
        ).detail(limit=quotas.live_per_creator)
    if refused == "timed":
        raise ResourceExhausted(
            f"this caller has its limit of {quotas.timed_per_creator} open or active matches "
            "with a clock (MATCH_LIVE_TIMED_PER_CREATOR); finish or abandon one first",
            "MATCH_LIVE_TIMED_PER_CREATOR").detail(limit=quotas.timed_per_creator)
    if refused == "bots":
        raise ResourceExhausted(
            f"this caller's open or active matches would seat more than "
            f"{quotas.bot_cost_per_creator} bots by cost (a search policy's seat costs "
            f"{SEARCH_BOT_COST}, a fast one's {FAST_BOT_COST}; MATCH_BOT_COST_PER_CREATOR); "
            "finish or abandon one first", "MATCH_BOT_COST_PER_CREATOR"
        ).detail(limit=quotas.bot_cost_per_creator)
