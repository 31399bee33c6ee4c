"""The documentation's examples run: every shell, console and Python block of README.md and
docs/ is executed against a live stack (`make run`'s launcher, started here on free ports),
so an example that has gone false fails here. A block that cannot run here (Docker,
Kubernetes, a long-running process, packages from another ecosystem) carries an HTML comment
`<!-- not run: REASON -->` on the line before it, and says why.

How a block runs: in a scratch folder that links every top-level entry of the repository
(so `.venv/bin/cardroom` and `deploy/botmatch.py` resolve and nothing is written into the
checkout), with MATCH_ADDR, SOLVER_ADDR and BOT_ADDR set to the stack and its real ports
written in for the default ones. grpcurl is not installed by the project (it is a Go
binary): a stand-in that answers the same command line through server reflection is put
first on the PATH (tests/support/grpcurl.py). Shell blocks of one page run in order in one
shell, so a later block can use what an earlier one kept; `console` blocks show commands
(`$ ...`) with the output they must print; Python blocks run as programs.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.launcher import Launched, launched
from support.paths import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: Languages of blocks that are run; every other block is text (output, specs, other
#: languages' code, which docs mark as they must).
SHELL, CONSOLE, PYTHON = ("sh", "bash", "shell"), ("console",), ("python", "py")
RUN = SHELL + CONSOLE + PYTHON
#: Other languages' code: never run here, so each must say why with a marker.
FOREIGN = ("js", "javascript", "go", "yaml")
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.*?)\s*-->")
FENCE = re.compile(r"^(```+)\s*([\w+-]*)\s*$")
#: The launcher's port names of the default service ports the docs use.
DEFAULT_PORTS = {50051: "match", 50052: "bot", 50053: "solver"}
#: Seconds one page's examples may take in all.
PAGE_TIMEOUT = 300
#: The scratch folder's folder of stand-in tools.
TOOLS = "_tools"


@dataclass(frozen=True)
class Block:
    """One fenced code block: where it is, its language and text, and why it is not run."""

    page: Path
    line: int
    lang: str
    text: str
    not_run: str | None

    def where(self) -> str:
        """page:line, for messages."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """Every fenced block of a page."""
    found: list[Block] = []
    lines = page.read_text().splitlines()
    i = 0
    while i < len(lines):
        opened = FENCE.match(lines[i])
        if opened is None:
            i += 1
            continue
        fence, lang = opened.group(1), opened.group(2).lower()
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == fence)
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marker = NOT_RUN.search(before)
        found.append(Block(page, i + 1, lang, "\n".join(lines[i + 1:end]),
                           marker.group(1) if marker else None))
        i = end + 1
    return found


def _pages_with_examples() -> list[Path]:
    return [p for p in PAGES if any(b.lang in RUN and b.not_run is None for b in blocks(p))]


@pytest.fixture(scope="module")
def stack() -> Iterator[Launched]:
    """The whole local stack, as `make run` starts it, on free ports."""
    with launched() as run:
        run.wait_for("1 bot worker")
        yield run


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that looks like the checkout (every top-level entry linked), with the
    grpcurl stand-in in its TOOLS folder."""
    folder = tmp_path_factory.mktemp("docs")
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (folder / entry.name).symlink_to(entry)
    (folder / TOOLS).mkdir()
    grpcurl = folder / TOOLS / "grpcurl"
    grpcurl.write_text(f'#!/bin/sh\nexec "{sys.executable}" '
                       f'"{ROOT / "tests" / "support" / "grpcurl.py"}" "$@"\n')
    grpcurl.chmod(0o755)
    return folder


def _env(stack: Launched, scratch: Path) -> dict[str, str]:
    ports = stack.ports
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "CELERY_BROKER_URL", "COLUMNS", "LINES")}
    env.update({
        "MATCH_ADDR": f"localhost:{ports['match']}", "SOLVER_ADDR": f"localhost:{ports['solver']}",
        "BOT_ADDR": f"localhost:{ports['bot']}", "NO_COLOR": "1", "COLUMNS": "100",
        "PATH": os.pathsep.join([str(scratch / TOOLS), str(Path(sys.executable).parent),
                                 os.environ.get("PATH", "")])})
    return env


def _localised(text: str, stack: Launched) -> str:
    """The block with the stack's real ports in place of the default ones."""
    for default, name in DEFAULT_PORTS.items():
        text = text.replace(f"localhost:{default}", f"localhost:{stack.ports[name]}")
    return text


