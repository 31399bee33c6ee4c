"""Settings from the environment: names, defaults, validation, and the docs that list them."""

from __future__ import annotations

import re

import pytest
from support.paths import ROOT

from cardroom.services.bot.settings import BotSettings
from cardroom.services.match.settings import MatchSettings
from cardroom.services.players.settings import PlayerSettings
from cardroom.services.solver.config import SolverConfig
from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import MAX_COUNT, MAX_SECONDS, Settings, declared, env_name


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
        Settings.from_env("nosuch", {})


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


# ---- one parser, one set of bounds, the docs' tables as the reference ----------------------

SETTINGS_CLASSES = (Settings, MatchSettings, SolverConfig, BotSettings, PlayerSettings)


def _documented() -> dict[str, str]:
    """Every variable a settings table (| variable | default | meaning |) of README.md or
    docs/*.md names, with its default cell."""
    found: dict[str, str] = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        in_table = False
        for line in page.read_text().splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and cells[:3] == ["variable", "default", "meaning"]:
                in_table = True
            in_table = in_table and line.startswith("|")
            if not in_table or not line.startswith("| `") or len(cells) < 3:
                continue
            names = re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0])
            defaults = cells[1].split(" / ") if len(names) > 1 else [cells[1]]
            for name, default in zip(names, defaults * len(names), strict=False):
                found.setdefault(name, default.strip())
    return found


def _agrees(documented: str, default: object) -> bool:
    number = re.match(r"-?\d+(\.\d+)?", documented)
    if number and isinstance(default, int | float):
        return float(number.group(0)) == float(default)
    if documented == "unset":
        return default is None
    if re.fullmatch(r"`[A-Z][A-Z0-9_]+`", documented):
        return True  # another variable's value (CELERY_BROKER_URL: `REDIS_URL`)
    if re.fullmatch(r"`[^`]*`", documented) and isinstance(default, str):
        return documented.strip("`").lower() == default.lower()
    return True  # a default the table describes in words (per process, REDIS_URL, ...)


def test_every_setting_is_in_a_table_of_the_docs_with_the_default_it_has() -> None:
    documented = _documented()
    for cls in SETTINGS_CLASSES:
        for name, default in declared(cls).items():
            assert name in documented, f"{name} ({cls.__name__}) is in no table of the docs"
            assert _agrees(documented[name], default), (name, documented[name], default)


@pytest.mark.parametrize("cls", SETTINGS_CLASSES)
def test_every_class_reads_through_the_one_parser(cls: type) -> None:
    # Each setting names its variable once, and no two classes read one variable apart
    # from the common ones they all embed.
    names = declared(cls)
    assert names and all(re.fullmatch(r"[A-Z][A-Z0-9_]+", n) for n in names)
    if cls is not Settings:
        assert not set(names) & set(declared(Settings)) - {"BOT_TOKEN"}


@pytest.mark.parametrize(("cls", "name", "raw"), [
    (MatchSettings, "MATCH_FINISHED_TTL", "0"), (MatchSettings, "MATCH_BOT_RETRY", "-1"),
    (MatchSettings, "MATCH_MAX_ACTIVE", "0"), (MatchSettings, "MATCH_REDIS_CONNECTIONS", "1"),
    (MatchSettings, "MATCH_STATE_CACHE", "lots"), (MatchSettings, "MATCH_DURABILITY", "fsync"),
    (MatchSettings, "MATCH_IDLE_TTL", "inf"), (SolverConfig, "SOLVER_MAX_SECONDS", "7200"),
    (BotSettings, "BOT_RETRY_BACKOFF", "0"), (BotSettings, "BOT_EVENT_CACHE", "1e3"),
])
def test_each_kind_has_the_same_bounds_in_every_process(cls: type, name: str,
                                                        raw: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        _from_env(cls, {name: raw})
    assert caught.value.field == name and name in caught.value.reason


def test_defaults_are_the_declared_ones_and_the_environment_overrides_them() -> None:
    match = MatchSettings.from_env({})
    assert (match.finished_ttl_s, match.request_ttl_s, match.bot_retry_s) == (
        7 * 86400.0, 86400.0, 120.0)
    moved = MatchSettings.from_env({"MATCH_FINISHED_TTL": "60", "MATCH_DURABILITY": "ALWAYS",
                                    "MATCH_STATE_CACHE": "0", "GRPC_PORT": "7"})
    assert (moved.finished_ttl_s, moved.durability, moved.state_cache) == (60.0, "always", 0)
    assert moved.common.grpc_port == 7
    assert env_name(MatchSettings, "finished_ttl_s") == "MATCH_FINISHED_TTL"
    assert MAX_SECONDS >= 7 * 86400 and MAX_COUNT >= 100_000


def _from_env(cls: type, env: dict[str, str]) -> object:
    if cls is BotSettings:
        return BotSettings.from_env("worker", env)
    return cls.from_env(env)  # type: ignore[attr-defined]


def test_listen_host_is_an_address_spelt_without_brackets() -> None:
    assert Settings.from_env("match", {}).listen_host == ""
    assert Settings.from_env("match", {"LISTEN_HOST": "127.0.0.1"}).listen_host == "127.0.0.1"
    assert Settings.from_env("match", {"LISTEN_HOST": "[::1]"}).listen_host == "::1"
    with pytest.raises(InvalidConfig, match="LISTEN_HOST must be an IP address"):
        Settings.from_env("match", {"LISTEN_HOST": "everywhere"})
