"""Every file path that a comment or docstring of a tracked Python file names exists.

A pointer is a word ending in a file extension of the repository's (``docs/rules/vivo.md``,
``state.py``, ``proto/cardroom/v1/*.proto``) or a path that starts at a folder of the
repository's top level (``deploy/k8s``, ``tests/support/``). It holds when it names a
tracked file or folder, from the repository's root, from the file's own folder, or as the
tail of a tracked path (``base/match.yaml``), when its wildcards match a tracked file, or
when it names something .gitignore keeps out (what a build makes: ``.venv/bin/python``).
Slashes in prose (``pub/sub``, ``p50/p99``) and module names (``cardroom.shared.proto``)
are not pointers.
"""

from __future__ import annotations

import ast
import fnmatch
import io
import re
import subprocess
import tokenize
from collections.abc import Iterator
from functools import cache

from support.paths import ROOT

EXTENSIONS = ("py", "pyi", "md", "txt", "yml", "yaml", "json", "proto", "toml", "lock", "cfg",
              "ini", "sh", "svg", "lua", "c")
_EXT = "(?:" + "|".join(EXTENSIONS) + ")"
#: A word of path characters: a file name with an extension, or segments joined by "/".
POINTER = re.compile(
    r"(?<![\w./<>{}$*-])"
    r"((?:[\w.*-]+/)*[\w*-]+(?:\.[\w*-]+)*\." + _EXT + r"|(?:[\w.-]+/)+[\w.*-]*)"
    r"(?![\w/])")
HAS_EXTENSION = re.compile(r"\." + _EXT + r"$")

#: Pointers in files that are being reorganised apart from this check, each with the file
#: that still holds it; remove an entry when its file is mended (the test fails on an
#: entry that no longer matches, so none outlives its pointer). The conventions file they
#: name was never in the repository: the settings are README.md's Configuration section.
KNOWN_STALE: set[tuple[str, str]] = set()


@cache
def tracked() -> tuple[str, ...]:
    """The repository's tracked files, relative to its root."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    return tuple(name for name in listed.split("\0") if name)


@cache
def tracked_folders() -> frozenset[str]:
    """Every folder that holds a tracked file, at any depth."""
    folders: set[str] = set()
    for name in tracked():
        parts = name.split("/")[:-1]
        folders.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return frozenset(folders)


def commentary(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and each module, class and function docstring."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                yield node.body[0].lineno, doc


def pointers(text: str) -> Iterator[str]:
    """The words of `text` that name a file or folder of the repository."""
    tops = {name.split("/")[0] for name in tracked() if "/" in name}
    for match in POINTER.finditer(text):
        word = match.group(1).rstrip(".,")
        if word.startswith("cardroom."):
            continue  # a module's import name, not a path
        if HAS_EXTENSION.search(word) or ("/" in word and word.split("/")[0] in tops):
            yield word


def resolves(source: str, word: str) -> bool:
    """Whether `word`, named in tracked file `source`, names something of the repository."""
    path = word.rstrip("/")
    if "*" in path:
        return any(fnmatch.fnmatch(name, path) or fnmatch.fnmatch(name, "*/" + path)
                   for name in tracked())
    if (ROOT / path).exists() or (ROOT / source).parent.joinpath(path).exists():
        return True
    return any(name == path or name.endswith("/" + path)
               for name in (*tracked(), *tracked_folders()))


def ignored(words: set[str]) -> set[str]:
    """Those of `words` that .gitignore keeps out of the repository (as files or folders)."""
    # A folder pattern ("node_modules/") matches a path that is not there only with its
    # slash; a path that is there (a link into .venv) git checks as it is.
    asked = sorted(words | {w.rstrip("/") + "/" for w in words if not (ROOT / w).exists()})
    answer = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT,
                            input="".join(w + "\n" for w in asked), capture_output=True,
                            text=True)
    assert answer.returncode in (0, 1), answer.stderr  # 1: none of them is ignored
    kept_out = set(answer.stdout.split())
    return {w for w in words if w in kept_out or w.rstrip("/") + "/" in kept_out}


def dangling() -> set[tuple[str, int, str]]:
    """(file, line, pointer) of each pointer that names nothing of the repository."""
    found = set()
    for name in tracked():
        if not name.endswith(".py") or name.startswith("shared/proto/"):
            continue  # generated code says what protoc says
        for line, text in commentary((ROOT / name).read_text()):
            found.update((name, line, word) for word in pointers(text)
                         if not resolves(name, word))
    generated = ignored({word for _, _, word in found})
    return {entry for entry in found if entry[2] not in generated}


def test_every_path_a_comment_or_docstring_names_exists() -> None:
    found = dangling()
    unexpected = sorted(f"{name}:{line}: {word}" for name, line, word in found
                        if (name, word) not in KNOWN_STALE)
    assert unexpected == [], "comments or docstrings name files that do not exist"
    mended = KNOWN_STALE - {(name, word) for name, _, word in found}
    assert mended == set(), "KNOWN_STALE lists pointers that are gone: remove the entries"


def test_pointers_are_paths_and_not_prose_or_module_names() -> None:
    text = ("See docs/rules/vivo.md and state.py, deploy/k8s, tests/*/test_chaos_*.py; "
            "pub/sub, p50/p99, 3-8/3, cardroom.shared.proto, https://example.org/x.md, "
            "$HOME/x.md, <name>/y.py and rules/vivo.txt.")
    assert list(pointers(text)) == ["docs/rules/vivo.md", "state.py", "deploy/k8s",
                                    "tests/*/test_chaos_*.py", "rules/vivo.txt"]


def test_a_pointer_resolves_from_the_root_its_folder_or_as_a_tail() -> None:
    here = "shared/games/vivo/rules.py"
    assert resolves(here, "docs/rules/vivo.md") and resolves(here, "harmony.py")
    assert resolves(here, "base/match.yaml") and resolves(here, "proto/cardroom/v1/*.proto")
    assert resolves(here, "deploy/k8s/") and resolves(here, "tests/support")
    assert not resolves(here, "rules/vivo.txt") and not resolves(here, "CONVENTIONS.md")
    assert not resolves(here, "docs/rules/*.txt")
    assert ignored({".venv/bin/python", "tests/system/node/node_modules", "docs/x.md"}) == {
        ".venv/bin/python", "tests/system/node/node_modules"}
