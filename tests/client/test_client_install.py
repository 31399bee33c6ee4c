"""A plain install (no extras) is the client library and the `cardroom` app: pyproject.toml
keeps the server stack in the `server` extra, and the client, the wire layer under it and
the app run with Celery, Redis, Prometheus, the services and the server-only gRPC packages
made unimportable."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread
from support.paths import ROOT

from bench.trees import copy_tree
from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server

#: What only the services and bot workers need.
SERVER_ONLY = ("celery", "kombu", "billiard", "redis", "hiredis", "prometheus_client",
               "cardroom.services", "grpc_health", "grpc_reflection")
SERVER_DISTRIBUTIONS = ("celery", "redis", "hiredis", "prometheus-client",
                        "grpcio-health-checking", "grpcio-reflection")

#: Run in a fresh interpreter: block SERVER_ONLY, import every module of the client, the wire
#: layer and the app, then run `cardroom` with the given arguments.
PROBE = """
import importlib, importlib.abc, pkgutil, sys

BLOCKED = set(sys.argv[1].split(","))

class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in BLOCKED):
            raise ModuleNotFoundError(f"{name} is not installed", name=name)
        return None

sys.meta_path.insert(0, Blocker())
try:
    import redis
except ModuleNotFoundError:
    pass
else:
    sys.exit("the blocker does not block")
import cardroom.shared.cli, cardroom.shared.client, cardroom.shared.wire
for package in (cardroom.shared.wire, cardroom.shared.client, cardroom.shared.cli):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not module.name.endswith(".__main__"):  # that one runs the app on import
            importlib.import_module(module.name)
from cardroom.shared.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.fixture(scope="module")
def solver_addr() -> Iterator[str]:
    """A real solver server for the module."""
    server, port = in_thread(create_server, SolverConfig(rpc=local_settings("solver")), host=HOST)
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
    assert project["scripts"]["cardroom"] == "cardroom.shared.cli.main:main"


def test_client_and_app_run_without_the_server_stack(solver_addr: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_ADDR")}
    env["NO_COLOR"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(SERVER_ONLY), "solve", "12", "24", "7", "2",
         "6", "--target", "48", "--solver", solver_addr],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "uses all 5 cards: 2 6 7 12 24" in done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from a copy of this checkout's tracked files."""
    out = tmp_path_factory.mktemp("wheel")
    tree = copy_tree(tmp_path_factory.mktemp("checkout"))  # no build/ left by earlier builds
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(out), str(tree)],
                   check=True, capture_output=True, timeout=300)
    (found,) = out.glob("cardroom-*.whl")
    return found


def test_the_wheel_adds_only_the_name_cardroom_and_holds_every_module_and_stub(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry_points = next(archive.read(n).decode() for n in names
                            if n.endswith(".dist-info/entry_points.txt"))
    top = {name.split("/")[0] for name in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"cardroom"}
    tracked = subprocess.run(["git", "ls-files", "shared", "services"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
    modules = {f"cardroom/{path}" for path in tracked if path.endswith((".py", ".pyi", ".typed"))}
    assert modules and modules <= set(names), sorted(modules - set(names))
    assert "cardroom = cardroom.shared.cli.main:main" in entry_points


def test_an_install_beside_other_shared_and_services_packages_runs(
        wheel: Path, tmp_path: Path, solver_addr: str) -> None:
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-index", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    for other in ("shared", "services"):  # another project's packages of those names
        (site / other).mkdir()
        (site / other / "__init__.py").write_text(f"OWNER = {f'{other} of another project'!r}\n")
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    probe = ("import shared, services, cardroom.shared.client, cardroom.services.match.server "
             "as server; print(shared.OWNER); print(services.OWNER); "
             "print(cardroom.shared.client.__file__); print(server.__file__)")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "shared of another project", "services of another project",
        str(site / "cardroom/shared/client/__init__.py"),
        str(site / "cardroom/services/match/server.py")]
    app = subprocess.run([str(site / "bin" / "cardroom"), "solve", "12", "24", "7", "2", "6",
                          "--target", "48", "--solver", solver_addr],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert app.returncode == 0, app.stderr
    assert "uses all 5 cards: 2 6 7 12 24" in app.stdout
