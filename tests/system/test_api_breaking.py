"""`make lint` runs `buf breaking` against the main branch of the local .git and against
the commit that closed the v1 API (API_V1 in the Makefile); the tree passes both, and the
check catches a wire-breaking change (offline: in a scratch repository, and in a copy of
proto/ judged against the closing commit)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

BUF = Path(sys.executable).parent / "buf"
AGAINST = ".git#branch=main"
LINT = re.search(r"^lint:.*?(?=^\S|\Z)", (ROOT / "Makefile").read_text(),
                 re.MULTILINE | re.DOTALL)
FROZEN = re.search(r"^API_V1 := ([0-9a-f]{40})$", (ROOT / "Makefile").read_text(), re.MULTILINE)


def buf_breaking(cwd: Path, against: str = AGAINST) -> subprocess.CompletedProcess[str]:
    """`buf breaking` of `cwd`'s proto/ against `against` (by default its main branch)."""
    return subprocess.run([str(BUF), "breaking", "--against", against], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run git quietly in `cwd`."""
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                          cwd=cwd, check=True, capture_output=True, text=True)


@pytest.fixture(scope="module")
def v1() -> str:
    """buf's git input for the commit that closed the v1 API, in this clone's history."""
    assert FROZEN is not None, "the Makefile names no API_V1 commit"
    present = subprocess.run(["git", "cat-file", "-e", f"{FROZEN.group(1)}^{{commit}}"],
                             cwd=ROOT, capture_output=True)
    assert present.returncode == 0, (
        f"API_V1 ({FROZEN.group(1)}) is not in this clone's history: clone the whole of it")
    return f"{ROOT / '.git'}#ref={FROZEN.group(1)},depth=100000"


def test_make_lint_runs_buf_breaking_against_main_and_the_closed_v1() -> None:
    assert LINT is not None
    assert f"buf breaking --against '{AGAINST}'" in LINT.group(0)
    assert "buf breaking --against '.git#ref=$(API_V1),depth=100000'" in LINT.group(0)


def test_the_closing_commit_holds_the_v1_protos(v1: str) -> None:
    listed = git(ROOT, "ls-tree", "-r", "--name-only", FROZEN.group(1) if FROZEN else "",
                 "proto/cardroom/v1")
    assert {Path(p).name for p in listed.stdout.split()} >= {
        "match.proto", "bot.proto", "solver.proto", "player.proto", "matchmaker.proto"}


def test_the_tree_keeps_the_closed_v1_wire_format(v1: str) -> None:
    checked = buf_breaking(ROOT, v1)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize(("old", "new", "named"), [
    ("TurnFrame turn = 2;", "TurnFrame turn = 3;", "turn"),
    ("string match_id = 1;", "string game_id = 1;", "match_id"),
    ("MixMatchClaimFault fault = 5;", "int32 fault = 5;", "fault"),
], ids=["renumbered", "renamed", "retyped"])
def test_a_change_that_breaks_the_closed_v1_is_caught(tmp_path: Path, v1: str, old: str,
                                                      new: str, named: str) -> None:
    shutil.copy(ROOT / "buf.yaml", tmp_path / "buf.yaml")
    shutil.copytree(ROOT / "proto", tmp_path / "proto")
    assert buf_breaking(tmp_path, v1).returncode == 0
    protos = list((tmp_path / "proto" / "cardroom" / "v1").glob("*.proto"))
    changed = next(p for p in protos if old in p.read_text())
    changed.write_text(changed.read_text().replace(old, new, 1))
    broken = buf_breaking(tmp_path, v1)
    assert broken.returncode != 0
    assert named in broken.stdout


def test_buf_breaking_catches_a_renumbered_field(tmp_path: Path) -> None:
    shutil.copy(ROOT / "buf.yaml", tmp_path / "buf.yaml")
    shutil.copytree(ROOT / "proto", tmp_path / "proto")
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "protos")
    assert buf_breaking(tmp_path).returncode == 0
    match_proto = tmp_path / "proto" / "cardroom" / "v1" / "match.proto"
    text = match_proto.read_text()
    match_proto.write_text(text.replace("TurnFrame turn = 2;", "TurnFrame turn = 3;"))
    broken = buf_breaking(tmp_path)
    assert broken.returncode != 0
    assert "turn" in broken.stdout
