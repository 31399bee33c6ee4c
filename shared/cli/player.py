"""The play loop: draw the table, take a move at the prompt, show what everyone does.

A watcher thread follows the match's event stream and prints one line per event; the main
thread reads the seat's view, draws it when the seat may act, and waits for news when it
may not. The board is drawn only once the watcher has printed every event the view
reflects, so the lines and the table never disagree.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from shared.client import MatchView, SeatSession
from shared.client.types import Event
from shared.errors import (
    CardroomError,
    GameOver,
    IllegalMove,
    InvalidArgument,
    NotFound,
    StaleVersion,
    Unavailable,
)

from . import moves, render
from .render.common import Scene, names_of, result_text

#: Seconds to wait for the stream to show a change before looking at the match again.
POLL_S = 1.0
#: Seconds of waiting for one seat after which it is named, then after which more is said.
PATIENCE_S = (1.0, 15.0)


class Watcher(threading.Thread):
    """Prints the match's events as they come; `seq` is the last one printed."""

    def __init__(self, session: SeatSession, console: Console, game: str, names: list[str],
                 cursor: int) -> None:
        super().__init__(daemon=True, name="cardroom-watch")
        self.session, self.console, self.game, self.names = session, console, game, names
        self.cursor = cursor
        self.seq = cursor
        self.changed = threading.Condition()
        self.stopping = False
        self.failure: CardroomError | None = None
        #: The prompt the player is typing at (None when none is shown).
        self.prompt: str | None = None

    def run(self) -> None:
        """Follow the stream to the end of the match."""
        try:
            for event in self.session.watch(self.cursor, on_resume=self._resumed):
                self._show(event)
        except CardroomError as exc:
            if not self.stopping:
                self.failure = exc
        except Exception:  # the channel closed under a stream that was being resumed
            if not self.stopping:
                raise
        finally:
            with self.changed:
                self.stopping = True
                self.changed.notify_all()

    def _show(self, event: Event) -> None:
        line = render.describe(self.game, event.data, self.names, self.session.seat)
        if line is not None and not self.stopping:
            prompt = self.prompt
            if prompt is not None:
                self.console.print()  # below the prompt and whatever is being typed
            self.console.print(line)
            if prompt is not None:
                self.console.print(prompt, end="", markup=False)
        with self.changed:
            self.seq = event.seq
            self.changed.notify_all()

    def _resumed(self, cursor: int, reason: str) -> None:
        self.console.print(f"[dim]connection lost ({escape(reason)}); back, resuming after "
                           f"event {cursor}[/]")

    def prompting(self, prompt: str | None) -> None:
        """Say which prompt the player is typing at (None: none)."""
        self.prompt = prompt

    def wait_past(self, seq: int, timeout: float) -> bool:
        """Wait until an event after `seq` was printed (True) or `timeout` passes (False)."""
        with self.changed:
            return self.changed.wait_for(lambda: self.seq > seq or self.stopping, timeout)

    def wait_for(self, seq: int, timeout: float) -> None:
        """Wait until event `seq` was printed (or `timeout` passes)."""
        with self.changed:
            self.changed.wait_for(lambda: self.seq >= seq or self.stopping, timeout)


