"""Pure conversions between the typed game messages of cardroom.v1 (livemix.proto,
vivo.proto, mixmatch.proto, the service events of match.proto, a bot's evaluation in
bot.proto) and the engines' plain dicts, both ways: the match service writes them, the
client library, the terminal app and the bot service read them.

A typed message's fields carry the dict's keys as their names, so one walk over the
message descriptor converts either way: an unset `optional` field or message is None, an
IntList or StringList is a list (a list of them, a list of lists), a Timestamp or Duration
is seconds, an enum value is its name without the enum's prefix, lower-cased
(GAME_LIVEMIX is "livemix"; a VIVO harmony keeps its capitals, VIVO_HARMONY_SOLO is
"SOLO"). The few keys that differ from their field's name are in KEYS; the round numbers
an engine counts from 0 (Livemix) travel counted from 1, as every game's do (OFFSETS).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.proto.cardroom.v1 import bot_pb2, livemix_pb2, mixmatch_pb2, vivo_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

from .values import seconds, set_seconds

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
#: Enums whose words the engines write in capitals.
UPPER_ENUMS = frozenset({"cardroom.v1.VivoHarmony"})
#: Repeated fields the engine leaves out when empty (VIVO lists legal cards only to the
#: seat to play): read back as None when empty.
ABSENT_WHEN_EMPTY = frozenset({"cardroom.v1.VivoSeatView.legal_actions"})
#: Typed fields that carry the engine's number plus this (Livemix rounds, 0-based in the
#: engine, travel 1-based like VIVO's and Mix Match's).
OFFSETS = {f"cardroom.v1.{name}.round": 1 for name in (
    "LivemixSeatView", "LivemixRoundStart", "LivemixDealt", "LivemixCardPlayed",
    "LivemixRoundEnd")}


# ---- the walk ------------------------------------------------------------------------


class _Field(NamedTuple):
    """How one field converts, worked out once per message type."""

    name: str
    key: str  # the dict's key
    shape: str  # map, map_message, repeated, repeated_list, repeated_message, scalar,
    #             time, list or message
    presence: bool  # whether unset is told apart from the default (then None)
    enum: dict[Any, Any] | None  # an enum field's values: number -> text and text -> number
    offset: int  # added to the engine's number on the wire
    absent_when_empty: bool  # read back as None when empty


_PLANS: dict[str, tuple[_Field, ...]] = {}


def _plan(descriptor: Any) -> tuple[_Field, ...]:
    plan = _PLANS.get(descriptor.full_name)
    if plan is None:
        plan = _PLANS[descriptor.full_name] = tuple(_field(f) for f in descriptor.fields)
    return plan


def _field(field: Any) -> _Field:
    kind = field.message_type
    repeated = field.label == FieldDescriptor.LABEL_REPEATED
    if kind is not None and kind.GetOptions().map_entry:
        shape = "map" if kind.fields_by_name["value"].message_type is None else "map_message"
    elif kind is None:
        shape = "repeated" if repeated else "scalar"
    elif kind.full_name in LISTS:
        shape = "repeated_list" if repeated else "list"
    elif repeated:
        shape = "repeated_message"
    else:
        shape = "time" if kind.full_name in TIMES else "message"
    enum = None
    if field.enum_type is not None:
        # Values by their text: the name without the enum's prefix, lower-cased.
        prefix = field.enum_type.values[0].name.removesuffix("UNSPECIFIED")
        case = str.upper if field.enum_type.full_name in UPPER_ENUMS else str.lower
        names = {v.number: case(v.name.removeprefix(prefix)) for v in field.enum_type.values}
        enum = {**names, **{text: number for number, text in names.items()}}
    return _Field(field.name, KEYS.get(field.full_name, field.name), shape,
                  field.has_presence, enum, OFFSETS.get(field.full_name, 0),
                  field.full_name in ABSENT_WHEN_EMPTY)


def fill(message: Message, data: Mapping[str, Any]) -> Message:
    """Set `message`'s fields from a dict (None and missing keys leave a field unset)."""
    for field in _plan(message.DESCRIPTOR):
        value = data.get(field.key)
        if value is not None:
            _put(message, field, value)
    return message


def read(message: Message) -> dict[str, Any]:
    """A typed message as the dict it was filled from (unset optional fields are None)."""
    return {f.key: _get(message, f) for f in _plan(message.DESCRIPTOR)}


def _put(message: Message, field: _Field, value: Any) -> None:
    shape = field.shape
    if shape == "scalar":
        setattr(message, field.name, _number(field, value))
        return
    target = getattr(message, field.name)
    if shape == "repeated":
        target.extend([_number(field, v) for v in value])
    elif shape == "repeated_list":
        for item in value:
            target.add().values.extend(item)
    elif shape == "repeated_message":
        for item in value:
            fill(target.add(), item)
    elif shape == "map":
        target.update(value)
    elif shape == "map_message":
        for key, item in value.items():
            fill(target[key], item)
    else:
        target.SetInParent()
        if shape == "time":
            set_seconds(target, value)
        elif shape == "list":
            target.values.extend(value)
        else:
            fill(target, value)


