"""The play prompt fits one line at any width: the typed text scrolls, the prompt gives up
its end first, and the whole never reaches the last column (a wrapped line leaves its upper
part on screen at each redraw)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from cardroom.shared.cli.lineinput import fitted

PROMPT = "[#########.] 55 s Your claim (expression, t time, Enter redraw, ? hint, h help): "
CLAIM = "(28+20/20)*8/4+(1+2+3+4+5+6)"


def test_a_line_that_fits_is_shown_whole() -> None:
    assert fitted("Your move: ", "H12", 80) == "Your move: H12"


@pytest.mark.parametrize("width", [20, 40, 60, 80, 120])
@pytest.mark.parametrize("typed", ["", "1", CLAIM, CLAIM * 4])
def test_prompt_and_typed_text_never_reach_the_last_column(width: int, typed: str) -> None:
    line = fitted(PROMPT, typed, width)
    assert cell_len(line) <= width - 1
    assert line.startswith("[####")  # the hourglass is always in sight
    if typed:
        assert line.endswith(typed[-3:])  # the end of what is typed, where the cursor is


def test_typed_text_too_long_scrolls_behind_a_marker() -> None:
    line = fitted(PROMPT, CLAIM * 4, 60)
    assert "<" in line and line.endswith(CLAIM)
    assert "…" in line and cell_len(line) == 59


def test_wide_characters_count_as_two_cells() -> None:
    assert cell_len(fitted("名前: ", "漢字" * 30, 30)) <= 29