class Player:
    """Plays one seat at the terminal until the match is over or the player leaves."""

    def __init__(self, console: Console, session: SeatSession, hint: Callable[[], str],
                 read: Callable[[str], str] | None = None) -> None:
        self.console = console
        self.session = session
        self.hint = hint
        self.read = read or (lambda prompt: console.input(prompt, markup=False))
        self.watcher: Watcher | None = None
        #: The seat waited for, since when, and how many times that was said.
        self.waiting: tuple[int | None, float, int] = (None, 0.0, 0)

    def run(self, cursor: int = 0) -> int:
        """Play to the end; the exit status (0: the match is over or the player left)."""
        view = self.session.view()
        names = names_of(view.seats, view.seat)
        self.watcher = Watcher(self.session, self.console, view.game, names, cursor)
        # Events are printed by the watcher alone; the view is drawn once they are out.
        self.watcher.start()
        try:
            while True:
                view = self.session.view()
                self._catch_up(view)
                if view.over:
                    self._finish(view)
                    return 0
                if not view.may_act:
                    self._wait(view)
                elif not self._turn(view):
                    return 0
        finally:
            self.watcher.stopping = True

    def _catch_up(self, view: MatchView) -> None:
        """Wait until the watcher printed every event the view reflects. The last events may
        be other seats' (never streamed here), so ask which ones this seat can see."""
        assert self.watcher is not None
        printed = self.watcher.seq
        if printed >= view.event_seq or self.watcher.failure is not None:
            return
        unseen = [e.seq for e in self.session.watch(printed, follow=False)
                  if e.seq <= view.event_seq]
        if unseen:
            self.watcher.wait_for(unseen[-1], 5.0)

    def _draw(self, view: MatchView) -> None:
        self.console.print()
        self.console.print(render.board(view.game, Scene.from_view(view)))

    def _finish(self, view: MatchView) -> None:
        self._draw(view)
        names = names_of(view.seats, view.seat)
        self.console.print(result_text(view.result, names, view.seat))

    def _wait(self, view: MatchView) -> None:
        assert self.watcher is not None
        current, since, said = self.waiting
        if view.current_player != current:
            current, since, said = view.current_player, time.monotonic(), 0
        waited = time.monotonic() - since
        if current is not None and said < len(PATIENCE_S) and waited > PATIENCE_S[said]:
            self.console.print(Text(_waiting_line(view, current, said), style="dim"))
            said += 1
        self.waiting = (current, since, said)
        if self.watcher.failure is not None:
            time.sleep(POLL_S)  # the stream gave up: look at the match now and then
        else:
            self.watcher.wait_past(view.event_seq, POLL_S)

    def _turn(self, view: MatchView) -> bool:
        """Draw the table, take one line, act on it; False when the player leaves."""
        self.waiting = (None, 0.0, 0)
        self._draw(view)
        if view.game != "mixmatch" and view.legal_moves:
            self.console.print(_legal_line(view))
        elif view.observation.get("phase") == "pick" and view.legal_moves:
            picks = [m.removeprefix("pick ") for m in view.legal_moves]
            self.console.print(Text(f"You may take: {' '.join(picks)}", style="bold"))
        assert self.watcher is not None
        prompt = _prompt(view)
        self.watcher.prompting(prompt)
        try:
            line = self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print(f"\nLeft match {view.match_id}; your seat stays yours (the "
                               "match waits for your move).")
            return False
        finally:
            self.watcher.prompting(None)
        self._act(view, line)
        return True

    def _act(self, view: MatchView, line: str) -> None:
        try:
            typed = moves.read_line(line, view.game, in_hand_order(view), view.observation)
        except InvalidArgument as exc:
            self.console.print(Text(exc.reason, style="red"))
            return
        if typed.kind == moves.HELP:
            for item in moves.help_lines(view.game):
                self.console.print(f"  {item}", markup=False)
        elif typed.kind == moves.HINT:
            self.console.print(Text(self.hint(), style="cyan"))
        elif typed.kind == moves.QUIT:
            self._resign()
        elif typed.kind in (moves.MOVE, moves.CLAIM):
            self._submit(view, typed)

    def _submit(self, view: MatchView, typed: moves.Typed) -> None:
        assert self.watcher is not None
        try:
            if typed.kind == moves.CLAIM:
                result = self.session.claim(typed.action, view.observation.get("round"))
            else:
                result = self.session.move(typed.action)
        except IllegalMove as exc:
            self._refused(exc, view)
            return
        except InvalidArgument as exc:
            self.console.print(Text(f"Not a move: {exc.reason}", style="bold red"))
            return
        except StaleVersion:
            self.console.print(Text("The match moved on meanwhile; here it is now.",
                                    style="yellow"))
            return
        if result.events:
            self.watcher.wait_for(result.events[-1].seq, 5.0)

    def _refused(self, exc: IllegalMove, view: MatchView) -> None:
        if isinstance(exc, GameOver):
            return
        self.console.print(Text(f"Not allowed: {exc.reason}", style="bold red"))
        legal = in_hand_order(view, exc.legal or view.legal_moves)
        if legal and view.game != "mixmatch":
            self.console.print(Text(f"You may play: {' '.join(legal)}", style="red"))

    def _resign(self) -> None:
        try:
            answer = self.read("Resign this match? [y/N] ")
        except (EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower() in ("y", "yes"):
            self.session.resign()  # the stream says so, and the service plays the seat on


def _legal_line(view: MatchView) -> Text:
    line = Text("Legal: ", style="bold")
    palette = render.module(view.game).PALETTE
    for i, move in enumerate(in_hand_order(view), 1):
        line.append(f" {i}:", style="dim")
        line.append(move, style=f"bold {palette.get(move[:1], 'white')}")
    return line


def _waiting_line(view: MatchView, current: int, said: int) -> str:
    """What to say about a seat the table waits for (the second time, why a bot may not move)."""
    who = "every seat" if current < 0 else names_of(view.seats, view.seat)[current]
    if said == 0:
        return f"waiting for {who}..."
    bot_seat = 0 <= current < len(view.seats) and view.seats[current].kind == "bot"
    if bot_seat:
        return (f"still waiting for {who}: bots are played by bot workers; is one running? "
                "(see docs/cli.md)")
    return f"still waiting for {who}..."


def in_hand_order(view: MatchView, legal: list[str] | None = None) -> list[str]:
    """The legal moves (`legal`, else the view's) in the order the hand is shown (Livemix
    sorts them as text)."""
    hand = view.observation.get("hand") or []
    place = {card: i for i, card in enumerate(hand)}
    moves = view.legal_moves if legal is None else legal
    return sorted(moves, key=lambda move: (place.get(move, len(hand)), move))


def _prompt(view: MatchView) -> str:
    clock = ""
    if view.deadline_kind == "move_clock" and view.deadline is not None:
        clock = f" [{max(0, round(view.deadline - time.time()))} s]"
    if view.game != "mixmatch":
        return f"Your move{clock} (number or card, ? hint, h help): "
    if view.observation.get("phase") == "pick":
        return "Pick an own card (its number): "
    return "Your claim (expression, t time, Enter redraw, ? hint, h help): "


def hint_text(fetch: Callable[[], str], policy: str, address: str) -> str:
    """The hint line, or why there is none."""
    try:
        action = fetch()
    except Unavailable:
        return f"No hint: the bot service at {address} cannot be reached."
    except NotFound as exc:
        return f"No hint: {exc.reason}"
    except CardroomError as exc:
        return f"No hint: {exc.reason}"
    if not action:
        return f"Hint ({policy}): no move now"
    if action.startswith("claim"):
        action = "claim " + action.partition(" ")[2]  # the round tag is for the service
    return f"Hint ({policy}): {action}"
