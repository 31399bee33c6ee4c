"""The terminal app never writes a control character that came from a service: every text
it draws (boards of each game, event lines, results, tables, prompts) goes through a
console that escapes anything non-printing; rich's own style codes are the only escapes."""

from __future__ import annotations

import io
import re

import pytest
from rich.table import Table
from rich.text import Text

from cardroom.shared.cli.app import console_for
from cardroom.shared.cli.render import Scene, board, describe
from cardroom.shared.cli.render.common import result_text
from cardroom.shared.cli.safe import SafeConsole, printable
from cardroom.shared.client.types import Result
from cardroom.shared.games import registry

#: What the red team put in names: a window title, an OSC 52 clipboard write, a screen
#: clear, a bell, a C1 CSI, a bidi override and zero-width characters.
HOSTILE = ["\x1b]0;owned\x07", "\x1b]52;c;ZXZpbA==\x07", "\x1b[2J\x1b[H", "bell\x07",
           "\x9b31m", "\u202egnp.exe", "zero\u200bwidth\ufeff"]
NON_PRINTING = re.compile(r"[^\n\S ]|[\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e"
                          r"\u2066-\u2069\ufeff]")
STYLE_CODE = re.compile(r"\x1b\[[0-9;]*m")


def drawn(*renderables: object, colour: bool = False) -> str:
    """What the app's console writes for `renderables`."""
    out = io.StringIO()
    console = SafeConsole(file=out, width=120, force_terminal=colour, highlight=False,
                          color_system="standard" if colour else None)
    for item in renderables:
        console.print(item)
    return out.getvalue()


def assert_clean(text: str, colour: bool = False) -> None:
    if colour:
        text = STYLE_CODE.sub("", text)  # rich's own styles, not the service's text
    found = NON_PRINTING.findall(text)
    assert not found, found


def test_printable_escapes_every_non_printing_character() -> None:
    assert printable("ann \u00e9\u4e2d\u2660 \U0001f600") == "ann \u00e9\u4e2d\u2660 \U0001f600"
    assert printable("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert printable("\x07\x9b\u202e\u200b\U000e0001") == "\\x07\\x9b\\u202e\\u200b\\U000e0001"
    assert printable("two\nlines") == "two\nlines"


def test_the_app_console_is_the_safe_one() -> None:
    assert isinstance(console_for(no_color=True), SafeConsole)
    assert isinstance(console_for(stderr=True), SafeConsole)


@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("game,players", [("vivo", 3), ("livemix", 4), ("mixmatch", 2)])
def test_every_drawing_escapes_what_the_service_sent(game: str, players: int,
                                                     colour: bool) -> None:
    names = (HOSTILE * 2)[:players]
    state = registry.new_game(game, registry.make_config(game, {"players": players}),
                              seed=3, now=1000.0)
    events = list(registry.opening_events(state))
    for _ in range(4):
        seat = state.current_player()
        if seat is None or seat < 0 or state.is_terminal():
            break
        events += state.apply_action(state.legal_actions(seat)[0], seat, 1000.0)
    scene = Scene(state.observation(0), names, 0, state.legal_actions(0), now=1000.0)
    lines = [describe(game, e, names, 0) for e in events]
    lines += [describe(game, {"type": "seat_claimed", "seat": 1, "name": HOSTILE[0]}, names),
              describe(game, {"type": "match_over", "reason": HOSTILE[1], "winners": [1],
                              "scores": [0] * players}, names)]
    table = Table("match", "name")
    for name in HOSTILE:
        table.add_row(name, Text(name, style="bold"))
    text = drawn(board(game, scene), *[line for line in lines if line],
                 result_text(Result(HOSTILE[2], [1] * players, [1]), names, 0), table,
                 Text.assemble(("Match ", "bold"), (HOSTILE[3], "cyan")), colour=colour)
    assert_clean(text, colour)
    # Escaped, not dropped: a reader can still see what was sent.
    assert "\\x1b]52;c;" in text and "\\u202e" in text
