"""Whether a replica may serve: Redis answers and keeps every write as MATCH_DURABILITY asks.

A task on the replica's event loop probes Redis every MATCH_HEALTH_INTERVAL seconds (one
pipelined round trip: PING, plus the persistence settings when a durability mode is
required) and flips the replica's gRPC health to NOT_SERVING while Redis is unreachable,
still loading its data, or configured to keep less than the mode promises; it flips back
by itself once Redis is fine.
While Redis falls short of the mode, writes are refused (UNAVAILABLE) so that no move is
acknowledged that a Redis crash could lose. Durability modes (docs/RELIABILITY.md):

- ``off``: no check; whatever Redis keeps (without persistence a restart loses everything);
- ``everysec``: Redis must keep an append-only file (appendfsync everysec or always);
- ``always``: the strict mode: appendonly yes and appendfsync always, so Redis writes every
  move to disk (fsync) before it answers, and an acknowledged move survives any crash.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from redis.exceptions import RedisError, ResponseError

from cardroom.shared.rpc.loop import stop_task

from .repo import MatchRepo

log = logging.getLogger(__name__)

OFF, EVERYSEC, ALWAYS = "off", "everysec", "always"
DURABILITY_MODES = (OFF, EVERYSEC, ALWAYS)
#: The appendfsync values each mode accepts.
_FSYNC = {EVERYSEC: ("everysec", "always"), ALWAYS: ("always",)}
#: The share of maxmemory past which Redis counts as full (writes would fail any moment).
FULL = 0.98
#: What a write is told while Redis keeps less than the durability mode asks.
REFUSAL = "the match store does not persist moves as required now; retry later"


def durability_problem(mode: str, config: dict[str, str]) -> str | None:
    """Why Redis' persistence settings (CONFIG GET appendonly, appendfsync) fall short of
    `mode`, or None when they do not."""
    if mode == OFF:
        return None
    appendonly = config.get("appendonly", "")
    fsync = config.get("appendfsync", "")
    if appendonly != "yes" or fsync not in _FSYNC[mode]:
        return (f"Redis runs with appendonly {appendonly or '?'} and appendfsync {fsync or '?'}; "
                f"MATCH_DURABILITY={mode} needs appendonly yes and appendfsync "
                f"{' or '.join(_FSYNC[mode])}")
    return None


def above_mark(info: dict[str, object], mark: float) -> str | None:
    """Why Redis is past the high-water mark (used_memory at `mark` of maxmemory), or None;
    a Redis without maxmemory, or a mark of 0, never is."""
    limit = int(str(info.get("maxmemory", 0)))
    used = int(str(info.get("used_memory", 0)))
    if mark and limit and used >= limit * mark:
        return (f"the match store holds {used} bytes, past its high-water mark of "
                f"{int(limit * mark)} ({mark:g} of maxmemory {limit}; "
                "MATCH_STORE_HIGH_WATER): no new match until it has room again; play in "
                "existing matches goes on")
    return None


def memory_problem(info: dict[str, object]) -> str | None:
    """Why Redis counts as full (INFO memory: used_memory within FULL of maxmemory), or
    None; a Redis without maxmemory is never full by this measure."""
    limit = int(str(info.get("maxmemory", 0)))
    used = int(str(info.get("used_memory", 0)))
    if limit and used >= limit * FULL:
        return (f"Redis memory is full: used_memory {used} of maxmemory {limit}; "
                "new writes fail with RESOURCE_EXHAUSTED")
    return None


class RedisHealth:
    """Probes Redis for one replica; `on_change(serving)` is told of every change."""

    def __init__(self, repo: MatchRepo, mode: str = OFF, interval_s: float = 1.0,
                 on_change: Callable[[bool], Awaitable[None]] | None = None,
                 high_water: float = 0.0,
                 on_crowded: Callable[[bool], None] | None = None) -> None:
        self.repo = repo
        #: MATCH_STORE_HIGH_WATER: past this share of maxmemory new matches are refused
        #: (repo.crowded), while the replica stays SERVING; `on_crowded` is told of changes.
        self.high_water = high_water
        self.on_crowded = on_crowded
        self.mode = mode
        self.interval_s = interval_s
        self.on_change = on_change
        self.serving: bool | None = None
        #: Why Redis counts as full (used_memory at maxmemory), else None.
        self._full: str | None = None
        self._unverifiable = False
        self._task: asyncio.Task[None] | None = None

    async def probe(self) -> bool:
        """Check Redis once, update the write refusal and the health status; True if fine."""
        try:
            shortfall = await self._shortfall()
            problem = shortfall or self._full
        except RedisError as exc:
            shortfall, problem = None, f"Redis cannot take calls: {exc}"
        # Writes are refused only for a durability shortfall: an unreachable Redis refuses
        # them by itself, and the first call after its return must not wait for a probe.
        self.repo.refusal = None if shortfall is None else REFUSAL
        serving = problem is None
        if serving != self.serving:
            if serving:
                log.info("Redis is fine: serving")
            else:
                log.warning("not serving: %s", problem)
            self.serving = serving
            if self.on_change is not None:
                await self.on_change(serving)
        return serving

    async def _shortfall(self) -> str | None:
        try:
            reports = await self.repo.server_reports(config=self.mode != OFF)
        except ResponseError as exc:
            if self.mode == OFF or "LOADING" in str(exc) or "MISCONF" in str(exc):
                raise
            # A Redis that hides CONFIG (many managed ones do) cannot be checked: trust it.
            if not self._unverifiable:
                log.warning("cannot check Redis persistence (%s); MATCH_DURABILITY=%s is "
                            "assumed to hold", exc, self.mode)
                self._unverifiable = True
            await self.repo.ping()
            return None
        # A cluster reports for each master: the first problem found stands for all.
        self._full = next(filter(None, (memory_problem(info) for info, _ in reports)), None)
        crowded = next(filter(None, (above_mark(info, self.high_water)
                                     for info, _ in reports)), None)
        if (crowded is None) != (self.repo.crowded is None):
            if crowded:
                log.warning("refusing new matches: %s", crowded)
            else:
                log.info("the match store has room again: new matches are taken")
            if self.on_crowded is not None:
                self.on_crowded(crowded is not None)
        self.repo.crowded = crowded
        if self.mode == OFF:
            return None
        return next(filter(None, (durability_problem(self.mode, config)
                                  for _, config in reports)), None)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            try:
                await self.probe()
            except asyncio.CancelledError:
                raise
            except Exception:  # the probe must outlive anything one check throws
                log.exception("Redis health probe failed")

    async def start(self) -> None:
        """Probe once now, then every interval in a task of the running loop."""
        await self.probe()
        self._task = asyncio.create_task(self._run(), name="match-health")

    async def stop(self) -> None:
        """Stop probing."""
        await stop_task(self._task)
        self._task = None
