"""Pure conversions between the typed game messages of cardroom.v1 (livemix.proto,
vivo.proto, mixmatch.proto, the service events of match.proto) and the engines' plain dicts.

A typed message's fields carry the dict's keys as their names, so one walk over the
message descriptor converts either way: an unset `optional` field or message is None, an
IntList or StringList is a list (a list of them, a list of lists), a Timestamp or Duration
is seconds, an enum value is its name without the enum's prefix, lower-cased
(GAME_LIVEMIX is "livemix"). The few keys that differ from their field's name are in KEYS.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from shared.errors import InvalidArgument
from shared.proto.cardroom.v1 import livemix_pb2, mixmatch_pb2, vivo_pb2
from shared.proto.cardroom.v1 import match_pb2 as pb

TIMES = {"google.protobuf.Timestamp", "google.protobuf.Duration"}
LISTS = {"cardroom.v1.IntList", "cardroom.v1.StringList"}
#: Typed fields whose engine key is not the field's name.
KEYS = {"cardroom.v1.MixMatchOptions.hourglass": "hourglass_seconds",
        "cardroom.v1.MixMatchSeatView.hourglass": "hourglass_seconds"}

OPTIONS: dict[str, type[Message]] = {
    "livemix": livemix_pb2.LivemixOptions, "vivo": vivo_pb2.VivoOptions,
    "mixmatch": mixmatch_pb2.MixMatchOptions}
DEALS: dict[str, type[Message]] = {
    "livemix": livemix_pb2.LivemixDeal, "vivo": vivo_pb2.VivoDeal,
    "mixmatch": mixmatch_pb2.MixMatchDeal}
SEAT_VIEWS: dict[str, type[Message]] = {
    "livemix": livemix_pb2.LivemixSeatView, "vivo": vivo_pb2.VivoSeatView,
    "mixmatch": mixmatch_pb2.MixMatchSeatView}
EVENTS: dict[str, type[Message]] = {
    "livemix": livemix_pb2.LivemixEvent, "vivo": vivo_pb2.VivoEvent,
    "mixmatch": mixmatch_pb2.MixMatchEvent}
SERVICE_KINDS = frozenset(pb.ServiceEvent.DESCRIPTOR.fields_by_name)


# ---- the walk ------------------------------------------------------------------------


def fill(message: Message, data: Mapping[str, Any]) -> Message:
    """Set `message`'s fields from a dict (None and missing keys leave a field unset)."""
    for field in message.DESCRIPTOR.fields:
        value = data.get(KEYS.get(field.full_name, field.name))
        if value is not None:
            _put(message, field, value)
    return message


def read(message: Message) -> dict[str, Any]:
    """A typed message as the dict it was filled from (unset optional fields are None)."""
    return {KEYS.get(f.full_name, f.name): _get(message, f) for f in message.DESCRIPTOR.fields}


def _put(message: Message, field: Any, value: Any) -> None:
    target = getattr(message, field.name)
    kind = field.message_type
    if _is_map(field):
        inner = kind.fields_by_name["value"]
        for key, item in value.items():
            if inner.message_type is None:
                target[key] = item
            else:
                fill(target[key], item)
    elif field.label == FieldDescriptor.LABEL_REPEATED:
        for item in value:
            if kind is None:
                target.append(_enum_number(field, item))
            elif kind.full_name in LISTS:
                target.add().values.extend(item)
            else:
                fill(target.add(), item)
    elif kind is None:
        setattr(message, field.name, _enum_number(field, value))
    else:
        target.SetInParent()
        if kind.full_name in TIMES:
            set_seconds(target, value)
        elif kind.full_name in LISTS:
            target.values.extend(value)
        else:
            fill(target, value)


def _get(message: Message, field: Any) -> Any:
    value = getattr(message, field.name)
    kind = field.message_type
    if _is_map(field):
        inner = kind.fields_by_name["value"]
        return {k: v if inner.message_type is None else read(v) for k, v in value.items()}
    if field.label == FieldDescriptor.LABEL_REPEATED:
        if kind is None:
            return [_enum_name(field, v) for v in value]
        if kind.full_name in LISTS:
            return [list(v.values) for v in value]
        return [read(v) for v in value]
    if field.has_presence and not message.HasField(field.name):
        return None
    if kind is None:
        return _enum_name(field, value)
    if kind.full_name in TIMES:
        return value.seconds + value.nanos / 1e9
    if kind.full_name in LISTS:
        return list(value.values)
    return read(value)


def _is_map(field: Any) -> bool:
    kind = field.message_type
    return kind is not None and kind.GetOptions().map_entry


def _prefix(field: Any) -> str:
    return field.enum_type.values[0].name.removesuffix("UNSPECIFIED")


