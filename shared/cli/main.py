"""`cardroom`: play, watch, replay and list matches, and solve Mix Match boards, at a terminal.

Every command talks to the services of `make run` on this machine unless flags or the
environment say otherwise (MATCH_ADDR, SOLVER_ADDR, BOT_ADDR, TLS_CA_FILE, ...).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.text import Text

from cardroom.shared.client.config import BOT_ADDR, MATCH_ADDR, SOLVER_ADDR
from cardroom.shared.errors import CardroomError, Unavailable

from . import lobby, play, quick, solve, watch
from .app import App, console_for

#: Exit statuses: a service refused or failed the call; the command line was wrong (argparse).
FAILED, USAGE, INTERRUPTED = 1, 2, 130


def common_flags() -> argparse.ArgumentParser:
    """Flags every command takes: where the services are, TLS, the deadline, colour."""
    common = argparse.ArgumentParser(add_help=False)
    group = common.add_argument_group("connection")
    group.add_argument("--match", dest="match_addr", metavar="HOST:PORT",
                       help=f"match service (env MATCH_ADDR, default {MATCH_ADDR})")
    group.add_argument("--solver", dest="solver_addr", metavar="HOST:PORT",
                       help=f"solver service (env SOLVER_ADDR, default {SOLVER_ADDR})")
    group.add_argument("--bot", dest="bot_addr", metavar="HOST:PORT",
                       help=f"bot service, for hints (env BOT_ADDR, default {BOT_ADDR})")
    group.add_argument("--tls", action="store_true",
                       help="use TLS trusting the system's roots (env CARDROOM_TLS=1)")
    group.add_argument("--ca-file", metavar="FILE", help="use TLS trusting this CA "
                       "(env TLS_CA_FILE)")
    group.add_argument("--cert-file", metavar="FILE", help="client certificate "
                       "(env TLS_CERT_FILE)")
    group.add_argument("--key-file", metavar="FILE", help="its key (env TLS_KEY_FILE)")
    group.add_argument("--timeout", type=float, metavar="SECONDS",
                       help="deadline of each call (env CARDROOM_TIMEOUT, default 10)")
    group.add_argument("--no-color", action="store_true", help="no colour (or set NO_COLOR)")
    return common


def parser() -> argparse.ArgumentParser:
    """The whole command line."""
    top = argparse.ArgumentParser(
        prog="cardroom", description="Play, watch, replay and list Cardroom matches, and "
        "solve Mix Match boards, at a terminal.",
        epilog="Run 'cardroom COMMAND --help' for a command's flags.")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    common = common_flags()
    play.add_parsers(commands, common)
    watch.add_parsers(commands, common)
    lobby.add_parsers(commands, common)
    solve.add_parsers(commands, common)
    quick.add_parsers(commands, common, play.play_session)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status."""
    args = parser().parse_args(argv)
    try:
        app = App.from_args(args)
        _ = app.config  # a bad flag or variable is a usage error, found before any call
    except CardroomError as exc:
        console_for(stderr=True).print(Text(f"cardroom: {exc.reason}", style="bold red"))
        return USAGE
    try:
        status: int = args.run(app, args)
        return status
    except Unavailable as exc:
        app.errors.print(Text(f"cardroom: a service cannot be reached ({exc.reason}). Is it "
                              "running? 'make run' starts them all; flags and MATCH_ADDR, "
                              "SOLVER_ADDR, BOT_ADDR point elsewhere.", style="bold red"))
        return FAILED
    except CardroomError as exc:
        app.errors.print(Text(f"cardroom: {exc.reason}", style="bold red"))
        return FAILED
    except KeyboardInterrupt:
        app.errors.print("interrupted")
        return INTERRUPTED
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(main())
