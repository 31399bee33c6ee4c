"""`cardroom play` (a new match against bots) and `cardroom join` (an open seat, or your own)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.text import Text

from cardroom.shared.bots import list_policies
from cardroom.shared.client import SeatSession, bot, human, open_seat
from cardroom.shared.errors import InvalidArgument, NotFound
from cardroom.shared.wire.enums import GAMES

from . import quick, values
from .app import App
from .pacing import DEFAULT_PACE_S, add_pace_flag, pace_of
from .player import Player, hint_text
from .safe import printable

#: The policy of bot seats when --bots is not given: a fair opponent that answers at once.
DEFAULT_POLICIES = {"livemix": "heuristic", "vivo": "heuristic", "mixmatch": "solver"}
#: The policy hints come from when nothing else names one (every game has it).
FALLBACK_POLICY = "random"
DEFAULT_PLAYERS = {"livemix": 4, "vivo": 4, "mixmatch": 2}


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The play and join subcommands."""
    play = commands.add_parser(
        "play", parents=[common], help="play a new match at this terminal against bots",
        description="Create a match with you in seat 0 and bots in the other seats, then "
                    "play it here. Type h at the prompt for help.")
    play.add_argument("game", choices=sorted(GAMES.words), help="the game")
    play.add_argument("--players", "-n", type=int,
                      help="seats at the table, you included (default: livemix 4, vivo 4, "
                           "mixmatch 2)")
    play.add_argument("--name", default="", help="your name at the table")
    play.add_argument("--quick", action="store_true",
                      help="queue for a table of players near your rating (matchmaking) "
                           "instead of playing bots")
    play.add_argument("--bot-after", type=float, default=0.0, metavar="SECONDS",
                      help="with --quick: fill the table with bots after this long")
    _match_flags(play)
    _hint_flag(play)
    add_pace_flag(play, DEFAULT_PACE_S)
    play.set_defaults(run=run_play)
    join = commands.add_parser(
        "join", parents=[common], help="take an open seat of a match (or come back to yours)",
        description="Claim an open seat of a match waiting for players and play it here; "
                    "with --token, come back to a seat you already hold.")
    join.add_argument("match_id", metavar="MATCH_ID")
    join.add_argument("--seat", type=int, help="the open seat to take (default: the first)")
    join.add_argument("--token", help="your seat's token (to come back to your seat)")
    join.add_argument("--name", default="", help="your name at the table")
    _hint_flag(join)
    add_pace_flag(join, DEFAULT_PACE_S)
    join.set_defaults(run=run_join)
    create = commands.add_parser(
        "create", parents=[common], help="create a match with open seats for others to join",
        description="Create a match whose first seats are open (anyone may take one with "
                    "'cardroom join MATCH_ID') and whose last --bot-seats seats are bots; "
                    "print its id. With every seat a bot, it is a match to watch.")
    create.add_argument("game", choices=sorted(GAMES.words), help="the game")
    create.add_argument("--players", "-n", type=int,
                        help="seats at the table (default: livemix 4, vivo 4, mixmatch 2)")
    create.add_argument("--bot-seats", type=int, default=0, metavar="N",
                        help="how many of the seats bots play (default 0: all open)")
    create.add_argument("--id-only", action="store_true",
                        help="print only the match id (for scripts: MATCH=$(cardroom create ...))")
    _match_flags(create)
    create.set_defaults(run=run_create)


def _match_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of a new match: its bots, deal, clocks and options."""
    parser.add_argument("--bots", metavar="POLICY",
                        help="the bots' policy (default: heuristic, solver for mixmatch; see "
                             "cardroom policies)")
    parser.add_argument("--strength", type=int, default=0,
                        help="the bots' strength (0: default)")
    parser.add_argument("--seed", type=values.seed,
                        help="deal from this seed (the same seed, the same cards; 0 to 2^64-1)")
    parser.add_argument("--hourglass", type=float, metavar="SECONDS",
                        help="Mix Match: seconds per hourglass (0: none, call time yourself)")
    parser.add_argument("--clock", type=float, metavar="SECONDS",
                        help="seconds a human seat has per move (a bot moves for it when "
                             "they run out)")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (JSON value), e.g. -o faster=true; repeatable")


def _hint_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hint-policy", metavar="POLICY",
                        help="the policy asked for hints (default: the bots' policy)")


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The game options of the flags: --hourglass and every --option KEY=VALUE."""
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise InvalidArgument(f"--option takes KEY=VALUE, not {item!r}", "option")
        try:
            options[key.strip()] = json.loads(raw)
        except ValueError:
            options[key.strip()] = raw  # a bare word is a string
    if args.hourglass is not None:
        if args.game != "mixmatch":
            raise InvalidArgument("--hourglass is a Mix Match option", "hourglass")
        options["hourglass_seconds"] = args.hourglass
    return options


