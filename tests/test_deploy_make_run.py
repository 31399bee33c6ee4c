"""`make run` (services/stack.py) plus the documented command plays a bot match end to end,
and the Prometheus it starts scrapes every process with the project's alert rules."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from support.launcher import launched

ROOT = Path(__file__).resolve().parents[1]


def _query(port: int, expr: str) -> list[dict[str, object]]:
    url = f"http://127.0.0.1:{port}/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    with urllib.request.urlopen(url, timeout=10) as response:
        return list(json.load(response)["data"]["result"])


def test_make_run_and_botmatch_play_a_bot_match_that_prometheus_sees() -> None:
    with launched() as run:
        run.wait_for("prometheus")
        ports = run.ports
        played = subprocess.run(
            [sys.executable, str(ROOT / "deploy" / "botmatch.py"), "--match",
             f"localhost:{ports['match']}", "--game", "vivo", "--players", "3"],
            capture_output=True, text=True, timeout=120)
        assert played.returncode == 0, played.stdout + played.stderr
        assert "match_over 1" in played.stdout and '"reason": "completed"' in played.stdout
        if shutil.which("prometheus") is None:
            reason = "prometheus not installed: `make run` ran without it, as it should"
            if os.environ.get("CI"):
                pytest.fail(reason)
            pytest.skip(reason)
        jobs = {"match", "solver", "bot", "worker"}
        jobs |= {"redis"} if shutil.which("prometheus-redis-exporter") else set()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            up = {str(r["metric"]["job"])  # type: ignore[index]
                  for r in _query(ports["prometheus"], "up == 1")}
            if up == jobs:
                break
            time.sleep(0.5)
        assert up == jobs
        rules = json.load(urllib.request.urlopen(
            f"http://127.0.0.1:{ports['prometheus']}/api/v1/rules", timeout=10))
        assert len(rules["data"]["groups"]) == 3
    assert run.exit_code == 0, run.output
