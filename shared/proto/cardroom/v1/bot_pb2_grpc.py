"""Client and server classes corresponding to protobuf-defined services."""
import grpc
import warnings
from ...cardroom.v1 import bot_pb2 as cardroom_dot_v1_dot_bot__pb2
GRPC_GENERATED_VERSION = '1.71.2'
GRPC_VERSION = grpc.__version__
_version_not_supported = False
try:
    from grpc._utilities import first_version_is_lower
    _version_not_supported = first_version_is_lower(GRPC_VERSION, GRPC_GENERATED_VERSION)
except ImportError:
    _version_not_supported = True
if _version_not_supported:
    raise RuntimeError(f'The grpc package installed is at version {GRPC_VERSION},' + f' but the generated code in cardroom/v1/bot_pb2_grpc.py depends on' + f' grpcio>={GRPC_GENERATED_VERSION}.' + f' Please upgrade your grpc module to grpcio>={GRPC_GENERATED_VERSION}' + f' or downgrade your generated code using grpcio-tools<={GRPC_VERSION}.')

class BotServiceStub(object):
    """Suggests moves and lists the bot policies.
    """

    def __init__(self, channel):
        """Constructor.

        Args:
            channel: A grpc.Channel.
        """
        self.SuggestMove = channel.unary_unary('/cardroom.v1.BotService/SuggestMove', request_serializer=cardroom_dot_v1_dot_bot__pb2.SuggestMoveRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_bot__pb2.SuggestMoveResponse.FromString, _registered_method=True)
        self.ListPolicies = channel.unary_unary('/cardroom.v1.BotService/ListPolicies', request_serializer=cardroom_dot_v1_dot_bot__pb2.ListPoliciesRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_bot__pb2.ListPoliciesResponse.FromString, _registered_method=True)

class BotServiceServicer(object):
    """Suggests moves and lists the bot policies.
    """

    def SuggestMove(self, request, context):
        """The move a policy would make now for a seat (of a match, by the caller's seat
        token, or of a raw observation), with the policy's evaluation.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ListPolicies(self, request, context):
        """The policies that exist per game, with their cost class and parameters.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

def add_BotServiceServicer_to_server(servicer, server):
    rpc_method_handlers = {'SuggestMove': grpc.unary_unary_rpc_method_handler(servicer.SuggestMove, request_deserializer=cardroom_dot_v1_dot_bot__pb2.SuggestMoveRequest.FromString, response_serializer=cardroom_dot_v1_dot_bot__pb2.SuggestMoveResponse.SerializeToString), 'ListPolicies': grpc.unary_unary_rpc_method_handler(servicer.ListPolicies, request_deserializer=cardroom_dot_v1_dot_bot__pb2.ListPoliciesRequest.FromString, response_serializer=cardroom_dot_v1_dot_bot__pb2.ListPoliciesResponse.SerializeToString)}
    generic_handler = grpc.method_handlers_generic_handler('cardroom.v1.BotService', rpc_method_handlers)
    server.add_generic_rpc_handlers((generic_handler,))
    server.add_registered_method_handlers('cardroom.v1.BotService', rpc_method_handlers)

class BotService(object):
    """Suggests moves and lists the bot policies.
    """

    @staticmethod
    def SuggestMove(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.BotService/SuggestMove', cardroom_dot_v1_dot_bot__pb2.SuggestMoveRequest.SerializeToString, cardroom_dot_v1_dot_bot__pb2.SuggestMoveResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ListPolicies(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.BotService/ListPolicies', cardroom_dot_v1_dot_bot__pb2.ListPoliciesRequest.SerializeToString, cardroom_dot_v1_dot_bot__pb2.ListPoliciesResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)