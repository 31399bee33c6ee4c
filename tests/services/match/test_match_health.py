"""The health probe's judgement of Redis, fast: the pure checks on given INFO and CONFIG
replies, then RedisHealth on a Redis of its own that is full, hides CONFIG (as many managed
ones do), or whose probe callback fails once."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator

import pytest
import redis
from support.redis_server import RedisServer

from cardroom.services.match import health
from cardroom.services.match.health import ALWAYS, EVERYSEC, OFF, RedisHealth
from cardroom.services.match.repo import MatchRepo
from cardroom.services.match.settings import MatchSettings

MB = 1 << 20


@pytest.mark.parametrize(("used", "limit"), [(0, 0), (50 * MB, 0), (1, 100 * MB),
                                             (50 * MB, 100 * MB), (97 * MB, 100 * MB)])
def test_memory_below_the_mark_or_without_a_limit_is_not_full(used: int, limit: int) -> None:
    assert health.memory_problem({"used_memory": used, "maxmemory": limit}) is None


@pytest.mark.parametrize(("used", "limit"), [(98 * MB, 100 * MB), (99 * MB, 100 * MB),
                                             (100 * MB, 100 * MB), (120 * MB, 100 * MB)])
def test_memory_at_the_mark_is_full_and_says_how_full(used: int, limit: int) -> None:
    problem = health.memory_problem({"used_memory": str(used), "maxmemory": str(limit)})
    assert problem is not None
    assert f"used_memory {used} of maxmemory {limit}" in problem


def test_memory_without_figures_is_not_full() -> None:
    assert health.memory_problem({}) is None


@pytest.mark.parametrize(("mode", "appendonly", "appendfsync"), [
    (OFF, "no", "no"), (OFF, "", ""), (EVERYSEC, "yes", "everysec"),
    (EVERYSEC, "yes", "always"), (ALWAYS, "yes", "always")])
def test_settings_that_keep_what_the_mode_promises(mode: str, appendonly: str,
                                                   appendfsync: str) -> None:
    config = {"appendonly": appendonly, "appendfsync": appendfsync}
    assert health.durability_problem(mode, config) is None


def test_a_shortfall_names_the_settings_redis_has_and_what_the_mode_needs() -> None:
    problem = health.durability_problem(ALWAYS, {"appendonly": "no", "appendfsync": "everysec"})
    assert problem is not None
    assert "appendonly no and appendfsync everysec" in problem
    assert "MATCH_DURABILITY=always needs appendonly yes and appendfsync always" in problem
    unknown = health.durability_problem(EVERYSEC, {})
    assert unknown is not None
    assert "appendonly ? and appendfsync ?" in unknown
    assert "appendfsync everysec or always" in unknown


@pytest.fixture(scope="module")
def server() -> Iterator[RedisServer]:
    """A Redis of its own: its limits and users change under the probe."""
    process = RedisServer()
    process.start()
    yield process
    process.stop()


@pytest.fixture
def admin(server: RedisServer) -> Iterator[redis.Redis]:
    """An unrestricted client of that Redis; the limit and the users put back afterwards."""
    client = server.client()
    yield client
    client.config_set("maxmemory", 0)
    client.execute_command("ACL", "DELUSER", "app")
    client.close()


def _without_config(server: RedisServer, admin: redis.Redis) -> str:
    """The URL of a user that may do anything but CONFIG (as on a managed Redis)."""
    admin.execute_command("ACL", "SETUSER", "app", "on", ">secret", "~*", "&*", "+@all",
                          "-config")
    return f"redis://app:secret@127.0.0.1:{server.port}/0"


async def _probes(url: str, mode: str, times: int = 3) -> tuple[list[bool], bool]:
    """`times` probes of a replica in `mode`: what each said, and whether writes are refused."""
    repo = MatchRepo.from_url(url)
    try:
        probe = RedisHealth(repo, mode)
        said = [await probe.probe() for _ in range(times)]
        return said, repo.refusal is not None
    finally:
        await repo.close()


@pytest.mark.parametrize("mode", [EVERYSEC, ALWAYS])
def test_a_redis_that_hides_config_is_trusted_and_said_so_once(
        server: RedisServer, admin: redis.Redis, mode: str,
        caplog: pytest.LogCaptureFixture) -> None:
    url = _without_config(server, admin)
    with caplog.at_level(logging.WARNING, logger=health.__name__):
        said, refused = asyncio.run(_probes(url, mode))
    assert said == [True, True, True] and not refused
    warned = [r for r in caplog.records if "cannot check Redis persistence" in r.getMessage()]
    assert len(warned) == 1
    assert f"MATCH_DURABILITY={mode} is assumed to hold" in warned[0].getMessage()


def test_durability_off_from_the_environment_serves_on_a_redis_that_hides_config(
        server: RedisServer, admin: redis.Redis, caplog: pytest.LogCaptureFixture) -> None:
    mode = MatchSettings.from_env({"MATCH_DURABILITY": " Off "}).durability
    url = _without_config(server, admin)
    with caplog.at_level(logging.WARNING, logger=health.__name__):
        said, refused = asyncio.run(_probes(url, mode))
    assert said == [True, True, True] and not refused
    assert not [r for r in caplog.records if "cannot check" in r.getMessage()]


def test_a_full_redis_is_not_served_but_writes_are_not_refused_for_it(
        server: RedisServer, admin: redis.Redis) -> None:
    used = int(admin.info("memory")["used_memory"])
    admin.config_set("maxmemory", used)
    said, refused = asyncio.run(_probes(server.url, OFF, times=2))
    assert said == [False, False] and not refused  # Redis refuses the writes itself
    admin.config_set("maxmemory", used * 4)
    said, refused = asyncio.run(_probes(server.url, OFF, times=1))
    assert said == [True] and not refused


async def _probe_outlives_a_failing_callback(url: str, admin: redis.Redis) -> list[bool]:
    told: list[bool] = []

    async def on_change(serving: bool) -> None:
        told.append(serving)
        if len(told) == 2:
            raise RuntimeError("the health servicer failed once")

    repo = MatchRepo.from_url(url)
    probe = RedisHealth(repo, OFF, interval_s=0.01, on_change=on_change)
    try:
        await probe.start()
        used = int(admin.info("memory")["used_memory"])
        admin.config_set("maxmemory", used)  # full: the callback fails on this change
        deadline = time.monotonic() + 5
        while len(told) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        admin.config_set("maxmemory", 0)
        while len(told) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return told
    finally:
        await probe.stop()
        await repo.close()


def test_the_probe_loop_outlives_a_callback_that_fails(server: RedisServer,
                                                       admin: redis.Redis) -> None:
    told = asyncio.run(_probe_outlives_a_failing_callback(server.url, admin))
    assert told == [True, False, True]
