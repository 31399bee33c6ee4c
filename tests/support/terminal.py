"""`cardroom` on a pseudo-terminal, for the tests of the terminal app: keys typed, the
screen read."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from typing import ClassVar

import pexpect
import pytest
from pexpect import fdpexpect

from support.client_stack import Stack

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: Any colour codes between two characters.
SGR = r"(?:\x1b\[[0-9;]*m)*"
MOVE_PROMPT = "Your move (number or card, ? hint, h help): "
CLAIM_PROMPT = "Your claim (expression, t time, Enter redraw, ? hint, h help): "
GAME_OVER = r"Game over[^\r\n]*"
#: "Match <id>", the id drawn in its own colour.
MATCH_ID = r"Match (?:\x1b\[[0-9;]*m)*([0-9a-f]{28})"


class Terminal:
    """`cardroom ARGS` on a pseudo-terminal of 50 rows and `columns` columns (120).

    The program is started with subprocess (not a bare fork, which the gRPC threads of the
    test's own servers do not survive) on the terminal side of a pty; the test reads and
    types on the other side."""

    running: ClassVar[list[Terminal]] = []

    def __init__(self, stack: Stack, *args: str, columns: int = 120, pace: float = 0.0
                 ) -> None:
        # COLUMNS and LINES would win over the terminal's size (a test runner may set them).
        # Bots' moves are shown without a pause unless a test asks for one (`pace`).
        env = {**stack.env(), "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "COLUMNS": str(columns), "LINES": "50", "CARDROOM_PACE": str(pace)}
        main, side = pty.openpty()
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
        self.process = subprocess.Popen([sys.executable, "-m", "cardroom.shared.cli", *args],
                                        stdin=side, stdout=side, stderr=side, env=env,
                                        start_new_session=True)
        os.close(side)
        self.child = fdpexpect.fdspawn(main, encoding="utf-8", timeout=30)
        self.screen = ""  # everything shown so far, colour codes kept
        Terminal.running.append(self)

    def expect(self, patterns: list[str] | str, timeout: float = 30) -> int:
        """Wait for one of `patterns` (regular expressions); its index."""
        try:
            index = self.child.expect(list(patterns) if isinstance(patterns, list)
                                      else patterns, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF) as stop:
            ended = "the program ended" if isinstance(stop, pexpect.EOF) else "time ran out"
            shown = ANSI.sub("", self.screen + str(self.child.before))[-3000:]
            raise AssertionError(f"waited for {patterns!r}, {ended}; the screen ends with:\n"
                                 f"{shown}") from None
        self.screen += str(self.child.before) + str(self.child.after)
        return int(index)

    def expect_shown(self, text: str, timeout: float = 30) -> None:
        """Wait for `text` as it reads on screen, whatever colours it is drawn in."""
        self.expect(SGR.join(re.escape(c) for c in text), timeout)

    def expect_exact(self, text: str, timeout: float = 30) -> None:
        """Wait for `text` (plain, no colour codes inside)."""
        self.expect(re.escape(text), timeout)

    def group(self, number: int) -> str:
        """A group of the latest regular-expression match."""
        found = self.child.match
        assert isinstance(found, re.Match)
        return str(found.group(number))

    def last(self) -> str:
        """The text printed before the latest match, without colour codes."""
        return ANSI.sub("", str(self.child.before))

    def send(self, line: str) -> None:
        """Type a line and Enter."""
        self.child.sendline(line)

    def send_eof(self) -> None:
        """Type Ctrl-D."""
        self.child.send("\x04")

    def close(self) -> int:
        """Wait for the program to end; its exit status."""
        self.child.expect(pexpect.EOF, timeout=30)
        self.screen += str(self.child.before)
        code = self.process.wait(30)
        self.child.close()
        Terminal.running.remove(self)
        return code

    def kill(self) -> None:
        """End the program if it still runs (a failed test's)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(30)
        if self.child.child_fd != -1:
            self.child.close()

    @property
    def text(self) -> str:
        """The whole screen so far without colour codes."""
        return ANSI.sub("", self.screen)


@pytest.fixture(autouse=True)
def reap_terminals() -> Iterator[None]:
    """Programs a failed test left running are ended."""
    yield
    while Terminal.running:
        Terminal.running.pop().kill()


