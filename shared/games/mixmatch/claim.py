"""Mix Match claims (rulings M3, M4, notation N3): a bounded parser and the claim checker.

Grammar (spaces and tabs may stand between any two tokens)::

    expression := term (("+" | "-") term)*
    term       := factor (("*" | "/") factor)*
    factor     := NUMBER | "(" expression ")"

``x``, ``X`` and ``×`` are read as ``*``, ``÷`` as ``/``. ``*`` and ``/`` bind tighter than
``+`` and ``-``; operators of one level group from the left (``8-2-1`` is ``(8-2)-1``). There
is no unary minus: every number stands for a card. A claim has at most ``MAX_CLAIM_LENGTH``
characters, at most ``MAX_DEPTH`` nested brackets and numbers of at most ``MAX_DIGITS`` digits,
so a hostile claim is refused after one linear scan.

``parse_expression(text)`` returns the tree: ``Number`` leaves and ``BinOp`` nodes (brackets
leave no node of their own). Every node answers ``value(rules)`` (evaluation step by step under
shared.arith, the one implementation of M3; a broken step raises InvalidArgument naming it,
e.g. "7/2 is not whole"), ``cards()`` (the numbers used, in reading order) and ``render()``
(ASCII operators, no spaces, a bracket exactly where the tree needs one, so that
``parse_expression(node.render()) == node``). Text such as "(24+12)*2-1" parses back to the
tree it was rendered from.

``check_claim(text, cards, target, rules)`` judges a claim against a board and returns a
``ClaimResult``: valid, or the first reason it is wrong, in this order: "claim too long: ...",
"syntax error at column N: ...", "card 9 is not on the table", "2 used twice", the broken
arithmetic step ("7/2 is not whole", "3-5 is negative"), "result 47, not 48".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from shared.arith import DEFAULT_RULES, ArithRules, Num, combine, violation
from shared.errors import InvalidArgument, MalformedAction

MAX_CLAIM_LENGTH = 200
MAX_DEPTH = 16
MAX_DIGITS = 9

_DIGITS = frozenset("0123456789")
_OPERATORS = {"+": "+", "-": "-", "*": "*", "x": "*", "X": "*", "×": "*", "/": "/", "÷": "/"}
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


@dataclass(frozen=True, slots=True)
class Number:
    """A card number in a claim; `column` (1-based) is where it was written."""

    card: int
    column: int = field(default=0, compare=False)
    precedence: ClassVar[int] = 3

    def value(self, rules: ArithRules = DEFAULT_RULES) -> Num:
        """The card's number."""
        return self.card

    def cards(self) -> list[int]:
        """The one card this leaf uses."""
        return [self.card]

    def render(self) -> str:
        """The number as text."""
        return str(self.card)


@dataclass(frozen=True, slots=True)
class BinOp:
    """`left op right`, op one of + - * /; `column` is where the operator was written."""

    op: str
    left: Expr
    right: Expr
    column: int = field(default=0, compare=False)

    @property
    def precedence(self) -> int:
        """Binding strength of the operator (2 for * and /, 1 for + and -)."""
        return _PRECEDENCE[self.op]

    def value(self, rules: ArithRules = DEFAULT_RULES) -> Num:
        """Evaluate under `rules`; raise InvalidArgument naming the first step they forbid."""
        a = self.left.value(rules)
        b = self.right.value(rules)
        result = combine(self.op, a, b, rules)
        if result is None:
            raise InvalidArgument(violation(self.op, a, b, rules) or f"{a}{self.op}{b} is illegal")
        return result

    def cards(self) -> list[int]:
        """The card numbers used, in reading order."""
        found: list[int] = []
        stack: list[Expr] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Number):
                found.append(node.card)
            else:
                stack.extend((node.right, node.left))
        return found

    def render(self) -> str:
        """Canonical text; brackets keep the tree's grouping, including `a-(b-c)`."""
        left = self.left.render()
        right = self.right.render()
        if self.left.precedence < self.precedence:
            left = f"({left})"
        # A right operand of equal strength is bracketed even where the value would not
        # change (a+(b+c)): under M3 the intermediate steps, and so the verdict, may.
        if self.right.precedence <= self.precedence:
            right = f"({right})"
        return f"{left}{self.op}{right}"


Expr = Number | BinOp


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "num", "op", "(", ")" or "end"
    text: str
    column: int
    op: str = ""

    def describe(self) -> str:
        return "end of claim" if self.kind == "end" else repr(self.text)


