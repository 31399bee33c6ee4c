"""The timer loop as a replica runs it (TimerLoop.run): its first poll sets the
active-matches gauge, its lobby trim steps on until no entry of an expired match is left,
and once Redis is back after an outage it sends the waiting bot tasks again at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

import pytest
from prometheus_client import CollectorRegistry
from support.match_fixtures import all_keys, new_service
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.metrics import MatchMetrics
from cardroom.services.match.model import BOT, HUMAN, SeatSpec
from cardroom.services.match.repo import MatchRepo
from cardroom.services.match.timers import TimerLoop
from deploy.launch.redis import RedisProcess

LOBBY_KEYS = "cardroom:{lobby:*}:*"


async def _until(condition: Callable[[], Awaitable[bool]], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while not await condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def _true(value: bool) -> bool:
    return value


@pytest.fixture
async def running() -> AsyncIterator[Callable[..., TimerLoop]]:
    """Starts a replica's timer loop (polling every 20 ms) on the test's event loop;
    stopped after the test."""
    loops: list[TimerLoop] = []

    def start(service: MatchService, **periods: float) -> TimerLoop:
        loop = TimerLoop(service, interval_s=0.02, **periods)
        loop.start()
        loops.append(loop)
        return loop

    yield start
    for loop in loops:
        await loop.stop()


async def test_the_first_poll_sets_the_gauge_and_the_trim_empties_the_lobby_of_expired_matches(
        repo: MatchRepo, running: Callable[..., TimerLoop]) -> None:
    registry = CollectorRegistry()
    service = new_service(repo, MemoryQueue(), admin_token="admin", clock=Clock(time.time()),
                          finished_ttl_s=0.2, metrics=MatchMetrics(registry))
    active = {(await service.create_match("vivo", 3, seed=s)).match_id for s in range(2)}
    # Matches of several lobby shards end and expire; their lobby entries stay until trimmed.
    ended = {(await service.create_match("vivo", 3, seed=9)).match_id for _ in range(8)}
    for match_id in ended:
        await service.abandon(match_id, "admin")
        assert (await service.get_view(match_id))["status"] == "abandoned"
    await asyncio.sleep(0.4)

    async def indexed() -> set[str]:
        return {m for k in await all_keys(repo, LOBBY_KEYS)
                for m in await repo.client.zrange(k, 0, -1)}

    assert await indexed() == active | ended
    running(service, trim_every_s=0.02)  # a trim step every poll; the gauge's default period
    assert await _until(lambda: _true(registry.get_sample_value(
        "cardroom_active_matches", {"game": "vivo"}) == 2))

    async def only_active() -> bool:
        return await indexed() == active

    assert await _until(only_active), await indexed()


@pytest.fixture
def crashable() -> Iterator[RedisProcess]:
    """A Redis of its own that keeps every write on disk, to kill and start again."""
    process = RedisProcess(appendonly=True, appendfsync="always")
    process.start()
    yield process
    process.stop()


async def test_bot_tasks_are_sent_again_as_soon_as_redis_is_back_from_an_outage(
        crashable: RedisProcess, running: Callable[..., TimerLoop]) -> None:
    raw = MatchRepo.from_url(crashable.url, timeout_s=0.5)
    await raw.register_scripts()
    queue = MemoryQueue()
    service = MatchService(raw, queue, clock=Clock(), bot_retry_s=120)
    try:
        created = await service.create_match("vivo", 3, seed=2, seats=[
            SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
        assert queue.sent == [(created.match_id, 0, 1)]
        running(service)
        await asyncio.sleep(0.2)
        assert len(queue.sent) == 1  # nothing is due: the clock stands still
        crashable.kill()
        await asyncio.sleep(0.5)  # several polls fail meanwhile
        crashable.start()
        # The task on its way when Redis went may be lost: sent again at once, not after
        # MATCH_BOT_RETRY.
        assert await _until(lambda: _true(len(queue.sent) == 2)), queue.sent
        assert queue.sent == [(created.match_id, 0, 1)] * 2
        await asyncio.sleep(0.2)
        assert len(queue.sent) == 2  # once per outage
    finally:
        await service.fanout.stop()
        await raw.close()
