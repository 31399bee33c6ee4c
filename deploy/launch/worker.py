"""Run a bot worker as a child process, for `make run`, the tests and the benchmarks.

In production a worker is started by its own command (docs/bots-workers.md):
``celery -A cardroom.services.bot.celery_app worker -Q cardroom.bots,cardroom.bots.search``.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.services.bot import default_metrics_dir
from cardroom.shared.wire.bot_tasks import QUEUES

ROOT = Path(__file__).resolve().parents[2]


def worker_argv(queues: Sequence[str] = QUEUES, *, concurrency: int | None = None,
                hostname: str = "", pool: str = "prefork") -> list[str]:
    """The command line of a worker consuming `queues`."""
    argv = [sys.executable, "-m", "celery", "-A", "cardroom.services.bot.celery_app", "worker",
            "--pool", pool, "-Q", ",".join(queues), "--without-gossip", "--without-mingle"]
    if concurrency:
        argv += ["--concurrency", str(concurrency)]
    if hostname:
        argv += ["--hostname", hostname]
    return argv


@dataclass
class WorkerProcess:
    """A worker started by start_worker: its process group, its metrics port, its log."""

    popen: subprocess.Popen[str]
    metrics_port: int
    lines: queue.Queue[str]
    records: list[dict[str, Any]] = field(default_factory=list)

    def log(self) -> list[dict[str, Any]]:
        """Every JSON log record printed so far."""
        while True:
            try:
                self.records.extend(_records(self.lines.get_nowait()))
            except queue.Empty:
                return self.records

    def kill(self) -> None:
        """SIGKILL the whole worker (parent and pool processes) at once, as a crash would."""
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait()
        # A killed worker cannot remove its metrics files itself.
        shutil.rmtree(default_metrics_dir(self.popen.pid), ignore_errors=True)

    def stop(self, timeout: float = 20.0) -> None:
        """Warm shutdown (SIGTERM: tasks in flight finish); SIGKILL past `timeout`."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.popen.stderr is not None:
            self.popen.stderr.close()


def start_worker(env: Mapping[str, str], queues: Sequence[str] = QUEUES, *,
                 concurrency: int = 1, hostname: str = "", timeout: float = 60.0
                 ) -> WorkerProcess:
    """A worker in its own process group, with JSON logs on a pipe; returns once it
    consumes (it logs its metrics port when ready). METRICS_PORT defaults to 0 here."""
    full_env = {**os.environ, "METRICS_PORT": "0", **env, "LOG_FORMAT": "json",
                "PYTHONUNBUFFERED": "1"}
    popen = subprocess.Popen(worker_argv(queues, concurrency=concurrency, hostname=hostname),
                             cwd=ROOT, env=full_env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    assert popen.stderr is not None
    threading.Thread(target=_pump, args=(popen.stderr, lines), daemon=True).start()
    records: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and popen.poll() is None:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        for record in _records(line):
            records.append(record)
            if record.get("logger") == "cardroom.services.bot.metrics" and "metrics_port" in record:
                return WorkerProcess(popen, int(record["metrics_port"]), lines, records)
    if popen.poll() is None:
        os.killpg(popen.pid, signal.SIGKILL)
    popen.wait()
    popen.stderr.close()
    raise RuntimeError(f"the bot worker did not become ready; log: {records}")


def _pump(stream: Any, lines: queue.Queue[str]) -> None:
    for line in stream:
        lines.put(line)


def _records(line: str) -> list[dict[str, Any]]:
    try:
        record = json.loads(line)
    except ValueError:
        return []
    return [record] if isinstance(record, dict) else []
