"""One page of the web table as a player drives it: wait for the turn, play, read the scores."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

#: True once the page shows a legal move its seat may make, or the match is over.
TURN_OR_END = """() => {
  if (document.querySelector('[data-testid=result]')) return 'over';
  const legal = document.querySelector('[data-testid=hand] button.legal:not([disabled]), '
    + '[data-testid=legal-moves] button:not([disabled])');
  if (legal) return 'turn';
  if (document.querySelector('[data-testid=claim-form]')) return 'claim';
  return false;
}"""


class TablePage:
    """A browser page on a match's table."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def open(self, match_id: str) -> None:
        """Load the table of `match_id` (with the credential this browser keeps for it)."""
        self.page.goto(f"{self.base_url}#/match/{match_id}")
        self.page.wait_for_selector("[data-testid=state]")

    def keep_credential(self, match_id: str, seat: int, token: str) -> None:
        """Keep a seat's credential in this browser, as the page does after it creates or
        joins a match."""
        self.page.goto(self.base_url)
        self.page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                           [f"cardroom.seat.{match_id}",
                            f'{{"seat": {seat}, "token": "{token}"}}'])

    def wait(self, timeout: float = 60.0) -> str:
        """'turn', 'claim' or 'over', as soon as one holds."""
        handle = self.page.wait_for_function(TURN_OR_END, timeout=timeout * 1000)
        return str(handle.json_value())

    def version(self) -> int:
        """The version of the view the page shows."""
        return int(self.page.get_attribute("[data-testid=state]", "data-version"))

    def play_first_legal(self) -> str:
        """Press the first legal card (or listed move) and wait for the view to move on;
        the move pressed."""
        before = self.version()
        button = self.page.locator("[data-testid=hand] button.legal:not([disabled])")
        if button.count() == 0:
            button = self.page.locator("[data-testid=legal-moves] button:not([disabled])")
        first = button.first
        move = first.get_attribute("data-card") or first.get_attribute("data-move") or ""
        first.click()
        self.wait_past(before)
        return move

    def wait_past(self, version: int, timeout: float = 30.0) -> None:
        """Wait until the page shows a view newer than `version`."""
        self.page.wait_for_function(
            "v => Number(document.querySelector('[data-testid=state]')"
            "?.getAttribute('data-version')) > v", arg=version, timeout=timeout * 1000)

    def scores(self) -> list[int]:
        """The totals the page shows, by seat."""
        cells = self.page.locator("[data-testid^=score-]")
        return [int(cells.nth(i).inner_text()) for i in range(cells.count())]

    def refusal(self) -> str:
        """The text of the page's refusal line."""
        return str(self.page.inner_text("#status"))

    def text(self) -> str:
        """Every word of the page's DOM (the HTML, attributes included)."""
        return str(self.page.content())


def play_to_the_end(table: TablePage, timeout: float = 120.0) -> int:
    """Play the first legal move at every turn until the match is over; moves made."""
    moves = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if table.wait(timeout=max(deadline - time.monotonic(), 1.0)) == "over":
            return moves
        table.play_first_legal()
        moves += 1
    raise AssertionError(f"the match did not end within {timeout:.0f} s")


def words(text: str) -> set[str]:
    """The words of a page's text (cards, numbers and names alike)."""
    return set(re.findall(r"[A-Za-z0-9]+", text))


#: What the web table shows at the player's turn, whatever the position, per game.
LANDMARKS = {
    "livemix": ("livemix ", "Member circle", "Your hand", "playable", "Legal moves",
                "Your move."),
    "vivo": ("vivo ", "Harmony:", "Scoring rows", "Your hand", "playable", "Your move."),
    "mixmatch": ("mixmatch ", "Target ", "Table cards", "Hourglass: ", "Your claim"),
}


def picture(table: TablePage, game: str, folder: Path) -> str:
    """A screenshot of the table and the words it shows, written into `folder` as
    web-<game>.png and web-<game>.txt; the words."""
    folder.mkdir(parents=True, exist_ok=True)
    table.page.screenshot(path=str(folder / f"web-{game}.png"), full_page=False)
    shown = str(table.page.inner_text("body"))
    (folder / f"web-{game}.txt").write_text(shown + "\n")
    return shown
