"""The bot credential (BOT_TOKEN) and the bot-task contract of the match service.

The bot credential acts only for seats a bot plays now: bot seats, and a human seat whose
move clock ran out with CLOCK_EXPIRY_BOT. Bot tasks go to the queue of the policy's cost.
"""

from __future__ import annotations

import time

import pytest
from support.match_client import queued_tasks
from support.match_fixtures import collect, new_service, tick
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import CeleryQueue, MemoryQueue, seat_policy
from cardroom.services.match.model import BOT, HUMAN, ClockSpec, SeatSpec
from cardroom.services.match.record import MatchRecord, SeatRecord
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.bots import list_policies
from cardroom.shared.bots.base import SEARCH
from cardroom.shared.errors import InvalidArgument, PermissionDenied, Unauthenticated
from cardroom.shared.wire.bot_tasks import (
    DEFAULT_QUEUE,
    SEARCH_QUEUE,
    TAKE_TURN,
    TakeTurn,
    is_search,
    queue_for,
)

ADMIN = "admin-secret"
BOT_TOKEN = "bot-secret"




@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service with both credentials and an in-memory bot queue."""
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, bot_token=BOT_TOKEN,
                        clock=clock, bot_retry_s=30)


async def _bot_match(service: MatchService) -> tuple[str, dict[int, str], int]:
    """A Livemix match, seat 0 human and the rest random bots, at a bot seat's turn."""
    seats = [SeatSpec(HUMAN)] + [SeatSpec(BOT, f"bot{i}", "random") for i in (1, 2, 3)]
    created = await service.create_match("livemix", 4, seats=seats, seed=11)
    view = await service.get_view(created.match_id)
    if view["current_player"] == 0:
        human = await service.get_view(created.match_id, created.tokens[0])
        await service.submit_move(created.match_id, created.tokens[0], human["legal_moves"][0],
                            human["version"])
        view = await service.get_view(created.match_id)
    assert view["current_player"] in (1, 2, 3)
    return created.match_id, created.tokens, view["current_player"]


async def test_bot_token_views_and_moves_for_the_bot_seat_to_act(service: MatchService) -> None:
    match_id, _, seat = await _bot_match(service)
    view = await service.get_view(match_id, BOT_TOKEN, seat)
    assert view["seat"] == seat and view["may_act"] and view["observation"]["hand"]
    result = await service.submit_move(match_id, BOT_TOKEN, view["legal_moves"][0], view["version"],
                                 f"bot-{view['version']}-{seat}", seat)
    assert result.version == view["version"] + 1


async def test_bot_token_reads_a_bot_seat_out_of_turn_but_never_its_hand_for_another(
        service: MatchService) -> None:
    match_id, _, seat = await _bot_match(service)
    other = next(s for s in (1, 2, 3) if s != seat)
    view = await service.get_view(match_id, BOT_TOKEN, other)
    assert view["seat"] == other and not view["may_act"]
    events = await collect(service.watch(match_id, BOT_TOKEN, 0, other, follow=False))
    assert all(e.get("to", other) == other for _, e in events)


async def test_bot_token_is_refused_for_a_human_seat(service: MatchService) -> None:
    match_id, _, _ = await _bot_match(service)
    with pytest.raises(PermissionDenied):
        await service.get_view(match_id, BOT_TOKEN, 0)
    with pytest.raises(PermissionDenied):
        await collect(service.watch(match_id, BOT_TOKEN, 0, 0))
    with pytest.raises(PermissionDenied):
        await service.submit_move(match_id, BOT_TOKEN, "H1", None, "", 0)


async def test_bot_token_must_name_the_seat_it_acts_for(service: MatchService) -> None:
    match_id, _, _ = await _bot_match(service)
    with pytest.raises(InvalidArgument) as caught:
        await service.get_view(match_id, BOT_TOKEN)
    assert caught.value.field == "seat"


async def test_bot_token_may_not_resign_or_abandon(service: MatchService) -> None:
    match_id, _, seat = await _bot_match(service)
    with pytest.raises(PermissionDenied):
        await service.resign(match_id, BOT_TOKEN, seat)
    with pytest.raises(PermissionDenied):
        await service.abandon(match_id, BOT_TOKEN)
    assert (await service.get_view(match_id))["status"] == "active"


async def test_a_wrong_bot_token_is_unauthenticated(service: MatchService) -> None:
    match_id, _, seat = await _bot_match(service)
    with pytest.raises(Unauthenticated):
        await service.get_view(match_id, BOT_TOKEN + "x", seat)


