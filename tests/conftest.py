"""Fixtures shared by every test module, the concern markers, and the order files run in.

Tests live in folders by component (games, solver, bots, client, cli, rpc, services/<name>,
deploy, system); server helpers live in tests/support (import them as `support.<name>`).
A file's concern is the first word of its name after `test_` (chaos, fuzz, security, abuse,
load): it becomes a marker of every test in it, so `pytest -m chaos` picks them wherever
they sit.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest
from support.match_fixtures import clock, repo, store_url  # noqa: F401  (fixtures)
from support.paths import TESTS
from support.redis_cluster import redis_cluster  # noqa: F401  (fixtures)
from support.redis_server import redis_server, redis_url  # noqa: F401  (fixtures)

from cardroom.shared.rpc.main import new_loop

#: File-name words that name a concern, and so a marker.
CONCERNS = ("chaos", "fuzz", "security", "abuse", "load")
#: Seconds each test file took in a measured run (`make test-durations` writes it).
DURATIONS = TESTS / "durations.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    """--record-durations: write how long each file's tests took to a JSON file."""
    parser.addoption("--record-durations", metavar="PATH", default=None,
                     help="write the seconds each test file took (setup, call, teardown) "
                          "to PATH as JSON")


def pytest_configure(config: pytest.Config) -> None:
    """Register the concern markers and, when asked, the duration recorder."""
    for concern in CONCERNS:
        config.addinivalue_line("markers", f"{concern}: a test of the {concern} concern "
                                           f"(its file is named test_{concern}_*)")
    path = config.getoption("--record-durations")
    if path:
        config.pluginmanager.register(_DurationRecorder(Path(path)), "cardroom-durations")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its file's concern; put the files that took longest in the
    measured run first (new files, not measured yet, after them), so the test processes of
    `make test` end together rather than one waiting on the other's last long file."""
    for item in items:
        concern = item.path.name.removeprefix("test_").split("_")[0]
        if concern in CONCERNS:
            item.add_marker(concern)
    seconds = _measured()
    items.sort(key=lambda item: -seconds.get(_key(item.path), 0.0))


def pytest_asyncio_loop_factories(config: pytest.Config, item: pytest.Item
                                   ) -> dict[str, functools.partial[object]]:
    """Async tests run on the event loop a server process runs: EVENT_LOOP (uvloop unless
    it says asyncio), as the in-process servers of tests/support/loops.py do."""
    kind = os.environ.get("EVENT_LOOP") or "uvloop"
    return {kind: functools.partial(new_loop, kind)}


def _key(path: Path) -> str:
    return path.resolve().relative_to(TESTS).as_posix()


def _measured() -> dict[str, float]:
    try:
        data = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.items()}


class _DurationRecorder:
    """Sums the durations of every phase of every test per file (on the controller under
    pytest-xdist, which receives each worker's reports)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        file = report.nodeid.split("::")[0].removeprefix("tests/")
        self.seconds[file] = self.seconds.get(file, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        ordered = dict(sorted(((k, round(v, 1)) for k, v in self.seconds.items()),
                              key=lambda kv: -kv[1]))
        self.path.write_text(json.dumps(ordered, indent=1) + "\n")
