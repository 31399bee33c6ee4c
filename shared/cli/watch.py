"""`cardroom watch` (follow a match live) and `cardroom replay` (step through a finished one)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.markup import escape
from rich.text import Text

from cardroom.shared.client.types import MatchView, Replay
from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games import registry
from cardroom.shared.games.base import State

from . import render
from .app import App
from .pacing import Pacer, add_pace_flag, pace_of
from .render.common import Scene, learn_name, names_of, result_text

#: Events after which the watcher draws the table again.
REDRAW_AFTER = ("trick_won", "trick_end", "round_end", "round_ended", "dice_rolled",
                "hourglass_ran_out")


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The watch and replay subcommands."""
    watch = commands.add_parser(
        "watch", parents=[common], help="follow a match as it is played",
        description="Show a match and follow its events live, as a spectator (or as a seat "
                    "with --token), until it ends. A dropped connection is resumed.")
    watch.add_argument("match_id", metavar="MATCH_ID")
    watch.add_argument("--token", help="a seat's token: watch as that seat")
    watch.add_argument("--from-start", action="store_true",
                       help="show every event from the start, not only new ones")
    add_pace_flag(watch, 0.0)
    watch.set_defaults(run=run_watch)
    replay = commands.add_parser(
        "replay", parents=[common], help="step through a finished match",
        description="Step through a finished match move by move, every hand shown (Enter: "
                    "next, b: back, a number: go to that move, q: quit). Without a terminal "
                    "it prints every move and the end.")
    replay.add_argument("match_id", metavar="MATCH_ID")
    replay.add_argument("--step", type=int, help="show the table after this many moves, only")
    replay.add_argument("--all", action="store_true", help="print every move, then the end")
    replay.set_defaults(run=run_replay)


def run_watch(app: App, args: argparse.Namespace) -> int:
    """Follow the match to its end."""
    matches = app.room.match
    view = matches.get(args.match_id, args.token)
    names = names_of(view.seats, view.seat)
    app.console.print(Text.assemble(("Match ", "bold"), (view.match_id, "bold cyan"),
                                    f" ({view.game}, {view.status})"))
    cursor = view.event_seq
    if args.from_start:
        # What happened so far, as lines only: the tables of then are not at hand, and the
        # table of now drawn after each past trick would be wrong.
        for event in matches.watch(args.match_id, args.token, 0, follow=False):
            learn_name(names, event.data, view.seat)
            line = render.describe(view.game, event.data, names, view.seat)
            if line is not None:
                app.console.print(line)
            cursor = max(cursor, event.seq)
        view = matches.get(args.match_id, args.token)
    _draw(app, view)
    if view.over:
        app.console.print(result_text(view.result, names, view.seat))
        return 0

    def resumed(after: int, reason: str) -> None:
        app.console.print(f"[dim]connection lost ({escape(reason)}); back, resuming after "
                          f"event {after}[/]")

    pacer = Pacer(view.game, pace_of(args), view.seat)
    for event in matches.watch(args.match_id, args.token, cursor, on_resume=resumed):
        learn_name(names, event.data, view.seat)
        line = render.describe(view.game, event.data, names, view.seat)
        if line is not None:
            app.console.print(line)
            pacer.after(event.data)
        if event.type in REDRAW_AFTER:
            _draw(app, matches.get(args.match_id, args.token))
    final = matches.get(args.match_id, args.token)
    _draw(app, final)
    app.console.print(result_text(final.result, names, final.seat))
    return 0


def _draw(app: App, view: MatchView) -> None:
    app.console.print(render.board(view.game, Scene.from_view(view)))


class Steps:
    """A finished match rebuilt move by move with its engine, from its replay."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.names = [s.label(i) for i, s in enumerate(replay.seats)]
        config = registry.make_config(replay.game, replay.options)
        state = registry.new_game(replay.game, config, replay.seed, replay.deal,
                                  now=replay.start_time)
        self.states: list[State] = [state.clone()]
        self.events: list[list[dict[str, Any]]] = [registry.opening_events(state)]
        for action in replay.actions:
            self.events.append(state.apply_action(action.action, action.seat, action.time))
            self.states.append(state.clone())

    def __len__(self) -> int:
        return len(self.replay.actions)

    def scene(self, step: int) -> Scene:
        """The table after `step` moves, every hand shown."""
        state = self.states[step]
        players = len(self.names)
        hands = [list(state.observation(s).get("hand", [])) for s in range(players)]
        # The hourglass reads as it did when that move was made.
        now = self.replay.actions[step - 1].time if step else self.replay.start_time
        return Scene(state.observation(None), self.names,
                     hands=hands if any(hands) else None, now=now)

    def opening(self) -> list[str]:
        """The lines of the events that opened the match (Mix Match: round 1's board)."""
        described = [render.describe(self.replay.game, e, self.names) for e in self.events[0]]
        return [line for line in described if line]

    def lines(self, step: int) -> list[str]:
        """The event lines of move `step` (1-based), headed by its number."""
        action = self.replay.actions[step - 1]
        head = f"[dim]{step}.[/] "
        described = [render.describe(self.replay.game, e, self.names) for e in self.events[step]]
        shown = [line for line in described if line]
        if not shown:
            who = self.names[action.seat] if action.seat is not None else "the host"
            shown = [f"{escape(who)}: {escape(action.action)}"]
        return [head + shown[0], *shown[1:]]


def run_replay(app: App, args: argparse.Namespace) -> int:
    """Show the replay: one step, every step, or interactively."""
    steps = Steps(app.room.match.replay(args.match_id))
    game = steps.replay.game
    if args.step is not None:
        if not 0 <= args.step <= len(steps):
            raise InvalidArgument(f"--step must be 0 to {len(steps)}: the match has "
                                  f"{len(steps)} moves", "step")
        app.console.print(render.board(game, steps.scene(args.step)))
        return 0
    if args.all or not sys.stdin.isatty():
        for line in steps.opening():
            app.console.print(line)
        for step in range(1, len(steps) + 1):
            for line in steps.lines(step):
                app.console.print(line)
        _end(app, steps)
        return 0
    return _browse(app, steps)


def _end(app: App, steps: Steps) -> None:
    app.console.print(render.board(steps.replay.game, steps.scene(len(steps))))
    app.console.print(result_text(steps.replay.result, steps.names))


def _browse(app: App, steps: Steps) -> int:
    step, drawn = 0, -1
    while True:
        if step != drawn:  # a wrong answer leaves the table on screen as it is
            app.console.print(render.board(steps.replay.game, steps.scene(step)))
            drawn = step
        prompt = f"move {step} of {len(steps)} - Enter next, b back, a number jumps, q quits: "
        try:
            answer = app.console.input(prompt, markup=False).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return 0
        if answer == "q":
            return 0
        if answer == "b":
            step = max(0, step - 1)
        elif answer.isdigit() and int(answer) <= len(steps):
            step = int(answer)
        elif answer:
            app.console.print(f"{answer!r} is no step: Enter goes on, b back, 0 to "
                              f"{len(steps)} jumps, q quits.", markup=False)
            continue
        elif step < len(steps):
            step += 1
            for line in steps.lines(step):
                app.console.print(line)
        else:
            app.console.print(result_text(steps.replay.result, steps.names))
