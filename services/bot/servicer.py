"""cardroom.v1.BotService over gRPC: proto in, one domain call, proto out (errors:
cardroom.shared.rpc)."""

from __future__ import annotations

import grpc

from cardroom.shared.bots import list_policies
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc
from cardroom.shared.rpc.gate import WorkGate, deadline_of, remaining
from cardroom.shared.rpc.identity import CallerPolicy
from cardroom.shared.wire.tokens import bearer_token

from . import mapping
from .mapping import Query
from .suggest import Suggester, Suggestion


class BotServicer(bot_pb2_grpc.BotServiceServicer):
    """Thin adapter from gRPC calls to the suggester and the policy registry."""

    def __init__(self, suggester: Suggester, gate: WorkGate,
                 callers: CallerPolicy | None = None) -> None:
        self.suggester = suggester
        self.gate = gate
        self.callers = callers or CallerPolicy()

    async def SuggestMove(self, request: pb.SuggestMoveRequest,
                          context: grpc.aio.ServicerContext) -> pb.SuggestMoveResponse:
        """The move a policy would make for a seat, within the call's deadline (the wait
        for a worker's answer blocks, so it runs on a thread of the gate)."""
        query = mapping.suggest_query(request)
        token = bearer_token(list(context.invocation_metadata() or ()))
        deadline = deadline_of(context)
        caller = self.callers.caller(context.peer(), context.invocation_metadata() or ())
        found = await self.gate.run("SuggestMove", deadline, self._suggest, query, token,
                                    deadline, caller=caller.key)
        return mapping.suggest_response(found.decision, query.policy, found.version)

    def _suggest(self, query: Query, token: str | None, deadline: float | None
                 ) -> Suggestion:
        # The time left is read when a thread takes the call, after any wait in line.
        return self.suggester.suggest(query, token, remaining(deadline))

    async def ListPolicies(self, request: pb.ListPoliciesRequest,
                           context: grpc.aio.ServicerContext) -> pb.ListPoliciesResponse:
        """Every policy of a game (or of all games)."""
        return mapping.policies_response(list_policies(mapping.list_game(request)))
