"""Every Redis key of a match carries a time to live, a backstop to the timer loop: a new,
an open, an active and a finished match's keys all expire by themselves (the idle time plus
the finished time, renewed by each write), and a match that never started leaves no 7-day
record (MATCH_UNSTARTED_TTL) while counting against its creator until it is gone."""

from __future__ import annotations

import asyncio
import random

import pytest
from support.match_fixtures import STORES, all_keys, new_service, store_for, tick
from support.match_play import Clock, choose_move

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.defaults import REQUEST_TTL_S
from cardroom.services.match.model import HUMAN, OPEN_SEAT, SeatSpec
from cardroom.services.match.quotas import Quotas
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.errors import ResourceExhausted

IDLE, FINISHED, UNSTARTED = 600.0, 3600.0, 120.0
WAITING = [SeatSpec(HUMAN), SeatSpec(OPEN_SEAT), SeatSpec(OPEN_SEAT)]


@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest) -> str:
    """Every test of this module runs on one Redis and on a Redis Cluster."""
    return store_for(request)


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service with every expiry of this module, a creator's quotas on."""
    return new_service(repo, MemoryQueue(), clock=clock, idle_ttl_s=IDLE,
                       finished_ttl_s=FINISHED, unstarted_ttl_s=UNSTARTED,
                       quotas=Quotas(per_minute=0, live_per_creator=2, max_live=0))


async def _ttls(repo: MatchRepo, match_id: str) -> dict[str, int]:
    """The time to live (ms) of every key of the match."""
    keys = await all_keys(repo, f"cardroom:match:{{{match_id}}}:*")
    assert keys
    return {k.decode() if isinstance(k, bytes) else k: await repo.client.pttl(k) for k in keys}


def _expire_within(ttls: dict[str, int], most_s: float) -> None:
    """Every key expires: a request record within MATCH_REQUEST_TTL, the others within
    `most_s` seconds."""
    for key, ttl in ttls.items():
        bound = REQUEST_TTL_S if ":request:" in key else most_s
        assert 0 < ttl <= bound * 1000, (key, ttl)


async def test_every_key_of_a_new_open_active_and_finished_match_has_a_ttl(
        service: MatchService, repo: MatchRepo, clock: Clock) -> None:
    new = await service.create_match("vivo", 3, seed=3)  # started at once, nothing played
    _expire_within(await _ttls(repo, new.match_id), IDLE + FINISHED)
    waiting = await service.create_match("vivo", 3, seats=WAITING)
    _expire_within(await _ttls(repo, waiting.match_id), IDLE + FINISHED)
    # Active, after moves sent with request ids (their records are keys of the match too).
    rng = random.Random(1)
    for n in range(4):
        view = await service.get_view(new.match_id, new.tokens[0])
        seat = view["current_player"]
        view = await service.get_view(new.match_id, new.tokens[seat])
        await service.submit_move(new.match_id, new.tokens[seat],
                                  choose_move("vivo", view, rng), request_id=f"r{n}")
    ttls = await _ttls(repo, new.match_id)
    assert any(":request:" in k for k in ttls) and any(k.endswith(":actions") for k in ttls)
    _expire_within(ttls, IDLE + FINISHED)
    # Each write renews it (Redis' own clock: a moment passes between the two reads).
    view = await service.get_view(new.match_id, new.tokens[0])
    seat = view["current_player"]
    before = (await _ttls(repo, new.match_id))[f"cardroom:match:{{{new.match_id}}}:state"]
    await asyncio.sleep(0.2)
    view = await service.get_view(new.match_id, new.tokens[seat])
    await service.submit_move(new.match_id, new.tokens[seat], choose_move("vivo", view, rng))
    after = (await _ttls(repo, new.match_id))[f"cardroom:match:{{{new.match_id}}}:state"]
    assert after > before - 50  # without a renewal it would be 200 ms less
    # Finished: the finished time.
    await service.resign(new.match_id, new.tokens[0])
    await service.resign(new.match_id, new.tokens[1])  # one seat left: the match is over
    assert (await service.get_view(new.match_id))["status"] == "finished"
    _expire_within(await _ttls(repo, new.match_id), FINISHED)


async def test_a_match_that_never_started_expires_within_minutes_and_counts_till_then(
        service: MatchService, repo: MatchRepo, clock: Clock) -> None:
    one = await service.create_match("vivo", 3, seats=WAITING, caller="c")
    two = await service.create_match("vivo", 3, seats=WAITING, caller="c")
    await service.abandon(one.match_id, one.tokens[0])
    _expire_within(await _ttls(repo, one.match_id), UNSTARTED)
    with pytest.raises(ResourceExhausted):  # the abandoned one still exists: it counts
        await service.create_match("vivo", 3, seats=WAITING, caller="c")
    # Idle-ended while open: the same short record.
    clock.advance(IDLE + 1)
    assert "idle" in await tick(service)
    assert (await service.get_view(two.match_id))["status"] == "abandoned"
    _expire_within(await _ttls(repo, two.match_id), UNSTARTED)
    clock.advance(UNSTARTED + 1)  # both have gone (their keys lapse in Redis' own time)
    await service.create_match("vivo", 3, seats=WAITING, caller="c")
