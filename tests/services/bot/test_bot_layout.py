"""The bot service is an ordinary client of the match service: no module of it imports
cardroom.services.match (at any depth of the file), and its modules import one another
without a cycle. What it shares with the match service is the wire layer (cardroom.shared.wire)."""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import ROOT

BOT_DIR = ROOT / "services" / "bot"
PACKAGE = "cardroom.services.bot"


def _module_name(path: Path) -> str:
    """The name a file of services/bot is imported by."""
    stem = path.relative_to(BOT_DIR).with_suffix("")
    parts = [] if stem.name == "__init__" else list(stem.parts)
    return ".".join([PACKAGE, *parts])


MODULES = {_module_name(p): p for p in sorted(BOT_DIR.rglob("*.py"))}


def imports(path: Path, name: str) -> set[str]:
    """Every module the file imports, in function bodies and TYPE_CHECKING blocks too;
    relative imports resolved, ``from pkg import sub`` counted as the submodule."""
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
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if f"{base}.{alias.name}" in MODULES)
    return found


GRAPH = {name: {m for m in imports(path, name) if m in MODULES and m != name}
         for name, path in MODULES.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph`, as the path that closes it, or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                return [*path[path.index(nxt):], nxt]
            if nxt not in done:
                found = visit(nxt, [*path, nxt])
                if found:
                    return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = None if start in done else visit(start, [start])
        if found:
            return found
    return None


def test_bot_service_imports_nothing_of_the_match_service() -> None:
    assert len(MODULES) >= 10
    offending = {name: sorted(m for m in imports(path, name)
                              if m == "cardroom.services.match"
                              or m.startswith("cardroom.services.match."))
                 for name, path in MODULES.items()}
    assert {name: found for name, found in offending.items() if found} == {}


def test_bot_service_shares_the_wire_layer_with_the_match_service() -> None:
    users = {name for name, path in MODULES.items()
             if any(m.startswith("cardroom.shared.wire") for m in imports(path, name))}
    assert {f"{PACKAGE}.celery_app", f"{PACKAGE}.tasks", f"{PACKAGE}.turns",
            f"{PACKAGE}.metrics", f"{PACKAGE}.servicer", f"{PACKAGE}.mapping"} <= users


def test_bot_service_modules_import_one_another_without_a_cycle() -> None:
    assert f"{PACKAGE}.celery_app" in GRAPH[f"{PACKAGE}.tasks"]  # the graph sees the imports
    cycle = _cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_bot_cycle_detection_sees_imports_inside_functions(tmp_path: Path) -> None:
    """An import made late, in a function body (as the old celery_app made of tasks), is an
    edge of the graph like any other, and a cycle through it is found."""
    probe = tmp_path / "celery_app.py"
    probe.write_text("def _late():\n    from cardroom.services.bot.tasks import METRICS\n")
    late = imports(probe, f"{PACKAGE}.celery_app")
    assert f"{PACKAGE}.tasks" in late
    assert _cycle({**GRAPH, f"{PACKAGE}.celery_app": late & set(MODULES)}) is not None
