"""The metric names that Cardroom's dashboards and alert rules query, and those a scrape has.

    python deploy/promql_names.py   # print every metric name the deploy files use

The deploy tests compare the two against the running stack, so a dashboard or an alert
can never read a series the code does not export.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from prometheus_client.parser import text_string_to_metric_families

HERE = Path(__file__).resolve().parent
#: PromQL words that look like metric names but are operators or modifiers.
KEYWORDS = frozenset({"and", "or", "unless", "by", "without", "on", "ignoring", "group_left",
                      "group_right", "bool", "offset", "inf", "nan"})
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`')
_BRACES = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]")
_GROUPING = re.compile(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)")
_NAME = re.compile(r"(?<![\w:.$])([A-Za-z_:][\w:]*)(?![\w:]|\s*\()")


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression reads (functions, labels and keywords left out)."""
    text = _STRING.sub('""', expr)
    text = _BRACES.sub(" ", text)
    text = _GROUPING.sub(" ", text)
    text = re.sub(r"(?<![\w:])\d[\w.]*", " ", text)  # numbers and durations (0.5, 5m, 1h30m)
    return {name for name in _NAME.findall(text) if name.lower() not in KEYWORDS}


def rule_expressions(path: Path) -> Iterator[str]:
    """Every `expr` of a Prometheus rule file."""
    for group in yaml.safe_load(path.read_text())["groups"]:
        for rule in group["rules"]:
            yield str(rule["expr"])


def dashboard_expressions(path: Path) -> Iterator[str]:
    """Every query of a Grafana dashboard (panels, nested rows, variables)."""
    board = json.loads(path.read_text())

    def panels(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for item in items:
            yield item
            yield from panels(item.get("panels", []))

    for panel in panels(board.get("panels", [])):
        for target in panel.get("targets", []):
            yield str(target["expr"])
    for variable in board.get("templating", {}).get("list", []):
        if variable.get("type") == "query":
            query = variable["query"]
            query = query["query"] if isinstance(query, dict) else query
            inner = re.fullmatch(r"label_values\((.*),\s*\w+\)", query)
            yield inner.group(1) if inner else query


def used_metrics(deploy: Path = HERE) -> set[str]:
    """Every metric name read by deploy/'s alert rules and dashboards."""
    names: set[str] = set()
    for rules in sorted((deploy / "prometheus" / "rules").glob("*.yml")):
        for expr in rule_expressions(rules):
            names |= metric_names(expr)
    for board in sorted((deploy / "grafana" / "dashboards").glob("*.json")):
        for expr in dashboard_expressions(board):
            names |= metric_names(expr)
    return names


def sample_names(exposition: str) -> set[str]:
    """Every sample name in a Prometheus text exposition (x_total, x_bucket, x_count...)."""
    return {sample.name for family in text_string_to_metric_families(exposition)
            for sample in family.samples}


if __name__ == "__main__":
    print("\n".join(sorted(used_metrics())))
    sys.exit(0)
