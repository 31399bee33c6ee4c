"""The fan-out's three less travelled paths, by behaviour (services/match/fanout.py and the
follow loop of domain/reading.py), each with the idle wake-up far away so that only the
path under test can deliver in time:

- a follower more than one batch (WATCH_BATCH events, 200; 20 here, so that one match of
  VIVO is several batches) behind reads on at once, batch after batch, to the match's end;
- a stream woken with nothing new for it (a wake-up of its match that brought no event)
  still gets the next move's events: the reads shared per cursor start afresh each wake;
- a stream whose notice was lost (the pub/sub message never reaches the replica) is woken
  by the sweep, which compares the stored last sequence number with the last announced.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from support.match_fixtures import collect, new_service
from support.match_play import Clock, choose_move

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.domain import reading
from cardroom.services.match.fanout import FanOut
from cardroom.services.match.repo import MatchRepo

#: The idle wake-up of every stream here: far beyond each test's own wait.
IDLE_S = 60.0
#: How long each delivery may take.
WITHIN_S = 5.0


async def one_move(service: MatchService, match_id: str, tokens: dict[int, str],
                   rng: random.Random) -> bool:
    """Play one legal move of whoever may act; False once the match is over."""
    for token in tokens.values():
        view = await service.get_view(match_id, token)
        if view["status"] != "active":
            return False
        if view["may_act"]:
            await service.submit_move(match_id, token, choose_move(view["game"], view, rng),
                                      view["version"])
            return True
    return False


async def next_item(stream: AsyncIterator[Any]) -> Any:
    return await asyncio.wait_for(stream.__anext__(), WITHIN_S)


async def test_a_follower_more_than_a_batch_behind_reads_to_the_end(
        repo: MatchRepo, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "WATCH_BATCH", 20)
    service = new_service(repo, MemoryQueue(), clock=clock, idle_wake_s=IDLE_S)
    created = await service.create_match("vivo", 3, seed=3)
    rng = random.Random(5)
    while await one_move(service, created.match_id, created.tokens, rng):
        pass
    logged = await collect(service.watch(created.match_id, None, 0, follow=False))
    assert len(logged) > 2 * reading.WATCH_BATCH  # the follower starts more than two batches behind
    followed = await asyncio.wait_for(
        collect(service.watch(created.match_id, None, 0, follow=True)), WITHIN_S)
    assert followed == logged
    assert followed[-1][1]["type"] == "match_over"


async def test_a_stream_woken_with_nothing_new_gets_the_next_move(repo: MatchRepo,
                                                                  clock: Clock) -> None:
    service = new_service(repo, MemoryQueue(), clock=clock, idle_wake_s=IDLE_S)
    created = await service.create_match("vivo", 3, seed=3)
    match_id, rng = created.match_id, random.Random(5)
    before = await collect(service.watch(match_id, None, 0, follow=False))
    stream = service.watch(match_id, None, before[-1][0], follow=True)
    waiting = asyncio.ensure_future(next_item(stream))
    await asyncio.sleep(0.3)  # caught up: the stream waits for its match's next wake-up
    for _ in range(3):  # wake-ups that bring nothing new, as a sweep or a reconnect makes
        service.fanout.signals[match_id].fire()
        await asyncio.sleep(0.05)
    assert not waiting.done()
    assert await one_move(service, match_id, created.tokens, rng)
    seq, _ = await waiting
    assert seq == before[-1][0] + 1
    await stream.aclose()  # type: ignore[attr-defined]


class _LosingNotices(FanOut):
    """A fan-out whose pub/sub messages of moves never arrive (a notice lost on the way);
    subscriptions are confirmed as usual, and its sweep is the real one."""

    def _handle(self, message: dict[str, Any]) -> None:
        if message.get("type") == "message":
            return
        super()._handle(message)


async def test_the_sweep_wakes_a_stream_whose_notice_was_lost(repo: MatchRepo,
                                                              clock: Clock) -> None:
    fanout = _LosingNotices(repo, sweep_s=0.3)
    service = new_service(repo, MemoryQueue(), clock=clock, idle_wake_s=IDLE_S,
                          fanout=fanout)
    created = await service.create_match("vivo", 3, seed=3)
    match_id, rng = created.match_id, random.Random(5)
    before = await collect(service.watch(match_id, None, 0, follow=False))
    stream = service.watch(match_id, None, before[-1][0], follow=True)
    waiting = asyncio.ensure_future(next_item(stream))
    await asyncio.sleep(0.8)  # subscribed and swept once: the sweep knows the last seq
    assert await one_move(service, match_id, created.tokens, rng)
    seq, _ = await waiting  # no notice came: only the sweep can have woken it
    assert seq == before[-1][0] + 1
    await stream.aclose()  # type: ignore[attr-defined]
