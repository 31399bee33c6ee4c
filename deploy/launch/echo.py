"""`make run`'s foreground stays quiet: every process logs to a file of its own, and what
they log at WARNING or above is echoed to the terminal, one short line each."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import IO

#: Levels echoed to the terminal.
LOUD = frozenset({"WARNING", "ERROR", "CRITICAL"})


def loud_line(name: str, line: str) -> str | None:
    """What the terminal shows of one log line of process `name` (None: nothing). A JSON
    record at WARNING or above becomes `name: LEVEL message`; any other line stays in the
    file (Celery's banner, INFO records, a traceback the exit report points at)."""
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict) or str(record.get("level", "")).upper() not in LOUD:
        return None
    return f"{name}: {str(record['level']).upper()} {record.get('message', '')}".rstrip()


def follow(name: str, path: Path, stop: threading.Event, out: IO[str] = sys.stderr) -> None:
    """Echo the loud lines `path` gets until `stop` is set (run it on a thread)."""
    while not path.exists() and not stop.is_set():
        time.sleep(0.1)
    with path.open(encoding="utf-8", errors="replace") as log:
        while not stop.is_set():
            line = log.readline()
            if not line:
                time.sleep(0.1)
                continue
            shown = loud_line(name, line)
            if shown is not None:
                print(shown, file=out, flush=True)


def tail(path: Path, lines: int = 20) -> str:
    """The last `lines` lines of `path` (empty when it is missing)."""
    try:
        return "".join(path.read_text(errors="replace").splitlines(keepends=True)[-lines:])
    except OSError:
        return ""
