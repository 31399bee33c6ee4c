"""The Dockerfile without Docker: hadolint, the build context .dockerignore leaves, and the
recipe replayed here stage by stage (code generation, install, import check)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from support.paths import ROOT

from cardroom.shared.rpc.codegen import OUT_DIR, generated_files

DOCKERFILE = ROOT / "Dockerfile"
BIN = Path(sys.executable).parent


@dataclass
class Stage:
    """One build stage: its base, its name and its instructions (keyword, arguments)."""

    base: str
    name: str
    steps: list[tuple[str, str]] = field(default_factory=list)


def stages(text: str) -> list[Stage]:
    """The Dockerfile's stages, continuation lines joined and comments dropped."""
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("#")]
    found: list[Stage] = []
    for line in re.sub(r"\\\n\s*", " ", "\n".join(lines)).splitlines():
        if not line.strip():
            continue
        keyword, _, args = line.strip().partition(" ")
        if keyword == "FROM":
            base, _, name = args.partition(" AS ")
            found.append(Stage(base.strip(), name.strip()))
        elif found:
            found[-1].steps.append((keyword, args.strip()))
    return found


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore `patterns` leave `path` out of the build context (Docker's
    rules: the last pattern matching the path or one of its parent folders decides)."""
    verdict = False
    parts = path.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for pattern in patterns:
        negate = pattern.startswith("!")
        body = pattern.lstrip("!").strip("/")
        regex = re.escape(body).replace(r"\*\*", ".*").replace(r"\*", "[^/]*")
        regex = regex.replace(r"\?", "[^/]")
        if any(re.fullmatch(regex, prefix) for prefix in prefixes):
            verdict = not negate
    return verdict


def dockerignore() -> list[str]:
    """The .dockerignore patterns, in order."""
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def build_context(target: Path) -> list[str]:
    """Copy the files Docker would send (working tree minus .dockerignore) to `target`."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    sent = [p for p in listed.splitlines() if (ROOT / p).is_file()
            and not ignored(p, dockerignore())]
    for path in sent:
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / path, target / path)
    return sent


def test_hadolint_finds_nothing_in_the_dockerfile() -> None:
    result = subprocess.run([str(BIN / "hadolint"), str(DOCKERFILE)], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerignore_sends_the_sources_and_never_the_generated_code() -> None:
    patterns = dockerignore()
    for path in ("pyproject.toml", "proto/cardroom/v1/match.proto", "shared/rpc/codegen.py",
                 "services/healthprobe.py", "deploy/docker/requirements.lock",
                 "deploy/docker/codegen.lock", "web/package-lock.json", "web/src/main.ts",
                 "buf.yaml"):
        assert not ignored(path, patterns), path
    for path in ("shared/proto/cardroom/v1/match_pb2.py", "tests/conftest.py",
                 ".venv/bin/python", ".git/HEAD", "deploy/k8s/base/match.yaml",
                 "services/__pycache__/x.pyc", "deploy/launch/local.py", "bench/load.py",
                 "web/node_modules/esbuild/package.json", "web/dist/app.js",
                 "web/src/gen/cardroom/v1/match_pb.ts"):
        assert ignored(path, patterns), path


def test_dockerfile_is_multi_stage_and_runs_unprivileged() -> None:
    found = stages(DOCKERFILE.read_text())
    assert [s.name for s in found] == ["web", "base", "proto", "build", "runtime"]
    runtime = dict(found[-1].steps)
    assert runtime["USER"] == "${UID}:${UID}"
    assert re.search(r"ARG UID=(\d+)", DOCKERFILE.read_text()).group(1) != "0"  # type: ignore[union-attr]
    assert runtime["HEALTHCHECK"].endswith('CMD ["python", "-m", "cardroom.services.healthprobe"]')
    assert runtime["CMD"] == '["python", "-m", "cardroom.services.match"]'
    assert set(runtime["EXPOSE"].split()) == {"50051", "50052", "50053", "8080", "9101",
                                              "9102", "9103", "9104", "9105"}
    copies = [args for keyword, args in found[-1].steps if keyword == "COPY"]
    assert copies == ["--from=build /opt/cardroom /opt/cardroom",
                      "--from=web /src/web/dist /opt/cardroom/web"]
    assert "WEB_STATIC_DIR=/opt/cardroom/web" in runtime["ENV"]


def locked(path: Path) -> dict[Requirement, list[str]]:
    """The pins of a hashed lock file, each with its hashes."""
    text = re.sub(r"\\\n\s*", " ", path.read_text())
    found = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            spec, *options = line.split(" --hash=")
            found[Requirement(spec.strip())] = [o.strip() for o in options]
    return found


def _requirements_met(path: Path) -> None:
    for requirement in locked(path):
        try:
            installed = version(requirement.name)
        except PackageNotFoundError:
            pytest.fail(f"{requirement} is not installed here")
        assert requirement.specifier.contains(installed, prereleases=True), requirement


def _run_step(command: str, cwd: Path, env: dict[str, str], site: Path) -> None:
    argv = shlex.split(command)
    if argv[:3] == ["python", "-m", "venv"]:
        return  # this machine's virtual environment stands in for /opt/cardroom
    if argv[:2] == ["pip", "install"] and "-r" in argv:
        assert "--require-hashes" in argv, command
        _requirements_met(cwd / argv[argv.index("-r") + 1])  # offline: what it would install
        return
    if argv[:2] == ["pip", "install"]:
        argv = [sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation",
                "--no-index", "--target", str(site), *argv[2:]]
        subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, timeout=300)
        return
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, (command, result.stderr)


