"""The pictures of docs/play/: the `cardroom` app's screen at a real position of each game.

Each picture comes from a real match on a running stack (`make run`; MATCH_ADDR and the
other variables point elsewhere): seat 0 plays its first legal move a few times against
bots, then the screen the app would show at that turn (the last event lines, the table,
the legal moves and the prompt) is drawn with the app's own drawing code and saved as SVG.

    .venv/bin/python scripts/pictures.py --out docs/play     # the checked-in pictures
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

from cardroom.shared.cli import render
from cardroom.shared.cli.player import legal_line, prompt_text
from cardroom.shared.cli.render.common import Scene, names_of
from cardroom.shared.client import Cardroom, MatchView, SeatSession, bot, connect, human

#: game -> (players, bots' policy, seed, moves seat 0 makes first, options)
POSITIONS: dict[str, tuple[int, str, int, int, dict[str, object]]] = {
    "livemix": (4, "heuristic", 11, 4, {}),
    "vivo": (4, "heuristic", 7, 3, {}),
    "mixmatch": (2, "solver", 2, 0, {"hourglass_seconds": 60}),
}
#: Event lines shown above the table, as the app prints them.
EVENT_LINES = 6
WIDTH = 100


def wait_for_turn(seat: SeatSession, timeout: float = 60.0) -> MatchView:
    """The seat's view once it may act (or the match is over)."""
    deadline = time.monotonic() + timeout
    while True:
        view = seat.view()
        if view.may_act or view.over:
            return view
        if time.monotonic() > deadline:
            raise SystemExit(f"{view.game}: the bots did not move within {timeout:.0f} s; "
                             "is a bot worker running?")
        time.sleep(0.2)


def position(room: Cardroom, game: str) -> tuple[SeatSession, MatchView]:
    """A new match of `game`, played by seat 0 up to the picture's position."""
    players, policy, seed, moves, options = POSITIONS[game]
    seats = [human("you")] + [bot(policy) for _ in range(players - 1)]
    created = room.match.create(game, players, seats, options=options, seed=seed)
    seat = room.match.seat(created.match_id, created.tokens[0])
    view = wait_for_turn(seat)
    for _ in range(moves):
        seat.move(view.legal_moves[0])
        view = wait_for_turn(seat)
    return seat, view


def screen(seat: SeatSession, view: MatchView) -> Console:
    """The app's screen at this turn, recorded."""
    console = Console(record=True, width=WIDTH, force_terminal=True, color_system="truecolor",
                      highlight=False, file=open("/dev/null", "w"))  # noqa: SIM115
    names = names_of(view.seats, view.seat)
    lines = [render.describe(view.game, e.data, names, view.seat)
             for e in seat.watch(follow=False)]
    for line in [line for line in lines if line][-EVENT_LINES:]:
        console.print(line)
    console.print()
    console.print(render.board(view.game, Scene.from_view(view)))
    if view.game != "mixmatch":
        console.print(legal_line(view))
    console.print(Text(prompt_text(view)), end="")
    return console


def main(argv: list[str] | None = None) -> int:
    """Draw every game's picture into --out."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/play"),
                        help="folder of the SVG files (default docs/play)")
    parser.add_argument("games", nargs="*", default=list(POSITIONS), help="games to draw")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with connect() as room:
        for game in args.games:
            seat, view = position(room, game)
            target = args.out / f"{game}.svg"
            target.write_text(screen(seat, view).export_svg(title=f"cardroom play {game}"))
            print(f"{target}: match {view.match_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
