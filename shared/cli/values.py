"""Argument types of the command line: a bad value is a usage error naming the flag (exit
status 2), never a traceback from deeper down."""

from __future__ import annotations

import argparse

#: Seeds are unsigned 64-bit numbers on the wire.
MAX_SEED = 2**64 - 1


def seed(raw: str) -> int:
    """A deal's seed: a whole number from 0 to 2^64 - 1."""
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0 to {MAX_SEED}, not {raw!r}")
    return value


def positive(raw: str) -> int:
    """A count of at least 1."""
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of 1 or more, not {raw!r}")
    return value
