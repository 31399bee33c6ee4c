"""Client and server classes corresponding to protobuf-defined services."""
import grpc
import warnings
from ...cardroom.v1 import match_pb2 as cardroom_dot_v1_dot_match__pb2
GRPC_GENERATED_VERSION = '1.71.2'
GRPC_VERSION = grpc.__version__
_version_not_supported = False
try:
    from grpc._utilities import first_version_is_lower
    _version_not_supported = first_version_is_lower(GRPC_VERSION, GRPC_GENERATED_VERSION)
except ImportError:
    _version_not_supported = True
if _version_not_supported:
    raise RuntimeError(f'The grpc package installed is at version {GRPC_VERSION},' + f' but the generated code in cardroom/v1/match_pb2_grpc.py depends on' + f' grpcio>={GRPC_GENERATED_VERSION}.' + f' Please upgrade your grpc module to grpcio>={GRPC_GENERATED_VERSION}' + f' or downgrade your generated code using grpcio-tools<={GRPC_VERSION}.')

class MatchServiceStub(object):
    """Hosts matches: create, join, list, view, move, watch, replay, resign, abandon, delete.
    """

    def __init__(self, channel):
        """Constructor.

        Args:
            channel: A grpc.Channel.
        """
        self.CreateMatch = channel.unary_unary('/cardroom.v1.MatchService/CreateMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.CreateMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.CreateMatchResponse.FromString, _registered_method=True)
        self.JoinMatch = channel.unary_unary('/cardroom.v1.MatchService/JoinMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.JoinMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.JoinMatchResponse.FromString, _registered_method=True)
        self.ListMatches = channel.unary_unary('/cardroom.v1.MatchService/ListMatches', request_serializer=cardroom_dot_v1_dot_match__pb2.ListMatchesRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.ListMatchesResponse.FromString, _registered_method=True)
        self.GetMatch = channel.unary_unary('/cardroom.v1.MatchService/GetMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.GetMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.GetMatchResponse.FromString, _registered_method=True)
        self.SubmitMove = channel.unary_unary('/cardroom.v1.MatchService/SubmitMove', request_serializer=cardroom_dot_v1_dot_match__pb2.SubmitMoveRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.SubmitMoveResponse.FromString, _registered_method=True)
        self.WatchMatch = channel.unary_stream('/cardroom.v1.MatchService/WatchMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.WatchMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.WatchMatchResponse.FromString, _registered_method=True)
        self.GetReplay = channel.unary_unary('/cardroom.v1.MatchService/GetReplay', request_serializer=cardroom_dot_v1_dot_match__pb2.GetReplayRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.GetReplayResponse.FromString, _registered_method=True)
        self.Resign = channel.unary_unary('/cardroom.v1.MatchService/Resign', request_serializer=cardroom_dot_v1_dot_match__pb2.ResignRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.ResignResponse.FromString, _registered_method=True)
        self.AbandonMatch = channel.unary_unary('/cardroom.v1.MatchService/AbandonMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.AbandonMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.AbandonMatchResponse.FromString, _registered_method=True)
        self.DeleteMatch = channel.unary_unary('/cardroom.v1.MatchService/DeleteMatch', request_serializer=cardroom_dot_v1_dot_match__pb2.DeleteMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.DeleteMatchResponse.FromString, _registered_method=True)
        self.WatchLobby = channel.unary_stream('/cardroom.v1.MatchService/WatchLobby', request_serializer=cardroom_dot_v1_dot_match__pb2.WatchLobbyRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_match__pb2.WatchLobbyResponse.FromString, _registered_method=True)

class MatchServiceServicer(object):
    """Hosts matches: create, join, list, view, move, watch, replay, resign, abandon, delete.
    """

    def CreateMatch(self, request, context):
        """Creates a match. Returns one secret token per human seat, shown only here.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def JoinMatch(self, request, context):
        """Claims an open seat of a match waiting for players; returns its token.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ListMatches(self, request, context):
        """Lists matches by game and status, newest first, a page at a time (a lobby).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetMatch(self, request, context):
        """The caller's view of a match: its seat's with a seat token, else the spectator's.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def SubmitMove(self, request, context):
        """Plays one move of the caller's seat (Mix Match claims from any seat still in).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def WatchMatch(self, request, context):
        """Streams the events the caller may see after a cursor, then new ones as they
        happen; ends after the match's last event. Resume with the last seq received.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetReplay(self, request, context):
        """The whole record of a match that is over: deal, actions, every event, scores.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def Resign(self, request, context):
        """The caller's seat concedes: it cannot win and is played automatically.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def AbandonMatch(self, request, context):
        """Calls the match off for everyone (a seated player before it starts; its creator's
        credential before it starts, or any time while no human sits at it; the admin).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def DeleteMatch(self, request, context):
        """Removes a match and its whole record at once, whatever its status (the admin only).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def WatchLobby(self, request, context):
        """Streams the public lobby: first the open matches (unless resuming from a cursor),
        then every change as it happens (opened, seat taken, started, gone), each with a
        cursor to resume from on any replica. Private matches never appear.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

def add_MatchServiceServicer_to_server(servicer, server):
    rpc_method_handlers = {'CreateMatch': grpc.unary_unary_rpc_method_handler(servicer.CreateMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.CreateMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.CreateMatchResponse.SerializeToString), 'JoinMatch': grpc.unary_unary_rpc_method_handler(servicer.JoinMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.JoinMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.JoinMatchResponse.SerializeToString), 'ListMatches': grpc.unary_unary_rpc_method_handler(servicer.ListMatches, request_deserializer=cardroom_dot_v1_dot_match__pb2.ListMatchesRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.ListMatchesResponse.SerializeToString), 'GetMatch': grpc.unary_unary_rpc_method_handler(servicer.GetMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.GetMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.GetMatchResponse.SerializeToString), 'SubmitMove': grpc.unary_unary_rpc_method_handler(servicer.SubmitMove, request_deserializer=cardroom_dot_v1_dot_match__pb2.SubmitMoveRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.SubmitMoveResponse.SerializeToString), 'WatchMatch': grpc.unary_stream_rpc_method_handler(servicer.WatchMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.WatchMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.WatchMatchResponse.SerializeToString), 'GetReplay': grpc.unary_unary_rpc_method_handler(servicer.GetReplay, request_deserializer=cardroom_dot_v1_dot_match__pb2.GetReplayRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.GetReplayResponse.SerializeToString), 'Resign': grpc.unary_unary_rpc_method_handler(servicer.Resign, request_deserializer=cardroom_dot_v1_dot_match__pb2.ResignRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.ResignResponse.SerializeToString), 'AbandonMatch': grpc.unary_unary_rpc_method_handler(servicer.AbandonMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.AbandonMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.AbandonMatchResponse.SerializeToString), 'DeleteMatch': grpc.unary_unary_rpc_method_handler(servicer.DeleteMatch, request_deserializer=cardroom_dot_v1_dot_match__pb2.DeleteMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.DeleteMatchResponse.SerializeToString), 'WatchLobby': grpc.unary_stream_rpc_method_handler(servicer.WatchLobby, request_deserializer=cardroom_dot_v1_dot_match__pb2.WatchLobbyRequest.FromString, response_serializer=cardroom_dot_v1_dot_match__pb2.WatchLobbyResponse.SerializeToString)}
    generic_handler = grpc.method_handlers_generic_handler('cardroom.v1.MatchService', rpc_method_handlers)
    server.add_generic_rpc_handlers((generic_handler,))
    server.add_registered_method_handlers('cardroom.v1.MatchService', rpc_method_handlers)

class MatchService(object):
    """Hosts matches: create, join, list, view, move, watch, replay, resign, abandon, delete.
    """

    @staticmethod
    def CreateMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/CreateMatch', cardroom_dot_v1_dot_match__pb2.CreateMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.CreateMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def JoinMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/JoinMatch', cardroom_dot_v1_dot_match__pb2.JoinMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.JoinMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ListMatches(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/ListMatches', cardroom_dot_v1_dot_match__pb2.ListMatchesRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.ListMatchesResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/GetMatch', cardroom_dot_v1_dot_match__pb2.GetMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.GetMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def SubmitMove(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/SubmitMove', cardroom_dot_v1_dot_match__pb2.SubmitMoveRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.SubmitMoveResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def WatchMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_stream(request, target, '/cardroom.v1.MatchService/WatchMatch', cardroom_dot_v1_dot_match__pb2.WatchMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.WatchMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetReplay(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/GetReplay', cardroom_dot_v1_dot_match__pb2.GetReplayRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.GetReplayResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def Resign(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/Resign', cardroom_dot_v1_dot_match__pb2.ResignRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.ResignResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def AbandonMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/AbandonMatch', cardroom_dot_v1_dot_match__pb2.AbandonMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.AbandonMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def DeleteMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.MatchService/DeleteMatch', cardroom_dot_v1_dot_match__pb2.DeleteMatchRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.DeleteMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def WatchLobby(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_stream(request, target, '/cardroom.v1.MatchService/WatchLobby', cardroom_dot_v1_dot_match__pb2.WatchLobbyRequest.SerializeToString, cardroom_dot_v1_dot_match__pb2.WatchLobbyResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)