"""Settings from the environment, per CONVENTIONS.md (names, defaults, validation)."""

from __future__ import annotations

import pytest

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import Settings


@pytest.mark.parametrize(("process", "grpc_port", "metrics_port"), [
    ("match", 50051, 9101), ("bot", 50052, 9102), ("solver", 50053, 9103), ("worker", 0, 9104),
])
def test_default_ports_per_process(process: str, grpc_port: int, metrics_port: int) -> None:
    settings = Settings.from_env(process, {})
    assert (settings.grpc_port, settings.metrics_port) == (grpc_port, metrics_port)


def test_defaults_for_addresses_redis_and_logging() -> None:
    s = Settings.from_env("solver", {})
    assert (s.redis_url, s.celery_broker_url) == ("redis://localhost:6379/0",) * 2
    assert (s.match_addr, s.bot_addr, s.solver_addr) == (
        "localhost:50051", "localhost:50052", "localhost:50053")
    assert (s.log_level, s.log_format, s.tls, s.admin_token) == ("INFO", "text", False, None)


def test_environment_overrides_every_setting() -> None:
    env = {"GRPC_PORT": "0", "METRICS_PORT": "0", "REDIS_URL": "redis://r:1/2",
           "MATCH_ADDR": "m:1", "BOT_ADDR": "b:2", "SOLVER_ADDR": "s:3", "LOG_LEVEL": "debug",
           "LOG_FORMAT": "JSON", "TLS_CERT_FILE": "c.pem", "TLS_KEY_FILE": "k.pem",
           "TLS_CA_FILE": "ca.pem", "ADMIN_TOKEN": "t0ken"}
    s = Settings.from_env("match", env)
    assert (s.grpc_port, s.metrics_port) == (0, 0)
    assert (s.redis_url, s.celery_broker_url) == ("redis://r:1/2", "redis://r:1/2")
    assert (s.match_addr, s.bot_addr, s.solver_addr) == ("m:1", "b:2", "s:3")
    assert (s.log_level, s.log_format) == ("DEBUG", "json")
    assert (s.tls, s.tls_cert_file, s.tls_key_file, s.tls_ca_file) == (
        True, "c.pem", "k.pem", "ca.pem")
    assert s.admin_token == "t0ken"


def test_celery_broker_url_defaults_to_redis_url_but_may_differ() -> None:
    env = {"REDIS_URL": "redis://r:1/0", "CELERY_BROKER_URL": "redis://q:2/1"}
    assert Settings.from_env("worker", env).celery_broker_url == "redis://q:2/1"


def test_empty_variable_counts_as_unset() -> None:
    s = Settings.from_env("bot", {"GRPC_PORT": "", "LOG_FORMAT": " ", "ADMIN_TOKEN": ""})
    assert (s.grpc_port, s.log_format, s.admin_token) == (50052, "text", None)


@pytest.mark.parametrize(("env", "field"), [
    ({"GRPC_PORT": "http"}, "GRPC_PORT"),
    ({"METRICS_PORT": "70000"}, "METRICS_PORT"),
    ({"GRPC_PORT": "-1"}, "GRPC_PORT"),
    ({"LOG_LEVEL": "chatty"}, "LOG_LEVEL"),
    ({"LOG_FORMAT": "xml"}, "LOG_FORMAT"),
    ({"TLS_CERT_FILE": "c.pem"}, "TLS"),
    ({"TLS_CA_FILE": "ca.pem"}, "TLS"),
])
def test_bad_setting_is_refused_naming_the_variable(env: dict[str, str], field: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        Settings.from_env("solver", env)
    assert caught.value.field == field
    assert field in caught.value.reason


def test_unknown_process_is_refused() -> None:
    with pytest.raises(InvalidConfig):
        Settings.from_env("web", {})


def test_runtime_defaults_bound_the_queue_and_drain_below_the_pods_grace() -> None:
    s = Settings.from_env("solver", {})
    assert (s.max_queue, s.drain_s) == (16, 20.0)
    assert s.drain_s < 30  # the pods' terminationGracePeriodSeconds
    assert (s.max_connection_age_s, s.max_connection_age_grace_s) == (300.0, 30.0)


def test_runtime_settings_come_from_the_environment() -> None:
    s = Settings.from_env("bot", {"GRPC_MAX_QUEUE": "0", "GRPC_DRAIN_SECONDS": "2.5",
                                  "GRPC_MAX_CONNECTION_AGE_SECONDS": "60",
                                  "GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS": "12"})
    assert (s.max_queue, s.drain_s) == (0, 2.5)
    assert (s.max_connection_age_s, s.max_connection_age_grace_s) == (60.0, 12.0)


@pytest.mark.parametrize(("name", "raw"), [
    ("GRPC_MAX_QUEUE", "-1"), ("GRPC_MAX_QUEUE", "lots"), ("GRPC_DRAIN_SECONDS", "soon"),
    ("GRPC_DRAIN_SECONDS", "-3"), ("GRPC_MAX_CONNECTION_AGE_SECONDS", "nan"),
    ("GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS", "1e9"),
])
def test_bad_runtime_setting_is_refused_naming_it(name: str, raw: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        Settings.from_env("solver", {name: raw})
    assert caught.value.field == name
