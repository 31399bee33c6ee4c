"""Pacing: other seats' moves shown one at a time, a short pause after each (`--pace`).

Bots answer at once, so without a pause a trick's cards and its result land on the screen
together. A pause follows each line of a move by another seat and each trick's result in
the turn-based games (each game's render module names those events, PACED); never in Mix
Match, whose races are played in real time.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from . import render

#: Seconds of pause for `cardroom play` and `join` unless --pace or CARDROOM_PACE says.
DEFAULT_PACE_S = 0.6
#: The environment variable giving the pause when --pace is not given.
PACE_VARIABLE = "CARDROOM_PACE"


def pace_seconds(raw: str) -> float:
    """A --pace value: seconds from 0 (no pause) to 10."""
    try:
        seconds = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r} is no number of seconds") from None
    if not 0 <= seconds <= 10:
        raise argparse.ArgumentTypeError("the pace is 0 to 10 seconds")
    return seconds


def add_pace_flag(parser: argparse.ArgumentParser, default: float) -> None:
    """--pace SECONDS, its default `default` unless CARDROOM_PACE sets another."""
    parser.add_argument("--pace", type=pace_seconds, metavar="SECONDS",
                        help=f"pause after each move of another seat and each trick's result "
                             f"(default {default:g}; 0: none; or set {PACE_VARIABLE})")
    parser.set_defaults(pace_default=default)


def pace_of(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> float:
    """The pause the flags ask for: --pace, else CARDROOM_PACE, else the command's default."""
    if getattr(args, "pace", None) is not None:
        return float(args.pace)
    raw = (os.environ if environ is None else environ).get(PACE_VARIABLE)
    if raw:
        try:
            return pace_seconds(raw)
        except argparse.ArgumentTypeError:
            pass  # a bad variable is ignored, as NO_COLOR's value is
    return float(getattr(args, "pace_default", 0.0))


class Pacer:
    """Pauses after the events of `game` worth following one at a time."""

    def __init__(self, game: str, seconds: float, me: int | None,
                 sleep: Callable[[float], Any] = time.sleep) -> None:
        self.events = frozenset(getattr(render.module(game), "PACED", ()))
        self.seconds = seconds
        self.me = me
        self.sleep = sleep

    def after(self, event: Mapping[str, Any]) -> float:
        """Pause after `event` (just shown) if it is one to pace; the seconds paused."""
        if self.seconds <= 0 or event.get("type") not in self.events:
            return 0.0
        if self.me is not None and event.get("seat") == self.me:
            return 0.0  # your own move needs no time to be read
        self.sleep(self.seconds)
        return self.seconds
