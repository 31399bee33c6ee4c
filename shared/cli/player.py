"""The play loop: draw the table, take a move at the prompt, show what everyone does.

A watcher thread follows the match's event stream and prints one line per event; the main
thread reads the seat's view, draws it when the seat may act, and waits for news when it
may not. The board is drawn only once the watcher has printed every event the view
reflects, so the lines and the table never disagree. An event that changes the table under
the prompt (a new round, the match over, a clock that ran out) calls the prompt off, so a
line is only ever sent for the table it was typed at.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from cardroom.shared.client import MatchView, SeatSession
from cardroom.shared.client.types import JSON, Event
from cardroom.shared.errors import (
    CardroomError,
    GameOver,
    IllegalMove,
    InvalidArgument,
    NotFound,
    StaleVersion,
    Unavailable,
)

from . import moves, render
from .lineinput import Cancelled, LineReader
from .pacing import Pacer
from .render.common import Scene, count, learn_name, names_of, result_text
from .render.mixmatch import countdown

#: Seconds to wait for the stream to show a change before looking at the match again.
POLL_S = 1.0
#: Seconds of waiting for one seat after which it is named, then after which more is said.
PATIENCE_S = (1.0, 15.0)


class Watcher(threading.Thread):
    """Prints the match's events as they come; `seq` is the last one printed."""

    def __init__(self, session: SeatSession, reader: LineReader, game: str, names: list[str],
                 cursor: int, pace: float = 0.0) -> None:
        super().__init__(daemon=True, name="cardroom-watch")
        self.session, self.reader, self.game, self.names = session, reader, game, names
        self.pacer = Pacer(game, pace, session.seat)
        self.console = reader.console
        self.cursor = cursor
        self.seq = cursor
        self.changed = threading.Condition()
        self.stopping = False
        self.failure: CardroomError | None = None
        #: The last event printed that calls a prompt off (see calls_off).
        self.called_off_seq = cursor
        #: The last event the table on screen shows.
        self.drawn_seq = cursor

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
        learn_name(self.names, event.data, self.session.seat)
        line = render.describe(self.game, event.data, self.names, self.session.seat)
        if line is not None and not self.stopping:
            self.reader.show(line)
            self.pacer.after(event.data)
        # Only news calls a prompt off: an event the table on screen already shows does not.
        calling_off = event.seq > self.drawn_seq and calls_off(self.game, event.data)
        with self.changed:
            self.seq = event.seq
            if calling_off:
                self.called_off_seq = event.seq
            self.changed.notify_all()
        # After the seq moved: a prompt drawn from here on sees it is stale (LineReader.read).
        if calling_off:
            self.reader.cancel()
        self.reader.wake()  # a player waiting without a prompt looks at the match again

    def _resumed(self, cursor: int, reason: str) -> None:
        self.reader.show(f"[dim]connection lost ({escape(reason)}); back, resuming after "
                         f"event {cursor}[/]")

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
                 reader: LineReader | None = None, clock: bool = False, pace: float = 0.0,
                 come_back: str = "") -> None:
        self.console = console
        #: The command that brings the player back to the seat, said when they leave.
        self.come_back = come_back
        #: Seconds of pause after each move of another seat (cardroom.shared.cli.pacing).
        self.pace = pace
        self.session = session
        self.hint = hint
        self.reader = reader or LineReader(console)
        #: Whether the seat plays on a clock (a bot moves for it when time runs out).
        self.clock = clock
        self.watcher: Watcher | None = None
        #: What is waited for (a seat, or open seats), since when, how many times it was said.
        self.waiting: tuple[object, float, int] = (None, 0.0, 0)
        #: What was typed at a prompt called off within the same Mix Match round.
        self.typed: tuple[object, str] = (None, "")
        #: The version of the match the table on screen shows (None: draw it again): an
        #: error, a hint or help leaves it, and the prompt comes back below them.
        self.shown: int | None = None

    def run(self, cursor: int = 0) -> int:
        """Play to the end; the exit status (0: the match is over or the player left)."""
        view = self.session.view()
        names = names_of(view.seats, view.seat)
        self.watcher = Watcher(self.session, self.reader, view.game, names, cursor,
                               self.pace)
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
                    if not self._waited(view):
                        return 0
                elif not self._turn(view):
                    return 0
        finally:
            self.watcher.stopping = True
            self.reader.close()

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
            # Paced, the lines come at most `pace` apart: wait for them all.
            self.watcher.wait_for(unseen[-1], 5.0 + self.pace * len(unseen))

    def _draw(self, view: MatchView) -> None:
        self.console.print()
        self.console.print(render.board(view.game, Scene.from_view(view)))

    def _finish(self, view: MatchView) -> None:
        self._draw(view)
        names = names_of(view.seats, view.seat)
        self.console.print(result_text(view.result, names, view.seat))

    def _waited(self, view: MatchView) -> bool:
        """Wait for the match to move on (see _wait); False when the player left meanwhile
        (Ctrl-D or Ctrl-C with no prompt shown)."""
        try:
            self._wait(view)
        except (EOFError, KeyboardInterrupt):
            self._left(view)
            return False
        return True

    def _left(self, view: MatchView) -> None:
        self.console.print(f"\nLeft match {view.match_id}; your seat stays yours "
                           f"({self._left_note()}).")
        if self.come_back:
            self.console.print(f"To come back: {self.come_back}", soft_wrap=True)

    def _wait(self, view: MatchView) -> None:
        assert self.watcher is not None
        awaited, since, said = self.waiting
        now_awaited = (view.current_player, open_seats(view))
        if now_awaited != awaited:
            awaited, since, said = now_awaited, time.monotonic(), 0
        waited = time.monotonic() - since
        line = _waiting_line(view, view.current_player, said)
        if line is not None and said < len(PATIENCE_S) and waited > PATIENCE_S[said]:
            self.console.print(Text(line, style="dim"))
            said += 1
        self.waiting = (awaited, since, said)
        if self.watcher.failure is not None:
            time.sleep(POLL_S)  # the stream gave up: look at the match now and then
        elif self.reader.live:
            # Keys typed while there is no prompt are dropped unechoed; Ctrl-D leaves.
            deadline = time.monotonic() + POLL_S
            while self.watcher.seq <= view.event_seq and not self.watcher.stopping and (
                    left := deadline - time.monotonic()) > 0:
                self.reader.idle(left)
        else:
            self.watcher.wait_past(view.event_seq, POLL_S)

    def _turn(self, view: MatchView) -> bool:
        """Draw the table, take one line, act on it; False when the player leaves."""
        assert self.watcher is not None
        self.waiting = (None, 0.0, 0)
        self.watcher.drawn_seq = view.event_seq
        if view.version != self.shown:
            self.shown = view.version
            self._draw(view)
            if view.game != "mixmatch" and view.legal_moves:
                self.console.print(legal_line(view))
            elif view.observation.get("phase") == "pick" and view.legal_moves:
                picks = [m.removeprefix("pick ") for m in view.legal_moves]
                self.console.print(Text(f"You may take: {' '.join(picks)}", style="bold"))
        round_key = (view.observation.get("round"), view.observation.get("phase"))
        typed = self.typed[1] if self.typed[0] == round_key else ""
        self.typed = (None, "")
        try:
            line = self.reader.read(lambda: prompt_text(view), typed,
                                    stale=lambda: self._news_since(view))
        except Cancelled as called_off:
            # The table changed: the loop draws it again; within one Mix Match round what
            # was typed so far is kept, never into the next.
            self.typed = (round_key, called_off.typed)
            return True
        except (EOFError, KeyboardInterrupt):
            self._left(view)
            return False
        self._act(view, line)
        return True

    def _news_since(self, view: MatchView) -> bool:
        """Whether an event that changes the table came after `view` (drawn at the prompt)."""
        assert self.watcher is not None
        return self.watcher.called_off_seq > view.event_seq

    def _left_note(self) -> str:
        if self.clock:
            return "your clock runs on: when it runs out, a bot moves for you"
        return "the match waits for your move"

    def _act(self, view: MatchView, line: str) -> None:
        try:
            typed = moves.read_line(line, view.game, in_hand_order(view), view.observation)
        except InvalidArgument as exc:
            self.console.print(Text(exc.reason, style="red"))
            return
        early = _too_early(view) if typed.action == "timeout" else None
        if early:
            self.console.print(Text(early, style="yellow"))
            return
        if typed.kind == moves.REDRAW:
            self.shown = None
        elif typed.kind == moves.HELP:
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
            answer = self.reader.read(lambda: "Resign this match? [y/N] ")
        except (Cancelled, EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower() in ("y", "yes"):
            self.session.resign()  # the stream says so


def legal_line(view: MatchView) -> Text:
    """The numbered legal moves, each card in its colour."""
    line = Text("Legal: ", style="bold")
    palette = render.module(view.game).PALETTE
    for i, move in enumerate(in_hand_order(view), 1):
        line.append(f" {i}:", style="dim")
        line.append(move, style=f"bold {palette.get(move[:1], 'white')}")
    return line


def open_seats(view: MatchView) -> int:
    """How many seats of the match nobody has taken yet."""
    return sum(seat.kind == "open" for seat in view.seats)


def _waiting_line(view: MatchView, current: int | None, said: int) -> str | None:
    """What to say about a seat the table waits for (the second time, why a bot may not move),
    or, before the match starts, about the players still to come."""
    missing = open_seats(view)
    if view.status == "open" and missing:
        players = count(missing, "more player")
        if said == 0:
            return f"waiting for {players} to join..."
        return (f"still waiting for {players} to join: others join with "
                f"`cardroom join {view.match_id}`")
    if current is None:
        return None
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


def calls_off(game: str, event: JSON) -> bool:
    """Whether `event`, arriving while the seat is at its prompt, changes the table under it:
    anything in a turn-based game (it was the seat's turn, so its clock ran out or the match
    ended), anything in Mix Match but another seat's refused claim."""
    return game != "mixmatch" or event.get("type") != "claim_rejected"


def prompt_text(view: MatchView, now: float | None = None) -> str:
    """The prompt, with the seconds left on a running clock or hourglass (drawn anew)."""
    now = time.time() if now is None else now
    clock = ""
    if view.deadline_kind == "move_clock" and view.deadline is not None:
        clock = f" [{max(0, round(view.deadline - now))} s]"
    if view.game != "mixmatch":
        return f"Your move{clock} (number or card, ? hint, h help): "
    if view.observation.get("phase") == "pick":
        return "Pick an own card (its number): "
    sand = countdown(view.observation, view.deadline, now)
    if sand:
        return f"{sand} Your claim (expression, t time, ? hint, h help): "
    return "Your claim (expression, t time, Enter redraw, ? hint, h help): "


def _too_early(view: MatchView, now: float | None = None) -> str | None:
    """Why time may not be called now (the hourglass still runs), or None when it may."""
    obs = view.observation
    if view.game != "mixmatch" or not obs.get("hourglass_seconds") or view.deadline is None:
        return None
    left = view.deadline - (time.time() if now is None else now)
    if left <= 0:
        return None
    return (f"The hourglass still runs ({left:.0f} s left): time can be called once it has "
            "run out (it is called for you then).")


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
