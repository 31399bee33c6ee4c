"""A rule of a game lives in its engine: no code under services/ (nor the bot registry)
branches on a game's name, reaches into a state with getattr, or reads a move's text; the
services ask the engine contract (GameInfo and the State's host methods) instead.

The proto mapping is where wire names meet game names, so it may name games:
services/match/mapping.py (with cardroom.shared.wire.typed: the typed options, deals, views and
events of each game's proto). The solver service is Mix Match's claim solver by its API
(cardroom.v1.SolverService), so it uses that engine's claim checker by name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from support.paths import ROOT

from cardroom.shared.games import registry

#: Files that translate the wire format, and may name games (see the module docstring).
PROTO_MAPPING = {"services/match/mapping.py"}
#: A service whose API is one game's.
ONE_GAME_SERVICES = {"services/solver"}
#: Not yet asking the engine (owned elsewhere; the engine calls that replace their reads are
#: GameInfo.round_bound for is_claim and GameInfo.tag_round for tagged_claim): remove the
#: entry once the file is switched.
PENDING: set[str] = set()
#: The start of a move's text in some game's notation: Mix Match's claims and picks.
MOVE_TEXT = re.compile(r"^(claim( |@|$)|pick )")
EXTRA = [ROOT / "shared" / "bots" / "registry.py"]


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _forwarding_calls(tree: ast.AST) -> set[int]:
    """getattr calls that forward whatever name is asked of a wrapper to what it wraps
    (`def __getattr__(self, name): return getattr(self._state, name)`): a proxy that
    changes one method, not a probe of what a game can do."""
    calls = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "__getattr__" \
                and len(node.args.args) == 2:
            asked = node.args.args[1].arg
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) \
                        and call.func.id == "getattr" and len(call.args) == 2 \
                        and isinstance(call.args[1], ast.Name) and call.args[1].id == asked:
                    calls.add(id(call))
    return calls


def sniffs(source: str) -> list[str]:
    """What a piece of service code reads of a game that its engine should say: string
    literals naming a game or starting a move's text, getattr on a state, and imports of
    an engine package."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    forwarding = _forwarding_calls(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if node.value in registry.GAMES or MOVE_TEXT.match(node.value):
                found.append(f"line {node.lineno}: literal {node.value!r}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "getattr" and node.args and id(node) not in forwarding
              and "state" in ast.unparse(node.args[0]).lower()):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.module and any(
                node.module.startswith(f"cardroom.shared.games.{game}")
                for game in registry.GAMES):
            found.append(f"line {node.lineno}: imports {node.module}")
    return found


def _checked_files() -> list[Path]:
    files = []
    for path in sorted((ROOT / "services").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in PROTO_MAPPING | PENDING or any(name.startswith(f"{s}/")
                                                  for s in ONE_GAME_SERVICES):
            continue
        files.append(path)
    return files + EXTRA


def test_services_never_branch_on_a_game_or_read_a_moves_text() -> None:
    files = _checked_files()
    assert len(files) > 30
    found = {path.relative_to(ROOT).as_posix(): sniffs(path.read_text()) for path in files}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_scan_sees_each_kind_of_sniffing() -> None:
    """The scan catches what the services used to do (timers.pin_round, bots.still_in, a
    game's name in a branch, getattr on a state), and passes the engine calls."""
    sniffing = '''
from cardroom.shared.games.mixmatch import notation
def f(state, action, game):
    """Docstrings may say claim or mixmatch."""
    if game == "mixmatch" and action.startswith("claim "):
        return getattr(state, "deadline", None)
'''
    assert {hit.split(": ")[1] for hit in sniffs(sniffing)} == {
        "imports cardroom.shared.games.mixmatch", "literal 'mixmatch'", "literal 'claim '",
        "getattr(state, 'deadline', None)"}
    asking = '''
def f(state, action, seat):
    return state.actor(seat, state.pin_round(action)), getattr(request, "move")
'''
    assert sniffs(asking) == []
    proxy = '''
class Sealed:
    def __getattr__(self, name):
        return getattr(self._state, name)
    def probe(self, name):
        return getattr(self._state, "deadline")
'''
    assert [hit.split(": ")[1] for hit in sniffs(proxy)] == [
        "getattr(self._state, 'deadline')"]


def test_pending_files_still_exist() -> None:
    """An entry of PENDING names a real file (drop it once that file asks the engine)."""
    for name in PENDING:
        assert (ROOT / name).is_file(), name
