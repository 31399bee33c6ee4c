from . import bot_pb2
from . import common_pb2
from . import livemix_pb2
from . import match_pb2
from . import mixmatch_pb2
from . import player_pb2
from . import solver_pb2
from . import vivo_pb2
