"""Print the requirements one image stage installs, read from pyproject.toml (one per line).

    python requirements.py runtime   # [project] dependencies and the server extra: what
                                     # the services run on
    python requirements.py codegen   # the pinned code generators of the dev extra

The Dockerfile installs from these lists, so the image never pins anything pyproject.toml
does not. Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

#: Dev tools the image's code-generation stage needs (the rest of the dev extra is not).
CODEGEN = ("grpcio-tools", "protoletariat")


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


def main(argv: list[str]) -> int:
    """Command line: the kind, and optionally the path of pyproject.toml."""
    if len(argv) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    pyproject = Path(argv[1]) if len(argv) == 2 else Path("pyproject.toml")
    print("\n".join(requirements(argv[0], pyproject)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
