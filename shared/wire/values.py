"""Protobuf's well-known types as plain values: Structs as dicts, Timestamps as seconds."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from google.protobuf import json_format, struct_pb2, timestamp_pb2

from cardroom.shared.errors import InvalidArgument


def to_plain(struct: struct_pb2.Struct, field: str = "") -> dict[str, Any]:
    """A Struct as a dict, whole numbers back to ints (Struct keeps every number a double).
    A Struct can carry NaN and infinities, which JSON cannot: InvalidArgument naming `field`."""
    try:
        return dict(_ints(json_format.MessageToDict(struct)))
    except ValueError:
        raise InvalidArgument(f"{field or 'a Struct'} holds NaN or an infinity, which is not "
                              f"a JSON number", field or None) from None


def _ints(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return int(value)
    if isinstance(value, dict):
        return {k: _ints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_ints(v) for v in value]
    return value


def to_struct(data: Mapping[str, Any]) -> struct_pb2.Struct:
    """A dict (JSON-able) as a Struct."""
    struct = struct_pb2.Struct()
    struct.update(dict(data))
    return struct


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
