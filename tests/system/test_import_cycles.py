"""No two modules of cardroom.shared or cardroom.services import each other, directly or
through others. The graph reads every import statement of a file at any depth (function
bodies and TYPE_CHECKING blocks too: an import deferred into a function hides a cycle, it
does not remove one); ``from pkg import sub`` counts as importing the submodule, and a
relative import resolves to the module it names."""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import ROOT

PACKAGES = ("shared", "services")
#: Cycles known and accepted, each as its sorted modules (none); the test fails on an entry
#: that is no longer a cycle.
ALLOWED: set[tuple[str, ...]] = set()


def module_name(path: Path, root: Path = ROOT) -> str:
    """The name a file is imported by (shared/errors.py is cardroom.shared.errors)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["cardroom", *parts])


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages by name (generated protobuf code aside)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "proto" not in path.relative_to(root).parts:
                found[module_name(path, root)] = path
    return found


def imports(name: str, path: Path, known: set[str] | dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` (file `path`) imports."""
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
                found.add(child if child in known else base)
    return {m for m in found if m in known and m != name}


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module's imports among the packages' modules."""
    known = modules(root)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each group of modules that import one another (a strongly connected component of
    two or more, Tarjan's algorithm without recursion), sorted, with one cycle through it
    first so the message shows a path to read."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def path_through(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One import cycle within `group`, from its first module back to it."""
    members = set(group)
    start = group[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        node = frontier.pop(0)
        for child in sorted(edges[node] & members):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if child not in came_from:
                came_from[child] = node
                frontier.append(child)
    raise AssertionError(f"{group} is not a cycle")


def test_shared_and_services_have_no_import_cycle() -> None:
    edges = graph()
    assert len(edges) > 100 and "cardroom.shared.bots.registry" in edges
    found = cycles(edges)
    unexpected = [" -> ".join(path_through(g, edges)) for g in found if tuple(g) not in ALLOWED]
    assert unexpected == [], "import cycles:\n" + "\n".join(unexpected)
    gone = ALLOWED - {tuple(g) for g in found}
    assert gone == set(), f"no longer cycles, remove from ALLOWED: {sorted(gone)}"


def test_the_graph_sees_deferred_relative_and_submodule_imports(tmp_path: Path) -> None:
    """A cycle closed by an import inside a function, by ``from . import x`` or by
    ``from pkg import sub`` is found, and the message walks it."""
    package = tmp_path / "shared" / "pkg"
    package.mkdir(parents=True)
    (tmp_path / "services").mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def late():\n    from cardroom.shared.pkg import c\n")
    (package / "c.py").write_text("from .a import thing\n")
    (package / "d.py").write_text("import cardroom.shared.pkg.a\n")
    edges = graph(tmp_path)
    assert edges["cardroom.shared.pkg.d"] == {"cardroom.shared.pkg.a"}
    a, b, c = (f"cardroom.shared.pkg.{m}" for m in "abc")
    assert cycles(edges) == [[a, b, c]]
    assert path_through([a, b, c], edges) == [a, b, c, a]


def test_an_acyclic_graph_has_no_cycle() -> None:
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"c"} - {"c"}}) == [["a", "b"]]
