"""The terminal never writes a control character that came from a service: names, reasons,
moves and every other text it draws go through `printable`, which shows anything that is
not printing (C0 and C1 controls such as ESC and BEL, bidi overrides, zero-width and other
format characters, unassigned code points) as an escape (``\\x1b``, ``\\u202e``) instead.

SafeConsole applies it to every segment of text the console renders (rich itself writes
its styles as control segments, which pass), so no drawing path can forget it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: str) -> str:
    """`text` with every non-printing character but the line break escaped."""
    if text.isprintable():
        return text
    return "".join(c if c == "\n" or c.isprintable() else _escape(c) for c in text)


class SafeConsole(Console):
    """A rich Console whose text segments are made printable before they are written."""

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None
               ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control or segment.text.isprintable():
                yield segment
            else:
                yield Segment(printable(segment.text), segment.style, segment.control)
