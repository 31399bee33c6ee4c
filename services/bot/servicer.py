"""cardroom.v1.BotService over gRPC: proto in, one domain call, proto out (errors:
cardroom.shared.rpc)."""

from __future__ import annotations

import grpc

from cardroom.shared.bots import list_policies
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import bot_pb2_grpc
from cardroom.shared.wire.tokens import bearer_token

from . import mapping
from .suggest import Suggester


class BotServicer(bot_pb2_grpc.BotServiceServicer):
    """Thin adapter from gRPC calls to the suggester and the policy registry."""

    def __init__(self, suggester: Suggester) -> None:
        self.suggester = suggester

    def SuggestMove(self, request: pb.SuggestMoveRequest, context: grpc.ServicerContext
                    ) -> pb.SuggestMoveResponse:
        """The move a policy would make for a seat, within the call's deadline."""
        query = mapping.suggest_query(request)
        token = bearer_token(context.invocation_metadata())
        found = self.suggester.suggest(query, token, context.time_remaining())
        return mapping.suggest_response(found.decision, query.policy, found.version)

    def ListPolicies(self, request: pb.ListPoliciesRequest, context: grpc.ServicerContext
                     ) -> pb.ListPoliciesResponse:
        """Every policy of a game (or of all games)."""
        return mapping.policies_response(list_policies(mapping.list_game(request)))
