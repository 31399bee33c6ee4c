from . import bot_pb2
from . import common_pb2
from . import match_pb2
from . import solver_pb2
