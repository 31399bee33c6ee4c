"""The engine packages keep one layout: same module names for the same roles, no import
cycles (TYPE_CHECKING imports included), every module importable on its own, and no I/O
or RPC dependency anywhere under cardroom.shared.games."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

GAMES_DIR = ROOT / "shared" / "games"

#: The modules both trick-taking engines have, one role each (shared/games/base.py).
TRICK_TAKING = {
    "__init__", "cards", "config", "deal", "rules", "playout", "scoring", "view", "serial",
    "state", "position",
}
#: The roles Mix Match shares with them (it has no cards, search or playouts).
MIX_MATCH = {"__init__", "config", "deal", "rules", "view", "serial", "state"}
#: Modules of a role only one game has (VIVO's harmony tables, Mix Match's claim grammar).
OWN = {"livemix": set(), "vivo": {"harmony"}, "mixmatch": {"claim", "notation"}}
#: Module names the trick-taking engines used before they shared one layout.
RETIRED = {"core", "fast", "game", "views", "deck"}

#: Everything an engine module may import: the standard library's pure parts and the
#: shared helpers that are themselves pure.
ALLOWED_TOP = {
    "__future__", "collections", "copy", "dataclasses", "enum", "fractions", "functools",
    "importlib", "inspect", "json", "math", "random", "secrets", "types", "typing",
}
ALLOWED_SHARED = {"cardroom.shared.errors", "cardroom.shared.arith", "cardroom.shared.quoting",
                  "cardroom.shared.games"}


def _module_name(path: Path) -> str:
    """The name a file of the repository is imported by (shared/ is cardroom.shared)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["cardroom", *parts])


MODULES = {_module_name(p): p for p in sorted(GAMES_DIR.rglob("*.py"))}


def _imports(name: str, path: Path) -> set[str]:
    """Every module `name` imports, at any depth of the file (TYPE_CHECKING blocks and
    function bodies too); ``from pkg import sub`` counts as importing the submodule."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in MODULES else base)
    return found


GRAPH = {name: {m for m in _imports(name, path) if m in MODULES and m != name}
         for name, path in MODULES.items()}


def _cycle() -> list[str] | None:
    """One import cycle among the cardroom.shared.games modules, or None."""
    done: set[str] = set()
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> list[str] | None:
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(GRAPH[node]):
            if nxt in on_stack:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        on_stack.discard(node)
        done.add(node)
        return None

    for start in sorted(GRAPH):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_games_import_graph_is_acyclic() -> None:
    assert len(MODULES) > 20
    cycle = _cycle()
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_games_cycle_detection_sees_type_checking_imports(tmp_path: Path) -> None:
    """The graph reads imports under `if TYPE_CHECKING:` too (the state<->view cycles were
    of that kind), and a relative import resolves to the module it names."""
    view = GAMES_DIR / "vivo" / "view.py"
    probe = tmp_path / "view.py"
    probe.write_text(view.read_text() + "\nif TYPE_CHECKING:\n    from .state import State\n")
    assert "cardroom.shared.games.vivo.state" in _imports("cardroom.shared.games.vivo.view", probe)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_games_module_imports_alone(name: str) -> None:
    """Each module imports first in a fresh interpreter (no reliance on import order)."""
    done = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", sorted(MODULES))
def test_games_modules_stay_pure(name: str) -> None:
    """No I/O, RPC or service code in an engine: only pure standard modules and helpers."""
    for imported in _imports(name, MODULES[name]):
        top = imported.split(".")[0]
        if top == "cardroom":
            assert any(imported == ok or imported.startswith(ok + ".")
                       for ok in ALLOWED_SHARED), f"{name} imports {imported}"
        else:
            assert top in ALLOWED_TOP, f"{name} imports {imported}"


@pytest.mark.parametrize("game", ["livemix", "vivo"])
def test_games_trick_taking_engines_share_one_layout(game: str) -> None:
    names = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    assert names == TRICK_TAKING | OWN[game]


def test_games_mixmatch_uses_the_same_names_for_its_roles() -> None:
    names = {p.stem for p in (GAMES_DIR / "mixmatch").glob("*.py")}
    assert MIX_MATCH <= TRICK_TAKING
    assert names == MIX_MATCH | OWN["mixmatch"]


@pytest.mark.parametrize("game", ["livemix", "vivo", "mixmatch"])
def test_games_roles_have_the_same_names(game: str) -> None:
    """Every engine names its options config.py (with GAME), its set-up deal.py, its rules
    rules.py, its views view.py, its JSON serial.py and its contract class state.py; none
    keeps a retired module name."""
    names = {p.stem for p in (GAMES_DIR / game).glob("*.py")}
    assert {"config", "deal", "rules", "view", "serial", "state"} <= names
    assert not names & RETIRED
    config = __import__(f"cardroom.shared.games.{game}.config", fromlist=["GAME"])
    package = __import__(f"cardroom.shared.games.{game}", fromlist=["GAME"])
    assert config.GAME == package.GAME == game


@pytest.mark.parametrize("game", ["livemix", "vivo", "mixmatch"])
def test_games_views_read_the_rules_not_the_state(game: str) -> None:
    """view, serial, scoring and playout sit below state.py: they never import it."""
    for role in ("view", "serial", "scoring", "playout", "rules"):
        module = f"cardroom.shared.games.{game}.{role}"
        if module in GRAPH:
            assert f"cardroom.shared.games.{game}.state" not in GRAPH[module]
            assert (f"cardroom.shared.games.{game}.rules" in GRAPH[module]
                    or role in ("rules", "scoring"))
