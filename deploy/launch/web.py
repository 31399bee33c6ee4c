"""The web process (`python -m cardroom.services.web`) as a launcher runs it: on its own
HTTP port, pointed at the services' addresses, ready once /healthz answers.

    web = WebProcess({"MATCH_ADDR": ..., "SOLVER_ADDR": ..., "BOT_ADDR": ...}).start()
    ...web.url...
    web.stop()
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

from deploy.launch.ports import free_port
from deploy.launch.process import HOST, ROOT


class WebProcess:
    """The web table and browser API on `port` (None: a free one), metrics on
    `metrics_port`; its log kept in memory unless the output is inherited."""

    def __init__(self, env: dict[str, str] | None = None, *, port: int | None = None,
                 metrics_port: int | None = None, inherit_output: bool = False,
                 log_path: Path | None = None) -> None:
        self.port = free_port() if port is None else port
        self.metrics_port = free_port() if metrics_port is None else metrics_port
        self.env = {**os.environ, **(env or {}), "WEB_PORT": str(self.port),
                    "METRICS_PORT": str(self.metrics_port)}
        self.inherit_output = inherit_output
        self.log_path = log_path
        self.popen: subprocess.Popen[bytes] | None = None
        self._sink: IO[bytes] | None = None

    @property
    def url(self) -> str:
        """The table's address."""
        return f"http://{HOST}:{self.port}/"

    def start(self, timeout: float = 30.0) -> WebProcess:
        """Start it and wait until /healthz answers (RuntimeError with its log if it exits
        or `timeout` passes first)."""
        argv = [sys.executable, "-m", "cardroom.services.web"]
        if self.inherit_output:
            self.popen = subprocess.Popen(argv, cwd=ROOT, env=self.env)
        elif self.log_path is not None:
            with self.log_path.open("ab") as sink:
                self.popen = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL,
                                              stderr=sink, env={**self.env, "LOG_FORMAT": "json",
                                                                "PYTHONUNBUFFERED": "1"})
        else:
            self._sink = tempfile.TemporaryFile(prefix="cardroom-web-")  # noqa: SIM115
            self.popen = subprocess.Popen(argv, cwd=ROOT, env=self.env,
                                          stdout=subprocess.DEVNULL, stderr=self._sink)
        deadline = time.monotonic() + timeout
        while not self.healthy():
            if self.popen.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the web process did not start: {self.log()[-2000:]}")
            time.sleep(0.05)
        return self

    def healthy(self) -> bool:
        """Whether /healthz answers 200."""
        try:
            with urllib.request.urlopen(f"{self.url}healthz", timeout=0.5) as reply:
                return bool(reply.status == 200)
        except (OSError, urllib.error.URLError):
            return False

    def log(self) -> str:
        """What it logged so far (empty when the output is inherited or it stopped)."""
        if self._sink is None:
            return ""
        fd = self._sink.fileno()
        return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace")

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM and wait; its exit status (SIGKILL past `timeout`: None)."""
        if self.popen is None:
            return None
        code: int | None = None
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                code = self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        else:
            code = self.popen.returncode
        if self._sink is not None:
            self._sink.close()
            self._sink = None
        return code
