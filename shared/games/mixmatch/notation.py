"""Mix Match notation (N3, rulings M4, M8): the one grammar of claims and actions, and its parser.

Written out in EBNF in docs/rules/mixmatch.md; in short::

    action     = claim | pick | "pass" | "timeout"
    claim      = "claim" ["@" number] " " expression
    pick       = "pick " number
    expression = term {("+" | "-") term}
    term       = factor {("*" | "/") factor}
    factor     = number | "(" expression ")"
    number     = nonzero {digit}           (ASCII 1-9 then 0-9, at most MAX_DIGITS digits)

Blanks (space U+0020 and tab U+0009, nothing else) may stand before, between and after
the tokens of an expression; the action words take exactly the spaces shown. ``x``, ``X``
and ``×`` are read as ``*``, ``÷`` as ``/``. A number never starts with 0: every card is
1 or more, so ``024`` and ``0`` are refused, and ``0x10`` is refused at the ``x`` rather
than read as 0 times 10. ``*`` and ``/`` bind tighter than ``+`` and ``-``; operators of one
level group from the left. There is no unary minus. A claim has at most
``MAX_CLAIM_LENGTH`` characters and ``MAX_DEPTH`` nested brackets, so hostile text is
refused after one linear scan.

Every refusal is a MalformedAction naming the column (1-based, counted in the expression)
and, for a stray character, the character itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from cardroom.shared.arith import DEFAULT_RULES, ArithRules, Num, combine, violation
from cardroom.shared.errors import InvalidArgument, MalformedAction

MAX_CLAIM_LENGTH = 200
MAX_DEPTH = 16
MAX_DIGITS = 9

#: The only characters read as blanks: space and tab.
BLANKS = frozenset(" \t")
DIGITS = frozenset("0123456789")
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
class Action:
    """A parsed action: kind "claim", "pick", "pass" or "timeout", with its parts."""

    kind: str
    round: int | None = None  # claim@<round>
    text: str = ""  # the claim's expression as sent
    card: int | None = None  # pick <card>


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "num", "op", "(", ")" or "end"
    text: str
    column: int
    op: str = ""

    def describe(self) -> str:
        return "end of claim" if self.kind == "end" else repr(self.text)


def syntax_error(column: int, message: str, where: str = "claim") -> MalformedAction:
    """The MalformedAction for a grammar violation at `column`."""
    return MalformedAction(f"syntax error at column {column}: {message}", field=where)


def _stray(ch: str) -> str:
    """A character named so that invisible look-alikes (no-break space, U+001C) show."""
    if ch.isprintable():
        return repr(ch)
    return f"{ch!r} (U+{ord(ch):04X})"


def scan_number(text: str, start: int, noun: str = "card number") -> tuple[int, int]:
    """(value, end) of the number at text[start] (an ASCII digit); refuses a leading 0."""
    end = start
    while end < len(text) and text[end] in DIGITS:
        end += 1
    digits = text[start:end]
    column = start + 1
    if end - start > MAX_DIGITS:
        raise syntax_error(column, f"number longer than {MAX_DIGITS} digits")
    if digits[0] == "0":
        if len(digits) > 1:
            raise syntax_error(column, f"number {digits!r} has a leading zero")
        if end < len(text) and text[end].isalnum():
            raise syntax_error(end + 1, f"unexpected character {_stray(text[end])} after '0': "
                                        "numbers are plain decimal, with no prefix")
        raise syntax_error(column, f"0 is not a {noun} (numbers start with 1 to 9)")
    return int(digits), end


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in DIGITS:
            _, end = scan_number(text, i)
            tokens.append(_Token("num", text[i:end], i + 1))
            i = end
            continue
        if ch in _OPERATORS:
            tokens.append(_Token("op", ch, i + 1, _OPERATORS[ch]))
        elif ch in "()":
            tokens.append(_Token(ch, ch, i + 1))
        elif ch not in BLANKS:
            raise syntax_error(i + 1, f"unexpected character {_stray(ch)}")
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
            raise syntax_error(token.column,
                               f"expected a number or '(', found {token.describe()}")
        if len(self.open) == MAX_DEPTH:
            raise syntax_error(token.column, f"brackets nested deeper than {MAX_DEPTH}")
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
            return syntax_error(token.column, f"'(' at column {self.open[-1]} is never closed")
        if token.kind == ")":
            return syntax_error(token.column, "')' has no matching '('")
        wanted = "an operator or ')'" if self.open else "an operator"
        return syntax_error(token.column, f"expected {wanted}, found {token.describe()}")


def parse_expression(text: str) -> Expr:
    """Parse claim text into a tree; raise MalformedAction with the precise reason."""
    if len(text) > MAX_CLAIM_LENGTH:
        raise MalformedAction(
            f"claim too long: {len(text)} characters, at most {MAX_CLAIM_LENGTH}", field="claim")
    return _Parser(_tokenize(text)).parse()


def _whole_number(text: str, what: str, noun: str) -> int:
    """A number of an action word (a round, a card): the same rule as a claim's numbers."""
    if not text or text[0] not in DIGITS:
        raise MalformedAction(f"{what} must be a number written with the digits 0-9, "
                              f"not {text[:20]!r}", field="action")
    try:
        value, end = scan_number(text, 0, noun)
    except MalformedAction as err:  # the claim grammar's reason, without its claim column
        raise MalformedAction(f"{what}: {err.reason.partition(': ')[2]}",
                              field="action") from err
    if end != len(text):
        raise MalformedAction(f"{what} must be a number written with the digits 0-9, "
                              f"not {text[:20]!r}", field="action")
    return value


def _claim(action: str) -> Action:
    head, space, text = action.partition(" ")
    tag = None
    if head != "claim":
        tag = _whole_number(head.removeprefix("claim@"), "the round of claim@<round>",
                            "round number")
    if not space:
        raise MalformedAction("empty claim: write the expression after 'claim '",
                              field="action")
    return Action("claim", round=tag, text=text)


def parse_action(action: str) -> Action:
    """The action text read by the grammar; MalformedAction for anything else."""
    if action in ("pass", "timeout"):
        return Action(action)
    if action.startswith("pick "):
        return Action("pick", card=_whole_number(action[len("pick "):], "the card of pick",
                                                     "card number"))
    if action == "claim" or action.startswith(("claim ", "claim@")):
        return _claim(action)
    raise MalformedAction(f"unknown action {action[:40]!r}: expected 'claim <expression>', "
                          "'pick <card>', 'pass' or 'timeout'", field="action")


def claim_action(expression: str, round_number: int | None = None) -> str:
    """The claim move of `expression`, tied to round `round_number` when one is given (M8:
    ``claim@<round> <expression>``; None or 0: the untagged ``claim <expression>``)."""
    return f"claim@{round_number} {expression}" if round_number else f"claim {expression}"


def tag_round(action: str, round_number: int | None) -> str:
    """An untagged claim tied to `round_number` (the GameInfo.tag_round of Mix Match); any
    other move, a claim naming its round already, or no round: the action as it is."""
    if round_number is not None and action.startswith("claim "):
        return claim_action(action[len("claim "):], round_number)
    return action


def round_bound(action: str) -> bool:
    """Whether `action` is a claim, tagged or not (the GameInfo.round_bound of Mix Match)."""
    return action.startswith(("claim ", "claim@"))
