"""The fan-out's start: the first streams of a fresh replica subscribe without the reader
ever finding its pub/sub connection missing (it once logged "pubsub connection not set ...;
reconnecting" on every clean start: the reader polled the connection the first subscription
was still opening)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from cardroom.services.match.fanout import FanOut
from cardroom.services.match.repo import MatchRepo, key_for


@pytest.mark.parametrize("watchers", [1, 5])
async def test_a_clean_start_subscribes_without_a_reconnect(
        store_url: str, caplog: pytest.LogCaptureFixture, watchers: int) -> None:
    caplog.set_level(logging.DEBUG, logger="cardroom.services.match.fanout")
    repo = MatchRepo.from_url(store_url)  # no connection open yet, as at a replica's start
    fanout = FanOut(repo, confirm_s=5.0)
    try:
        async def watch(n: int) -> int:
            async with fanout.watching(f"m{n}") as signal:
                generation = signal.generation
                await repo.client.publish(key_for("notify", f"m{n}"), 7)
                assert await signal.wait(generation, 5.0), "the notice never woke the watcher"
                return signal.seq

        assert await asyncio.gather(*(watch(n) for n in range(watchers))) == [7] * watchers
        await asyncio.sleep(0.2)  # the reader's next polls
    finally:
        await fanout.stop()
        await repo.close()
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert said == []
