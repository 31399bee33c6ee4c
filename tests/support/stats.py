"""Pearson's chi-square goodness-of-fit test, for the tests of random samplers (no SciPy)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping


def chi_square(observed: Counter[Hashable], expected: Mapping[Hashable, float]) -> float:
    """Pearson's statistic over the cells of `expected` (probabilities summing to 1).

    An observation outside those cells is an outcome that should never happen: infinity."""
    total = sum(observed.values())
    if any(cell not in expected for cell in observed):
        return math.inf
    return sum((observed[cell] - total * p) ** 2 / (total * p) for cell, p in expected.items())


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with `df` degrees of freedom."""
    if statistic == math.inf:
        return 0.0
    return _upper_gamma(df / 2, statistic / 2)


def _upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma Q(a, x): a series below a + 1, else a
    continued fraction (each converges fast on its side)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while term > total * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's method on Q's continued fraction.
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(log_front) * h
