"""Pure conversions between cardroom.v1 match messages and the domain layer's plain values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.shared.errors import InvalidArgument, InvalidDeal
from cardroom.shared.games.mixmatch.notation import claim_action
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import (
    CLOCK_EXPIRIES,
    DEADLINE_KINDS,
    DEALT_BY,
    END_REASONS,
    GAMES,
    SEAT_KINDS,
    STATUSES,
)
from cardroom.shared.wire.values import set_seconds, timestamp

from .model import ClockSpec, SeatSpec


def game_name(game: int, field: str = "game") -> str:
    """The engine name of a Game enum value."""
    return GAMES.read(game, field)


def create_args(request: pb.CreateMatchRequest) -> dict[str, Any]:
    """CreateMatch's request as keyword arguments of MatchService.create_match."""
    clock = None
    if request.HasField("clock"):
        on_timeout = CLOCK_EXPIRIES.word(request.clock.on_expiry, "bot")
        clock = ClockSpec(request.clock.seconds, on_timeout, request.clock.policy)
    game = game_name(request.game)
    return {
        "game": game, "players": request.players,
        "seats": [SeatSpec(SEAT_KINDS.get(s.kind, "?"), s.name, s.policy, s.strength)
                  for s in request.seats],
        "options": _options(request, game), "clock": clock,
        "seed": request.seed if request.WhichOneof("setup") == "seed" else None,
        "deal": _deal(request, game), "private": request.private,
    }


def _options(request: pb.CreateMatchRequest, game: str) -> dict[str, Any]:
    """The request's typed options as the engine reads them (none: the defaults)."""
    which = request.WhichOneof("typed_options")
    if which is None:
        return {}
    if which != f"{game}_options":
        raise InvalidArgument(f"{which} do not fit the game {game}", which)
    return typed.options_dict(getattr(request, which))


def _deal(request: pb.CreateMatchRequest, game: str) -> dict[str, Any] | None:
    """The request's explicit typed deal, as the engine reads it."""
    setup = request.WhichOneof("setup")
    if setup is None or setup == "seed":
        return None
    if setup != f"{game}_deal":
        raise InvalidArgument(f"{setup} does not fit the game {game}", setup)
    return typed.deal_dict(game, getattr(request, setup))


def create_field(request: pb.CreateMatchRequest, error: InvalidArgument) -> str | None:
    """Where in the request a refused CreateMatch wrote what was wrong, as sent: an
    option's error names the typed field when the options came typed
    (`livemix_options.removed_colour`), a deal's error the typed deal."""
    field = error.field
    options = request.WhichOneof("typed_options")
    setup = request.WhichOneof("setup") or ""
    if options and field == "options":
        return options
    if options and field and field.startswith("options."):
        return typed.option_field(options, field.removeprefix("options."))
    if options and field == "players" and not request.players:
        return f"{options}.players"  # the player count came with the typed options
    if (setup == "deal" or setup.endswith("_deal")) and isinstance(error, InvalidDeal):
        # The engine names a path within the deal ("rounds[1].hands[3]"; "deal": all of it).
        inner = "" if field in (None, "deal") else field
        return f"{setup}.{inner}" if inner else setup
    return field


def move_action(request: pb.SubmitMoveRequest) -> tuple[str | None, str]:
    """The game a typed move is for (None for plain text) and its canonical action text."""
    kind = request.WhichOneof("move")
    if kind is None:
        raise InvalidArgument("a move is required", "move")
    if kind == "action":
        return None, request.action
    if kind == "livemix":
        return "livemix", request.livemix.card
    if kind == "vivo":
        return "vivo", request.vivo.card
    return "mixmatch", _mixmatch_action(request.mixmatch)


def move_field(request: pb.SubmitMoveRequest) -> str:
    """Where in the request its move was written, as a BadRequest field path."""
    kind = request.WhichOneof("move")
    if kind in ("livemix", "vivo"):
        return f"{kind}.card"
    if kind == "mixmatch":
        return f"mixmatch.{request.mixmatch.WhichOneof('action') or 'action'}"
    return kind or "move"


def _mixmatch_action(move: pb.MixMatchMove) -> str:
    kind = move.WhichOneof("action")
    if kind == "claim":
        return claim_action(move.claim, move.round if move.round > 0 else None)
    if kind == "pick":
        return f"pick {move.pick}"
    if kind in ("pass", "timeout"):
        return kind
    raise InvalidArgument("a Mix Match move needs claim, pick, pass or timeout", "move.mixmatch")


def optional_int(message: Any, field: str) -> int | None:
    """The value of an `optional` int field, None when unset."""
    return int(getattr(message, field)) if message.HasField(field) else None


def event(seq: int, data: Mapping[str, Any], game: str = "") -> pb.MatchEvent:
    """One event with its sequence number, typed as an event of `game` (or the service)."""
    return typed.event_message(seq, data, game)