def check_policy(game: str, policy: str) -> None:
    """NotFound unless `policy` is a bot policy of `game` (the match service takes any name,
    and bots with a policy no worker knows would never move)."""
    known = [p.name for p in list_policies(game)]
    if policy not in known:
        raise NotFound(f"no bot policy {policy!r} for {game}; known: {', '.join(known)}",
                       "policy", policy)


def run_play(app: App, args: argparse.Namespace) -> int:
    """Create the match and play it (with --quick: queue, then play the seat given)."""
    if args.quick:
        return quick.run_quick(app, args, play_session)
    players = args.players or DEFAULT_PLAYERS[args.game]
    if players < 2:
        # The match service ends a match left with one player in it at once.
        raise InvalidArgument("--players: a match needs 2 seats or more (you and a bot at "
                              "least)", "players")
    policy = args.bots or DEFAULT_POLICIES[args.game]
    check_policy(args.game, policy)
    seats = [human(args.name)] + [bot(policy, args.strength) for _ in range(players - 1)]
    created = app.room.match.create(args.game, players, seats, options=options_of(args),
                                     seed=args.seed, clock=args.clock)
    token = created.tokens[0]
    app.console.print(Text.assemble(("Match ", "bold"), (created.match_id, "bold cyan"),
                                    f": you are seat 0 against {players - 1} "
                                    f"{policy} bot(s)."))
    app.console.print(Text(f"(to come back: cardroom join {created.match_id} --token {token})",
                           style="dim"))
    session = app.room.match.seat(created.match_id, token)
    return _play(app, session, args.hint_policy or policy, cursor=0,
                 clock=args.clock is not None, pace=pace_of(args))


def run_create(app: App, args: argparse.Namespace) -> int:
    """Create a match with open seats (and bots in the last ones); print how to join it."""
    players = args.players or DEFAULT_PLAYERS[args.game]
    if not 0 <= args.bot_seats <= players:
        raise InvalidArgument(f"--bot-seats must be 0 to {players}", "bot_seats")
    policy = args.bots or DEFAULT_POLICIES[args.game]
    if args.bot_seats:
        check_policy(args.game, policy)
    seats = ([open_seat() for _ in range(players - args.bot_seats)]
             + [bot(policy, args.strength) for _ in range(args.bot_seats)])
    created = app.room.match.create(args.game, players, seats, options=options_of(args),
                                     seed=args.seed, clock=args.clock)
    if args.id_only:
        print(printable(created.match_id))
        return 0
    app.console.print(Text.assemble(("Match ", "bold"), (created.match_id, "bold cyan"),
                                    f": {args.game}, {players} seats, "
                                    f"{players - args.bot_seats} open."))
    if args.bot_seats < players:
        app.console.print(f"Take a seat: cardroom join {created.match_id}", markup=False)
    app.console.print(f"Follow it: cardroom watch {created.match_id}", markup=False)
    if args.seed is not None:
        app.console.print("It is private: a match dealt from a chosen seed stays out of the "
                          "lobby (whoever chose the seed could know every hand), so share "
                          "its id with the players yourself.", markup=False)
    return 0


def run_join(app: App, args: argparse.Namespace) -> int:
    """Take the seat and play it."""
    token, cursor = args.token, 0
    if token is None:
        joined = app.room.match.join(args.match_id, args.seat, args.name)
        token = joined.token
        app.console.print(Text.assemble(("Seat ", "bold"), str(joined.seat), " of match ",
                                        (args.match_id, "bold cyan"), " is yours."))
        app.console.print(Text(f"(to come back: cardroom join {args.match_id} --token {token})",
                               style="dim"))
    session = app.room.match.seat(args.match_id, token)
    if args.token is not None:
        cursor = session.view().event_seq  # coming back: only what happens from now on
    view = session.view()
    policy = args.hint_policy or next((s.policy for s in view.seats if s.kind == "bot"),
                                      FALLBACK_POLICY)
    return _play(app, session, policy, cursor, clock=view.deadline_kind == "move_clock",
                 pace=pace_of(args))


def play_session(app: App, session: SeatSession, policy: str, cursor: int, clock: bool,
                 pace: float = DEFAULT_PACE_S) -> int:
    """Play a seat the player's credential holds at the terminal (hints from `policy`) from
    event `cursor`, pausing `pace` seconds after each move of another seat."""
    return _play(app, session, policy, cursor, clock, pace,
                 come_back=f"cardroom resume {session.match_id}")


def _play(app: App, session: SeatSession, policy: str, cursor: int, clock: bool,
          pace: float, come_back: str = "") -> int:
    def hint() -> str:
        return hint_text(
            lambda: app.room.bot.hint(session.match_id, session.token, policy).action,
            policy, app.config.bot_addr)

    if not app.console.is_terminal:
        app.console.print("(not a terminal: reading moves from standard input)")
    come_back = come_back or f"cardroom join {session.match_id} --token {session.token}"
    return Player(app.console, session, hint, clock=clock, pace=pace,
                  come_back=come_back).run(cursor)
