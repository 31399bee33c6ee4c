"""Print the requirements one image stage installs, read from pyproject.toml (one per line).

    python requirements.py runtime   # [project] dependencies and the server extra: what
                                     # the services run on
    python requirements.py codegen   # the pinned code generators of the dev extra

The Dockerfile installs from these lists, so the image never pins anything pyproject.toml
does not. Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

#: Dev tools the image's code-generation stage needs (the rest of the dev extra is not).
CODEGEN = ("grpcio-tools", "protoletariat")
HERE = Path(__file__).resolve().parent
#: The lock file of each kind, beside this script.
LOCKS = {"runtime": HERE / "requirements.lock", "codegen": HERE / "codegen.lock"}
#: Installed with the runtime lock: `pip install --no-build-isolation .` builds with them.
BUILD_BACKEND = ("setuptools>=69", "wheel>=0.42")
#: The platform the image runs on (python:3.11-slim-bookworm, a current 3.11 release: as the
#: interpreter locking, past 3.11.3, which some markers test); every wheel of a pinned
#: version is hashed, so other architectures install from the same lock.
PLATFORM = ("--python-platform", "x86_64-manylinux_2_28")


def requirement_name(requirement: str) -> str:
    """The distribution name a requirement line starts with, lower-cased."""
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if match is None:
        raise ValueError(f"not a requirement: {requirement!r}")
    return match.group(1).lower()


def requirements(kind: str, pyproject: Path) -> list[str]:
    """The requirement lines of `kind` ("runtime" or "codegen")."""
    project = tomllib.loads(pyproject.read_text())["project"]
    if kind == "runtime":
        return list(project["dependencies"]) + list(project["optional-dependencies"]["server"])
    if kind == "codegen":
        dev = project["optional-dependencies"]["dev"]
        found = [r for r in dev if requirement_name(r) in CODEGEN]
        if sorted(requirement_name(r) for r in found) != sorted(CODEGEN):
            raise ValueError(f"pyproject.toml's dev extra must list {', '.join(CODEGEN)}")
        return found
    raise ValueError(f"unknown kind {kind!r}: runtime or codegen")


def lock(pyproject: Path) -> None:
    """Rewrite both lock files with uv (needs the network and the dev extra installed)."""
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--all",
                             "--exclude-editable"], capture_output=True, text=True,
                            check=True).stdout
    with tempfile.TemporaryDirectory() as folder:
        constraints = Path(folder) / "constraints.txt"
        constraints.write_text(frozen)
        for kind, out in LOCKS.items():
            wanted = Path(folder) / f"{kind}.in"
            extra = BUILD_BACKEND if kind == "runtime" else ()
            wanted.write_text("\n".join([*requirements(kind, pyproject), *extra]) + "\n")
            subprocess.run([sys.executable, "-m", "uv", "pip", "compile", str(wanted),
                            "--generate-hashes", "--no-header", "--no-annotate", *PLATFORM,
                            "--python-version", "{}.{}.{}".format(*sys.version_info[:3]),
                            "--constraint", str(constraints), "--output-file", str(out),
                            "--quiet"], check=True)
            body = out.read_text()
            out.write_text(f"# The image's {kind} requirements, locked with hashes.\n"
                           f"# Written by `python deploy/docker/requirements.py lock`.\n{body}")


def main(argv: list[str]) -> int:
    """Command line: the kind (or `lock`), and optionally the path of pyproject.toml."""
    if len(argv) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    pyproject = Path(argv[1]) if len(argv) == 2 else Path("pyproject.toml")
    if argv[0] == "lock":
        lock(pyproject)
        return 0
    print("\n".join(requirements(argv[0], pyproject)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
