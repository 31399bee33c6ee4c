from . import common_pb2
