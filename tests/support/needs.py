"""What a test needs from the machine: where a tool or service is missing, the test is
skipped naming it, except when CI is set (.ci/run installs everything): there it fails."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(reason: str) -> NoReturn:
    """Skip with `reason`, or fail with it under CI."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: .ci/run provides it)")
    pytest.skip(reason)
