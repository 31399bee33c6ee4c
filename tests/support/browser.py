"""Debian's chromium driven by Playwright, for the web table's tests.

The browser is the distribution's (/usr/bin/chromium, or CHROMIUM); nothing is downloaded.
Where Playwright, chromium or the built table (make web) is missing, the tests are skipped
naming what is missing, except when CI is set: there they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.needs import missing
from support.paths import ROOT

#: The built web table the web process serves.
DIST = ROOT / "web" / "dist"


def chromium_path() -> str:
    """The distribution's chromium (CHROMIUM overrides)."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        missing("Debian's chromium is missing (apt-get install chromium)")
    return path


@pytest.fixture(scope="module")
def browser(web_stack: Any) -> Iterator[Any]:
    """One headless chromium for a test file, in front of its web_stack (started first and
    stopped last: Playwright's loop must be gone before the stack's servers stop)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the playwright package is missing (pip install -e '.[dev]')")
    if not (DIST / "index.html").is_file():
        missing("the built web table is missing (make web)")
    path = chromium_path()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, headless=True,
                                              args=["--no-sandbox", "--disable-gpu"])
        try:
            yield chromium
        finally:
            chromium.close()
