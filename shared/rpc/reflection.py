"""Server reflection under both names clients ask for: grpc.reflection.v1 and v1alpha.

grpcio-reflection before 1.72 only registers v1alpha, and its newer releases need
protobuf 6, which the generated code here does not take yet. The two versions' messages
are the same on the wire (same fields, same numbers; only the package differs), so one
servicer answers both names: tools that try v1 first (grpcurl, Postman, grpc-js clients)
find it, and older ones still find v1alpha.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import grpc
from grpc_reflection.v1alpha import reflection
from grpc_reflection.v1alpha import reflection_pb2 as wire

#: The full names of the reflection service, newest first.
V1 = "grpc.reflection.v1.ServerReflection"
NAMES = (V1, reflection.SERVICE_NAME)


def enable(names: Sequence[str], server: grpc.aio.Server) -> None:
    """Register reflection v1 and v1alpha on `server`, listing `names` and both reflection
    services."""
    servicer: Any = reflection.aio.ReflectionServicer([*names, *NAMES])
    for service in NAMES:
        handlers = {"ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo,
            request_deserializer=wire.ServerReflectionRequest.FromString,
            response_serializer=wire.ServerReflectionResponse.SerializeToString)}
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service,
                                                                              handlers),))
