"""Processes a launcher starts: a group stopped together, and a Cardroom service run as
`python -m <module>` (its ports, its health, its JSON log, its exit).

    service = ServiceProcess("cardroom.services.solver", {"SOLVER_MAX_SECONDS": "3"})
    service.start()                  # free ports picked here; returns once health SERVING
    ...service.address, service.metrics_port, service.records()...
    service.stop()                   # SIGTERM, its exit status (SIGKILL past the timeout)

A service started with port 0 picks its own and logs it: start() reads it from the log, as
a supervisor would. The log (standard error; standard output is dropped) is kept across
restarts, so a replica killed and started again keeps one history: in a file when one is
named, else in memory; or the output is inherited (`make run`'s terminal).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from deploy.launch.ports import free_port

#: The checkout whose services run (`python -m services.<name>` works from here too).
ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
SERVING = health_pb2.HealthCheckResponse.SERVING


@dataclass
class Processes:
    """Processes started together (and folders they use), stopped in reverse order."""

    processes: list[tuple[str, subprocess.Popen[Any]]] = field(default_factory=list)
    temp: list[tempfile.TemporaryDirectory[str]] = field(default_factory=list)

    def add(self, name: str, popen: subprocess.Popen[Any]) -> subprocess.Popen[Any]:
        """Keep `popen` (named `name`) to stop with the rest; it, as given."""
        self.processes.append((name, popen))
        return popen

    def folder(self, prefix: str) -> Path:
        """A temporary folder removed when the group stops."""
        folder = tempfile.TemporaryDirectory(prefix=prefix)
        self.temp.append(folder)
        return Path(folder.name)

    def dead(self) -> str | None:
        """The name of a process that exited on its own, if any."""
        for name, process in self.processes:
            if process.poll() is not None:
                return name
        return None

    def exited(self) -> str | None:
        """Why a wait for one of these processes must stop: one of them exited."""
        dead = self.dead()
        return f"{dead} exited during start-up" if dead else None

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM every process (newest first); kill what still runs once `grace` seconds
        have passed in all (not per process, so a stop always ends within about `grace`)."""
        for _, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for name, process in reversed(self.processes):
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                print(f"{name} did not stop within {grace:.0f} s; killed", file=sys.stderr)
                process.kill()
                process.wait()
        for folder in self.temp:
            folder.cleanup()


def health(address: str, service: str = "", timeout: float = 2.0) -> int:
    """The grpc.health.v1 status a server reports for `service`."""
    with grpc.insecure_channel(address) as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)  # the stubs package omits its methods
        reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        return int(reply.status)


