"""LOG_FORMAT json|text and LOG_LEVEL, as configure_logging sets them up."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from cardroom.shared.rpc.logging import configure_logging


@pytest.fixture
def root_restored() -> Iterator[None]:
    """Put the root logger back as it was after the test."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


def test_json_format_is_one_object_per_line_with_extra_fields(root_restored: None) -> None:
    out = io.StringIO()
    configure_logging("INFO", "json", out)
    logging.getLogger("cardroom.test").info("serving %s", "solver", extra={"grpc_port": 50053})
    (line,) = out.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == "serving solver"
    assert (record["level"], record["logger"], record["grpc_port"]) == (
        "INFO", "cardroom.test", 50053)
    assert record["time"].endswith("Z")


def test_json_format_keeps_the_traceback_in_the_same_object(root_restored: None) -> None:
    out = io.StringIO()
    configure_logging("INFO", "json", out)
    try:
        raise ValueError("bad board")
    except ValueError:
        logging.getLogger("x").exception("failed")
    (line,) = out.getvalue().splitlines()
    assert "ValueError: bad board" in json.loads(line)["exception"]


def test_text_format_appends_extra_fields_as_pairs(root_restored: None) -> None:
    out = io.StringIO()
    configure_logging("INFO", "text", out)
    logging.getLogger("svc").warning("slow call", extra={"method": "Solve"})
    line = out.getvalue().strip()
    assert " WARNING svc: slow call method=Solve" in line


def test_log_level_filters_lower_records(root_restored: None) -> None:
    out = io.StringIO()
    configure_logging("WARNING", "text", out)
    logging.getLogger("svc").info("hidden")
    logging.getLogger("svc").error("shown")
    assert "hidden" not in out.getvalue()
    assert "shown" in out.getvalue()
