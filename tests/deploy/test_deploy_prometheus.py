"""Prometheus and Grafana files: promtool check config / check rules / test rules, the
generated dashboards, and the PromQL metric-name reader the live check relies on."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml
from support.needs import missing
from support.paths import ROOT

from deploy import promql_names
from deploy.launch import compose as compose_local

PROMETHEUS = ROOT / "deploy" / "prometheus"
GRAFANA = ROOT / "deploy" / "grafana"




def promtool() -> str:
    """promtool's path; fails in CI (which installs it), skips plainly elsewhere."""
    found = shutil.which("promtool")
    if found:
        return found
    reason = ("promtool not installed (apt-get install prometheus): "
              "promtool check config / check rules / test rules did NOT run")
    missing(reason)


def _run(*argv: str, cwd: Path = PROMETHEUS) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), cwd=cwd, capture_output=True, text=True, timeout=120)


def test_promtool_check_config_accepts_the_compose_scrape_config() -> None:
    result = _run(promtool(), "check", "config", "prometheus.yml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 rule files found" in result.stdout


def test_promtool_check_config_accepts_the_config_rewritten_for_local_ports(
        tmp_path: Path) -> None:
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())
    ports = compose_local.PortMap({(name, port): 40000 + i for i, (name, port) in enumerate(
        [("match", 9101), ("bot", 9102), ("solver", 9103), ("worker", 9104),
         ("redis-exporter", 9121), ("prometheus", 9090)])})
    local = compose_local.prometheus_config(config, ports, "1s")
    shutil.copytree(PROMETHEUS / "rules", tmp_path / "rules")
    (tmp_path / "prometheus.yml").write_text(yaml.safe_dump(local))
    result = _run(promtool(), "check", "config", "prometheus.yml", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    targets = {job["job_name"]: job["static_configs"][0]["targets"]
               for job in local["scrape_configs"]}
    assert targets["worker"] == ["127.0.0.1:40003"]
    assert targets["prometheus"] == ["127.0.0.1:40005"]


def test_promtool_check_rules_accepts_every_rule_file() -> None:
    files = sorted(str(p.relative_to(PROMETHEUS)) for p in (PROMETHEUS / "rules").glob("*.yml"))
    result = _run(promtool(), "check", "rules", *files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_promtool_unit_tests_of_every_alert_pass() -> None:
    result = _run(promtool(), "test", "rules", "tests/cardroom_test.yml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_every_alert_has_a_unit_test_and_a_runbook_section() -> None:
    rules = yaml.safe_load((PROMETHEUS / "rules" / "cardroom.yml").read_text())
    alerts = {r["alert"] for g in rules["groups"] for r in g["rules"]}
    tests = yaml.safe_load((PROMETHEUS / "tests" / "cardroom_test.yml").read_text())
    tested = {case["alertname"] for t in tests["tests"] for case in t["alert_rule_test"]
              if case.get("exp_alerts")}
    assert tested == alerts
    docs = (ROOT / "docs" / "deploy.md").read_text()
    for group in rules["groups"]:
        for rule in group["rules"]:
            anchor = rule["annotations"]["runbook"].split("#")[1]
            assert anchor == rule["alert"].lower()
            assert f"#### {rule['alert']}" in docs


def test_grafana_dashboards_are_generated_from_their_source() -> None:
    result = _run(sys.executable, str(GRAFANA / "dashboards.py"), "--check")
    assert result.returncode == 0, result.stderr


def test_grafana_sdk_is_pinned_to_the_release_line_of_the_grafana_image() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = [r for r in project["optional-dependencies"]["dev"]
            if r.startswith("grafana-foundation-sdk")]
    assert len(pins) == 1 and "==" in pins[0], pins
    # The SDK's versions read EPOCH!MAJOR.MINOR.0: one build per Grafana release line.
    sdk_line = pins[0].split("==")[1].split("!")[-1].rsplit(".", 1)[0]
    image = yaml.safe_load((ROOT / "docker-compose.yml").read_text())[
        "services"]["grafana"]["image"]
    assert image.startswith("grafana/grafana:")
    assert image.split(":")[1].split("@")[0].rsplit(".", 1)[0] == sdk_line, (image, pins)


def test_grafana_dashboards_are_well_formed() -> None:
    uids = set()
    for path in sorted((GRAFANA / "dashboards").glob("*.json")):
        board = json.loads(path.read_text())
        uids.add(board["uid"])
        ids = [p["id"] for p in board["panels"]]
        assert len(ids) == len(set(ids)), path.name
        for panel in board["panels"]:
            grid = panel["gridPos"]
            assert grid["x"] >= 0 and grid["x"] + grid["w"] <= 24, (path.name, panel["title"])
            for target in panel.get("targets", []):
                assert target["datasource"]["uid"] == "${datasource}"
                assert target["expr"].count("(") == target["expr"].count(")")
        variables = [v["name"] for v in board["templating"]["list"]]
        assert variables[0] == "datasource"
    assert uids == {"cardroom-rpc", "cardroom-matches", "cardroom-bots", "cardroom-solver"}


def test_grafana_provisioning_points_at_the_mounted_dashboards() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["grafana"]
    mounts = dict(v.split(":")[:2] for v in compose["volumes"])
    provider = yaml.safe_load(
        (GRAFANA / "provisioning" / "dashboards" / "cardroom.yml").read_text())["providers"][0]
    assert mounts["./deploy/grafana/dashboards"] == provider["options"]["path"]
    assert mounts["./deploy/grafana/provisioning"] == "/etc/grafana/provisioning"
    source = yaml.safe_load(
        (GRAFANA / "provisioning" / "datasources" / "prometheus.yml").read_text())
    assert source["datasources"][0]["url"] == "http://prometheus:9090"


def test_promql_names_reads_metrics_not_functions_labels_or_keywords() -> None:
    expr = ('histogram_quantile(0.99, sum by (le, job) (rate(x_seconds_bucket{job=~"a|b", '
            'le!="1"}[5m]))) > 0.25 and on (job) absent(up{job="w"} == 1) or time() - '
            'max(last_run) > 30 unless count without (instance) (y_total offset 5m) > bool 2')
    assert promql_names.metric_names(expr) == {"x_seconds_bucket", "up", "last_run", "y_total"}


def test_promql_names_finds_every_metric_of_the_rules_and_dashboards() -> None:
    used = promql_names.used_metrics(ROOT / "deploy")
    assert {"grpc_server_handled_total", "grpc_server_handling_seconds_bucket",
            "cardroom_active_matches", "cardroom_bot_think_seconds_bucket",
            "cardroom_bot_worker_tasks_total", "cardroom_solver_solve_seconds_bucket",
            "cardroom_timer_lag_seconds_bucket", "redis_key_size", "redis_up", "up"} <= used
    assert not {"sum", "rate", "by", "le", "job", "histogram_quantile"} & used