class ServiceProcess:
    """`python -m <module>` with `env` on its own ports (see the module docstring)."""

    def __init__(self, module: str, env: dict[str, str] | None = None,
                 log_path: Path | None = None, *, port: int | None = None,
                 metrics_port: int | None = None, cwd: Path = ROOT,
                 inherit_output: bool = False) -> None:
        self.module = module
        # None: a free port picked here (kept across restarts); 0: the service picks one.
        self.port = free_port() if port is None else port
        self.metrics_port = free_port() if metrics_port is None else metrics_port
        # A log kept here is read as records (JSON); one on a terminal is the user's choice.
        kept = {} if inherit_output else {"LOG_FORMAT": "json", "PYTHONUNBUFFERED": "1"}
        self.env = {**os.environ, **kept, **(env or {}), "GRPC_PORT": str(self.port),
                    "METRICS_PORT": str(self.metrics_port)}
        self.cwd = cwd
        self.inherit_output = inherit_output
        self.log_path = log_path
        # Without a named file, a run's log is an anonymous one, read into `_earlier` when
        # the run ends (so every run's lines stay readable and no file is left open).
        self._anonymous = log_path is None and not inherit_output
        self._sink: IO[bytes] | None = None
        self._earlier = ""
        self.popen: subprocess.Popen[bytes] | None = None
        self._asked = (self.port, self.metrics_port)

    @property
    def address(self) -> str:
        """host:port of its gRPC server."""
        return f"{HOST}:{self.port}"

    @property
    def grpc_port(self) -> int:
        """Its gRPC port (as the service logged it, when it picked one)."""
        return self.port

    def start(self, timeout: float = 30.0, serving: bool = True,
              until: Literal["health", "logged"] = "health") -> ServiceProcess:
        """Start (or restart, on the same ports) and wait until its health check answers
        SERVING (any status, unless `serving`), or with `until="logged"` until it has
        logged both ports (a TLS server a plain probe cannot ask); RuntimeError with its
        log when it exits or `timeout` passes first."""
        self.port, self.metrics_port = self._asked
        argv = [sys.executable, "-m", self.module]
        if self.inherit_output:
            self.popen = subprocess.Popen(argv, cwd=self.cwd, env=self.env)
        elif self._anonymous:
            self._sink = tempfile.TemporaryFile(prefix="cardroom-service-")  # noqa: SIM115
            self.popen = subprocess.Popen(argv, cwd=self.cwd, env=self.env,
                                          stdout=subprocess.DEVNULL, stderr=self._sink)
        else:
            assert self.log_path is not None
            with self.log_path.open("ab") as sink:
                self.popen = subprocess.Popen(argv, cwd=self.cwd, env=self.env,
                                              stdout=subprocess.DEVNULL, stderr=sink)
        deadline = time.monotonic() + timeout
        while not (self._bound() and (until == "logged" or self._answers(serving))):
            if self.popen.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"{self.module} did not start: {self.log()[-2000:]}")
            time.sleep(0.05)
        return self

    def _bound(self) -> bool:
        """Whether both ports are known (a port 0 is read from the service's log)."""
        if self.port and self.metrics_port:
            return True
        for record in self.records():
            if record.get("grpc_port") and record.get("metrics_port"):
                self.port, self.metrics_port = record["grpc_port"], record["metrics_port"]
        return bool(self.port and self.metrics_port)

    def _answers(self, serving: bool) -> bool:
        try:
            status = health(self.address, timeout=0.5)
        except grpc.RpcError:
            return False
        return status == SERVING or not serving

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, calls in flight cut."""
        if self.popen is not None and self.popen.poll() is None:
            self.popen.kill()
        if self.popen is not None:
            self.popen.wait()
        self._ended()

    def stop(self, timeout: float = 20.0) -> int | None:
        """SIGTERM and wait; its exit status (SIGKILL past `timeout`: None)."""
        if self.popen is None:
            return None
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
                return None
        self._ended()
        return self.popen.returncode

    def _ended(self) -> None:
        """Keep the text of a run's anonymous log and close it (the run is over)."""
        if self._sink is not None:
            self._earlier = self.log()
            self._sink.close()
            self._sink = None

    def log(self) -> str:
        """Everything it logged so far (every run)."""
        if self._anonymous:
            if self._sink is None:
                return self._earlier
            # pread leaves alone the offset the service writes at.
            fd = self._sink.fileno()
            return self._earlier + os.pread(fd, os.fstat(fd).st_size, 0).decode(
                errors="replace")
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")

    def records(self) -> list[dict[str, Any]]:
        """Every JSON log record it printed so far (every run)."""
        found = []
        for line in self.log().splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                found.append(record)
        return found


def start_service(module: str, env: dict[str, str] | None = None,
                  timeout: float = 30.0) -> ServiceProcess:
    """`python -m module` with GRPC_PORT=0 and METRICS_PORT=0 (it picks and logs them) and
    INFO logs, started once it has logged them; see ServiceProcess."""
    service = ServiceProcess(module, {"LOG_LEVEL": "INFO", **(env or {})}, port=0,
                             metrics_port=0)
    return service.start(timeout, until="logged")


def cpu_seconds(pids: Collection[int] = (), group: int | None = None) -> float:
    """CPU time (user + system) so far of the processes `pids` and of process group `group`."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        if int(stat.parent.name) in pids or (group is not None and int(fields[2]) == group):
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total
