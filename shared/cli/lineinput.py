"""The play prompt at a terminal: a line editor whose prompt stays live and can be called off.

A plain `input()` cannot do three things the play loop needs: redraw the prompt while it
waits (a clock or an hourglass counting down), print the other seats' moves above the line
being typed, and give up the line when the table changes under it (a new round, the match
over, a clock that ran out). So on a terminal the line is read key by key in cbreak mode;
keys typed before a prompt appears are thrown away, since they were meant for a table that
is gone. Without a terminal (moves piped in) lines are read as they come.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import select
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable, Iterator
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console, RenderableType

from .safe import printable

#: Seconds between two redraws of a live prompt.
REFRESH_S = 1.0
#: Escape sequences (arrow keys and the like) are not part of a move.
_ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?")
_ERASE = "\r\x1b[K"


def fitted(prompt: str, typed: str, width: int) -> str:
    """The prompt and the typed text as one line narrower than `width` cells, so a redraw
    (carriage return, erase line) always covers all of it: a wrapped line would leave its
    upper part behind at every redraw. What does not fit scrolls, as readline does: the
    typed text keeps its end (where the cursor is) behind a `<`, and a long prompt gives up
    its end first, down to half the line."""
    room = max(width - 1, 4)
    if cell_len(prompt) + cell_len(typed) <= room:
        return prompt + typed
    prompt_room = max(room - cell_len(typed), room // 2)
    if cell_len(prompt) > prompt_room:
        prompt = _cells_from_start(prompt, prompt_room - 1) + "…"
    typed_room = room - cell_len(prompt)
    if cell_len(typed) > typed_room:
        typed = "<" + _cells_from_end(typed, typed_room - 1)
    return prompt + typed


def _cells_from_start(text: str, cells: int) -> str:
    kept = ""
    for char in text:
        if cell_len(kept + char) > cells:
            break
        kept += char
    return kept


def _cells_from_end(text: str, cells: int) -> str:
    return _cells_from_start(text[::-1], cells)[::-1]


@contextlib.contextmanager
def _keys_one_by_one(fd: int) -> Iterator[None]:
    """The terminal in cbreak mode for the block (keys as typed, none echoed by the
    terminal; Ctrl-C still interrupts), its settings restored after."""
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd, termios.TCSANOW)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)


class Cancelled(Exception):
    """The line was called off by `LineReader.cancel`; `typed` is what had been typed."""

    def __init__(self, typed: str) -> None:
        super().__init__("the prompt was called off")
        self.typed = typed


class LineReader:
    """Reads one line at a time under a prompt; other threads may print above it or cancel it."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self.stdin = stdin or sys.stdin
        self.lock = threading.RLock()
        self.live = console.is_terminal and self.stdin.isatty()
        self._prompt: Callable[[], str] | None = None
        self._typed = ""
        self._cancel = False
        self._idle = False
        self._wake_r, self._wake_w = os.pipe() if self.live else (-1, -1)

    def read(self, prompt: Callable[[], str], typed: str = "",
             stale: Callable[[], bool] = lambda: False) -> str:
        """One line (EOFError on Ctrl-D, Cancelled when called off or already `stale`);
        `typed` starts it."""
        if not self.live:
            return self._read_plain(prompt())
        fd = self.stdin.fileno()
        termios.tcflush(fd, termios.TCIFLUSH)  # type-ahead was meant for an older table
        self._drain_wakeups()
        with self.lock:
            if stale():  # the table changed between its drawing and this prompt
                raise Cancelled(typed)
            self._prompt, self._typed, self._cancel = prompt, typed, False
            self._draw()
        try:
            with _keys_one_by_one(fd):
                return self._edit(fd, prompt)
        finally:
            with self.lock:
                self._prompt = None

    def idle(self, seconds: float) -> None:
        """Wait up to `seconds` (less once wake() is called) while no prompt is shown: keys
        typed meanwhile are read and dropped unechoed, and Ctrl-D raises EOFError, so the
        player may leave whether or not a prompt is up (Ctrl-C still interrupts)."""
        if not self.live:
            time.sleep(seconds)
            return
        fd = self.stdin.fileno()
        with self.lock:
            self._idle = True
        try:
            with _keys_one_by_one(fd):
                deadline = time.monotonic() + seconds
                while (left := deadline - time.monotonic()) > 0:
                    ready, _, _ = select.select([fd, self._wake_r], [], [], left)
                    if self._wake_r in ready:
                        self._drain_wakeups()
                        return
                    if fd in ready and "\x04" in os.read(fd, 1024).decode(errors="replace"):
                        self._write("\r\n")
                        raise EOFError
        finally:
            with self.lock:
                self._idle = False

    def wake(self) -> None:
        """End an idle() wait early (from another thread: news came); no-op otherwise."""
        with self.lock:
            if not (self._idle and self.live):
                return
        os.write(self._wake_w, b"x")

    def _read_plain(self, text: str) -> str:
        with self.lock:
            self._prompt = lambda: text
        try:
            return self.console.input(text, markup=False)
        finally:
            with self.lock:
                self._prompt = None

    def _edit(self, fd: int, prompt: Callable[[], str]) -> str:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        shown, next_draw = prompt(), time.monotonic() + REFRESH_S
        while True:
            ready, _, _ = select.select([fd, self._wake_r], [], [],
                                        max(0.0, next_draw - time.monotonic()))
            with self.lock:
                if self._cancel:
                    termios.tcflush(fd, termios.TCIFLUSH)
                    self._erase_line()
                    raise Cancelled(self._typed)
                if fd in ready:
                    line = self._keys(decoder.decode(os.read(fd, 1024)))
                    if line is not None:
                        return line
                    self._draw()
                if time.monotonic() >= next_draw:
                    next_draw = time.monotonic() + REFRESH_S
                    if prompt() != shown:
                        shown = prompt()
                        self._draw()

    def _keys(self, chars: str) -> str | None:
        """Apply typed keys to the line; the line once Enter is pressed."""
        for char in _ESCAPES.sub("", chars):
            if char in "\r\n":
                self._write("\r\n")
                return self._typed
            if char == "\x04":
                if not self._typed:
                    self._write("\r\n")
                    raise EOFError
            elif char in "\x7f\x08":
                self._typed = self._typed[:-1]
            elif char == "\x15":  # Ctrl-U
                self._typed = ""
            elif char.isprintable():
                self._typed += char
        return None

    def cancel(self) -> None:
        """Call off the line being read (from another thread); no-op when none is."""
        with self.lock:
            if self._prompt is None or not self.live:
                return
            self._cancel = True
        os.write(self._wake_w, b"x")

    def show(self, line: RenderableType) -> None:
        """Print `line` above the prompt (if one is shown) and draw the prompt again."""
        with self.lock:
            if self._prompt is None:
                self.console.print(line)
            elif self.live:
                self._erase_line()
                self.console.print(line)
                self._draw()
            else:
                self.console.print()  # below the prompt and whatever is being typed
                self.console.print(line)
                self.console.print(self._prompt(), end="", markup=False)

    @property
    def prompting(self) -> bool:
        """Whether a prompt is shown now."""
        return self._prompt is not None

    def _draw(self) -> None:
        if self._prompt is not None:
            self._write(_ERASE + fitted(printable(self._prompt()), printable(self._typed),
                                        self.console.width))

    def _erase_line(self) -> None:
        self._write(_ERASE)

    def _write(self, text: str) -> None:
        self.console.file.write(text)  # the prompt's own control codes; its text: _draw
        self.console.file.flush()

    def _drain_wakeups(self) -> None:
        while select.select([self._wake_r], [], [], 0)[0]:
            os.read(self._wake_r, 1024)

    def close(self) -> None:
        """Release the wake-up pipe."""
        if self._wake_r >= 0:
            os.close(self._wake_r)
            os.close(self._wake_w)
            self._wake_r = self._wake_w = -1
