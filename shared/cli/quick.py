"""The terminal app as a player: `cardroom play GAME --quick` (queue, then play the seat the
matchmaker gives), `cardroom matches --mine`, `cardroom resume [MATCH_ID]` and
`cardroom leaderboard GAME`, all with the guest credential the app keeps for you.

The credential is made once per match service address (PlayerService.CreateGuest) and kept
in the user's config folder ($XDG_CONFIG_HOME/cardroom/players.json, else
~/.config/cardroom/players.json), a file only its owner may read or write (mode 0600). It is
sent as the bearer credential of every call, to the match service too, which accepts it for
every seat its player holds, so no seat token is ever copied by hand.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2 as mm
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2_grpc, player_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb
from cardroom.shared.wire.enums import GAMES, STATUSES
from cardroom.shared.wire.errors import translated
from cardroom.shared.wire.tokens import bearer

from .app import App
from .pacing import DEFAULT_PACE_S, add_pace_flag, pace_of

#: Seconds `play --quick` waits for a table before it gives up (its ticket expires then).
QUICK_WAIT_S = 300.0


def credentials_file() -> Path:
    """Where the app keeps its guest credentials."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "cardroom" / "players.json"


def _stored() -> dict[str, Any]:
    try:
        return dict(json.loads(credentials_file().read_text()))
    except (OSError, ValueError):
        return {}


def _store(data: dict[str, Any]) -> None:
    path = credentials_file()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # Created with mode 0600 before anything is written: no moment where others may read.
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(data, out, indent=1)
    os.chmod(path.with_suffix(".tmp"), 0o600)
    os.replace(path.with_suffix(".tmp"), path)


class Guest:
    """The app's player at one match service: its stubs and its credential."""

    def __init__(self, app: App, name: str = "") -> None:
        channel = app.room.channel(app.config.match_addr)
        self.players: Any = player_pb2_grpc.PlayerServiceStub(channel)
        self.mm: Any = matchmaker_pb2_grpc.MatchmakerServiceStub(channel)
        self.timeout = app.config.timeout
        address = app.config.match_addr
        data = _stored()
        known = data.get(address)
        if not known:
            with translated():
                made = self.players.CreateGuest(pb.CreateGuestRequest(display_name=name),
                                                timeout=self.timeout)
            known = {"player_id": made.player.player_id, "credential": made.credential}
            data[address] = known
            _store(data)
        self.player_id: str = known["player_id"]
        self.credential: str = known["credential"]

    @property
    def md(self) -> list[tuple[str, str]]:
        """The call metadata carrying the credential."""
        return bearer(self.credential)


def add_parsers(commands: Any, common: argparse.ArgumentParser, play: Any) -> None:
    """The resume and leaderboard subcommands (play --quick and matches --mine are flags of
    play and matches); `play` plays a seat session at the terminal."""
    resume = commands.add_parser(
        "resume", parents=[common], help="come back to your match (the newest, or one named)",
        description="Play on in a match you hold a seat in, with the credential this app "
                    "keeps for you (no seat token).")
    resume.add_argument("match_id", nargs="?", metavar="MATCH_ID",
                        help="the match (default: your newest active one)")
    resume.add_argument("--hint-policy", metavar="POLICY", help="the policy asked for hints")
    add_pace_flag(resume, DEFAULT_PACE_S)
    resume.set_defaults(run=lambda app, args: run_resume(app, args, play))
    board = commands.add_parser(
        "leaderboard", parents=[common], help="a game's rated players, best first",
        description="The game's leaderboard (OpenSkill ratings); with --me, the page around "
                    "you.")
    board.add_argument("game", choices=sorted(GAMES.words), help="the game")
    board.add_argument("--me", action="store_true", help="the page around you")
    board.add_argument("--limit", type=int, default=20, help="entries (default 20)")
    board.set_defaults(run=run_leaderboard)


