"""Client and server classes corresponding to protobuf-defined services."""
import grpc
import warnings
from ...cardroom.v1 import player_pb2 as cardroom_dot_v1_dot_player__pb2
GRPC_GENERATED_VERSION = '1.71.2'
GRPC_VERSION = grpc.__version__
_version_not_supported = False
try:
    from grpc._utilities import first_version_is_lower
    _version_not_supported = first_version_is_lower(GRPC_VERSION, GRPC_GENERATED_VERSION)
except ImportError:
    _version_not_supported = True
if _version_not_supported:
    raise RuntimeError(f'The grpc package installed is at version {GRPC_VERSION},' + f' but the generated code in cardroom/v1/player_pb2_grpc.py depends on' + f' grpcio>={GRPC_GENERATED_VERSION}.' + f' Please upgrade your grpc module to grpcio>={GRPC_GENERATED_VERSION}' + f' or downgrade your generated code using grpcio-tools<={GRPC_VERSION}.')

class PlayerServiceStub(object):
    """Players: guests, app players, their matches, their ratings and the leaderboards.
    """

    def __init__(self, channel):
        """Constructor.

        Args:
            channel: A grpc.Channel.
        """
        self.CreateGuest = channel.unary_unary('/cardroom.v1.PlayerService/CreateGuest', request_serializer=cardroom_dot_v1_dot_player__pb2.CreateGuestRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.CreateGuestResponse.FromString, _registered_method=True)
        self.RegisterAppPlayer = channel.unary_unary('/cardroom.v1.PlayerService/RegisterAppPlayer', request_serializer=cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerResponse.FromString, _registered_method=True)
        self.GetPlayer = channel.unary_unary('/cardroom.v1.PlayerService/GetPlayer', request_serializer=cardroom_dot_v1_dot_player__pb2.GetPlayerRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.GetPlayerResponse.FromString, _registered_method=True)
        self.ListMyMatches = channel.unary_unary('/cardroom.v1.PlayerService/ListMyMatches', request_serializer=cardroom_dot_v1_dot_player__pb2.ListMyMatchesRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.ListMyMatchesResponse.FromString, _registered_method=True)
        self.ResumeMatch = channel.unary_unary('/cardroom.v1.PlayerService/ResumeMatch', request_serializer=cardroom_dot_v1_dot_player__pb2.ResumeMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.ResumeMatchResponse.FromString, _registered_method=True)
        self.ResignMatch = channel.unary_unary('/cardroom.v1.PlayerService/ResignMatch', request_serializer=cardroom_dot_v1_dot_player__pb2.ResignMatchRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.ResignMatchResponse.FromString, _registered_method=True)
        self.GetRating = channel.unary_unary('/cardroom.v1.PlayerService/GetRating', request_serializer=cardroom_dot_v1_dot_player__pb2.GetRatingRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.GetRatingResponse.FromString, _registered_method=True)
        self.ListRatingHistory = channel.unary_unary('/cardroom.v1.PlayerService/ListRatingHistory', request_serializer=cardroom_dot_v1_dot_player__pb2.ListRatingHistoryRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.ListRatingHistoryResponse.FromString, _registered_method=True)
        self.GetLeaderboard = channel.unary_unary('/cardroom.v1.PlayerService/GetLeaderboard', request_serializer=cardroom_dot_v1_dot_player__pb2.GetLeaderboardRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_player__pb2.GetLeaderboardResponse.FromString, _registered_method=True)

