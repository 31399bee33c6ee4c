"""A match-service replica's life: one process (`serving`), or MATCH_PROCESSES of them
serving one port under a supervisor (`supervise`).

    MATCH_PROCESSES=2 python -m cardroom.services.match

The supervisor creates no gRPC object. It holds the gRPC port (a free one when GRPC_PORT is
0) with SO_REUSEPORT, names a metrics directory (PROMETHEUS_MULTIPROC_DIR) and starts the
processes with the spawn method, fresh interpreters that inherit nothing of it but the
environment. Each is a whole replica on its own event loop, with its own fan-out, timer
loop, Redis pool, limits and health, bound to the same port beside the others: the kernel
spreads new connections over them (SO_REUSEPORT). They share nothing but Redis, as the
replicas of different pods do. The supervisor serves their metrics merged on METRICS_PORT,
starts a process again when it dies, and on SIGTERM or SIGINT passes SIGTERM on and waits
for every process to drain. A process whose supervisor dies is killed with it.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Iterator
from multiprocessing.process import BaseProcess
from pathlib import Path

from prometheus_client import REGISTRY, CollectorRegistry, multiprocess
from redis.exceptions import RedisError

from cardroom.shared.errors import Unavailable
from cardroom.shared.rpc.logging import configure_logging
from cardroom.shared.rpc.main import run, serve
from cardroom.shared.rpc.metrics import start_metrics_server
from cardroom.shared.rpc.procfiles import ProcessFiles

from .server import STOP_EXTRA_S, create_server
from .settings import SHUTDOWN_GRACE_SECONDS, MatchSettings

log = logging.getLogger("cardroom.services.match")

#: Seconds between two looks of the supervisor at its processes.
POLL_S = 0.2
#: A process that exits with an error status of its own within this many seconds of its
#: start failed to start (no Redis, a port it cannot bind): the supervisor stops the
#: replica with that status instead of starting it again and again. A process killed (by a
#: signal, the OOM killer) or failing later is started again.
START_S = 5.0
#: prctl's option that has the kernel signal a process when its parent dies.
PR_SET_PDEATHSIG = 1


async def serving(settings: MatchSettings, serve_metrics: bool = True) -> int:
    """Build one replica process on this loop and serve until signalled; the exit status."""
    try:
        server, _ = await create_server(settings, registry=REGISTRY,
                                        serve_metrics=serve_metrics)
    except (RedisError, Unavailable) as err:
        cause = err.__cause__ or err
        print(f"match: cannot reach Redis at REDIS_URL: {cause}", file=sys.stderr)
        return 1
    return await serve(server, log, grace=SHUTDOWN_GRACE_SECONDS)


def one_of_many() -> None:
    """The spawn target: one of the replica's processes, its settings from the environment
    the supervisor left (the port it holds, the metrics directory)."""
    _die_with_parent()
    settings = MatchSettings.from_env()
    configure_logging(settings.common.log_level, settings.common.log_format)
    sys.exit(run(serving(settings, serve_metrics=False), settings.common.event_loop))


def supervise(settings: MatchSettings) -> int:
    """Run settings.processes replica processes on one port until SIGTERM or SIGINT; the
    exit status (a process's own when one fails to start)."""
    folder = Path(tempfile.mkdtemp(prefix="cardroom-match-metrics-"))
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(folder)
    stopping: list[signal.Signals] = []
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda number, _: stopping.append(signal.Signals(number)))
    host = settings.common.listen_host or "::"
    try:
        with reserved_port(host, settings.common.grpc_port) as port:
            os.environ["GRPC_PORT"] = str(port)
            return _supervise(settings, folder, port, stopping)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _supervise(settings: MatchSettings, folder: Path, port: int,
               stopping: list[signal.Signals]) -> int:
    registry = CollectorRegistry()
    registry.register(ProcessFiles(folder))
    httpd, _, metrics_port = start_metrics_server(
        settings.common.metrics_port, registry, settings.common.listen_host or "0.0.0.0")
    spawn = multiprocessing.get_context("spawn")
    started = [_start(spawn) for _ in range(settings.processes)]
    log.info("serving the match service on port %d with %d processes", port,
             len(started), extra={"grpc_port": port, "metrics_port": metrics_port,
                                  "pids": [p.pid for p, _ in started]})
    status = 0
    try:
        while not stopping:
            for i, (process, since) in enumerate(started):
                if process.is_alive():
                    continue
                assert process.pid is not None and process.exitcode is not None
                multiprocess.mark_process_dead(process.pid, str(folder))
                if process.exitcode > 0 and time.monotonic() - since < START_S:
                    log.error("match process %d did not start (exit status %d)",
                              process.pid, process.exitcode)
                    status = process.exitcode
                    stopping.append(signal.SIGTERM)
                    break
                started[i] = _start(spawn)
                log.warning("match process %d exited (status %d); started %d instead",
                            process.pid, process.exitcode, started[i][0].pid,
                            extra={"replaced": process.pid, "replacement": started[i][0].pid})
            time.sleep(POLL_S)
        if status == 0:
            log.info("received %s", stopping[0].name)
    finally:
        _stop([p for p, _ in started], SHUTDOWN_GRACE_SECONDS + STOP_EXTRA_S)
        httpd.shutdown()
        httpd.server_close()
    return status


def _start(spawn: multiprocessing.context.SpawnContext) -> tuple[BaseProcess, float]:
    process = spawn.Process(target=one_of_many, name="cardroom-match")
    process.start()
    return process, time.monotonic()


def _stop(processes: list[BaseProcess], timeout: float) -> None:
    """SIGTERM every live process, then wait for them all; kill what outlives `timeout`."""
    for process in processes:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            log.warning("match process %d did not stop in %.0f s; killed", process.pid,
                        timeout)
            process.kill()
            process.join()


@contextlib.contextmanager
def reserved_port(host: str, port: int) -> Iterator[int]:
    """`port` of `host` (0: a free one) bound, not listened on, with SO_REUSEPORT: the
    processes bind it beside this socket, and nothing else takes it meanwhile."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host.strip("[]"), port))
        yield int(sock.getsockname()[1])


def _die_with_parent() -> None:
    """Have the kernel kill this process when the supervisor dies (Linux), so no process
    of a killed replica serves on alone."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:  # the supervisor died before the call
        os._exit(1)
