"""`cardroom matches` (the lobby) and `cardroom policies` (the bots there are)."""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.table import Table
from rich.text import Text

from cardroom.shared.client.types import MatchSummary, PolicyParam
from cardroom.shared.wire.enums import GAMES, STATUSES

from . import quick
from .app import App
from .values import positive

STATUS_STYLES = {"open": "bold green", "active": "bold yellow", "finished": "dim",
                 "abandoned": "dim red"}


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The matches and policies subcommands."""
    matches = commands.add_parser(
        "matches", aliases=["lobby"], parents=[common],
        help="the lobby: matches, newest first (also: cardroom lobby)",
        description="List matches by game and status, newest first.")
    matches.add_argument("--game", choices=sorted(GAMES.words), help="only this game's")
    matches.add_argument("--status", choices=STATUSES.words,
                         help="only matches in this state")
    matches.add_argument("--limit", type=positive, default=20,
                         help="at most this many (default 20)")
    matches.add_argument("--mine", action="store_true",
                         help="your matches (the player this app keeps for you)")
    matches.set_defaults(run=run_matches)
    policies = commands.add_parser(
        "policies", parents=[common], help="the bot policies (from the bot service)",
        description="List the bot policies the bot service offers, per game.")
    policies.add_argument("game", nargs="?", choices=sorted(GAMES.words), help="only this game's")
    policies.set_defaults(run=run_policies)


def seats_text(match: MatchSummary) -> Text:
    """The seats of a listed match: H human, B bot, . open."""
    text = Text()
    for seat in match.seats:
        if seat.kind == "open":
            text.append(".", style="green")
        elif seat.kind == "bot":
            text.append("B", style="cyan")
        else:
            text.append("H", style="dim strike" if seat.resigned else "bold")
    return text


def _age(created: float, now: float) -> str:
    seconds = max(0, int(now - created))
    if seconds < 120:
        return f"{seconds} s ago"
    if seconds < 7200:
        return f"{seconds // 60} min ago"
    return f"{seconds // 3600} h ago"


def run_matches(app: App, args: argparse.Namespace) -> int:
    """Print the lobby as a table (or, with --mine, the player's matches)."""
    if args.mine:
        return quick.run_mine(app, args)
    found = list(app.room.match.matches(args.game or "", args.status or "", args.limit))
    if not found:
        app.console.print("No matches.")
        return 0
    table = Table(box=None, header_style="bold dim", padding=(0, 1, 0, 0))
    # The id is copied into watch, replay and join: it is never cut, whatever the width.
    table.add_column("match", no_wrap=True, min_width=max(len(m.match_id) for m in found))
    for name in ("game", "status", "players", "seats", "open", "created"):
        table.add_column(name)
    now = time.time()
    for m in found:
        table.add_row(m.match_id, m.game, Text(m.status, style=STATUS_STYLES.get(m.status, "")),
                      str(m.players), seats_text(m), " ".join(str(s) for s in m.open_seats),
                      _age(m.created, now))
    app.console.print(table)
    app.console.print(Text("seats: H human, B bot, . open (take one: cardroom join MATCH)",
                           style="dim"))
    return 0


def _param(param: PolicyParam) -> str:
    """A parameter and, when it is short to say, its range."""
    if param.maximum - param.minimum <= 1000:
        return f"{param.name} {param.minimum:g}-{param.maximum:g}"
    return param.name


def run_policies(app: App, args: argparse.Namespace) -> int:
    """Print the bot policies as a table."""
    table = Table(box=None, header_style="bold dim", padding=(0, 2, 0, 0))
    for name in ("game", "policy", "cost", "parameters", "how it plays"):
        table.add_column(name)
    for policy in app.room.bot.policies(args.game or ""):
        params = ", ".join(_param(p) for p in policy.params)
        table.add_row(policy.game, Text(policy.name, style="bold"), policy.cost, params,
                      policy.description)
    app.console.print(table)
    return 0