def _enum_number(field: Any, value: Any) -> Any:
    if field.enum_type is None:
        return value
    found = field.enum_type.values_by_name.get(_prefix(field) + str(value).upper())
    if found is None:
        raise ValueError(f"{value!r} is no value of {field.enum_type.full_name}")
    return found.number


def _enum_name(field: Any, value: Any) -> Any:
    if field.enum_type is None:
        return value
    found = field.enum_type.values_by_number.get(value)
    name = found.name if found is not None else str(value)
    return name.removeprefix(_prefix(field)).lower()


def set_seconds(target: Any, seconds: float) -> None:
    """Seconds (since the epoch, or a span) into a Timestamp or Duration, to the nanosecond."""
    whole = math.floor(seconds)
    nanos = round((seconds - whole) * 1e9)
    if nanos >= 1_000_000_000:
        whole, nanos = whole + 1, nanos - 1_000_000_000
    if whole < 0 < nanos and target.DESCRIPTOR.full_name == "google.protobuf.Duration":
        whole, nanos = whole + 1, nanos - 1_000_000_000  # a Duration's parts share a sign
    target.seconds, target.nanos = whole, nanos


def seconds(stamp: Any) -> float:
    """A Timestamp or Duration as seconds."""
    return float(stamp.seconds + stamp.nanos / 1e9)


# ---- options and deals -----------------------------------------------------------------


def options_message(game: str, options: Mapping[str, Any]) -> Message:
    """A game's options (the engine's to_dict) as its typed options message."""
    return fill(OPTIONS[game](), options)


def options_dict(message: Message) -> dict[str, Any]:
    """Typed options of a request as the engine's options: only what the request set."""
    return {k: v for k, v in read(message).items() if v is not None and v != []}


def deal_message(game: str, deal: Mapping[str, Any]) -> Message:
    """An explicit deal (the engine's JSON, either form) as its typed message; a Livemix
    or VIVO deal always in the rounds form, a round shuffled from the seed left empty."""
    if game == "mixmatch":
        return fill(DEALS[game](), deal)
    rounds = deal.get("rounds", [deal])
    return fill(DEALS[game](), {"rounds": [r or {} for r in rounds]})


def deal_dict(game: str, message: Message) -> dict[str, Any]:
    """A typed deal of a request as the engine's deal JSON."""
    data = read(message)
    if game == "mixmatch":
        return {k: v for k, v in data.items() if v}
    rounds: list[dict[str, Any] | None] = []
    for item in data["rounds"]:
        if not item["hands"]:
            rounds.append(None)
        elif game == "vivo":
            rounds.append({"hands": item["hands"], "harmonies": item["harmonies"]})
        else:
            rounds.append({k: v for k, v in item.items() if v})
    return {"rounds": rounds}


def option_field(typed: str, engine_key: str) -> str:
    """The typed field path of an engine option key (`mixmatch_options.hourglass`)."""
    game = typed.removesuffix("_options")
    for field in OPTIONS[game].DESCRIPTOR.fields:
        if KEYS.get(field.full_name, field.name) == engine_key:
            return f"{typed}.{field.name}"
    return f"{typed}.{engine_key}"


# ---- views and events ------------------------------------------------------------------


def seat_view(game: str, observation: Mapping[str, Any]) -> Message:
    """An engine observation as the game's typed seat view."""
    return fill(SEAT_VIEWS[game](), observation)


def event_detail(game: str, data: Mapping[str, Any]) -> tuple[str, Message] | None:
    """The typed detail of an event: which MatchEvent.detail field and its message
    (None for an event type no typed message knows)."""
    kind = str(data.get("type", ""))
    holder_name = "service" if kind in SERVICE_KINDS else game
    holder_type = pb.ServiceEvent if holder_name == "service" else EVENTS.get(game)
    if holder_type is None or kind not in holder_type.DESCRIPTOR.fields_by_name:
        return None
    holder = holder_type()
    body = {k: v for k, v in data.items() if k not in ("type", "to")}
    if kind == "abandoned" and not isinstance(body.get("by"), str):
        body = {"by": "seat", "seat": body.get("by")}
    inner = getattr(holder, kind)
    inner.SetInParent()
    fill(inner, body)
    return holder_name, holder


def event_dict(event: pb.MatchEvent) -> dict[str, Any]:
    """A MatchEvent's typed detail as the event's plain dict ("type" and "to" included)."""
    holder_name = event.WhichOneof("detail")
    if holder_name is None:
        raise InvalidArgument("the event has no typed detail", "detail")
    holder = getattr(event, holder_name)
    kind = holder.WhichOneof("kind")
    data: dict[str, Any] = {"type": kind, **read(getattr(holder, kind))}
    if kind == "abandoned" and data["by"] == "seat":
        data = {"type": kind, "by": data["seat"]}
    elif kind == "abandoned":
        del data["seat"]
    if event.HasField("to"):
        data["to"] = event.to
    return data