def _syntax(column: int, message: str) -> MalformedAction:
    return MalformedAction(f"syntax error at column {column}: {message}", field="claim")


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _DIGITS:
            end = i
            while end < len(text) and text[end] in _DIGITS:
                end += 1
            if end - i > MAX_DIGITS:
                raise _syntax(i + 1, f"number longer than {MAX_DIGITS} digits")
            tokens.append(_Token("num", text[i:end], i + 1))
            i = end
            continue
        if ch in _OPERATORS:
            tokens.append(_Token("op", ch, i + 1, _OPERATORS[ch]))
        elif ch in "()":
            tokens.append(_Token(ch, ch, i + 1))
        elif not ch.isspace():
            raise _syntax(i + 1, f"unexpected character {ch!r}")
        i += 1
    tokens.append(_Token("end", "", len(text) + 1))
    return tokens


class _Parser:
    """Recursive descent over the token list; recursion only at brackets (depth bounded)."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.open: list[int] = []  # columns of the brackets not yet closed

    def parse(self) -> Expr:
        node = self._expression()
        token = self.tokens[self.pos]
        if token.kind != "end":
            raise self._unexpected(token)
        return node

    def _expression(self) -> Expr:
        node = self._term()
        while self.tokens[self.pos].op in ("+", "-"):
            token = self._advance()
            node = BinOp(token.op, node, self._term(), token.column)
        return node

    def _term(self) -> Expr:
        node = self._factor()
        while self.tokens[self.pos].op in ("*", "/"):
            token = self._advance()
            node = BinOp(token.op, node, self._factor(), token.column)
        return node

    def _factor(self) -> Expr:
        token = self._advance()
        if token.kind == "num":
            return Number(int(token.text), token.column)
        if token.kind != "(":
            raise _syntax(token.column, f"expected a number or '(', found {token.describe()}")
        if len(self.open) == MAX_DEPTH:
            raise _syntax(token.column, f"brackets nested deeper than {MAX_DEPTH}")
        self.open.append(token.column)
        node = self._expression()
        closing = self._advance()
        if closing.kind != ")":
            raise self._unexpected(closing)
        self.open.pop()
        return node

    def _advance(self) -> _Token:
        token = self.tokens[self.pos]
        if token.kind != "end":
            self.pos += 1
        return token

    def _unexpected(self, token: _Token) -> MalformedAction:
        """The error for `token` standing right after a complete operand."""
        if token.kind == "end":
            return _syntax(token.column, f"'(' at column {self.open[-1]} is never closed")
        if token.kind == ")":
            return _syntax(token.column, "')' has no matching '('")
        wanted = "an operator or ')'" if self.open else "an operator"
        return _syntax(token.column, f"expected {wanted}, found {token.describe()}")


def parse_expression(text: str) -> Expr:
    """Parse claim text into a tree; raise MalformedAction with the precise reason."""
    if len(text) > MAX_CLAIM_LENGTH:
        raise MalformedAction(
            f"claim too long: {len(text)} characters, at most {MAX_CLAIM_LENGTH}", field="claim")
    return _Parser(_tokenize(text)).parse()


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The verdict on a claim: valid, or the reason it is wrong; plus the cards it uses."""

    valid: bool
    reason: str | None = None
    cards: tuple[int, ...] = ()
    value: Num | None = None
    expression: str | None = None

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


def _card_problem(used: Sequence[int], available: Sequence[int]) -> str | None:
    """Why `used` is not a sub-multiset of `available` (first problem in reading order)."""
    have = Counter(available)
    need = Counter(used)
    for card in dict.fromkeys(used):
        if have[card] == 0:
            return f"card {card} is not on the table"
        if need[card] > have[card]:
            times = "twice" if need[card] == 2 else f"{need[card]} times"
            extra = "" if have[card] == 1 else f", only {have[card]} on the table"
            return f"{card} used {times}{extra}"
    return None


def check_claim(expression: str, cards: Sequence[int], target: int,
                rules: ArithRules = DEFAULT_RULES) -> ClaimResult:
    """Judge claim text against the cards available and the dice total (rulings M3, M4)."""
    try:
        tree = parse_expression(expression)
    except MalformedAction as err:
        return ClaimResult(False, err.reason)
    used = tuple(tree.cards())
    canonical = tree.render()
    problem = _card_problem(used, cards)
    if problem is not None:
        return ClaimResult(False, problem, used, None, canonical)
    try:
        value = _plain(tree.value(rules))
    except InvalidArgument as err:
        return ClaimResult(False, err.reason, used, None, canonical)
    if value != target:
        return ClaimResult(False, f"result {value}, not {target}", used, value, canonical)
    return ClaimResult(True, None, used, value, canonical)
