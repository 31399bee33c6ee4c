"""`make run` (deploy.launch) plus the documented command plays a bot match end to end,
and the Prometheus it starts scrapes every process with the project's alert rules; ports
given through ARGS, taken ports refused before anything starts or moved off when they are
defaults, and only the stack's own addresses printed."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import yaml
from support.launcher import launched
from support.needs import missing
from support.paths import ROOT

from cardroom.shared.client import ClientConfig, connect


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
            missing("prometheus not installed: `make run` ran without it, as it should")
        # The web table's address comes first, and it serves the table and the browser API.
        assert run.output.index(f"Web table: http://localhost:{ports['web']}/") < \
            run.output.index("Cardroom is running")
        with urllib.request.urlopen(f"http://127.0.0.1:{ports['web']}/healthz",
                                    timeout=10) as reply:
            assert "cardroom.v1.MatchService" in reply.read().decode()
        jobs = {"match", "solver", "bot", "worker", "web"}
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
        loaded = {g["name"] for g in rules["data"]["groups"]}
        wanted = yaml.safe_load((ROOT / "deploy/prometheus/rules/cardroom.yml").read_text())
        assert loaded == {g["name"] for g in wanted["groups"]}
    assert run.exit_code == 0, run.output


def _listening(port: int) -> socket.socket | None:
    """A plain listener on `port` (None when something else already listens there)."""
    sock = socket.socket()
    try:
        sock.bind(("127.0.0.1", port))
    except OSError:
        sock.close()
        return None
    sock.listen()
    return sock


def test_make_run_passes_args_to_the_launcher() -> None:
    dry = subprocess.run(["make", "-n", "run", "ARGS=--match-port 15051"], cwd=ROOT,
                         capture_output=True, text=True, timeout=30)
    assert dry.returncode == 0, dry.stderr
    assert "-m deploy.launch --match-port 15051" in dry.stdout
    usage = subprocess.run([sys.executable, "-m", "deploy.launch", "--help"], cwd=ROOT,
                           capture_output=True, text=True, timeout=30)
    assert 'make run [ARGS="[--NAME-port PORT] ..."]' in usage.stdout
    assert "--match-port PORT" in usage.stdout


def test_make_run_refuses_a_taken_port_given_as_a_flag_before_starting_anything() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "deploy.launch", f"--match-port={port}"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and time.monotonic() - started < 20
    said = run.stdout + run.stderr
    assert f"port {port} (--match-port) is already in use; nothing was started" in said
    assert 'make run ARGS="--match-port PORT"' in said
    assert "Cardroom is running" not in said and "Traceback" not in said


def test_make_run_moves_off_a_taken_default_port_and_prints_its_own() -> None:
    blocker = _listening(50053)  # the solver's default port (or someone else holds it)
    try:
        with launched(defaults=("solver",)) as run:
            run.wait_for("1 bot worker")
            found = re.search(r"solver: +localhost:(\d+)", run.output)
            assert found is not None, run.output
            port = int(found.group(1))
            assert port != 50053 and f"(port 50053 is taken: solver uses {port})" in run.output
            with connect(ClientConfig(solver_addr=f"localhost:{port}", timeout=10)) as room:
                assert room.solver.solve([12, 24, 7, 2, 6], 48).cards_used == 5
    finally:
        if blocker is not None:
            blocker.close()
    assert run.exit_code == 0, run.output


def _listeners(port: int) -> set[str]:
    """The local addresses TCP listeners on `port` are bound to (from /proc/net)."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            host, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                packed = bytes.fromhex(host)
                if width == 8:
                    found.add(socket.inet_ntop(socket.AF_INET, packed[::-1]))
                else:
                    words = b"".join(packed[i:i + 4][::-1] for i in range(0, 16, 4))
                    # An IPv4 address on a dual-stack socket reads with the ::ffff: prefix.
                    found.add(socket.inet_ntop(socket.AF_INET6, words).removeprefix("::ffff:"))
    return found


def test_make_run_is_quiet_listens_on_loopback_and_says_how_to_play_first() -> None:
    with launched() as run:
        run.wait_for("MatchService/CreateMatch")  # the banner's last line
        lines = run.output.splitlines()
        start = next(i for i, line in enumerate(lines) if "Cardroom is running" in line)
        assert "Play against bots" in lines[start + 1], run.output
        assert re.search(r"cardroom play vivo --match localhost:\d+", lines[start + 2])
        found = re.search(r"^Logs: (\S+)/ ", run.output, re.MULTILINE)
        assert found is not None, run.output
        logs = Path(found.group(1))
        for name in ("match", "solver", "bot", "worker"):
            assert (logs / f"{name}.log").stat().st_size > 0, name
        assert "worker metrics on port" in (logs / "worker.log").read_text()
        for name in ("match", "match-metrics", "solver", "bot", "bot-metrics",
                     "worker-metrics"):
            assert _listeners(run.ports[name]) == {"127.0.0.1"}, name
    assert run.exit_code == 0, run.output
    shown = run.output
    assert "ready." not in shown and " INFO " not in shown and '"level"' not in shown, shown


def test_make_run_refuses_a_listen_address_that_is_no_address() -> None:
    run = subprocess.run([sys.executable, "-m", "deploy.launch", "--listen", "everywhere"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "--listen must be an IP address" in run.stderr and "Traceback" not in run.stderr


def test_only_warnings_and_errors_of_a_log_reach_the_terminal() -> None:
    from deploy.launch.echo import loud_line

    assert loud_line("match", '{"level": "WARNING", "message": "store slow"}') == \
        "match: WARNING store slow"
    assert loud_line("bot", '{"level": "ERROR", "message": "boom"}') == "bot: ERROR boom"
    assert loud_line("match", '{"level": "INFO", "message": "refused a call"}') is None
    assert loud_line("worker", " -------------- celery@host v5.4.0") is None
    assert loud_line("worker", "[1, 2]") is None
