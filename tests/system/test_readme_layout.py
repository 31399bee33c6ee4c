"""README.md's layout table names every folder of the top level, every package and module
of shared/ and services/, and every folder of tests/, so a new one gets its line."""

from __future__ import annotations

import fnmatch
import re
import subprocess

from support.paths import ROOT


def table_paths() -> set[str]:
    """The paths the first column of the Layout section's table names (in backticks)."""
    section = ROOT.joinpath("README.md").read_text().split("\n## Layout\n")[1].split("\n## ")[0]
    rows = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return {path for row in rows for path in re.findall(r"`([^`]+)`", row)}


def required() -> set[str]:
    """What the table must name: top-level folders, shared/ and services/ packages (and
    their loose modules), tests/ folders (tests/services/ by service)."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout.split()
    needed = set()
    for name in listed:
        parts = name.split("/")
        if len(parts) < 2:
            continue
        if parts[0] in ("shared", "services"):
            needed.add(f"{parts[0]}/{parts[1]}" + ("/" if len(parts) > 2 else ""))
        elif parts[0] == "tests" and len(parts) > 2:
            depth = 3 if parts[1] == "services" and len(parts) > 3 else 2
            needed.add("/".join(parts[:depth]) + "/")
        elif parts[0] != "tests":
            needed.add(parts[0] + "/")
    return {n for n in needed if not n.endswith("/__init__.py")} - {"shared/py.typed"}


def named(path: str, paths: set[str]) -> bool:
    """Whether the table names `path`, by itself, by a pattern, or by a path inside it."""
    return any(p == path or fnmatch.fnmatch(path, p) or (path.endswith("/") and
               p.startswith(path)) for p in paths)


def test_the_layout_table_names_every_package_and_folder() -> None:
    paths = table_paths()
    needed = required()
    assert {"shared/bots/", "services/match/", "tests/services/bot/", "bench/"} <= needed
    assert sorted(n for n in needed if not named(n, paths)) == []


def test_a_path_is_named_by_itself_a_pattern_or_a_path_inside_it() -> None:
    paths = {"shared/*.py", "proto/cardroom/v1/", "tests/games/"}
    assert named("shared/errors.py", paths) and named("proto/", paths)
    assert named("tests/games/", paths)
    assert not named("tests/cli/", paths) and not named("shared/bots/", paths)
