"""What every game's drawing shares: the scene, seat names, coloured cards, results, and the
lines for the match service's own events."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardroom.shared.client.types import MatchView, Result, Seat

JSON = dict[str, Any]
#: Colour of each card letter (Livemix colours, VIVO suits), chosen to read on dark and light.
Palette = Mapping[str, str]


@dataclass
class Scene:
    """Everything a board drawing needs: the engine's observation and who is who."""

    observation: JSON
    names: list[str]
    #: The seat at this terminal (None: a spectator).
    me: int | None = None
    #: The moves the seat at this terminal may make now.
    legal: list[str] = field(default_factory=list)
    #: When the running deadline expires (seconds since the epoch), and which one it is.
    deadline: float | None = None
    deadline_kind: str = ""
    #: Every seat's hand, when all may be shown (a replay).
    hands: list[list[str]] | None = None
    now: float = field(default_factory=time.time)

    @classmethod
    def from_view(cls, view: MatchView, now: float | None = None) -> Scene:
        """The scene of a match view."""
        return cls(view.observation, names_of(view.seats, view.seat), view.seat,
                   list(view.legal_moves), view.deadline, view.deadline_kind,
                   now=time.time() if now is None else now)

    def name(self, seat: int | None) -> str:
        """How to call a seat on screen."""
        return seat_name(self.names, seat, self.me)


def names_of(seats: Sequence[Seat], me: int | None = None) -> list[str]:
    """Screen names of every seat ("you" for the seat at this terminal)."""
    return ["you" if i == me else seat.label(i) for i, seat in enumerate(seats)]


def learn_name(names: list[str], event: JSON, me: int | None = None) -> None:
    """Name a seat in `names` as a seat_claimed event names its new player (the names were
    read before that player came)."""
    seat, name = event.get("seat"), event.get("name")
    if (event.get("type") == "seat_claimed" and isinstance(seat, int) and seat != me
            and 0 <= seat < len(names) and name):
        names[seat] = str(name)


def seat_name(names: Sequence[str], seat: int | None, me: int | None = None) -> str:
    """A seat's screen name; "the host" for no seat."""
    if seat is None:
        return "the host"
    if seat == me:
        return "you"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def count(number: int, noun: str) -> str:
    """`number` and `noun`, plural unless it is one ("1 card", "5 cards")."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def who(names: Sequence[str], seat: int | None, me: int | None = None) -> str:
    """A seat's screen name, safe inside rich markup."""
    return escape(seat_name(names, seat, me))


def card(text: str, palette: Palette, style: str = "bold") -> Text:
    """A card in its colour (the first letter picks it), as typed at the prompt."""
    colour = palette.get(text[:1], "white")
    return Text(text, style=f"{style} {colour}".strip())


def cards(items: Sequence[str], palette: Palette, legal: Sequence[str] | None = None,
          empty: str = "-") -> Text:
    """Cards side by side; with `legal`, those not playable now are dimmed."""
    if not items:
        return Text(empty, style="dim")
    line = Text()
    for i, item in enumerate(items):
        if i:
            line.append(" ")
        playable = legal is None or item in legal
        line.append_text(card(item, palette, "bold" if playable else "dim"))
    return line


def joined(parts: Sequence[Text], separator: str = "  ") -> Text:
    """Texts on one line."""
    line = Text()
    for i, part in enumerate(parts):
        if i:
            line.append(separator)
        line.append_text(part)
    return line


def seats_table(scene: Scene, columns: Sequence[str],
                row: Callable[[int], Sequence[Text | str]]) -> Table:
    """One row per seat: a marker for the seat to act, the name, then `row(seat)`."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold dim")
    table.add_column("")
    table.add_column("seat")
    for name in columns:
        table.add_column(name)
    current = scene.observation.get("current_player")
    for seat in range(len(scene.names)):
        marker = Text(">", style="bold yellow") if current == seat else Text(" ")
        label = Text(f"{seat} {scene.name(seat)}", style="bold" if seat == scene.me else "")
        table.add_row(marker, label, *row(seat))
    return table


def result_text(result: Result | None, names: Sequence[str], me: int | None = None) -> Text:
    """How the match ended, in one line."""
    if result is None:
        return Text("The match is over.", style="bold")
    if result.reason == "abandoned":
        return Text("The match was abandoned: no winner.", style="bold yellow")
    winners = [seat_name(names, s, me) for s in result.winners]
    scores = ", ".join(f"{seat_name(names, s, me)} {v}" for s, v in enumerate(result.scores))
    verb = "win" if winners == ["you"] else ("wins" if len(winners) == 1 else "share the win")
    how = " (by resignation)" if result.reason == "resigned" else ""
    line = Text()
    line.append(f"Game over{how}: ", style="bold")
    line.append(f"{' and '.join(winners) or 'nobody'} {verb}", style="bold green")
    line.append(f".  Scores: {scores}")
    return line


def describe_service(event: JSON, names: Sequence[str], me: int | None) -> str | None:
    """A line for the match service's own events (None for those not worth a line)."""
    kind = event.get("type")
    name = who(names, event.get("seat"), me)
    if kind == "seat_claimed":
        return f"{name} took a seat"
    if kind == "match_started":
        return "[bold]The match starts.[/]"
    if kind == "resigned":
        reason = str(event.get("reason") or "resigned")
        why = "" if reason == "resigned" else f" ({escape(reason)})"
        return f"[yellow]{name} resigned[/]{why}"
    if kind == "clock_expired":
        return f"[yellow]{name} ran out of time: a bot plays that move[/]"
    if kind == "abandoned":
        return "[yellow]The match was abandoned.[/]"
    # match_over gets no line: the result line (result_text) names the winners once.
    return None
