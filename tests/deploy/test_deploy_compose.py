"""docker-compose.yml checked offline: the compose-spec schema, its variables, healthchecks,
dependencies, volumes and queues (test_deploy_stack.py runs it for real)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from support.paths import ROOT

from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, SEARCH_QUEUE
from deploy.launch import compose as compose_local

COMPOSE = ROOT / "docker-compose.yml"
CHECK_JSONSCHEMA = Path(sys.executable).parent / "check-jsonschema"


CHOSEN = {"ADMIN_TOKEN": "a" * 32, "BOT_TOKEN": "b" * 32, "GRAFANA_ADMIN_PASSWORD": "c" * 16}


def _compose(**env: str) -> dict[str, Any]:
    return compose_local.load(COMPOSE, {**CHOSEN, **env})


def _schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CHECK_JSONSCHEMA), "--builtin-schema", "vendor.compose-spec",
                           str(path)], capture_output=True, text=True, timeout=120)


def test_compose_file_matches_the_compose_spec_schema(tmp_path: Path) -> None:
    raw = _schema_check(COMPOSE)
    assert raw.returncode == 0, raw.stdout + raw.stderr
    interpolated = tmp_path / "docker-compose.yml"
    interpolated.write_text(yaml.safe_dump(_compose()))
    result = _schema_check(interpolated)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_schema_check_refuses_a_misspelt_key(tmp_path: Path) -> None:
    broken = yaml.safe_load(COMPOSE.read_text())
    broken["services"]["match"]["healthchek"] = broken["services"]["match"].pop("healthcheck")
    path = tmp_path / "docker-compose.yml"
    path.write_text(yaml.safe_dump(broken))
    assert _schema_check(path).returncode != 0


@pytest.mark.parametrize("missing", sorted(CHOSEN))
def test_compose_refuses_to_start_without_the_credentials_a_user_must_choose(
        missing: str) -> None:
    env = {k: v for k, v in CHOSEN.items() if k != missing}
    with pytest.raises(compose_local.ComposeError, match=missing):
        compose_local.load(COMPOSE, env)


def test_compose_interpolation_follows_compose_rules() -> None:
    env = {"SET": "x", "EMPTY": ""}
    cases = {"${SET}": "x", "${UNSET}": "", "${UNSET:-d}": "d", "${EMPTY:-d}": "d",
             "${EMPTY-d}": "", "${SET:-d}": "x", "$SET/$$HOME": "x/$HOME", "a${SET}b": "axb"}
    for text, expected in cases.items():
        assert compose_local.interpolate(text, env) == expected, text
    with pytest.raises(compose_local.ComposeError, match="say so"):
        compose_local.interpolate("${EMPTY:?say so}", env)
    assert compose_local.interpolate("${EMPTY?say so}", env) == ""


def test_compose_ports_and_settings_come_from_the_environment() -> None:
    default = _compose()["services"]
    moved = _compose(MATCH_PORT="60051", MATCH_BIND="0.0.0.0", LOG_LEVEL="DEBUG",
                     REDIS_MAXMEMORY="4gb")["services"]
    assert default["match"]["ports"] == ["127.0.0.1:50051:50051"]
    assert moved["match"]["ports"] == ["0.0.0.0:60051:50051"]
    assert moved["worker"]["environment"]["LOG_LEVEL"] == "DEBUG"
    assert "4gb" in moved["redis"]["command"]


def test_compose_services_have_healthchecks_their_dependants_wait_for() -> None:
    services = _compose()["services"]
    for name, service in services.items():
        for dependency, condition in compose_local.depends_on(service).items():
            assert dependency in services, (name, dependency)
            if condition["condition"] == "service_healthy":
                assert "healthcheck" in services[dependency], (name, dependency)
        if compose_local.image_kind(service) == "cardroom":
            probe = service["healthcheck"]["test"]
            assert probe[:4] == ["CMD", "python", "-m", "cardroom.services.healthprobe"], name
    assert compose_local.start_order(_compose()).index("redis") == 0


def test_compose_worker_scales_and_consumes_the_match_service_queues() -> None:
    services = _compose()["services"]
    worker = services["worker"]
    assert "ports" not in worker and "container_name" not in worker
    queues = next(a for a in worker["command"] if a.startswith("--queues="))
    assert queues.split("=")[1].split(",") == [DEFAULT_QUEUE, SEARCH_QUEUE]
    keys = next(a for a in services["redis-exporter"]["command"]
                if a.startswith("--check-single-keys="))
    assert keys.split("=")[1].split(",") == [DEFAULT_QUEUE, SEARCH_QUEUE]


def test_compose_redis_appends_to_a_volume() -> None:
    compose = _compose()
    redis = compose["services"]["redis"]
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert redis["volumes"] == ["redis-data:/data"]
    named = {v.split(":")[0] for s in compose["services"].values()
             for v in s.get("volumes", []) if not v.startswith(".")}
    assert named == set(compose["volumes"])


def test_compose_bind_mounts_exist_in_the_repository() -> None:
    for service in _compose()["services"].values():
        for volume in service.get("volumes", []):
            if volume.startswith("."):
                assert (ROOT / volume.split(":")[0]).is_dir(), volume


def test_compose_flower_is_optional_behind_a_profile() -> None:
    compose = _compose()
    assert compose["services"]["flower"]["profiles"] == ["flower"]
    assert "flower" not in compose_local.start_order(compose)
    assert compose_local.start_order(compose, ["flower"]) == ["redis", "flower"]


def test_compose_rabbitmq_is_optional_behind_a_profile_and_named_by_the_broker_url() -> None:
    compose = _compose()
    rabbit = compose["services"]["rabbitmq"]
    assert rabbit["profiles"] == ["rabbitmq"] and "ports" not in rabbit
    assert "rabbitmq" not in compose_local.start_order(compose)
    assert compose_local.start_order(compose, ["rabbitmq"]) == ["rabbitmq"]
    assert rabbit["volumes"] == ["rabbitmq-data:/var/lib/rabbitmq"]
    assert rabbit["environment"]["RABBITMQ_DEFAULT_PASS"] == ""  # unset: nobody logs in
    for name in ("match", "bot", "worker"):
        assert compose["services"][name]["environment"]["CELERY_BROKER_URL"] == \
            "redis://redis:6379/0"
    url = "amqp://cardroom:p@rabbitmq:5672//"
    chosen = _compose(CELERY_BROKER_URL=url, RABBITMQ_PASSWORD="p")
    assert chosen["services"]["rabbitmq"]["environment"]["RABBITMQ_DEFAULT_PASS"] == "p"
    for name in ("match", "bot", "worker"):
        assert chosen["services"][name]["environment"]["CELERY_BROKER_URL"] == url


def test_compose_every_host_port_reference_names_a_listening_service() -> None:
    compose = _compose()
    ports = compose_local.PortMap({(n, p): 1 for n, s in compose["services"].items()
                                   for p in compose_local.listening_ports(s)})
    for name, service in compose["services"].items():
        for value in [*(service.get("environment") or {}).values(),
                      *service.get("command", [])]:
            ports.rewrite(str(value), name)  # raises on an unknown service:port
    with pytest.raises(compose_local.ComposeError, match="match:50052"):
        ports.rewrite("MATCH_ADDR=match:50052", "bot")
