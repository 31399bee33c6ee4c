"""The helpers the other tests stand on: free ports and the launcher's output."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from support.launcher import follow
from support.paths import ROOT

from deploy.launch.ports import ephemeral_start

PICK = ("import json; from deploy.launch.ports import free_port; "
        "print(json.dumps([free_port() for _ in range(300)]))")


def _picked(worker: str) -> list[int]:
    env = {"PYTEST_XDIST_WORKER": worker, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", PICK], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    return list(json.loads(out))


def test_free_ports_of_two_test_processes_never_meet_nor_the_ephemeral_range() -> None:
    first, second = _picked("gw0"), _picked("gw1")
    assert not set(first) & set(second)
    assert max(first + second) < ephemeral_start()
    assert len(set(first)) == len(first)  # one process never gets a port twice in a row


def test_a_launcher_that_exits_early_fails_the_wait_at_once_with_its_output() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; print('port 1 is already in use'); sys.exit(3)"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    started = time.monotonic()
    with process, pytest.raises(AssertionError) as failed:
        follow(process, {}).wait_for("1 bot worker", timeout=30)
    assert time.monotonic() - started < 10
    assert "exited (3)" in str(failed.value)
    assert "port 1 is already in use" in str(failed.value)


def test_a_silent_launcher_fails_the_wait_with_what_it_printed() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "import time; print('starting', flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with process:
        try:
            with pytest.raises(AssertionError, match="starting"):
                follow(process, {}).wait_for("1 bot worker", timeout=1)
        finally:
            process.kill()
