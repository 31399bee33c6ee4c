"""The bot service from Python: a policy's suggested move (a hint) and the policies there are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import grpc

from cardroom.shared.proto.cardroom.v1 import bot_pb2, bot_pb2_grpc
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.errors import translated
from cardroom.shared.wire.tokens import bearer

from .types import JSON, Hint, PolicyInfo


class BotClient:
    """Typed calls of cardroom.v1.BotService over one channel."""

    def __init__(self, channel: grpc.Channel, timeout: float = 10.0) -> None:
        self.stub = bot_pb2_grpc.BotServiceStub(channel)
        self.timeout = timeout

    def hint(self, match_id: str, token: str, policy: str, *,
             params: Mapping[str, float] | None = None, seed: int = 0,
             timeout: float | None = None) -> Hint:
        """The move `policy` would make now for the seat of `token` in a hosted match."""
        request = bot_pb2.SuggestMoveRequest(match_id=match_id, policy=policy,
                                             params=dict(params or {}), seed=seed)
        return self._suggest(request, bearer(token), timeout)

    def suggest(self, game: str, view: JSON, events: Sequence[JSON], policy: str, *,
                params: Mapping[str, float] | None = None, seed: int = 0,
                timeout: float | None = None) -> Hint:
        """The move `policy` would make from a seat's raw observation and the events it saw."""
        observation = bot_pb2.SeatObservation(
            game=GAMES.parse(game, "game"),
            events=[typed.event_message(seq, e, game) for seq, e in enumerate(events, 1)])
        getattr(observation, game).CopyFrom(typed.seat_view(game, view))
        request = bot_pb2.SuggestMoveRequest(observation=observation, policy=policy,
                                             params=dict(params or {}), seed=seed)
        return self._suggest(request, [], timeout)

    def _suggest(self, request: bot_pb2.SuggestMoveRequest, metadata: list[tuple[str, str]],
                 timeout: float | None) -> Hint:
        with translated():
            reply = self.stub.SuggestMove(request, metadata=metadata,
                                          timeout=timeout or self.timeout)
        return Hint.from_pb(reply)

    def policies(self, game: str = "") -> list[PolicyInfo]:
        """The policies of `game` (every game's when empty), sorted by game then name."""
        request = bot_pb2.ListPoliciesRequest(game=GAMES.parse(game, "game"))
        with translated():
            reply = self.stub.ListPolicies(request, timeout=self.timeout)
        return [PolicyInfo.from_pb(p) for p in reply.policies]
