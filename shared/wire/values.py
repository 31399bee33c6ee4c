"""Protobuf's well-known time types as plain values: Timestamps and Durations as seconds."""

from __future__ import annotations

import math
from typing import Any

from google.protobuf import timestamp_pb2


def set_seconds(target: Any, seconds: float) -> None:
    """Seconds (since the epoch, or a span) into a Timestamp or Duration, to the nanosecond."""
    whole = math.floor(seconds)
    nanos = round((seconds - whole) * 1e9)
    if nanos >= 1_000_000_000:
        whole, nanos = whole + 1, nanos - 1_000_000_000
    if whole < 0 < nanos and target.DESCRIPTOR.full_name == "google.protobuf.Duration":
        whole, nanos = whole + 1, nanos - 1_000_000_000  # a Duration's parts share a sign
    target.seconds, target.nanos = whole, nanos


def timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    """Seconds since the epoch as a Timestamp."""
    stamp = timestamp_pb2.Timestamp()
    set_seconds(stamp, seconds)
    return stamp


def seconds(stamp: Any) -> float:
    """A Timestamp or Duration as seconds."""
    return float(stamp.seconds + stamp.nanos / 1e9)
