"""Quotas on creating matches, shared by every replica through Redis (docs/match.md).

A caller is its address (without the port): a token costs nothing to make up, so a caller
that sent a new one with every call would otherwise escape every limit.
Each CreateMatch counts against three limits: matches created by the caller in the current
minute, open or active matches the caller created, and live matches of the whole service.
Past one of them the call is refused with RESOURCE_EXHAUSTED naming the setting, and
nothing is counted. The admin is not limited.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from cardroom.shared.errors import ResourceExhausted

from .repo import MatchRepo


@dataclass(frozen=True, slots=True)
class Quotas:
    """The limits (0 turns one off)."""

    #: MATCH_CREATE_PER_MINUTE: matches one caller may create per minute.
    per_minute: int = 600
    #: MATCH_LIVE_PER_CREATOR: open or active matches one caller may have created.
    live_per_creator: int = 100
    #: MATCH_MAX_LIVE: open or active matches of the whole service (every replica).
    max_live: int = 100_000
    #: How long a creator's live count outlives its last creation (heals a lost release).
    live_ttl_s: float = 8 * 86400.0


def caller_id(peer: str) -> str:
    """A short, stable name of the caller at address `peer`."""
    return hashlib.sha256(f"peer:{peer}".encode()).hexdigest()[:24]


async def admit(repo: MatchRepo, quotas: Quotas, caller: str, now: float) -> None:
    """Count one CreateMatch of `caller`, or refuse it (ResourceExhausted) past a limit."""
    if quotas.max_live and await repo.live_count() >= quotas.max_live:
        raise ResourceExhausted(
            f"the service holds its limit of {quotas.max_live} open or active matches "
            "(MATCH_MAX_LIVE); retry later", "MATCH_MAX_LIVE")
    per_minute = quotas.per_minute or 1 << 62
    live = quotas.live_per_creator or 1 << 62
    refused = await repo.admit(caller, int(now // 60), per_minute, live,
                               int(quotas.live_ttl_s * 1000))
    if refused == "rate":
        raise ResourceExhausted(
            f"this caller created its limit of {quotas.per_minute} matches this minute "
            "(MATCH_CREATE_PER_MINUTE); retry in a minute", "MATCH_CREATE_PER_MINUTE")
    if refused == "live":
        raise ResourceExhausted(
            f"this caller has its limit of {quotas.live_per_creator} open or active matches "
            "(MATCH_LIVE_PER_CREATOR); finish or abandon one first", "MATCH_LIVE_PER_CREATOR")