def run_quick(app: App, args: argparse.Namespace, play: Any) -> int:
    """Queue for a table of the game and play the seat the matchmaker gives."""
    guest = Guest(app, args.name)
    players = args.players or 0
    with translated():
        ticket = guest.mm.CreateTicket(mm.CreateTicketRequest(
            game=GAMES.number(args.game), min_players=players, max_players=players,
            bot_fill=mm.BotFill(after_seconds=args.bot_after, policy=args.bots or "random",
                                strength=args.strength) if args.bot_after else None,
            expire_seconds=QUICK_WAIT_S), metadata=guest.md, timeout=guest.timeout).ticket
        app.console.print(Text.assemble(("Queued ", "bold"), f"for {args.game} as ",
                                        (guest.player_id, "cyan"), " ..."))
        found = ticket
        for item in guest.mm.WatchTicket(mm.WatchTicketRequest(ticket_id=ticket.ticket_id),
                                         metadata=guest.md, timeout=QUICK_WAIT_S + 10):
            found = item.ticket
    if found.state != mm.TICKET_STATE_MATCHED:
        app.console.print("No table was found in time; try again (or --bot-after SECONDS).")
        return 1
    app.console.print(Text.assemble(("Match ", "bold"), (found.match_id, "bold cyan"),
                                    f": you are seat {found.seat}. "
                                    "(to come back: cardroom resume)"))
    session = app.room.match.seat(found.match_id, guest.credential)
    return int(play(app, session, args.hint_policy or "heuristic", 0, False, pace_of(args)))


def run_mine(app: App, args: argparse.Namespace) -> int:
    """Print the player's matches."""
    guest = Guest(app)
    with translated():
        found = guest.players.ListMyMatches(pb.ListMyMatchesRequest(page_size=args.limit),
                                            metadata=guest.md, timeout=guest.timeout)
    if not found.matches:
        app.console.print("No matches yet: cardroom play GAME --quick")
        return 0
    table = Table(box=None, header_style="bold dim", padding=(0, 1, 0, 0))
    for name in ("match", "game", "status", "seat"):
        table.add_column(name, no_wrap=name == "match")
    for item in found.matches:
        summary = item.match
        table.add_row(summary.match_id, GAMES[summary.game],
                      STATUSES[summary.status], str(item.seat))
    app.console.print(table)
    return 0


def run_resume(app: App, args: argparse.Namespace, play: Any) -> int:
    """Play on in the named match, or the newest active one."""
    guest = Guest(app)
    match_id = args.match_id
    with translated():
        if not match_id:
            found = guest.players.ListMyMatches(pb.ListMyMatchesRequest(
                scope=pb.MATCH_SCOPE_ACTIVE, page_size=1), metadata=guest.md,
                timeout=guest.timeout)
            if not found.matches:
                app.console.print("You hold no seat in an active match.")
                return 1
            match_id = found.matches[0].match.match_id
        resumed = guest.players.ResumeMatch(pb.ResumeMatchRequest(match_id=match_id),
                                            metadata=guest.md, timeout=guest.timeout)
    app.console.print(Text.assemble(("Back in match ", "bold"), (match_id, "bold cyan"),
                                    f", seat {resumed.seat}."))
    session = app.room.match.seat(match_id, guest.credential)
    cursor = session.view().event_seq
    return int(play(app, session, args.hint_policy or "heuristic", cursor, False,
                    pace_of(args)))


def run_leaderboard(app: App, args: argparse.Namespace) -> int:
    """Print a game's leaderboard."""
    channel = app.room.channel(app.config.match_addr)
    stub: Any = player_pb2_grpc.PlayerServiceStub(channel)
    around = Guest(app).player_id if args.me else ""
    with translated():
        board = stub.GetLeaderboard(pb.GetLeaderboardRequest(
            game=GAMES.number(args.game), page_size=args.limit, around_player_id=around),
            timeout=app.config.timeout)
    if not board.entries:
        app.console.print(f"No rated {args.game} players yet.")
        return 0
    table = Table(box=None, header_style="bold dim", padding=(0, 1, 0, 0))
    for name in ("rank", "player", "name", "rating", "mu", "sigma", "matches"):
        table.add_column(name)
    for e in board.entries:
        style = "bold" if e.player_id == around else ""
        table.add_row(str(e.rank), e.player_id, e.display_name, f"{e.rating.ordinal:.2f}",
                      f"{e.rating.mu:.2f}", f"{e.rating.sigma:.2f}", str(e.rating.matches),
                      style=style)
    app.console.print(table)
    app.console.print(Text(f"{board.total} rated players; rating = mu - 3 sigma", style="dim"))
    return 0
