"""Timers on a clock the tests move: each deadline fires once across replicas; bot re-sends."""

from __future__ import annotations

import asyncio
import time

import pytest
from support.match_fixtures import STORES, new_service, store_for, tick
from support.match_play import Clock

from cardroom.services.match import model
from cardroom.services.match.app import SEND_CONFIRM_S, MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import BOT, HUMAN, ClockSpec, SeatSpec
from cardroom.services.match.repo import MatchRepo, TimerEntry

ADMIN = "admin"


@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest) -> str:
    """Every test of this module runs on one Redis and on a Redis Cluster."""
    return store_for(request)


@pytest.fixture
def queue() -> MemoryQueue:
    """The bot tasks every replica sends."""
    return MemoryQueue()


@pytest.fixture
def replicas(repo: MatchRepo, clock: Clock, queue: MemoryQueue) -> list[MatchService]:
    """Two replicas on one Redis (bot tasks re-sent after 30 s)."""
    return [new_service(repo, queue, admin_token=ADMIN, clock=clock, bot_retry_s=30)
            for _ in range(2)]


async def _tick(replicas: list[MatchService]) -> list[str]:
    fired: list[str] = []
    for service in replicas:
        fired += await tick(service)
    return fired


async def _types(service: MatchService, match_id: str) -> list[str]:
    return [e["type"] for _, e in await service.repo.events_after(match_id, 0)]


async def test_mixmatch_m5_hourglass_fires_once_per_deadline_across_replicas(
        replicas: list[MatchService], clock: Clock) -> None:
    created = await replicas[0].create_match("mixmatch", 2, seed=5,
                                       options={"hourglass_seconds": 30})
    deadline = (await replicas[0].get_view(created.match_id))["deadline"]
    assert deadline == pytest.approx(clock.now + 30)
    clock.advance(29)
    assert await _tick(replicas) == []
    clock.advance(2)
    assert await _tick(replicas) == ["hourglass"]
    assert await _tick(replicas) == []
    assert (await _types(replicas[1], created.match_id)).count("hourglass_ran_out") == 1
    view = await replicas[1].get_view(created.match_id)
    assert view["deadline"] == pytest.approx(clock.now + 30)
    assert len(view["observation"]["table"]) == 6


async def test_mixmatch_m5_hourglass_zero_lets_a_seat_call_time(
        replicas: list[MatchService]) -> None:
    created = await replicas[0].create_match("mixmatch", 2, seed=5,
                                             options={"hourglass_seconds": 0})
    assert (await replicas[0].get_view(created.match_id))["deadline"] is None
    result = await replicas[0].submit_move(created.match_id, created.tokens[1], "timeout")
    assert [e["type"] for _, e in result.events] == ["hourglass_ran_out"]
    # The time-out is recorded as the seat that called it, not as the host (issue 23).
    assert (await replicas[0].repo.actions(created.match_id))[0]["seat"] == 1


