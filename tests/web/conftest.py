"""Fixtures of the browser API and web table tests (support.web_stack, support.browser)."""

from support.browser import browser  # noqa: F401  (fixture)
from support.web_stack import web_stack  # noqa: F401  (fixture)
