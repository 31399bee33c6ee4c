"""What every command gets: the terminal (a rich Console), the parsed flags and the services."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field

from rich.console import Console

from cardroom.shared.client import Cardroom, ClientConfig

from .safe import SafeConsole


def console_for(no_color: bool = False, stderr: bool = False) -> Console:
    """A console that draws colour and type styles on a terminal (unless told not to, or
    NO_COLOR is set: then plain text); it escapes every non-printing character a service
    sent (safe.py)."""
    plain = no_color or bool(os.environ.get("NO_COLOR"))
    # No colour system at all: rich's no_color alone still sends bold, dim and reverse.
    return SafeConsole(highlight=False, no_color=plain, stderr=stderr, soft_wrap=stderr,
                       file=sys.stderr if stderr else sys.stdout,
                       color_system=None if plain else "auto")


@dataclass
class App:
    """One run of the `cardroom` command."""

    args: argparse.Namespace
    console: Console
    errors: Console
    _room: Cardroom | None = field(default=None, init=False)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> App:
        """The app for parsed flags."""
        no_color = bool(getattr(args, "no_color", False))
        return cls(args, console_for(no_color), console_for(no_color, stderr=True))

    @property
    def config(self) -> ClientConfig:
        """Where the services are: flags first, then the environment, then make run's stack."""
        a = self.args
        return ClientConfig.from_env(
            match_addr=getattr(a, "match_addr", None), solver_addr=getattr(a, "solver_addr", None),
            bot_addr=getattr(a, "bot_addr", None), ca_file=getattr(a, "ca_file", None),
            cert_file=getattr(a, "cert_file", None), key_file=getattr(a, "key_file", None),
            timeout=getattr(a, "timeout", None), tls=True if getattr(a, "tls", False) else None)

    @property
    def room(self) -> Cardroom:
        """Clients of every service (channels open on first use)."""
        if self._room is None:
            self._room = Cardroom(self.config)
        return self._room

    def close(self) -> None:
        """Close the channels."""
        if self._room is not None:
            self._room.close()
            self._room = None
