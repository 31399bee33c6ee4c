"""Solutions as expressions: binary trees from the search, their canonical form and its text.

Canonical form (what "the same solution" means everywhere in cardroom.shared.solver):

- a *sum* is a multiset of positive terms and a multiset of negative terms, each term a
  card or a product; a *product* is a multiset of numerator factors and one of
  denominator factors, each factor a card or a sum. So the order of the operands of + and
  *, and every regrouping of a chain of + and - (``a-(b-c)`` = ``a-b+c``) or of * and /
  (``a/(b/c)`` = ``a*c/b``), give one form. Nothing else is identified: ``x*1`` and ``x/1``
  stay two solutions, and signs are not moved through products (``(a-b)*c`` under
  allow_negative differs from ``(b-a)*c`` even where the values agree).
- Terms and factors are ordered by decreasing value, ties by text; positive terms (and
  numerator factors) come first, so the text reads left to right as ``p1 + p2 - n1 - n2``
  and ``f1 * f2 / d1 / d2``, brackets only around a sum used as a factor. A Solution's
  expression is that text without its blanks (``p1+p2-n1``): exactly what the claim
  parser renders for it (``parse_expression(text).render() == text``), the form Verify
  and match events give.

Read left to right, that text is legal under the rules whenever the tree it came from
was: partial sums of the positive terms only grow, subtracting then falls towards the
(legal) total, and each partial quotient is the total times the denominators still to
come. ``Solution.from_tree`` re-checks every step with cardroom.shared.arith.combine anyway.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardroom.shared.arith import DEFAULT_RULES, ArithRules, Num, combine
from cardroom.shared.errors import CardroomError

#: A binary expression tree from the search: a card, or (op, left, right).
Tree = int | tuple[str, "Tree", "Tree"]


def evaluate(tree: Tree, rules: ArithRules = DEFAULT_RULES) -> Num | None:
    """The value of `tree` step by step under `rules`, or None if a step is illegal."""
    if isinstance(tree, int):
        return tree
    op, left, right = tree
    a = evaluate(left, rules)
    b = evaluate(right, rules)
    if a is None or b is None:
        return None
    return combine(op, a, b, rules)


def tree_cards(tree: Tree) -> tuple[int, ...]:
    """The cards of `tree`, sorted."""
    found: list[int] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, int):
            found.append(node)
        else:
            stack.extend(node[1:])
    return tuple(sorted(found))


def quotient(a: Num, b: Num) -> Num:
    """Exact a / b (b nonzero): an int when whole, else a Fraction."""
    if isinstance(a, int) and isinstance(b, int):
        if a % b == 0:
            return a // b
        return Fraction(a, b)
    q = Fraction(a) / Fraction(b)
    return q.numerator if q.denominator == 1 else q


@dataclass(frozen=True, slots=True)
class Canon:
    """A canonical expression: a card ("n"), a sum ("+") or a product ("*")."""

    kind: str
    pos: tuple[Canon, ...]
    neg: tuple[Canon, ...]
    value: Num
    text: str

    def key(self) -> tuple[Num, str]:
        """Order of operands inside a sum or a product: larger value first, then text."""
        return (-self.value, self.text)

    def cards(self) -> tuple[int, ...]:
        """The cards used, sorted."""
        if self.kind == "n":
            return (int(self.value),)
        return tuple(sorted(c for part in self.pos + self.neg for c in part.cards()))

    def factor_text(self) -> str:
        """The text as an operand of * or /: a sum in brackets."""
        return f"({self.text})" if self.kind == "+" else self.text


def leaf(card: int) -> Canon:
    """A single card."""
    return Canon("n", (), (), card, str(card))


def make_sum(pos: Iterable[Canon], neg: Iterable[Canon]) -> Canon:
    """The canonical sum of positive terms `pos` minus terms `neg` (non-sums, pos non-empty)."""
    plus = tuple(sorted(pos, key=Canon.key))
    minus = tuple(sorted(neg, key=Canon.key))
    value = sum((t.value for t in plus), 0) - sum((t.value for t in minus), 0)
    text = " + ".join(t.text for t in plus) + "".join(" - " + t.text for t in minus)
    return Canon("+", plus, minus, plain(value), text)


def make_product(num: Iterable[Canon], den: Iterable[Canon]) -> Canon:
    """The canonical product of factors `num` over factors `den` (non-products, den nonzero)."""
    over = tuple(sorted(num, key=Canon.key))
    under = tuple(sorted(den, key=Canon.key))
    top: Num = 1
    for f in over:
        top *= f.value
    bottom: Num = 1
    for f in under:
        bottom *= f.value
    text = " * ".join(f.factor_text() for f in over) + "".join(
        " / " + f.factor_text() for f in under)
    return Canon("*", over, under, quotient(top, bottom), text)


def plain(value: Num) -> Num:
    """An integral Fraction as an int; anything else unchanged."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def canonical(tree: Tree) -> Canon:
    """The canonical form of a binary tree (see the module docstring)."""
    if isinstance(tree, int):
        return leaf(tree)
    op, left, right = tree
    a, b = canonical(left), canonical(right)
    kind = "+" if op in "+-" else "*"
    first: list[Canon] = []
    second: list[Canon] = []
    for part, flip in ((a, False), (b, op in "-/")):
        if part.kind == kind:
            first.extend(part.neg if flip else part.pos)
            second.extend(part.pos if flip else part.neg)
        else:
            (second if flip else first).append(part)
    return make_sum(first, second) if kind == "+" else make_product(first, second)


def steps_value(form: Canon, rules: ArithRules = DEFAULT_RULES) -> Num | None:
    """The value of the text of `form` read left to right under `rules`, None if illegal."""
    if form.kind == "n":
        return form.value
    ops = ("+", "-") if form.kind == "+" else ("*", "/")
    total: Num | None = None
    for op, part in [(ops[0], p) for p in form.pos] + [(ops[1], p) for p in form.neg]:
        value = steps_value(part, rules)
        if value is None:
            return None
        total = value if total is None else combine(op, total, value, rules)
        if total is None:
            return None
    return total


@dataclass(frozen=True, slots=True)
class Solution:
    """One solution: canonical text without blanks, the cards it uses (sorted), its value."""

    expression: str
    cards: tuple[int, ...]
    value: Num

    @classmethod
    def from_canon(cls, form: Canon, rules: ArithRules = DEFAULT_RULES) -> Solution:
        """The solution written by `form`, every step re-checked under `rules`."""
        value = steps_value(form, rules)
        if value is None or value != form.value:
            raise CardroomError(f"solver wrote {form.text}, which is not legal under {rules}")
        # The claim grammar's canonical text (no blanks), as Verify and match events give it.
        return cls(form.text.replace(" ", ""), form.cards(), plain(value))

    @classmethod
    def from_tree(cls, tree: Tree, rules: ArithRules = DEFAULT_RULES) -> Solution:
        """The canonical solution of a search tree."""
        if evaluate(tree, rules) is None:
            raise CardroomError(f"solver built {tree!r}, which is not legal under {rules}")
        return cls.from_canon(canonical(tree), rules)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (a fractional value as text such as "7/2")."""
        value = self.value if isinstance(self.value, int) else str(self.value)
        return {"expression": self.expression, "cards": list(self.cards), "value": value}
