"""A watch whose channel the program closes ends quietly: no resume attempt on a closed
channel (which failed with `ValueError: Cannot invoke RPC: Channel closed!` in one of
gRPC's threads, and then waited for a minute)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from support.client_stack import Stack, fresh_db, running_stack
from support.redis_server import RedisServer

from cardroom.shared.client import connect, human


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    """The services without a bot worker, on database 10 of the session's Redis."""
    with running_stack(fresh_db(redis_server.url, 10), worker=False) as services:
        yield services


def test_watch_ends_quietly_when_its_channel_is_closed(stack: Stack) -> None:
    failures: list[threading.ExceptHookArgs] = []
    previous = threading.excepthook
    threading.excepthook = failures.append
    try:
        room = connect(stack.config)
        created = room.match.create("vivo", 3, [human(), human(), human()], seed=3)
        seen: list[str] = []
        ended = threading.Event()

        def follow() -> None:
            try:
                for event in room.match.watch(created.match_id):
                    seen.append(event.type)
            finally:
                ended.set()

        watcher = threading.Thread(target=follow, daemon=True)
        watcher.start()
        deadline = time.monotonic() + 10
        while "match_started" not in seen and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "match_started" in seen
        room.close()  # as the app does when its player leaves
        assert ended.wait(5), "the watch kept waiting on a closed channel"
        time.sleep(0.5)  # room for a failure in one of gRPC's threads to surface
    finally:
        threading.excepthook = previous
    assert [str(f.exc_value) for f in failures] == []