def events(items: Sequence[tuple[int, Mapping[str, Any]]], game: str = ""
           ) -> list[pb.MatchEvent]:
    """Numbered events of a match of `game` as messages."""
    return [event(seq, data, game) for seq, data in items]


def seat(info: Mapping[str, Any]) -> pb.Seat:
    """A public seat as a message."""
    return pb.Seat(kind=SEAT_KINDS.number(info["kind"]), name=info["name"], policy=info["policy"],
                   strength=info["strength"], resigned=info["resigned"])


def result(data: Mapping[str, Any] | None) -> pb.MatchResult | None:
    """A match result as a message (None while the match runs)."""
    if data is None:
        return None
    return pb.MatchResult(reason=END_REASONS.number(data["reason"]), scores=data["scores"],
                          winners=data["winners"])


def view(data: Mapping[str, Any]) -> pb.MatchView:
    """A view (MatchService.get_view) as a message."""
    message = pb.MatchView(
        match_id=data["match_id"], game=GAMES.number(data["game"]),
        status=STATUSES.number(data["status"]), version=data["version"], players=data["players"],
        seats=[seat(s) for s in data["seats"]], acting_seats=data["acting_seats"],
        may_act=data["may_act"], legal_moves=data["legal_moves"], scores=data["scores"],
        round_scores=[pb.RoundScores(scores=r) for r in data["round_scores"]],
        deadline_kind=DEADLINE_KINDS.numbers.get(data["deadline_kind"],
                                                   pb.DEADLINE_KIND_UNSPECIFIED),
        event_seq=data["event_seq"], result=result(data["result"]),
        dealt_by=DEALT_BY.numbers.get(data.get("dealt_by", ""), pb.DEALT_BY_UNSPECIFIED),
        seed_commitment=data.get("seed_commitment", ""))
    if data["seat"] is not None:
        message.seat = data["seat"]
    if data["deadline"] is not None:
        message.deadline.CopyFrom(timestamp(data["deadline"]))
    game = data["game"]
    typed.set_options(message, game, data["options"])
    getattr(message, game).CopyFrom(typed.seat_view(game, data["observation"]))
    return message


def turn(data: Mapping[str, Any]) -> pb.TurnFrame:
    """A turn frame (views.turn) as a message."""
    message = pb.TurnFrame(
        version=data["version"], event_seq=data["event_seq"],
        status=STATUSES.number(data["status"]), acting_seats=data["acting_seats"],
        may_act=data["may_act"], legal_moves=data["legal_moves"], scores=data["scores"],
        deadline_kind=DEADLINE_KINDS.numbers.get(data["deadline_kind"],
                                                   pb.DEADLINE_KIND_UNSPECIFIED),
        result=result(data["result"]))
    if data["seat"] is not None:
        message.seat = data["seat"]
    if data["deadline"] is not None:
        message.deadline.CopyFrom(timestamp(data["deadline"]))
    game = data["game"]
    getattr(message, game).CopyFrom(typed.seat_view(game, data["observation"]))
    return message


def summary(data: Mapping[str, Any]) -> pb.MatchSummary:
    """A listing entry as a message."""
    return pb.MatchSummary(
        match_id=data["match_id"], game=GAMES.number(data["game"]),
        status=STATUSES.number(data["status"]), players=data["players"], version=data["version"],
        seats=[seat(s) for s in data["seats"]], open_seats=data["open_seats"],
        create_time=timestamp(data["created"]), private=data["private"],
        dealt_by=DEALT_BY.numbers.get(data.get("dealt_by", ""), pb.DEALT_BY_UNSPECIFIED))


def replay(data: Mapping[str, Any]) -> pb.GetReplayResponse:
    """A replay (MatchService.get_replay) as a message."""
    message = pb.GetReplayResponse(
        match_id=data["match_id"], game=GAMES.number(data["game"]),
        status=STATUSES.number(data["status"]), start_time=data["start"] or 0.0,
        events=events(data["events"], data["game"]),
        scores=data["scores"],
        round_scores=[pb.RoundScores(scores=r) for r in data["round_scores"]],
        result=result(data["result"]), seats=[seat(s) for s in data["seats"]],
        seed_salt=data.get("seed_salt", ""), seed_commitment=data.get("seed_commitment", ""))
    for item in data["actions"]:
        action = message.actions.add(action=item["action"], time=item["now"])
        set_seconds(action.timestamp, item["now"])
        if item["seat"] is not None:
            action.seat = item["seat"]
    if data["seed"] is not None:
        message.seed = data["seed"]
    game = data["game"]
    if data["start"] is not None:
        set_seconds(message.start, data["start"])
    typed.set_options(message, game, data["options"])
    if data["deal"] is not None:
        getattr(message, f"{game}_deal").CopyFrom(typed.deal_message(game, data["deal"]))
    return message


def replay_actions(message: pb.GetReplayResponse) -> list[tuple[int | None, str, float]]:
    """A replay's actions as (seat, action, now) triples for registry.replay."""
    return [(a.seat if a.HasField("seat") else None, a.action, a.time) for a in message.actions]
