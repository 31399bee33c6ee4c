"""Copies of the work tree, for runs that must not touch it (mutants, builds from scratch)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where a copy's import root goes (see import_root), relative to the copy.
IMPORT_ROOT = Path("build/import-root")


def copy_tree(into: Path) -> Path:
    """The tracked files of the work tree as they are now (edits included), in `into`."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def import_root(tree: Path) -> Path:
    """A folder that makes `cardroom.shared` and `cardroom.services` the copy's shared/ and
    services/ when put on PYTHONPATH (ahead of the editable install, which maps them to the
    work tree)."""
    root = tree / IMPORT_ROOT
    (root / "cardroom").mkdir(parents=True, exist_ok=True)
    for folder in ("shared", "services"):
        link = root / "cardroom" / folder
        if not link.is_symlink():  # made already when the copy was started before
            link.symlink_to(tree / folder, target_is_directory=True)
    return root
