"""Mix Match claims (rulings M3, M4): the claim checker over trees of the one claim grammar.

The grammar and its parser live in cardroom.shared.games.mixmatch.notation (re-exported here):
``parse_expression(text)`` returns the tree, ``Number`` leaves and ``BinOp`` nodes, whose
``value(rules)`` evaluates step by step under cardroom.shared.arith (the one implementation of M3),
``cards()`` lists the numbers in reading order and ``render()`` writes the canonical text
(ASCII operators, no spaces, brackets exactly where the tree needs them).

``judge(tree, cards, target, rules)`` rates a well-formed claim against a board and returns
a ``ClaimResult``: valid, or the first reason it is wrong, in this order: "card 9 is not on
the table", "2 used twice", the broken arithmetic step ("7/2 is not whole", "3-5 is
negative"), "result 47, not 48". The engine and Verify parse first, so malformed text is
refused (MalformedAction) rather than judged. ``check_claim(text, ...)`` does both and
reports a syntax error as an invalid verdict, for callers that only want a verdict.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardroom.shared.arith import DEFAULT_RULES, ArithRules, Num
from cardroom.shared.errors import InvalidArgument, MalformedAction
from cardroom.shared.games.mixmatch.notation import (
    MAX_CLAIM_LENGTH,
    MAX_DEPTH,
    MAX_DIGITS,
    BinOp,
    Expr,
    Number,
    parse_expression,
)

__all__ = ["FAULTS", "MAX_CLAIM_LENGTH", "MAX_DEPTH", "MAX_DIGITS", "BinOp", "ClaimResult", "Expr",
           "Number", "check_claim", "judge", "parse_expression"]


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The verdict on a claim: valid, or the reason it is wrong and its kind (one of
    FAULTS); plus the cards it uses."""

    valid: bool
    reason: str | None = None
    cards: tuple[int, ...] = ()
    value: Num | None = None
    expression: str | None = None
    fault: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (a fractional value as text such as "7/2")."""
        value = self.value if self.value is None or isinstance(self.value, int) else str(self.value)
        return {"valid": self.valid, "reason": self.reason, "cards": list(self.cards),
                "value": value, "expression": self.expression}


def _plain(value: Num) -> Num:
    """An integral Fraction as an int, so results compare and print as whole numbers."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


#: The kinds of a wrong claim (ruling M4), in the order a claim is judged: text that is no
#: expression; a card not on the table; a card used more often than it lies there; a step
#: the arithmetic rules do not allow (negative, fractional, division by zero: M3); a
#: result other than the dice total.
FAULTS = ("syntax", "card_not_on_table", "card_used_too_often", "step_not_allowed",
          "wrong_result")


def _card_problem(used: Sequence[int], available: Sequence[int]
                  ) -> tuple[str, str] | None:
    """Why `used` is not a sub-multiset of `available` (first problem in reading order),
    with its kind."""
    have = Counter(available)
    need = Counter(used)
    for card in dict.fromkeys(used):
        if have[card] == 0:
            return f"card {card} is not on the table", "card_not_on_table"
        if need[card] > have[card]:
            times = "twice" if need[card] == 2 else f"{need[card]} times"
            extra = "" if have[card] == 1 else f", only {have[card]} on the table"
            return f"{card} used {times}{extra}", "card_used_too_often"
    return None


def judge(tree: Expr, cards: Sequence[int], target: int,
          rules: ArithRules = DEFAULT_RULES) -> ClaimResult:
    """Judge a well-formed claim against the cards available and the dice total (M3, M4)."""
    used = tuple(tree.cards())
    canonical = tree.render()
    problem = _card_problem(used, cards)
    if problem is not None:
        return ClaimResult(False, problem[0], used, None, canonical, problem[1])
    try:
        value = _plain(tree.value(rules))
    except InvalidArgument as err:
        return ClaimResult(False, err.reason, used, None, canonical, "step_not_allowed")
    if value != target:
        return ClaimResult(False, f"result {value}, not {target}", used, value, canonical,
                           "wrong_result")
    return ClaimResult(True, None, used, value, canonical)


def check_claim(expression: str, cards: Sequence[int], target: int,
                rules: ArithRules = DEFAULT_RULES) -> ClaimResult:
    """Parse and judge claim text; a syntax error comes back as an invalid verdict."""
    try:
        tree = parse_expression(expression)
    except MalformedAction as err:
        return ClaimResult(False, err.reason, fault="syntax")
    return judge(tree, cards, target, rules)
