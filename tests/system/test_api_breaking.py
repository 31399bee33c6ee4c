"""`make lint` runs `buf breaking` against the main branch of the local .git, and that check
passes on the tree and catches a wire-breaking change (offline, in a scratch repository)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from support.paths import ROOT

BUF = Path(sys.executable).parent / "buf"
AGAINST = ".git#branch=main"


def buf_breaking(cwd: Path) -> subprocess.CompletedProcess[str]:
    """`buf breaking` of `cwd`'s proto/ against its main branch."""
    return subprocess.run([str(BUF), "breaking", "--against", AGAINST], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def git(cwd: Path, *args: str) -> None:
    """Run git quietly in `cwd`."""
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                   cwd=cwd, check=True, capture_output=True)


def test_make_lint_runs_buf_breaking_against_main() -> None:
    target = re.search(r"^lint:.*?(?=^\S|\Z)", (ROOT / "Makefile").read_text(),
                       re.MULTILINE | re.DOTALL)
    assert target is not None
    assert f"buf breaking --against '{AGAINST}'" in target.group(0)


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
