"""`make run`'s launcher (deploy.launch) as a subprocess on free ports, for the tests."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO

from deploy.launch.ports import free_port
from support.paths import ROOT

#: Every port the launcher opens, as its --<name>-port flags name them.
PORT_NAMES = ("redis", "match", "match-metrics", "solver", "solver-metrics", "bot",
              "bot-metrics", "web", "web-metrics", "worker-metrics", "prometheus", "redis-exporter")


@dataclass
class Launched:
    """A running launcher: its ports, its output so far, and its exit code once stopped."""

    process: subprocess.Popen[str]
    ports: dict[str, int]
    lines: queue.Queue[str | None] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)
    exit_code: int | None = None

    def wait_for(self, needle: str, timeout: float = 90.0) -> None:
        """Read output until a line contains `needle`. Fails with everything printed so far
        when the launcher ends first or stays silent for `timeout` seconds."""
        while not any(needle in line for line in self.seen):
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"the launcher printed no {needle!r} and nothing else for "
                                     f"{timeout:.0f} s; its output:\n{self.output}") from None
            if line is None:
                code = self.process.wait()
                raise AssertionError(f"the launcher exited ({code}) before printing {needle!r}; "
                                     f"its output:\n{self.output}")
            self.seen.append(line)

    @property
    def output(self) -> str:
        """Everything the launcher printed so far."""
        return "".join(self.seen)


def _pump(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    for line in stream:
        sink.put(line)
    sink.put(None)  # end of output: the launcher has exited


def follow(process: subprocess.Popen[str], ports: dict[str, int]) -> Launched:
    """A Launched reading `process`'s output (text, stderr joined to stdout) as it comes."""
    assert process.stdout is not None
    run = Launched(process, ports)
    threading.Thread(target=_pump, args=(process.stdout, run.lines), daemon=True).start()
    return run


@contextmanager
def launched(defaults: tuple[str, ...] = ()) -> Iterator[Launched]:
    """Start `python -m deploy.launch` on free ports with its own Redis; Ctrl-C it after.
    The ports named in `defaults` get no flag (the launcher's defaults apply)."""
    ports = {name: free_port() for name in PORT_NAMES if name not in defaults}
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    process = subprocess.Popen(
        [sys.executable, "-m", "deploy.launch",
         *(f"--{n}-port={p}" for n, p in ports.items())],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True)
    run = follow(process, ports)
    try:
        yield run
    finally:
        process.send_signal(signal.SIGINT)
        try:
            run.exit_code = process.wait(timeout=60)
        finally:
            if process.poll() is None:  # never leave a stack behind for the next tests
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            process.stdout.close()
