"""Mix Match arithmetic (ruling M3): the one definition of a legal step, for claims and solver.

Default: every intermediate result is a positive integer (exact division only).
``allow_negative`` admits zero and negative integers; ``allow_fractions`` admits exact
rationals (still positive unless negatives are allowed too). Division by zero never is.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Num = int | Fraction

OPS = ("+", "-", "*", "/")


@dataclass(frozen=True, slots=True)
class ArithRules:
    """Which intermediate values a claim or a solution may produce."""

    allow_negative: bool = False
    allow_fractions: bool = False

    def to_dict(self) -> dict[str, bool]:
        """JSON-able form."""
        return {"allow_negative": self.allow_negative, "allow_fractions": self.allow_fractions}


DEFAULT_RULES = ArithRules()


def _normal(value: Fraction) -> Num:
    return value.numerator if value.denominator == 1 else value


def violation(op: str, a: Num, b: Num, rules: ArithRules) -> str | None:
    """Why `a op b` breaks the rules (a sentence), or None when the step is legal."""
    if op == "/":
        if b == 0:
            return f"{a}/{b} divides by zero"
        if not rules.allow_fractions and a % b != 0:
            return f"{a}/{b} is not whole"
    value = _raw(op, a, b)
    if not rules.allow_negative and value <= 0:
        kind = "zero" if value == 0 else "negative"
        return f"{a}{op}{b} is {kind}"
    return None


def combine(op: str, a: Num, b: Num, rules: ArithRules = DEFAULT_RULES) -> Num | None:
    """The value of `a op b`, or None where the rules forbid that step."""
    if violation(op, a, b, rules) is not None:
        return None
    return _raw(op, a, b)


def _raw(op: str, a: Num, b: Num) -> Num:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if isinstance(a, int) and isinstance(b, int) and a % b == 0:
            return a // b
        return _normal(Fraction(a) / Fraction(b))
    raise ValueError(f"unknown operator {op!r}")
