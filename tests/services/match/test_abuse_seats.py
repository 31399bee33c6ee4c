"""One seat cannot stall or cancel another's match: request ids belong to the seat that sent
them, the bot workers' ids cannot be guessed, and a joined stranger cannot abandon."""

from __future__ import annotations

import pytest
from support.match_fixtures import new_service
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import BOT, HUMAN, OPEN_SEAT, SeatSpec
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.errors import PermissionDenied
from cardroom.shared.wire.bot_tasks import bot_request_id

ADMIN = "admin-secret"
BOT_TOKEN = "bot-secret"


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service with the admin and bot credentials and an in-memory bot queue."""
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, bot_token=BOT_TOKEN,
                       clock=clock)


async def test_a_seat_cannot_take_the_request_id_another_seat_will_send(service: MatchService
                                                                       ) -> None:
    created = await service.create_match("vivo", 3, seed=7, seats=[
        SeatSpec(HUMAN), SeatSpec(BOT, policy="random"), SeatSpec(HUMAN)])
    token = created.tokens[0]
    move = (await service.get_view(created.match_id, token))["legal_moves"][0]
    # The human squats the id the bot will use for its move at version 2.
    squat = bot_request_id(1, 2)
    await service.submit_move(created.match_id, token, move, 1, squat)
    bot_move = (await service.get_view(created.match_id, BOT_TOKEN, 1))["legal_moves"][0]
    result = await service.submit_move(created.match_id, BOT_TOKEN, bot_move, 2, squat, 1)
    assert not result.duplicate and result.version == 3
    assert (await service.get_view(created.match_id))["current_player"] == 2


async def test_the_same_request_id_from_two_seats_is_two_requests(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    first = (await service.get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    await service.submit_move(created.match_id, created.tokens[0], first, 1, "same")
    second = (await service.get_view(created.match_id, created.tokens[1]))["legal_moves"][0]
    result = await service.submit_move(created.match_id, created.tokens[1], second, 2, "same")
    assert not result.duplicate and result.version == 3
    again = await service.submit_move(created.match_id, created.tokens[0], first, 1, "same")
    assert again.duplicate and again.version == 2


def test_bot_request_ids_are_keyed_by_the_bot_credential() -> None:
    keyed = bot_request_id(1, 2, "m" * 28, BOT_TOKEN)
    assert keyed != bot_request_id(1, 2) == "bot-2-1"
    assert keyed == bot_request_id(1, 2, "m" * 28, BOT_TOKEN)
    assert keyed != bot_request_id(1, 2, "m" * 28, "another secret")
    assert keyed != bot_request_id(1, 3, "m" * 28, BOT_TOKEN)
    assert keyed != bot_request_id(2, 2, "m" * 28, BOT_TOKEN)
    assert len(keyed) <= 128


async def test_a_joined_stranger_cannot_abandon_a_match_others_sit_at(
        service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seats=[
        SeatSpec(HUMAN), SeatSpec(OPEN_SEAT), SeatSpec(OPEN_SEAT)])
    stranger = await service.join_match(created.match_id, 1)
    with pytest.raises(PermissionDenied):
        await service.abandon(created.match_id, stranger.token)
    assert (await service.get_view(created.match_id))["status"] == "open"
    await service.abandon(created.match_id, created.tokens[0])
    assert (await service.get_view(created.match_id))["status"] == "abandoned"


async def test_a_joined_player_alone_may_withdraw_and_the_admin_always_may(service: MatchService
                                                                          ) -> None:
    lonely = await service.create_match("vivo", 3, seats=[SeatSpec(OPEN_SEAT)] * 3)
    alone = await service.join_match(lonely.match_id)
    await service.abandon(lonely.match_id, alone.token)
    assert (await service.get_view(lonely.match_id))["status"] == "abandoned"
    shared = await service.create_match("vivo", 3, seats=[SeatSpec(OPEN_SEAT)] * 3)
    one = await service.join_match(shared.match_id)
    await service.join_match(shared.match_id)
    with pytest.raises(PermissionDenied):
        await service.abandon(shared.match_id, one.token)
    await service.abandon(shared.match_id, ADMIN)
    assert (await service.get_view(shared.match_id))["status"] == "abandoned"
