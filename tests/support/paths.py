"""Where things are, for tests in any folder under tests/."""

from pathlib import Path

#: The repository's root.
ROOT = Path(__file__).resolve().parents[2]
#: tests/ itself.
TESTS = ROOT / "tests"
