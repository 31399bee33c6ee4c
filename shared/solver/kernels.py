"""Set-at-a-time arithmetic for the solver, one kernel per kind of ArithRules (ruling M3).

A kernel answers three questions about value sets, every one of them defined by
cardroom.shared.arith.combine (tests check each kernel against it value by value); values and
targets given to a kernel are legal under its rules (the search checks targets first):

- ``forward(xs, ys)``: every legal ``x op y`` and ``y op x`` for x in xs, y in ys;
- ``meet(xs, ys, t)``: is some legal ``x op y`` or ``y op x`` equal to t;
- ``inverses(t, x)``: the values y for which some legal ``x op y`` or ``y op x`` is t,
  and ``absorbs(t, x)``: is every y such a value (0*y = 0 under allow_negative).

The positive-integer kernel (the default rules) streams whole sets through C-level
``map``/``compress`` pipelines; the other two favour plain, obviously-legal loops.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import chain, compress
from math import prod
from operator import not_
from typing import Any

from cardroom.shared.arith import ArithRules, Num
from cardroom.shared.solver.expr import quotient

#: Most cached value bounds per kernel.
BOUND_CAP = 100_000


class Kernel(ABC):
    """The arithmetic of one rule set, applied to whole sets of values at a time."""

    rules: ArithRules

    @abstractmethod
    def legal(self, value: Num) -> bool:
        """True when `value` may stand as an intermediate result under the rules."""

    @abstractmethod
    def forward(self, xs: set[Num], ys: Sequence[Num]) -> set[Num]:
        """Every legal result of x op y and y op x (x in xs, y in ys; ys sorted)."""

    @abstractmethod
    def meet(self, xs: set[Num], ys: set[Num], target: Num) -> bool:
        """True when some legal x op y or y op x equals `target`."""

    @abstractmethod
    def inverses(self, target: Num, x: Num) -> list[Num]:
        """The y making some legal x op y or y op x equal `target` (those not covered by
        ``absorbs``)."""

    def absorbs(self, target: Num, x: Num) -> bool:
        """True when x op y equals `target` for every value y (x = target = 0: 0*y, 0/y)."""
        return x == 0 and target == 0

    @abstractmethod
    def possible(self, cards: Sequence[int], target: Num) -> bool:
        """A cheap necessary condition for `cards` (all of them) to make `target`."""

    def partners(self, xs: set[Num], ordered: Callable[[], Sequence[Num]], target: Num,
                 rest: Sequence[int]) -> Iterable[Num]:
        """The x in xs worth pairing with a value of the cards `rest` to make `target`:
        a superset of those with an inverse that `possible` accepts (here: all of xs)."""
        return xs


def _doubled_bound(cards: Iterable[int]) -> int:
    # |x op y| <= g(x)*g(y) with g(v) = max(|v|, 2) whenever division is exact.
    return prod(c if c > 2 else 2 for c in cards)


class PositiveInts(Kernel):
    """The default rules: every intermediate value a positive integer."""

    def __init__(self, rules: ArithRules) -> None:
        self.rules = rules
        self._bounds: dict[Sequence[int], int] = {}

    def legal(self, value: Num) -> bool:
        """Positive and whole."""
        return isinstance(value, int) and value > 0

    # Values here are all ints: the hot methods take Any so no per-call casts are needed.
    def forward(self, xs: set[Any], ys: Sequence[Any]) -> set[Num]:
        """Sums, products, positive differences and exact quotients, via C-level maps."""
        out: set[Num] = set()
        for x in xs:
            below = bisect_left(ys, x)
            upto = bisect_right(ys, x, below)
            small, large = ys[:upto], ys[below:]
            out.update(map(x.__add__, ys))
            out.update(map(x.__mul__, ys))
            out.update(map(x.__sub__, ys[:below]))
            out.update(map(x.__rsub__, ys[upto:]))
            # x / y needs y | x (so y <= x); y / x needs x | y (so y >= x).
            out.update(map(x.__floordiv__, compress(small, map(not_, map(x.__mod__, small)))))
            out.update(map(x.__rfloordiv__, compress(large, map(not_, map(x.__rmod__, large)))))
        return out

    def meet(self, xs: set[Any], ys: set[Any], target: Any) -> bool:
        """Set intersections of the inverse images, smaller side streamed."""
        if len(xs) > len(ys):
            xs, ys = ys, xs
        t = target
        if len(xs) == 1:
            for x in xs:
                return not ys.isdisjoint(self.inverses(t, x))
        listed = list(xs)
        if not ys.isdisjoint(map(t.__sub__, listed)):  # x + y = t
            return True
        if not ys.isdisjoint(map(t.__add__, listed)):  # y - x = t
            return True
        if not ys.isdisjoint(map(t.__rsub__, listed)):  # x - y = t
            return True
        if not ys.isdisjoint(map(t.__mul__, listed)):  # y / x = t
            return True
        if not ys.isdisjoint(map(t.__floordiv__, compress(listed, map(not_, map(t.__mod__,
                                                                             listed))))):
            return True  # x * y = t
        return not ys.isdisjoint(map(t.__rfloordiv__, compress(listed, map(not_, map(
            t.__rmod__, listed)))))  # x / y = t

    def inverses(self, target: Any, x: Any) -> list[Num]:
        """Up to six candidates, nearest first."""
        t, a = target, x
        out: list[Num] = []
        if t > a:
            out.append(t - a)
        if a > t:
            out.append(a - t)
        if t % a == 0:
            out.append(t // a)
        if a % t == 0:
            out.append(a // t)
        out.append(t + a)
        out.append(t * a)
        return out

    def absorbs(self, target: Num, x: Num) -> bool:
        """Never: zero is not a value here."""
        return False

    def possible(self, cards: Sequence[int], target: Num) -> bool:
        """Positive, whole and within the largest value the cards can make."""
        return isinstance(target, int) and 0 < target <= self._bound(cards)

    def _bound(self, cards: Sequence[int]) -> int:
        bound = self._bounds.get(cards)
        if bound is None:
            if len(self._bounds) >= BOUND_CAP:
                self._bounds.clear()
            bound = self._bounds[cards] = _doubled_bound(cards)
        return bound

    def partners(self, xs: set[Any], ordered: Callable[[], Sequence[Any]], target: Any,
                 rest: Sequence[int]) -> Iterable[Num]:
        """With the rest's values in [1, m] and t > m, x must be within m of t, a divisor
        of t at least t/m, or a multiple of t at most t*m; else every x may do."""
        m = self._bound(rest)
        t = target
        if t <= m:
            return xs
        values = ordered()
        lo, hi = bisect_left(values, t - m), bisect_right(values, t + m)
        below = values[bisect_left(values, -(-t // m)):lo]
        above = values[hi:bisect_right(values, t * m)]
        return chain(values[lo:hi], compress(below, map(not_, map(t.__mod__, below))),
                     compress(above, map(not_, map(t.__rmod__, above))))


class Integers(Kernel):
    """allow_negative without fractions: any integer, zero included; exact division."""

    def __init__(self, rules: ArithRules) -> None:
        self.rules = rules

    def legal(self, value: Num) -> bool:
        """Whole."""
        return isinstance(value, int)

    def forward(self, xs: set[Any], ys: Sequence[Any]) -> set[Num]:
        """Sums, products, differences both ways and exact quotients both ways."""
        out: set[Num] = set()
        nonzero = [y for y in ys if y]
        for x in xs:
            out.update(map(x.__add__, ys))
            out.update(map(x.__mul__, ys))
            out.update(map(x.__sub__, ys))
            out.update(map(x.__rsub__, ys))
            out.update(map(x.__floordiv__, compress(nonzero, map(not_, map(x.__mod__,
                                                                           nonzero)))))
            if x:
                out.update(map(x.__rfloordiv__, compress(ys, map(not_, map(x.__rmod__, ys)))))
        return out

    def meet(self, xs: set[Num], ys: set[Num], target: Num) -> bool:
        """Loop over the smaller side; zero handled where it makes every value fit."""
        return _loop_meet(self, xs, ys, target)

    def inverses(self, target: Num, x: Num) -> list[Num]:
        """Candidates for y; with x = 0 only the sums and differences (see absorbs)."""
        t, a = int(target), int(x)
        out: list[Num] = [t - a, a - t, t + a]
        if a != 0:
            if t % a == 0:
                out.append(t // a)
            out.append(t * a)
            if t != 0 and a % t == 0:
                out.append(a // t)
        return out

    def possible(self, cards: Sequence[int], target: Num) -> bool:
        """Whole and within the largest magnitude the cards can make."""
        return isinstance(target, int) and abs(target) <= _doubled_bound(cards)


class Rationals(Kernel):
    """allow_fractions: exact rationals, positive unless allow_negative too."""

    def __init__(self, rules: ArithRules) -> None:
        self.rules = rules
        self.signed = rules.allow_negative

    def legal(self, value: Num) -> bool:
        """Any rational, positive unless negatives are allowed."""
        return self.signed or value > 0

    def forward(self, xs: set[Num], ys: Sequence[Num]) -> set[Num]:
        """All four operations both ways, division by zero excepted."""
        out: set[Num] = set()
        for x in xs:
            for y in ys:
                out.update((x + y, x - y, y - x, x * y))
                if y:
                    out.add(quotient(x, y))
                if x:
                    out.add(quotient(y, x))
        if not self.signed:
            return {v for v in out if v > 0}
        return out

    def meet(self, xs: set[Num], ys: set[Num], target: Num) -> bool:
        """Loop over the smaller side through the inverses."""
        return _loop_meet(self, xs, ys, target)

    def inverses(self, target: Num, x: Num) -> list[Num]:
        """Candidates for y (fractions allowed); with x = 0 see absorbs."""
        t = target
        out: list[Num] = [t - x, x - t, t + x]
        if x != 0:
            out.append(quotient(t, x))
            out.append(t * x)
            if t != 0:
                out.append(quotient(x, t))
        if not self.signed:
            return [y for y in out if y > 0]
        return out

    def possible(self, cards: Sequence[int], target: Num) -> bool:
        """Within the magnitude and denominator bounds of a rational from these cards."""
        if not self.signed and target <= 0:
            return False
        # Each value is p/q with |p| and q at most 2**(n-1) * prod(cards).
        limit = prod(cards) << (len(cards) - 1)
        value = Fraction(target)
        return value.denominator <= limit and abs(value) <= limit


def _loop_meet(kernel: Kernel, xs: set[Num], ys: set[Num], target: Num) -> bool:
    """Kernel.meet by plain loops over the smaller side (zero absorbing where it does)."""
    if len(xs) > len(ys):
        xs, ys = ys, xs
    for x in xs:
        if kernel.absorbs(target, x) or not ys.isdisjoint(kernel.inverses(target, x)):
            return True
    return False


def kernel_for(rules: ArithRules) -> Kernel:
    """The kernel implementing `rules`."""
    if rules.allow_fractions:
        return Rationals(rules)
    if rules.allow_negative:
        return Integers(rules)
    return PositiveInts(rules)