def _run_shell(script: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", "set -eo pipefail\n" + script], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=PAGE_TIMEOUT)


def _console(block: Block) -> list[tuple[str, list[str]]]:
    """The (command, expected output lines) of a console block."""
    steps: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps and line.strip():
            steps[-1][1].append(line.strip())
    return steps


def _shows(output: str, expected: list[str]) -> bool:
    """Whether the expected lines appear in the output in order ("..." skips any)."""
    shown = [" ".join(line.split()) for line in output.splitlines()]
    at = 0
    for want in (" ".join(line.split()) for line in expected if line != "..."):
        while at < len(shown) and shown[at] != want:
            at += 1
        if at == len(shown):
            return False
        at += 1
    return True


@pytest.mark.parametrize("page", _pages_with_examples(), ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_examples_run(page: Path, stack: Launched, scratch: Path) -> None:
    env = _env(stack, scratch)
    shell: list[str] = []
    for block in blocks(page):
        if block.not_run is not None or block.lang not in RUN:
            continue
        text = _localised(block.text, stack)
        if block.lang in SHELL:
            shell.append(f"echo '::: {block.where()}' >&2\n{text}")
        elif block.lang in CONSOLE:
            for command, expected in _console(block):
                done = _run_shell(command, env, scratch)
                assert done.returncode == 0, f"{block.where()}: {command}\n{done.stderr}"
                assert _shows(done.stdout + done.stderr, expected), (
                    f"{block.where()}: {command} printed\n{done.stdout}{done.stderr}")
        else:
            program = scratch / f"example_{page.stem}_{block.line}.py"
            program.write_text(text)
            done = subprocess.run([sys.executable, program.name], cwd=scratch, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=PAGE_TIMEOUT)
            assert done.returncode == 0, f"{block.where()}:\n{done.stdout}\n{done.stderr}"
    if shell:
        done = _run_shell("\n".join(shell), env, scratch)
        failed_at = re.findall(r"^::: (\S+)$", done.stderr, re.MULTILINE)
        assert done.returncode == 0, (f"{failed_at[-1] if failed_at else page.name} failed:\n"
                                      f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def test_every_block_is_run_or_says_why_not() -> None:
    unexplained = [b.where() for p in PAGES for b in blocks(p)
                   if b.lang in RUN + FOREIGN and b.not_run == ""]
    foreign = [b.where() for p in PAGES for b in blocks(p)
               if b.lang in FOREIGN and b.not_run is None]
    assert unexplained == [] and foreign == []
    assert len(_pages_with_examples()) >= 4


def test_doc_links_point_at_files_that_exist() -> None:
    missing = []
    for page in PAGES:
        for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text()):
            if not (page.parent / link).exists():
                missing.append(f"{page.relative_to(ROOT)}: {link}")
    assert missing == []


def test_docs_name_no_file_outside_the_repository() -> None:
    outside = re.compile(r"rules/\w+\.txt|CONVENTIONS\.md|RULINGS\.md")
    named = [f"{p.relative_to(ROOT)}: {m}" for p in [*PAGES]
             for m in outside.findall(p.read_text())]
    assert named == []


#: What the app's screen shows at the player's turn, whatever the position, per game.
LANDMARKS = {
    "livemix": ("Livemix - round ", "Your hand:", "Legal: ", "Your move ("),
    "vivo": ("VIVO - round ", "Harmony:", "Your hand:", "Legal: ", "Your move ("),
    "mixmatch": ("Mix Match - round ", "Target ", "Hourglass ", "Your claim ("),
}


def _screen_text(svg: str) -> str:
    """The words of a picture of the app, one text element a line."""
    return "\n".join(html.unescape(t).replace("\xa0", " ")
                     for t in re.findall(r"<text[^>]*>(.*?)</text>", svg))


def test_the_play_pictures_are_screens_the_script_draws_from_live_matches(
        stack: Launched, scratch: Path, tmp_path: Path) -> None:
    """Each game's picture comes from a real match (the bots' choices, seeded by the match
    id, differ from run to run), so the checked-in one and a fresh one must show the same
    screen: the app's title, table, hand and prompt."""
    env = {k: v for k, v in _env(stack, scratch).items() if k != "NO_COLOR"}  # drawn in colour
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "pictures.py"), "--out",
                           str(tmp_path)], cwd=scratch, env=env,
                          capture_output=True, text=True, timeout=PAGE_TIMEOUT)
    assert done.returncode == 0, done.stderr
    pictures = sorted(p.stem for p in (ROOT / "docs" / "play").glob("*.svg"))
    assert pictures == sorted(LANDMARKS)
    for game in pictures:
        for folder in (tmp_path, ROOT / "docs" / "play"):
            shown = _screen_text((folder / f"{game}.svg").read_text())
            assert shown.startswith(f"cardroom play {game}\n"), (folder, shown)
            missing = [mark for mark in LANDMARKS[game] if mark not in shown]
            assert missing == [], (folder / f"{game}.svg", shown)
