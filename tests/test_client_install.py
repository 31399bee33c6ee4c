"""A plain install (no extras) is the client library and the `cardroom` app: pyproject.toml
keeps the server stack in the `server` extra, and the client and the app run with Celery,
Redis, Prometheus, the services and the server-only gRPC packages made unimportable."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.grpc_servers import HOST, local_settings

from services.solver.config import SolverConfig
from services.solver.server import create_server

ROOT = Path(__file__).resolve().parents[1]
#: What only the services and bot workers need.
SERVER_ONLY = ("celery", "kombu", "billiard", "redis", "hiredis", "prometheus_client",
               "services", "grpc_health", "grpc_reflection")
SERVER_DISTRIBUTIONS = ("celery", "redis", "hiredis", "prometheus-client",
                        "grpcio-health-checking", "grpcio-reflection")

#: Run in a fresh interpreter: block SERVER_ONLY, import every module of the client and the
#: app, then run `cardroom` with the given arguments.
PROBE = """
import importlib, importlib.abc, pkgutil, sys

BLOCKED = set(sys.argv[1].split(","))

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"{name} is not installed", name=name)
        return None

sys.meta_path.insert(0, Blocker())
try:
    import redis
except ModuleNotFoundError:
    pass
else:
    sys.exit("the blocker does not block")
import shared.cli, shared.client
for package in (shared.client, shared.cli):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not module.name.endswith(".__main__"):  # that one runs the app on import
            importlib.import_module(module.name)
from shared.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.fixture(scope="module")
def solver_addr() -> Iterator[str]:
    """A real solver server for the module."""
    server, port = create_server(SolverConfig(rpc=local_settings("solver")), host=HOST)
    server.start()
    try:
        yield f"{HOST}:{port}"
    finally:
        server.stop(None)


def _name(requirement: str) -> str:
    return requirement.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()


def test_plain_install_needs_no_server_packages() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    plain = {_name(r) for r in project["dependencies"]}
    server = {_name(r) for r in project["optional-dependencies"]["server"]}
    assert plain.isdisjoint(SERVER_DISTRIBUTIONS)
    assert server >= set(SERVER_DISTRIBUTIONS)
    assert "cardroom[server]" in project["optional-dependencies"]["dev"]
    assert project["scripts"]["cardroom"] == "shared.cli.main:main"


def test_client_and_app_run_without_the_server_stack(solver_addr: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_ADDR")}
    env["NO_COLOR"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(SERVER_ONLY), "solve", "12", "24", "7", "2",
         "6", "--target", "48", "--solver", solver_addr],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "uses all 5 cards: 2 6 7 12 24" in done.stdout
