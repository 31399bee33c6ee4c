"""The solver service's server: SolverServicer on the common bootstrap
(cardroom.shared.rpc.server), its searches on the threads of a WorkGate."""

from __future__ import annotations

import grpc
from prometheus_client import CollectorRegistry

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.metrics import SolverMetrics
from cardroom.services.solver.servicer import SolverServicer
from cardroom.shared.proto.cardroom.v1 import solver_pb2, solver_pb2_grpc
from cardroom.shared.rpc.gate import WorkGate
from cardroom.shared.rpc.server import Server, ServiceDef
from cardroom.shared.rpc.server import create_server as create_rpc_server

#: The full name health checks and reflection know the service by.
SERVICE_NAME = solver_pb2.DESCRIPTOR.services_by_name["SolverService"].full_name
#: Searches run at once: they are CPU-bound, so a few suffice; up to GRPC_MAX_QUEUE more
#: wait in line, and beyond that calls are refused (RESOURCE_EXHAUSTED).
MAX_WORKERS = 4


async def create_server(config: SolverConfig, *, registry: CollectorRegistry | None = None,
                        host: str = "[::]") -> tuple[Server, int]:
    """The solver server bound to config.rpc.grpc_port (0: a free port), on the running
    event loop: (server, port)."""
    registry = CollectorRegistry() if registry is None else registry
    gate = WorkGate(MAX_WORKERS, config.rpc.max_queue, "search",
                    per_caller=config.rpc.max_running_per_caller,
                    queued_per_caller=config.rpc.max_queue_per_caller)
    servicer = SolverServicer(config, SolverMetrics(registry), gate)

    def add(server: grpc.aio.Server) -> None:
        solver_pb2_grpc.add_SolverServiceServicer_to_server(servicer, server)

    service = ServiceDef(solver_pb2.DESCRIPTOR.services_by_name["SolverService"], add)
    return await create_rpc_server([service], config.rpc, registry=registry, host=host,
                                   gate=gate)