def test_dockerfile_build_stages_replayed_here_build_the_code_and_install_it(
        tmp_path: Path) -> None:
    context = tmp_path / "context"
    build_context(context)
    roots: dict[str, Path] = {}
    workdirs: dict[str, str] = {}
    site = tmp_path / "site"
    env = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "PYTHONPATH": str(site),
           "PIP_NO_INDEX": "1"}
    # The web stage (npm ci, buf, esbuild) is what `make web` runs here, and tests/web
    # plays the table it builds; the Python stages are replayed.
    for stage in [s for s in stages(DOCKERFILE.read_text())[:-1] if s.name != "web"]:
        root = roots[stage.name] = tmp_path / stage.name
        if stage.base in roots:
            shutil.copytree(roots[stage.base], root)
        workdirs[stage.name] = workdirs.get(stage.base, "")
        for keyword, args in stage.steps:
            workdir = root / workdirs[stage.name]
            if keyword == "WORKDIR":
                workdirs[stage.name] = args.lstrip("/")
                (root / workdirs[stage.name]).mkdir(parents=True, exist_ok=True)
            elif keyword == "COPY":
                *sources, dest = args.split()
                origin = context
                if sources[0].startswith("--from="):
                    origin = roots[sources.pop(0).split("=")[1]]
                    sources = [s.lstrip("/") for s in sources]
                for source in sources:
                    target = workdir / dest if not dest.startswith("/") else root / dest[1:]
                    if (origin / source).is_dir():
                        shutil.copytree(origin / source, target, dirs_exist_ok=True)
                    else:
                        target = target / Path(source).name if dest.endswith("/") else target
                        target.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(origin / source, target)
            elif keyword == "RUN":
                for command in args.split("&&"):
                    _run_step(command.strip(), workdir, env, site)
    generated = roots["proto"] / "src" / "shared" / "proto"
    fresh = {p.relative_to(generated): p.read_bytes() for p in generated_files(generated)}
    committed = {p.relative_to(OUT_DIR): p.read_bytes() for p in generated_files(OUT_DIR)}
    assert fresh == committed
    for module in ("services/healthprobe.py", "services/bot/celery_app.py",
                   "shared/proto/cardroom/v1/match_pb2_grpc.py"):
        assert (site / "cardroom" / module).is_file(), module
    assert not (site / "shared").exists() and not (site / "services").exists()
    # The dev launcher (make run, the benchmarks' and tests' processes) is no part of it.
    installed = {p.relative_to(site).as_posix() for p in site.rglob("*.py")}
    assert not [p for p in installed if "launch" in p or p.endswith("/stack.py")], installed


def test_image_requirements_are_read_from_pyproject() -> None:
    script = ROOT / "deploy" / "docker" / "requirements.py"
    runtime = subprocess.run([sys.executable, str(script), "runtime"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    codegen = subprocess.run([sys.executable, str(script), "codegen"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    assert "grpcio-tools==1.71.2" in codegen and len(codegen) == 2
    assert any(r.startswith("grpcio>=") for r in runtime)
    assert not any(r.startswith(("pytest", "grpcio-tools", "mypy")) for r in runtime)


@pytest.mark.parametrize("kind", ["runtime", "codegen"])
def test_image_installs_a_lock_with_hashes_that_meets_pyproject(kind: str) -> None:
    script = ROOT / "deploy" / "docker" / "requirements.py"
    wanted = [Requirement(r) for r in subprocess.run(
        [sys.executable, str(script), kind], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout.split()]
    lock = ROOT / "deploy" / "docker" / ("requirements.lock" if kind == "runtime"
                                         else "codegen.lock")
    pins = locked(lock)
    by_name = {r.name.lower(): r for r in pins}
    for requirement in pins:
        (pinned,) = requirement.specifier
        assert pinned.operator == "==", requirement
        assert pins[requirement] and all(h.startswith("sha256:") for h in pins[requirement])
    for requirement in wanted:
        pin = by_name[requirement.name.lower()]
        assert requirement.specifier.contains(next(iter(pin.specifier)).version), pin
    if kind == "runtime":
        assert {"setuptools", "wheel"} <= set(by_name)  # the build backend, hashed too
    assert f"--require-hashes --no-deps -r {lock.name}" in DOCKERFILE.read_text()
