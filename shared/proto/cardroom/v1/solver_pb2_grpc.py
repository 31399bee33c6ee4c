"""Client and server classes corresponding to protobuf-defined services."""
import grpc
import warnings
from ...cardroom.v1 import solver_pb2 as cardroom_dot_v1_dot_solver__pb2
GRPC_GENERATED_VERSION = '1.71.2'
GRPC_VERSION = grpc.__version__
_version_not_supported = False
try:
    from grpc._utilities import first_version_is_lower
    _version_not_supported = first_version_is_lower(GRPC_VERSION, GRPC_GENERATED_VERSION)
except ImportError:
    _version_not_supported = True
if _version_not_supported:
    raise RuntimeError(f'The grpc package installed is at version {GRPC_VERSION},' + f' but the generated code in cardroom/v1/solver_pb2_grpc.py depends on' + f' grpcio>={GRPC_GENERATED_VERSION}.' + f' Please upgrade your grpc module to grpcio>={GRPC_GENERATED_VERSION}' + f' or downgrade your generated code using grpcio-tools<={GRPC_VERSION}.')

class SolverServiceStub(object):
    """Solves, checks and rates Mix Match boards. Stateless.
    """

    def __init__(self, channel):
        """Constructor.

        Args:
            channel: A grpc.Channel.
        """
        self.Solve = channel.unary_unary('/cardroom.v1.SolverService/Solve', request_serializer=cardroom_dot_v1_dot_solver__pb2.SolveRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_solver__pb2.SolveResponse.FromString, _registered_method=True)
        self.Verify = channel.unary_unary('/cardroom.v1.SolverService/Verify', request_serializer=cardroom_dot_v1_dot_solver__pb2.VerifyRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_solver__pb2.VerifyResponse.FromString, _registered_method=True)
        self.Analyze = channel.unary_unary('/cardroom.v1.SolverService/Analyze', request_serializer=cardroom_dot_v1_dot_solver__pb2.AnalyzeRequest.SerializeToString, response_deserializer=cardroom_dot_v1_dot_solver__pb2.AnalyzeResponse.FromString, _registered_method=True)

class SolverServiceServicer(object):
    """Solves, checks and rates Mix Match boards. Stateless.
    """

    def Solve(self, request, context):
        """The best solution for a board: the one using the most cards (ruling M4), with
        whether that is proven; optionally every optimal solution up to a limit.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def Verify(self, request, context):
        """Judges a claim against a board: valid, or the precise reason it is wrong.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

    def Analyze(self, request, context):
        """Rates a board: solutions by card count, a difficulty rating, and which targets
        in a range the cards reach.
        """
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)
        context.set_details('Method not implemented!')
        raise NotImplementedError('Method not implemented!')

def add_SolverServiceServicer_to_server(servicer, server):
    rpc_method_handlers = {'Solve': grpc.unary_unary_rpc_method_handler(servicer.Solve, request_deserializer=cardroom_dot_v1_dot_solver__pb2.SolveRequest.FromString, response_serializer=cardroom_dot_v1_dot_solver__pb2.SolveResponse.SerializeToString), 'Verify': grpc.unary_unary_rpc_method_handler(servicer.Verify, request_deserializer=cardroom_dot_v1_dot_solver__pb2.VerifyRequest.FromString, response_serializer=cardroom_dot_v1_dot_solver__pb2.VerifyResponse.SerializeToString), 'Analyze': grpc.unary_unary_rpc_method_handler(servicer.Analyze, request_deserializer=cardroom_dot_v1_dot_solver__pb2.AnalyzeRequest.FromString, response_serializer=cardroom_dot_v1_dot_solver__pb2.AnalyzeResponse.SerializeToString)}
    generic_handler = grpc.method_handlers_generic_handler('cardroom.v1.SolverService', rpc_method_handlers)
    server.add_generic_rpc_handlers((generic_handler,))
    server.add_registered_method_handlers('cardroom.v1.SolverService', rpc_method_handlers)

class SolverService(object):
    """Solves, checks and rates Mix Match boards. Stateless.
    """

    @staticmethod
    def Solve(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.SolverService/Solve', cardroom_dot_v1_dot_solver__pb2.SolveRequest.SerializeToString, cardroom_dot_v1_dot_solver__pb2.SolveResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def Verify(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.SolverService/Verify', cardroom_dot_v1_dot_solver__pb2.VerifyRequest.SerializeToString, cardroom_dot_v1_dot_solver__pb2.VerifyResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)

    @staticmethod
    def Analyze(request, target, options=(), channel_credentials=None, call_credentials=None, insecure=False, compression=None, wait_for_ready=None, timeout=None, metadata=None):
        return grpc.experimental.unary_unary(request, target, '/cardroom.v1.SolverService/Analyze', cardroom_dot_v1_dot_solver__pb2.AnalyzeRequest.SerializeToString, cardroom_dot_v1_dot_solver__pb2.AnalyzeResponse.FromString, options, channel_credentials, insecure, call_credentials, compression, wait_for_ready, timeout, metadata, _registered_method=True)