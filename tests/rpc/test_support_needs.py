"""A test missing a tool is skipped naming it, except under CI, where it fails."""

from __future__ import annotations

import pytest
from support.needs import missing


def test_a_missing_tool_skips_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="frobnicator not installed"):
        missing("frobnicator not installed")


def test_a_missing_tool_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match=r"frobnicator not installed.*CI is set"):
        missing("frobnicator not installed")