def _get(message: Message, field: _Field) -> Any:
    shape = field.shape
    if field.presence and not message.HasField(field.name):
        return None
    value = getattr(message, field.name)
    if shape == "scalar":
        if field.enum is not None:
            return field.enum.get(value, value)
        return value - field.offset if field.offset else value
    if shape == "repeated":
        if not value and field.absent_when_empty:
            return None
        return list(value) if field.enum is None else [field.enum.get(v, v) for v in value]
    if shape == "repeated_list":
        return [list(v.values) for v in value]
    if shape == "repeated_message":
        return [read(v) for v in value]
    if shape == "map":
        return dict(value)
    if shape == "map_message":
        return {k: read(v) for k, v in value.items()}
    if shape == "time":
        return seconds(value)
    if shape == "list":
        return list(value.values)
    return read(value)


def _number(field: _Field, value: Any) -> Any:
    """A scalar as its field takes it: an enum's text as its number, a number offset."""
    if field.enum is None:
        return value + field.offset if field.offset else value
    found = field.enum.get(str(value)) or field.enum.get(str(value).lower())
    if not isinstance(found, int):
        raise ValueError(f"{value!r} is no value of the enum of {field.name}")
    return found


# ---- options and deals -----------------------------------------------------------------


def options_message(game: str, options: Mapping[str, Any]) -> Message:
    """A game's options (the engine's to_dict) as its typed options message."""
    return fill(OPTIONS[game](), options)


def set_options(holder: Message, game: str, options: Mapping[str, Any]) -> None:
    """Set a message's `typed_options` oneof to `game`'s options (the engine's to_dict)."""
    getattr(holder, f"{game}_options").CopyFrom(options_message(game, options))


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


def seat_view_dict(holder: Message) -> dict[str, Any] | None:
    """The engine observation a message's `seat_view` oneof carries (a MatchView, a
    TurnFrame, a SeatObservation); None when none is set."""
    which = holder.WhichOneof("seat_view")
    return None if which is None else read(getattr(holder, which))


def options_of(holder: Message) -> dict[str, Any]:
    """The game options a message's `typed_options` oneof carries, as the engine reads them
    (an unset option left out: the engine's default)."""
    which = holder.WhichOneof("typed_options")
    if which is None:
        return {}
    return {k: v for k, v in read(getattr(holder, which)).items() if v is not None}


def deal_of(game: str, holder: Message) -> dict[str, Any] | None:
    """The explicit deal a message's `typed_deal` oneof carries, as the engine reads it."""
    which = holder.WhichOneof("typed_deal")
    return None if which is None else deal_dict(game, getattr(holder, which))


def evaluation_message(evaluation: Mapping[str, Any]) -> bot_pb2.PolicyEvaluation:
    """A policy's evaluation (its JSON) as the typed message; a key the message has no
    field for is left out."""
    known = bot_pb2.PolicyEvaluation.DESCRIPTOR.fields_by_name
    message = bot_pb2.PolicyEvaluation()
    fill(message, {k: v for k, v in evaluation.items() if k in known})
    return message


def evaluation_dict(message: bot_pb2.PolicyEvaluation) -> dict[str, Any]:
    """A typed evaluation as the policy's JSON: only the fields it set."""
    return {field.name: dict(value) if field.message_type is not None else value
            for field, value in message.ListFields()}


def event_message(seq: int, data: Mapping[str, Any], game: str = "") -> pb.MatchEvent:
    """One event (the engine's or the service's dict) with its sequence number, typed as
    an event of `game` (or of the service)."""
    message = pb.MatchEvent(seq=seq, type=str(data.get("type", "")))
    if data.get("to") is not None:
        message.to = data["to"]
    detail = event_detail(game, data)
    if detail is not None:
        getattr(message, detail[0]).CopyFrom(detail[1])
    return message


def options_request(game: str, options: Mapping[str, Any]) -> Message:
    """Options a caller wrote as the engine's keys, as the game's typed options message;
    InvalidArgument for a key the game has no option for, or a value that does not fit."""
    message = OPTIONS[game]()
    known = {f.key for f in _plan(message.DESCRIPTOR)}
    for key in options:
        if key not in known:
            raise InvalidArgument(f"{game} has no option {key!r}", f"options.{key}")
    try:
        return fill(message, options)
    except (TypeError, ValueError) as error:
        raise InvalidArgument(f"bad options: {error}", "options") from None