async def test_no_bot_token_configured_accepts_none(repo: MatchRepo, clock: Clock) -> None:
    plain = new_service(repo, MemoryQueue(), admin_token=ADMIN, clock=clock)
    match_id, _, seat = await _bot_match(plain)
    with pytest.raises(Unauthenticated):
        await plain.get_view(match_id, BOT_TOKEN, seat)


async def _clock_match(service: MatchService, on_timeout: str) -> tuple[str, int]:
    created = await service.create_match("vivo", 3, seed=5,
                                         clock=ClockSpec(10.0, on_timeout, "random"))
    return created.match_id, (await service.get_view(created.match_id))["current_player"]


async def test_bot_token_stands_in_for_a_human_only_once_the_clock_ran_out(
        service: MatchService, clock: Clock) -> None:
    match_id, seat = await _clock_match(service, "bot")
    with pytest.raises(PermissionDenied):
        await service.get_view(match_id, BOT_TOKEN, seat)
    clock.advance(11)
    assert await tick(service) == ["clock"]
    view = await service.get_view(match_id, BOT_TOKEN, seat)
    assert view["may_act"]
    assert service.queue.sent[-1] == (match_id, seat, view["version"])  # type: ignore[attr-defined]
    await service.submit_move(match_id, BOT_TOKEN, view["legal_moves"][0], view["version"],
                        f"bot-{view['version']}-{seat}", seat)
    with pytest.raises(PermissionDenied):
        await service.get_view(match_id, BOT_TOKEN, seat)


async def test_bot_token_gets_no_stand_in_when_the_clock_forfeits(service: MatchService,
                                                                   clock: Clock) -> None:
    match_id, seat = await _clock_match(service, "forfeit")
    clock.advance(11)
    await tick(service)
    with pytest.raises(PermissionDenied):
        await service.get_view(match_id, BOT_TOKEN, seat)


async def test_catch_up_watch_ends_after_the_logged_events(service: MatchService) -> None:
    seats = [SeatSpec(HUMAN)] + [SeatSpec(BOT, f"bot{i}", "random") for i in (1, 2, 3)]
    match_id = (await service.create_match("livemix", 4, seats=seats, seed=11)).match_id
    everything = await service.repo.events_after(match_id, 0)
    assert everything[-1][1].get("to") == 3  # the log ends with seat 3's deal
    started = time.monotonic()
    seen = await collect(service.watch(match_id, BOT_TOKEN, 0, 1, follow=False))
    assert time.monotonic() - started < 2.0  # a following read would wait 5 s here
    assert seen == [(s, e) for s, e in everything if e.get("to", 1) == 1]
    assert seen[-1][1] == {**seen[-1][1], "type": "deal", "to": 1}


def test_seat_policy_is_the_bot_seats_else_the_clocks() -> None:
    record = MatchRecord("m", "vivo", 2, {}, 1, None,
                         [SeatRecord(HUMAN), SeatRecord(BOT, policy="random")], 0.0, 0.0,
                         clock=ClockSpec(10.0, "bot", "heuristic"))
    assert seat_policy(record, 1) == "random"
    assert seat_policy(record, 0) == "heuristic"
    record.clock = None
    assert seat_policy(record, 0) == ""


def test_search_policies_are_told_apart_by_their_cost() -> None:
    for info in list_policies():
        assert is_search(info.game, info.name) == (info.cost == SEARCH)
    assert not is_search("vivo", "no-such-policy")
    assert queue_for("vivo", "ismcts") == SEARCH_QUEUE
    assert queue_for("vivo", "random", "fast", "slow") == "fast"
    assert queue_for("vivo", "ismcts", "fast", "slow") == "slow"


def test_bot_task_goes_to_the_fast_queue_with_its_policy(redis_url: str) -> None:
    queue = CeleryQueue(redis_url)
    try:
        assert queue.enqueue("m" * 28, 2, 7, game="vivo", policy="random")
    finally:
        queue.close()
    [task] = queued_tasks(redis_url, DEFAULT_QUEUE)
    assert task["task"] == TAKE_TURN and task["args"] == TakeTurn("m" * 28, 2, 7).args
    assert task["args"] == ["m" * 28, 2, 7] and task["id"] == "m" * 28 + "-2-7"
    assert queued_tasks(redis_url, SEARCH_QUEUE) == []
