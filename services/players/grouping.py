"""Which waiting tickets make a table now: pure, no store (the matchmaker's loop claims
what this proposes, atomically; matchmaker.py).

A table of n seats is n tickets that all accept n seats and whose ratings are all within
each one's window now: for every ticket i of it, |mu_j - mu_i| <= window_i(now) for every
other j. The window starts at the ticket's `rating_window` and widens by
`widen_per_second` for each second waited, up to `max_window` (docs/players.md). The
oldest ticket is served first: for each size it accepts (largest first) the tightest run
of n rating-neighbours around it that fits every window. A ticket waiting past its bot
fill time, with no such table, gets a table of its smallest size with the nearest
bot-filling tickets that fit, and bots for the seats left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tickets import Ticket


@dataclass(frozen=True, slots=True)
class Proposal:
    """A table to claim: its tickets (seat order) and how many bots fill it."""

    tickets: list[Ticket]
    bots: int = 0


def fits(group: Sequence[Ticket], now: float) -> bool:
    """Whether every ticket of `group` sees all the others within its window now."""
    low = min(t.mu for t in group)
    high = max(t.mu for t in group)
    return all(max(high - t.mu, t.mu - low) <= t.window_at(now) + 1e-9 for t in group)


def propose(waiting: Sequence[Ticket], now: float) -> list[Proposal]:
    """The tables to make from `waiting` (oldest first), no ticket in two."""
    by_mu = sorted(waiting, key=lambda t: (t.mu, t.created, t.id))
    used: set[str] = set()
    tables: list[Proposal] = []
    for anchor in sorted(waiting, key=lambda t: (t.created, t.id)):
        if anchor.id in used:
            continue
        found = _full_table(anchor, by_mu, used, now)
        if found is None and anchor.bot_after and now - anchor.created >= anchor.bot_after:
            found = _bot_table(anchor, by_mu, used, now)
        if found is not None:
            used.update(t.id for t in found.tickets)
            tables.append(found)
    return tables


def _neighbours(anchor: Ticket, by_mu: Sequence[Ticket], used: set[str], size: int,
                want: int, bots_ok: bool = False) -> list[Ticket]:
    """Up to `want` free tickets on each side of `anchor` in rating order that accept
    `size` seats (and fill with bots, with `bots_ok`), nearest first; the scan stops past
    the widest window, so it costs the neighbourhood, not the queue."""
    index = _position(by_mu, anchor)
    reach = anchor.max_window

    def ok(t: Ticket) -> bool:
        return (t.id not in used and t.min_players <= size <= t.max_players
                and (not bots_ok or t.bot_after > 0))

    below: list[Ticket] = []
    for t in reversed(by_mu[max(0, index - 4 * want - 64):index]):
        if len(below) == want or anchor.mu - t.mu > reach:
            break
        if ok(t):
            below.append(t)
    above: list[Ticket] = []
    for t in by_mu[index + 1:index + 1 + 4 * want + 64]:
        if len(above) == want or t.mu - anchor.mu > reach:
            break
        if ok(t):
            above.append(t)
    return [*reversed(below), anchor, *above]


def _position(by_mu: Sequence[Ticket], anchor: Ticket) -> int:
    """The anchor's index in the rating order (a binary search, then a short walk)."""
    key = (anchor.mu, anchor.created, anchor.id)
    low, high = 0, len(by_mu)
    while low < high:
        mid = (low + high) // 2
        t = by_mu[mid]
        if (t.mu, t.created, t.id) < key:
            low = mid + 1
        else:
            high = mid
    return low


def _full_table(anchor: Ticket, by_mu: Sequence[Ticket], used: set[str], now: float
                ) -> Proposal | None:
    for size in range(anchor.max_players, anchor.min_players - 1, -1):
        line = _neighbours(anchor, by_mu, used, size, size - 1)
        at = line.index(anchor)
        best = None
        for start in range(max(0, at - size + 1), min(at, len(line) - size) + 1):
            group = line[start:start + size]
            if len(group) == size and fits(group, now):
                spread = group[-1].mu - group[0].mu
                if best is None or spread < best[0]:
                    best = (spread, group)
        if best is not None:
            return Proposal(sorted(best[1], key=lambda t: (t.created, t.id)))
    return None


def _bot_table(anchor: Ticket, by_mu: Sequence[Ticket], used: set[str], now: float
               ) -> Proposal:
    size = anchor.min_players
    group = [anchor]
    line = _neighbours(anchor, by_mu, used, size, size - 1, bots_ok=True)
    for t in sorted((t for t in line if t is not anchor), key=lambda t: abs(t.mu - anchor.mu)):
        if len(group) < size and fits([*group, t], now):
            group.append(t)
    return Proposal(sorted(group, key=lambda t: (t.created, t.id)), size - len(group))