class PlayerServiceServicer(object):
    """Players: guests, app players, their matches, their ratings and the leaderboards.
    """

    def CreateGuest(self, request, context):
        """Creates a guest player; its credential is shown only here (keep it).
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def RegisterAppPlayer(self, request, context):
        """An app (app credential) vouches for one of its players and gets its credential.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetPlayer(self, request, context):
        """The calling player.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ListMyMatches(self, request, context):
        """The calling player's matches, newest first, a page at a time.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ResumeMatch(self, request, context):
        """The calling player's seat in a match and its view: rejoin without a seat token.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ResignMatch(self, request, context):
        """The calling player's seat in a match resigns.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetRating(self, request, context):
        """A player's rating in a game and rank on its leaderboard.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def ListRatingHistory(self, request, context):
        """A player's rating after each rated match, newest first.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def GetLeaderboard(self, request, context):
        """A game's leaderboard: from the top, or the page around a player.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

def add_PlayerServiceServicer_to_server(servicer, server):
    rpc_method_handlers = {'CreateGuest': grpc.unary_unary_rpc_method_handler(servicer.CreateGuest, request_deserializer=cardroom_dot_v1_dot_player__pb2.CreateGuestRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.CreateGuestResponse.SerializeToString), 'RegisterAppPlayer': grpc.unary_unary_rpc_method_handler(servicer.RegisterAppPlayer, request_deserializer=cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerResponse.SerializeToString), 'GetPlayer': grpc.unary_unary_rpc_method_handler(servicer.GetPlayer, request_deserializer=cardroom_dot_v1_dot_player__pb2.GetPlayerRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.GetPlayerResponse.SerializeToString), 'ListMyMatches': grpc.unary_unary_rpc_method_handler(servicer.ListMyMatches, request_deserializer=cardroom_dot_v1_dot_player__pb2.ListMyMatchesRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.ListMyMatchesResponse.SerializeToString), 'ResumeMatch': grpc.unary_unary_rpc_method_handler(servicer.ResumeMatch, request_deserializer=cardroom_dot_v1_dot_player__pb2.ResumeMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.ResumeMatchResponse.SerializeToString), 'ResignMatch': grpc.unary_unary_rpc_method_handler(servicer.ResignMatch, request_deserializer=cardroom_dot_v1_dot_player__pb2.ResignMatchRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.ResignMatchResponse.SerializeToString), 'GetRating': grpc.unary_unary_rpc_method_handler(servicer.GetRating, request_deserializer=cardroom_dot_v1_dot_player__pb2.GetRatingRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.GetRatingResponse.SerializeToString), 'ListRatingHistory': grpc.unary_unary_rpc_method_handler(servicer.ListRatingHistory, request_deserializer=cardroom_dot_v1_dot_player__pb2.ListRatingHistoryRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.ListRatingHistoryResponse.SerializeToString), 'GetLeaderboard': grpc.unary_unary_rpc_method_handler(servicer.GetLeaderboard, request_deserializer=cardroom_dot_v1_dot_player__pb2.GetLeaderboardRequest.FromString, response_serializer=cardroom_dot_v1_dot_player__pb2.GetLeaderboardResponse.SerializeToString)}
    generic_handler = grpc.method_handlers_generic_handler('cardroom.v1.PlayerService', rpc_method_handlers)
    server.add_generic_rpc_handlers((generic_handler,))
    server.add_registered_method_handlers('cardroom.v1.PlayerService', rpc_method_handlers)

class PlayerService(object):
    """Players: guests, app players, their matches, their ratings and the leaderboards.
    """

    @staticmethod
    def CreateGuest(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/CreateGuest', cardroom_dot_v1_dot_player__pb2.CreateGuestRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.CreateGuestResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def RegisterAppPlayer(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/RegisterAppPlayer', cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.RegisterAppPlayerResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetPlayer(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/GetPlayer', cardroom_dot_v1_dot_player__pb2.GetPlayerRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.GetPlayerResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ListMyMatches(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/ListMyMatches', cardroom_dot_v1_dot_player__pb2.ListMyMatchesRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.ListMyMatchesResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ResumeMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/ResumeMatch', cardroom_dot_v1_dot_player__pb2.ResumeMatchRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.ResumeMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ResignMatch(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/ResignMatch', cardroom_dot_v1_dot_player__pb2.ResignMatchRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.ResignMatchResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetRating(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/GetRating', cardroom_dot_v1_dot_player__pb2.GetRatingRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.GetRatingResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def ListRatingHistory(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/ListRatingHistory', cardroom_dot_v1_dot_player__pb2.ListRatingHistoryRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.ListRatingHistoryResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def GetLeaderboard(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.PlayerService/GetLeaderboard', cardroom_dot_v1_dot_player__pb2.GetLeaderboardRequest.SerializeToString, cardroom_dot_v1_dot_player__pb2.GetLeaderboardResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)