async def test_move_clock_keeps_its_deadline_until_the_seat_moves(replicas: list[MatchService],
                                                                 clock: Clock) -> None:
    created = await replicas[0].create_match("vivo", 3, seed=1, clock=ClockSpec(60, "forfeit"))
    first = (await replicas[0].get_view(created.match_id))["deadline"]
    clock.advance(10)
    await replicas[0].resign(created.match_id, created.tokens[2])
    assert (await replicas[0].get_view(created.match_id))["deadline"] == first
    move = (await replicas[0].get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    await replicas[1].submit_move(created.match_id, created.tokens[0], move)
    view = await replicas[1].get_view(created.match_id)
    assert view["current_player"] == 1 and view["deadline"] == pytest.approx(clock.now + 60)


async def test_bot_task_is_sent_again_once_when_unanswered(
        replicas: list[MatchService], clock: Clock, queue: MemoryQueue) -> None:
    created = await replicas[0].create_match("vivo", 3, seed=2, seats=[
        SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
    assert queue.sent == [(created.match_id, 0, 1)]
    clock.advance(29)
    assert await _tick(replicas) == []
    clock.advance(2)
    assert await _tick(replicas) == ["bot_retry"]
    assert queue.sent == [(created.match_id, 0, 1)] * 2
    move = (await replicas[1].get_view(created.match_id, ADMIN, as_seat=0))["legal_moves"][0]
    await replicas[1].submit_move(created.match_id, ADMIN, move, 1, "bot-1-0", as_seat=0)
    clock.advance(120)
    assert await _tick(replicas) == []
    assert len(queue.sent) == 2


class _Died(BaseException):
    """The replica's process ending where it is raised."""


class _DyingQueue(MemoryQueue):
    """The broker client of a replica killed between writing a bot's turn and sending it."""

    def enqueue(self, match_id: str, seat: int, version: int, *, game: str = "",
                policy: str = "") -> bool:
        raise _Died


async def test_a_bot_task_its_replica_died_before_sending_is_sent_by_another_within_seconds(
        replicas: list[MatchService], repo: MatchRepo, clock: Clock,
              queue: MemoryQueue) -> None:
    dying = new_service(repo, _DyingQueue(), admin_token=ADMIN, clock=clock, bot_retry_s=30)
    with pytest.raises(_Died):
        await dying.create_match("vivo", 3, seed=2, seats=[
            SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
    (entry,) = await repo.timer_entries()  # written: the bot's turn waits for its task
    assert queue.sent == []
    clock.advance(SEND_CONFIRM_S - 1)
    assert await _tick(replicas) == []
    clock.advance(2)  # not MATCH_BOT_RETRY (30 s here): the send was never confirmed
    assert await _tick(replicas) == ["bot_retry"]
    assert queue.sent == [(entry.match_id, 0, 1)]
    clock.advance(SEND_CONFIRM_S + 1)  # sent and confirmed: the next re-send waits 30 s
    assert await _tick(replicas) == []
    clock.advance(30)
    assert await _tick(replicas) == ["bot_retry"]


async def test_a_match_whose_replica_died_right_after_writing_it_is_in_the_lobby(
        replicas: list[MatchService], repo: MatchRepo, clock: Clock) -> None:
    dying = new_service(repo, _DyingQueue(), admin_token=ADMIN, clock=clock)
    with pytest.raises(_Died):  # after the write, before anything else
        await dying.create_match("vivo", 3, seed=2, seats=[
            SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
    (entry,) = await repo.timer_entries()
    for game, status in (("vivo", ""), ("", ""), ("vivo", "active"), ("", "active")):
        listed, _ = await replicas[0].list_matches(game, status)
        assert [m["match_id"] for m in listed] == [entry.match_id], (game, status)
    listed, _ = await replicas[0].list_matches("vivo", "active", include_private=True, token=ADMIN)
    assert [m["match_id"] for m in listed] == [entry.match_id]


async def test_a_bot_task_sent_at_once_is_not_sent_again_before_the_bot_retry(
        replicas: list[MatchService], clock: Clock, queue: MemoryQueue) -> None:
    created = await replicas[0].create_match("vivo", 3, seed=2, seats=[
        SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
    clock.advance(SEND_CONFIRM_S + 1)
    assert await _tick(replicas) == []
    assert queue.sent == [(created.match_id, 0, 1)]


async def test_entries_of_versions_gone_are_dropped_without_reading_their_matches(
        replicas: list[MatchService], repo: MatchRepo, clock: Clock) -> None:
    # Every write leaves its predecessor's entry behind: here each bot's first turn, which
    # the bot has answered since.
    for seed in range(5):
        created = await replicas[0].create_match("vivo", 3, seed=seed, seats=[
            SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
        move = (await replicas[0].get_view(created.match_id, ADMIN, as_seat=0))["legal_moves"][0]
        await replicas[0].submit_move(created.match_id, ADMIN, move, 1, f"bot-{seed}", as_seat=0)
    clock.advance(SEND_CONFIRM_S + 1)
    before = dict(repo.trips.counts)
    assert await _tick(replicas[:1]) == []
    spent = {op: n - before.get(op, 0) for op, n in repo.trips.counts.items()}
    assert spent.get("load", 0) == 0 and spent["versions"] == 1
    assert await repo.timer_entries() == []


class _RefusingQueue(MemoryQueue):
    """A broker that refuses the first `refusals` tasks (down for a moment), then takes
    them."""

    def __init__(self, refusals: int) -> None:
        super().__init__()
        self.refusals = refusals

    def enqueue(self, match_id: str, seat: int, version: int, *, game: str = "",
                policy: str = "") -> bool:
        if self.refusals:
            self.refusals -= 1
            return False
        return super().enqueue(match_id, seat, version, game=game, policy=policy)


async def _loop_for(service: MatchService, seconds: float) -> None:
    """Run a replica's timer loop, polling every 10 ms, for `seconds`; then stop it as a
    replica does."""
    from cardroom.services.match.timers import TimerLoop

    loop = TimerLoop(service, interval_s=0.01)
    loop.start()
    await asyncio.sleep(seconds)
    await loop.stop()


async def test_a_bot_task_the_broker_refused_is_sent_again_once_it_answers(
        repo: MatchRepo, clock: Clock) -> None:
    # An outage of the broker too short for a timer poll to notice: only the refused send
    # tells. The match must not wait for MATCH_BOT_RETRY (30 s here; the clock stands still).
    queue = _RefusingQueue(refusals=2)
    service = new_service(repo, queue, clock=clock, bot_retry_s=30)
    created = await service.create_match("vivo", 3, seed=2, seats=[
        SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)])
    assert queue.sent == []  # refused
    deadline = time.monotonic() + 10
    while not queue.sent:  # the first re-send is refused too, a later one goes
        assert time.monotonic() < deadline, "the refused bot task was never sent again"
        await _loop_for(service, 0.3)
    assert queue.sent == [(created.match_id, 0, 1)]
    assert not service.sends.refused
    await _loop_for(service, 1.2)  # and nothing more once it went
    assert queue.sent == [(created.match_id, 0, 1)]


class _BarrierRepo(MatchRepo):
    """A repository whose loads wait for each other: every replica holding it has read the
    match before any of them writes, so their compare-and-sets really race."""

    def __init__(self, client: object, barrier: asyncio.Barrier) -> None:
        super().__init__(client)  # type: ignore[arg-type]
        self.barrier = barrier

    async def load(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        snap = await super().load(*args, **kwargs)  # type: ignore[arg-type]
        await self.barrier.wait()
        return snap


async def _fire_together(services: list[MatchService], entry: TimerEntry) -> list[str | None]:
    return list(await asyncio.gather(*(s.fire_timer(entry) for s in services)))


async def test_two_replicas_firing_one_due_bot_retry_at_once_send_it_once(
        repo: MatchRepo, clock: Clock, queue: MemoryQueue) -> None:
    raw = repo
    barrier = asyncio.Barrier(2)
    racing = [MatchService(_BarrierRepo(raw.client, barrier), queue, clock=clock,
                           bot_retry_s=30) for _ in range(2)]
    created = await new_service(repo, queue, clock=clock, bot_retry_s=30).create_match(
        "vivo", 3, seed=2, seats=[SeatSpec(BOT, policy="random"), SeatSpec(HUMAN),
                                  SeatSpec(HUMAN)])
    clock.advance(31)
    (entry,) = await repo.due_timers(model.now_ms(clock()))
    fired = await _fire_together(racing, entry)
    assert fired.count("bot_retry") == 1 and fired.count(None) == 1
    assert queue.sent == [(created.match_id, 0, 1)] * 2  # the first send and one re-send


async def test_mixmatch_bots_still_in_the_round_each_get_a_task(replicas: list[MatchService],
                                                                queue: MemoryQueue) -> None:
    created = await replicas[0].create_match(
        "mixmatch", 3, seed=3, options={"hourglass_seconds": 0},
        seats=[SeatSpec(HUMAN), SeatSpec(BOT, policy="random"), SeatSpec(BOT, policy="random")])
    assert sorted(queue.sent) == [(created.match_id, 1, 1), (created.match_id, 2, 1)]
    await replicas[0].submit_move(created.match_id, ADMIN, "claim 1", as_seat=1)
    assert (created.match_id, 2, 2) in queue.sent
    assert (created.match_id, 1, 2) not in queue.sent  # put out by its wrong claim (M4)
