"""One event fan-out per replica: a single Redis pub/sub connection wakes every open stream.

Every write of a match publishes the match's new last sequence number on its notify channel
(repo.scripts.MOVE). A replica subscribes to the channel of each match that at least one of its
streams watches, on one connection, and wakes those streams (a `Signal` per match); each
stream then reads what is new for it with XRANGE from its own cursor. So the number of
Redis connections of a replica does not grow with the number of streams.

Pub/sub delivers at most once: a notice lost while the connection was down is made good by
waking every stream when the reader reconnects, and by a sweep that compares each watched
match's stored last sequence number with the last one announced (one pipelined read every
`sweep_s` seconds for all watched matches).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from .repo import MatchRepo, key_for

log = logging.getLogger(__name__)

#: A channel the reader always listens on, so its connection is up even with no stream.
IDLE_CHANNEL = "cardroom:fanout"
#: Longest the fan-out waits for its reader or its connection while it stops.
STOP_WAIT_S = 2.0


class Signal:
    """The wake-up of the streams of one match on this replica."""

    def __init__(self) -> None:
        self.generation = 0
        self.seq = -1  # the last sequence number announced or swept
        self.gone = False  # the match was deleted or expired
        self.watchers = 0
        self.fired_at = 0.0  # loop time of the last wake-up
        self._event = asyncio.Event()
        #: Reads of the match's new events since the last wake-up, by cursor: the streams
        #: woken together at one cursor share one read instead of one each.
        self._reads: dict[int, asyncio.Future[Any]] = {}
        self.subscribed: asyncio.Future[None] | None = None

    def fire(self) -> None:
        """Wake every stream waiting on this match."""
        self.generation += 1
        self.fired_at = asyncio.get_running_loop().time()
        self._reads = {}
        self._event.set()
        self._event = asyncio.Event()

    async def read(self, cursor: int, fetch: Callable[[], Awaitable[Any]]) -> Any:
        """What `fetch()` answers for `cursor`, shared with every stream that asks for the
        same cursor before the next wake-up (a read started before a wake-up may miss that
        change's events; its streams see the new generation and read again)."""
        shared = self._reads.get(cursor)
        if shared is None:
            shared = self._reads[cursor] = asyncio.ensure_future(fetch())
            shared.add_done_callback(_retrieved)
        return await asyncio.shield(shared)

    async def wait(self, generation: int, timeout: float) -> bool:
        """Wait until the signal fires after `generation` was read (at once if it already
        has); False when `timeout` seconds pass first."""
        if self.generation != generation:
            return True
        event = self._event
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True


class FanOut:
    """The replica's one reader of match notices, and the signals of the matches watched."""

    def __init__(self, repo: MatchRepo, *, sweep_s: float = 2.0, confirm_s: float = 2.0
                 ) -> None:
        self.repo = repo
        self.sweep_s = sweep_s
        self.confirm_s = confirm_s
        self.signals: dict[str, Signal] = {}
        #: Set when the replica drains: every stream ends and resumes elsewhere.
        self.closing = False
        self._pubsub: Any = None
        #: Held while a pub/sub connection is opened: the reader and the first subscription
        #: of a fresh replica would otherwise both open one, or the reader poll the one the
        #: subscription is still connecting.
        self._opening = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def streams(self) -> int:
        """Streams attached now."""
        return sum(s.watchers for s in self.signals.values())

    @contextlib.asynccontextmanager
    async def watching(self, match_id: str) -> AsyncIterator[Signal]:
        """The signal of `match_id`, subscribed (confirmed by Redis) before it is handed out,
        so that any write after the caller's next read wakes it."""
        await self._ensure_started()
        signal = self.signals.get(match_id)
        if signal is None:
            signal = self.signals[match_id] = Signal()
        signal.watchers += 1
        try:
            await self._subscribe(match_id, signal)
            yield signal
        finally:
            signal.watchers -= 1
            if signal.watchers == 0 and self.signals.get(match_id) is signal:
                del self.signals[match_id]
                await self._unsubscribe(match_id)

    def close_all(self) -> None:
        """Wake every stream for good: the replica is shutting down."""
        self.closing = True
        for signal in list(self.signals.values()):
            signal.fire()

    async def stop(self) -> None:
        """Stop the reader and the sweep, and close the pub/sub connection."""
        self.close_all()
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=STOP_WAIT_S)
        self._tasks = []
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.aclose(), STOP_WAIT_S)
            self._pubsub = None

    # ---- subscriptions ------------------------------------------------------------------

    async def _ensure_started(self) -> None:
        if self._tasks:
            return
        self._tasks = [asyncio.create_task(self._read(), name="fanout-reader"),
                       asyncio.create_task(self._sweep(), name="fanout-sweep")]

    async def _subscribe(self, match_id: str, signal: Signal) -> None:
        if signal.subscribed is None:
            signal.subscribed = asyncio.get_running_loop().create_future()
            try:
                await self._connected()
                await self._pubsub.subscribe(key_for("notify", match_id))
            except Exception as exc:
                log.warning("fan-out: subscribe failed (%s); the sweep covers it", exc)
                _settle(signal.subscribed)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(signal.subscribed), self.confirm_s)

    async def _unsubscribe(self, match_id: str) -> None:
        with contextlib.suppress(Exception):
            if self._pubsub is not None:
                await self._pubsub.unsubscribe(key_for("notify", match_id))

    async def _connected(self) -> None:
        """A pub/sub connection, connected and subscribed to IDLE_CHANNEL, is self._pubsub
        (only then is it set)."""
        if self._pubsub is not None:
            return
        async with self._opening:
            if self._pubsub is not None:
                return
            pubsub = self.repo.client.pubsub()
            try:
                await pubsub.subscribe(IDLE_CHANNEL)
            except BaseException:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            self._pubsub = pubsub

    # ---- the reader and the sweep ---------------------------------------------------------

    async def _read(self) -> None:
        pause = 0.05
        while True:
            try:
                await self._connected()
                message = await self._pubsub.get_message(timeout=1.0)
                pause = 0.05
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("fan-out reader: %s; reconnecting", exc)
                await self._reset()
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)
                continue
            if message is not None:
                self._handle(message)

    def _handle(self, message: dict[str, Any]) -> None:
        channel = message.get("channel") or ""
        match_id = _match_of(channel)
        signal = self.signals.get(match_id) if match_id else None
        if signal is None:
            return
        if message["type"] == "subscribe":
            if signal.subscribed is not None:
                _settle(signal.subscribed)
            return
        if message["type"] != "message":
            return
        seq = int(message["data"])
        if seq < 0:
            signal.gone = True
        signal.seq = max(signal.seq, seq)
        signal.fire()

    async def _reset(self) -> None:
        """After a broken connection: a fresh pub/sub connection subscribed to every watched
        match, and every stream woken to read what it may have missed."""
        old, self._pubsub = self._pubsub, None
        if old is not None:
            with contextlib.suppress(Exception):
                await old.aclose()
        try:
            await self._connected()
            for match_id in list(self.signals):
                await self._pubsub.subscribe(key_for("notify", match_id))
        except Exception as exc:
            log.warning("fan-out: reconnect failed: %s", exc)
            self._pubsub = None
        for signal in list(self.signals.values()):
            if signal.subscribed is not None:
                _settle(signal.subscribed)
            signal.fire()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            ids = list(self.signals)
            try:
                seqs = await self.repo.last_seqs(ids)
            except Exception as exc:
                log.debug("fan-out sweep: %s", exc)
                continue
            for match_id, seq in zip(ids, seqs, strict=True):
                signal = self.signals.get(match_id)
                if signal is None:
                    continue
                if seq is None:
                    signal.gone = True
                    signal.fire()
                elif seq > signal.seq:
                    if signal.seq >= 0:
                        log.info("fan-out sweep found a missed notice",
                                 extra={"match_id": match_id})
                    signal.seq = seq
                    signal.fire()


def _retrieved(future: asyncio.Future[Any]) -> None:
    """Mark a shared read's failure as seen (each stream that awaited it got it already)."""
    if not future.cancelled():
        future.exception()


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _match_of(channel: str) -> str:
    """The match id inside a notify channel's hash tag ("" for any other channel)."""
    start, end = channel.find("{"), channel.find("}")
    return channel[start + 1:end] if 0 <= start < end else ""
