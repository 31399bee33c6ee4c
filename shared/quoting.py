"""Quoting what a caller sent in error messages and logs: a short prefix, never all of it.

A message that repeated a 5,000-character option would outgrow the response metadata it
travels in, and a 900 KB option key would become a 900 KB log line."""

from __future__ import annotations

#: Characters of caller input a message quotes at most.
LIMIT = 64


def quote(value: object, limit: int = LIMIT) -> str:
    """`value`'s repr, cut to `limit` characters and an ellipsis when longer."""
    return clip(repr(value), limit)


def clip(text: str, limit: int = LIMIT) -> str:
    """`text` itself, cut to `limit` characters and an ellipsis when longer."""
    return text if len(text) <= limit else text[:limit] + "…"
