"""Client and server classes corresponding to protobuf-defined services."""
import grpc
import warnings
from ...cardroom.v1 import matchmaker_pb2 as cardroom_dot_v1_dot_matchmaker__pb2
GRPC_GENERATED_VERSION = '1.71.2'
GRPC_VERSION = grpc.__version__
_version_not_supported = False
try:
    from grpc._utilities import first_version_is_lower
    _version_not_supported = first_version_is_lower(GRPC_VERSION, GRPC_GENERATED_VERSION)
except ImportError:
    _version_not_supported = True
if _version_not_supported:
    raise RuntimeError(f'The grpc package installed is at version {GRPC_VERSION},' + f' but the generated code in cardroom/v1/matchmaker_pb2_grpc.py depends on' + f' grpcio>={GRPC_GENERATED_VERSION}.' + f' Please upgrade your grpc module to grpcio>={GRPC_GENERATED_VERSION}' + f' or downgrade your generated code using grpcio-tools<={GRPC_VERSION}.')

class MatchmakerServiceStub(object):
    """Tickets: create, follow, read, cancel.
    """

    def __init__(self, channel):
        """Constructor.

        Args:
            channel: A grpc.Channel.
        """
        self.CreateTicket = channel.unary_unary('/cardroom.v1.MatchmakerService/CreateTicket', request_serializer=cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketResponse.FromString, _registered_method=True)
        self.WatchTicket = channel.unary_stream('/cardroom.v1.MatchmakerService/WatchTicket', request_serializer=cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketResponse.FromString, _registered_method=True)
        self.GetTicket = channel.unary_unary('/cardroom.v1.MatchmakerService/GetTicket', request_serializer=cardroom_dot_v1_dot_matchmaker__pb2.GetTicketRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.GetTicketResponse.FromString, _registered_method=True)
        self.CancelTicket = channel.unary_unary('/cardroom.v1.MatchmakerService/CancelTicket', request_serializer=cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketResponse.FromString, _registered_method=True)

class MatchmakerServiceServicer(object):
    """Tickets: create, follow, read, cancel.
    """

    def CreateTicket(self, request, context):
        """Queues the caller for a match.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def WatchTicket(self, request, context):
        """Streams the ticket's state now and each change until it ends (matched: with the
        match and seat; cancelled; expired).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetTicket(self, request, context):
        """The ticket's state now.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def CancelTicket(self, request, context):
        """Takes the ticket out of the queue (a matched ticket stays matched).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

def add_MatchmakerServiceServicer_to_server(servicer, server):
    rpc_method_handlers = {'CreateTicket': grpc.unary_unary_rpc_method_handler(servicer.CreateTicket, request_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketRequest.FromString, response_serializer=cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketResponse.SerializeToString), 'WatchTicket': grpc.unary_stream_rpc_method_handler(servicer.WatchTicket, request_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketRequest.FromString, response_serializer=cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketResponse.SerializeToString), 'GetTicket': grpc.unary_unary_rpc_method_handler(servicer.GetTicket, request_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.GetTicketRequest.FromString, response_serializer=cardroom_dot_v1_dot_matchmaker__pb2.GetTicketResponse.SerializeToString), 'CancelTicket': grpc.unary_unary_rpc_method_handler(servicer.CancelTicket, request_deserializer=cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketRequest.FromString, response_serializer=cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketResponse.SerializeToString)}
    generic_handler = grpc.method_handlers_generic_handler('cardroom.v1.MatchmakerService', rpc_method_handlers)
    server.add_generic_rpc_handlers((generic_handler,))
    server.add_registered_method_handlers('cardroom.v1.MatchmakerService', rpc_method_handlers)

class MatchmakerService(object):
    """Tickets: create, follow, read, cancel.
    """

    @staticmethod
    def CreateTicket(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchmakerService/CreateTicket', cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketRequest.SerializeToString, cardroom_dot_v1_dot_matchmaker__pb2.CreateTicketResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def WatchTicket(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_stream(request, target, '/cardroom.v1.MatchmakerService/WatchTicket', cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketRequest.SerializeToString, cardroom_dot_v1_dot_matchmaker__pb2.WatchTicketResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetTicket(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchmakerService/GetTicket', cardroom_dot_v1_dot_matchmaker__pb2.GetTicketRequest.SerializeToString, cardroom_dot_v1_dot_matchmaker__pb2.GetTicketResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def CancelTicket(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchmakerService/CancelTicket', cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketRequest.SerializeToString, cardroom_dot_v1_dot_matchmaker__pb2.CancelTicketResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)