"""Everything expires: open matches nobody joins and active matches nobody moves are
abandoned after MATCH_IDLE_TTL, and lobby entries of expired matches go without anyone
listing (the timer loop trims them in bounded steps)."""

from __future__ import annotations

import pytest
from support.match_fixtures import STORES, all_keys, new_service, store_for, tick
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import HUMAN, OPEN_SEAT, SeatSpec
from cardroom.services.match.repo import MatchRepo, key_for
from cardroom.services.match.timers import TimerLoop

IDLE = 600.0
WAITING = [SeatSpec(HUMAN), SeatSpec(OPEN_SEAT), SeatSpec(OPEN_SEAT)]
#: Every shard of the lobby indexes, and of the timer index.
LOBBY_KEYS, TIMER_KEYS = "cardroom:{lobby:*}:*", "cardroom:{timers:*}:due"


async def _timer_entries(repo: MatchRepo) -> int:
    return sum([await repo.client.zcard(k) for k in await all_keys(repo, TIMER_KEYS)])


@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest) -> str:
    """Every test of this module runs on one Redis and on a Redis Cluster."""
    return store_for(request)


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service whose matches are abandoned after IDLE seconds without a write."""
    return new_service(repo, MemoryQueue(), clock=clock, idle_ttl_s=IDLE,
                       finished_ttl_s=3600)


async def test_an_open_match_nobody_joins_is_abandoned_and_expires(service: MatchService,
                                                                   repo: MatchRepo,
                                                                   clock: Clock) -> None:
    created = await service.create_match("vivo", 3, seats=WAITING)
    # A backstop to the timer loop: the keys of a live match expire by themselves too.
    assert 0 < await repo.client.pttl(key_for("state", created.match_id)) <= (IDLE + 3600) * 1000
    clock.advance(IDLE - 1)
    assert await tick(service) == []
    clock.advance(2)
    assert await tick(service) == ["idle"]
    view = await service.get_view(created.match_id)
    assert view["status"] == "abandoned" and view["result"]["reason"] == "abandoned"
    for kind in ("state", "events"):  # an open match has no actions yet
        assert 0 < await repo.client.pttl(key_for(kind, created.match_id)) <= 3600 * 1000
    assert await _timer_entries(repo) == 0


async def test_an_active_match_nobody_moves_is_abandoned(service: MatchService,
                                                         clock: Clock) -> None:
    created = await service.create_match("vivo", 3, seed=3)
    clock.advance(IDLE + 1)
    assert await tick(service) == ["idle"]
    assert (await service.get_view(created.match_id))["status"] == "abandoned"


async def test_every_write_puts_the_idle_end_off(service: MatchService, repo: MatchRepo,
                                                 clock: Clock) -> None:
    created = await service.create_match("vivo", 3, seats=WAITING)
    clock.advance(IDLE / 2)
    await service.join_match(created.match_id, 1)
    clock.advance(IDLE / 2 + 1)
    assert await tick(service) == []  # written half-way: its idle entry moves on, kept
    assert (await service.get_view(created.match_id))["status"] == "open"
    assert await _timer_entries(repo) == 1  # one idle entry a match, not a write
    clock.advance(IDLE / 2)
    assert await tick(service) == ["idle"]
    assert (await service.get_view(created.match_id))["status"] == "abandoned"


async def test_lobby_entries_of_expired_matches_go_without_a_listing(service: MatchService,
                                                                     repo: MatchRepo,
                                                                     clock: Clock) -> None:
    ids = [(await service.create_match("vivo", 3, seats=WAITING)).match_id for _ in range(30)]
    kept = (await service.create_match("vivo", 3, seats=WAITING)).match_id
    for match_id in ids:
        await repo.client.delete(*(key_for(k, match_id) for k in ("state", "events", "actions")))
    lobby = await all_keys(repo, LOBBY_KEYS)
    assert sum([await repo.client.zcard(k) for k in lobby]) == 31 * 8
    loop = TimerLoop(service, batch=10)
    dropped = 0
    for _ in range(10):
        dropped += await loop.trim_lobby()
    assert dropped == 30
    left = {m for k in await all_keys(repo, LOBBY_KEYS)
            for m in await repo.client.zrange(k, 0, -1)}
    assert left == {kept}
