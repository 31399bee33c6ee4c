"""What a line typed at the play prompt means: a command, or a move in canonical notation."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.shared.errors import CardroomError, InvalidArgument
from cardroom.shared.games.mixmatch import parse_expression

from .render.common import JSON

HELP = "help"
HINT = "hint"
QUIT = "quit"
REDRAW = "redraw"
MOVE = "move"
CLAIM = "claim"

_COMMANDS = {"": REDRAW, "b": REDRAW, "board": REDRAW, "h": HELP, "help": HELP,
             "?": HINT, "hint": HINT, "q": QUIT, "quit": QUIT, "resign": QUIT}


@dataclass(frozen=True, slots=True)
class Typed:
    """One line, understood: what to do, and the move's canonical text (for MOVE and CLAIM)."""

    kind: str
    action: str = ""


def read_line(line: str, game: str, legal: list[str], observation: JSON) -> Typed:
    """Understand a typed line; InvalidArgument says why a line means nothing."""
    text = line.strip()
    command = _COMMANDS.get(text.lower())
    if command is not None:
        return Typed(command)
    if game == "mixmatch":
        return _mixmatch(text, legal, observation)
    if text.isdigit():
        return Typed(MOVE, _numbered(int(text), legal))
    return Typed(MOVE, text.upper())


def _numbered(number: int, legal: list[str]) -> str:
    if not 1 <= number <= len(legal):
        raise InvalidArgument(f"there is no move {number}: type 1 to {len(legal)} or a card")
    return legal[number - 1]


def _mixmatch(text: str, legal: list[str], observation: JSON) -> Typed:
    lowered = text.lower()
    if lowered in ("t", "timeout"):
        return Typed(MOVE, "timeout")
    if lowered == "pass":
        return Typed(MOVE, "pass")
    if observation.get("phase") == "pick":
        number = lowered.removeprefix("pick").strip()
        if not number.isdigit():
            raise InvalidArgument("pick a card: type its number (or 'pass' when you may)")
        return Typed(MOVE, f"pick {int(number)}")
    claim = text.removeprefix("claim").strip()
    problem = claim_syntax_problem(claim)
    if problem is not None:
        # Sent, a line that is no expression would be a wrong claim and cost the round.
        raise InvalidArgument(f"Not sent: {text!r} is not a claim ({problem}). Type an "
                              "expression over the table's cards, e.g. 24+12*2, or h for help.")
    return Typed(CLAIM, claim)


def claim_syntax_problem(text: str) -> str | None:
    """Why `text` is not an arithmetic expression at all (None when it is one); whether it
    is right is the service's to judge."""
    try:
        parse_expression(text)
    except CardroomError as exc:
        return exc.reason
    return None


def help_lines(game: str) -> list[str]:
    """What may be typed at the prompt of `game`."""
    if game == "mixmatch":
        moves = ["an expression over the cards, e.g. 24+12*2 or (7-6)*48: your claim (a "
                 "line that is no expression is refused here and costs nothing)",
                 "while picking own cards: a card's number, or 'pass'",
                 "t or timeout: call time (with no hourglass; with one, it is called when "
                 "the sand has run out)"]
    else:
        example = "R5" if game == "vivo" else "H12"
        moves = [f"a card as shown (e.g. {example}), or its number in the list of legal moves"]
    return [*moves, "? or hint: what a bot would play", "Enter or b: draw the table again",
            "q or quit: resign (you leave the match for good)",
            "Ctrl-D: leave without resigning"]
