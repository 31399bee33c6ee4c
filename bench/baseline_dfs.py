"""Baseline: plain depth-first search over multisets of numbers, memo of visited states.

A state is the multiset of numbers still on the table, each with the count of cards it
was made from. A move replaces two numbers by one of their legal results (default
rules). Every number ever equal to the target offers its card count; the search stops
early once the target is made from every card, else visits every state once.
"""

from __future__ import annotations

from collections.abc import Sequence

State = tuple[tuple[int, int], ...]


def _results(a: int, b: int) -> list[int]:
    out = [a + b, a * b]
    if a > b:
        out.append(a - b)
        if a % b == 0:
            out.append(a // b)
    elif b > a:
        out.append(b - a)
        if b % a == 0:
            out.append(b // a)
    else:
        out.append(1)
    return out


def max_cards(cards: Sequence[int], target: int) -> int:
    """The most cards of `cards` whose combination can make `target` (0 if none)."""
    start: State = tuple(sorted((c, 1) for c in cards))
    best = max((1 for c in cards if c == target), default=0)
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        for i in range(len(state)):
            for j in range(i + 1, len(state)):
                (a, ka), (b, kb) = state[i], state[j]
                rest = state[:i] + state[i + 1:j] + state[j + 1:]
                for value in _results(a, b):
                    if value == target and ka + kb > best:
                        best = ka + kb
                        if best == len(cards):
                            return best
                    nxt = tuple(sorted((*rest, (value, ka + kb))))
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
    return best
