"""The lobby's messages: a listing entry with its typed options and clock (MatchSummary), and
one WatchLobby item (WatchLobbyResponse)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import CLOCK_EXPIRIES, EnumTable

from . import mapping

#: A lobby change's kind: listed, current, opened, seat_taken, started, gone.
LOBBY_CHANGES = EnumTable(pb.LobbyChangeKind)


def summary(data: Mapping[str, Any]) -> pb.MatchSummary:
    """A lobby summary (lobbyfeed.summary) as a message: the listing entry, the typed
    options in force and the per-move clock."""
    message = mapping.summary(data)
    game = data["game"]
    if data.get("options") is not None:
        typed.set_options(message, game, data["options"])
    clock = data.get("clock")
    if clock:
        message.clock.CopyFrom(pb.MoveClock(
            seconds=clock["seconds"], on_expiry=CLOCK_EXPIRIES.number(clock["on_timeout"]),
            policy=clock.get("policy", "")))
    return message


def change(kind: str, cursor: str, match_id: str, entry: Mapping[str, Any] | None
           ) -> pb.WatchLobbyResponse:
    """One item of a WatchLobby stream."""
    message = pb.WatchLobbyResponse(kind=LOBBY_CHANGES.number(kind), cursor=cursor,
                                    match_id=match_id)
    if entry is not None:
        message.match.CopyFrom(summary(entry))
    return message
