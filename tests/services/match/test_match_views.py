"""What the match service shows each caller, fast (one Redis, no gRPC): who may act and
which moves each seat is offered in views and in WatchMatch turn frames, for a turn-based
game, open Mix Match claims and a match that has not started or has ended; and the lobby's
page tokens, which lead through their own listing only."""

from __future__ import annotations

from contextlib import aclosing
from typing import Any

import pytest
from support.match_fixtures import new_service
from support.match_play import Clock, hands_seen

from cardroom.services.match import views
from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import HUMAN, OPEN_SEAT, SeatSpec
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.errors import InvalidArgument

ADMIN = "admin"


@pytest.fixture
def service(repo: MatchRepo) -> MatchService:
    """One replica on an empty Redis, its clock standing still."""
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, clock=Clock())


async def _first_turn(service: MatchService, match_id: str, token: str | None
                            ) -> dict[str, Any]:
    async with aclosing(service.watch(match_id, token, turns=True)) as stream:
        async for item in stream:
            if isinstance(item, views.Turn):
                return item.frame
    raise AssertionError("the stream ended without a turn frame")


async def turn_frame(service: MatchService, match_id: str, token: str | None) -> dict[str, Any]:
    """The first turn frame a WatchMatch stream of the caller of `token` sends."""
    frame: dict[str, Any] = await _first_turn(service, match_id, token)
    return frame


async def test_turn_based_game_offers_moves_to_the_seat_to_act_only(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=1)
    views_ = {seat: await service.get_view(created.match_id, token)
              for seat, token in created.tokens.items()}
    current = views_[0]["current_player"]
    assert current in (0, 1, 2)
    for seat, seen in views_.items():
        assert seen["current_player"] == current
        assert seen["may_act"] == (seat == current)
        assert bool(seen["legal_moves"]) == (seat == current)
    spectator = await service.get_view(created.match_id)
    assert spectator["current_player"] == current
    assert not spectator["may_act"] and spectator["legal_moves"] == []

    for seat, token in created.tokens.items():
        frame = await turn_frame(service, created.match_id, token)
        assert frame["acting_seats"] == [current] and frame["seat"] == seat
        assert frame["may_act"] == (seat == current)
        assert frame["legal_moves"] == views_[seat]["legal_moves"]
    watching = await turn_frame(service, created.match_id, None)
    assert watching["acting_seats"] == [current]
    assert watching["seat"] is None and not watching["may_act"]
    assert watching["legal_moves"] == []


async def test_each_seat_sees_its_own_hand_only_and_no_seat_token(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=4)
    for seat, token in [*created.tokens.items(), (None, None)]:
        seen = await service.get_view(created.match_id, token)
        assert seen["seat"] == seat
        assert hands_seen(seen, seat) == []
        assert bool(seen["observation"].get("hand")) == (seat is not None), seat
        assert all("token" not in record for record in seen["seats"])
        for summary in (await service.list_matches())[0]:
            assert all("token" not in record for record in summary["seats"])


async def test_a_move_from_the_offered_ones_is_taken_and_the_turn_moves_on(
        service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=1)
    first = (await service.get_view(created.match_id))["current_player"]
    offered = (await service.get_view(created.match_id, created.tokens[first]))["legal_moves"]
    await service.submit_move(created.match_id, created.tokens[first], offered[0])
    after = (await service.get_view(created.match_id))["current_player"]
    assert after != first
    assert (await turn_frame(service, created.match_id, None))["acting_seats"] == [after]


async def test_a_seat_that_resigned_is_offered_nothing_while_the_others_play_on(
        service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=1)
    first = (await service.get_view(created.match_id))["current_player"]
    await service.resign(created.match_id, created.tokens[first])
    gone = await service.get_view(created.match_id, created.tokens[first])
    assert gone["status"] == "active" and not gone["may_act"] and gone["legal_moves"] == []
    frame = await turn_frame(service, created.match_id, created.tokens[first])
    assert first not in frame["acting_seats"] and frame["acting_seats"]
    assert not frame["may_act"] and frame["legal_moves"] == []


async def test_open_claims_let_every_seat_still_in_call_time_and_none_put_out(
        service: MatchService) -> None:
    created = await service.create_match("mixmatch", 3, seed=3, options={"hourglass_seconds": 0})
    for seat, token in created.tokens.items():
        seen = await service.get_view(created.match_id, token)
        assert seen["may_act"] and seen["legal_moves"] == ["timeout"], seat
    assert (await turn_frame(service, created.match_id, None))["acting_seats"] == [0, 1, 2]

    await service.submit_move(created.match_id, created.tokens[1], "claim 1")  # wrong: seat 1 out
    for seat, token in created.tokens.items():
        seen = await service.get_view(created.match_id, token)
        frame = await turn_frame(service, created.match_id, token)
        assert frame["acting_seats"] == [0, 2]
        offered = [] if seat == 1 else ["timeout"]
        assert seen["may_act"] == frame["may_act"] == (seat != 1)
        assert seen["legal_moves"] == frame["legal_moves"] == offered


async def test_an_hourglass_offers_a_call_of_time_only_once_it_ran_out(repo: MatchRepo) -> None:
    clock = Clock()
    service = new_service(repo, MemoryQueue(), clock=clock)
    created = await service.create_match("mixmatch", 2, seed=5, options={"hourglass_seconds": 30})
    seen = await service.get_view(created.match_id, created.tokens[0])
    assert seen["current_player"] == -1  # this deal opens with claims
    assert seen["may_act"] and seen["legal_moves"] == []
    clock.advance(31)
    view = await service.get_view(created.match_id, created.tokens[0])
    assert view["legal_moves"] == ["timeout"]
    frame = await turn_frame(service, created.match_id, created.tokens[0])
    assert frame["legal_moves"] == ["timeout"]


async def test_a_match_waiting_for_players_or_over_has_nobody_to_act(service: MatchService) -> None:
    waiting = await service.create_match("vivo", 3, seats=[SeatSpec(HUMAN), SeatSpec(OPEN_SEAT),
                                                     SeatSpec(OPEN_SEAT)])
    seen = await service.get_view(waiting.match_id, waiting.tokens[0])
    assert seen["status"] == "open" and seen["current_player"] is None
    assert not seen["may_act"] and seen["legal_moves"] == []
    frame = await turn_frame(service, waiting.match_id, waiting.tokens[0])
    assert frame["acting_seats"] == [] and not frame["may_act"] and frame["legal_moves"] == []

    ended = await service.create_match("vivo", 3, seed=2)
    await service.abandon(ended.match_id, ADMIN)
    for token in (ended.tokens[0], None):
        seen = await service.get_view(ended.match_id, token)
        assert seen["status"] == "abandoned" and seen["current_player"] is None
        assert not seen["may_act"] and seen["legal_moves"] == []
        frame = await turn_frame(service, ended.match_id, token)
        assert frame["acting_seats"] == [] and frame["legal_moves"] == []


async def _pages(service: MatchService, **listing: Any) -> list[list[str]]:
    pages, token = [], ""
    while True:
        found, token = await service.list_matches(page_size=2, page_token=token, **listing)
        pages.append([m["match_id"] for m in found])
        if not token:
            return pages
        assert len(pages) < 10


async def test_page_tokens_lead_through_the_public_and_the_admin_listing(
        service: MatchService) -> None:
    public = [(await service.create_match("vivo", 3, seed=s)).match_id for s in range(3)]
    private = [(await service.create_match("vivo", 3, seed=s, private=True)).match_id
               for s in range(2)]
    newest_first = sorted(public, reverse=True)
    assert await _pages(service) == [newest_first[:2], newest_first[2:]]
    assert await _pages(service, game="vivo", status="active") == [newest_first[:2],
                                                              newest_first[2:]]
    everything = sorted(public + private, reverse=True)
    assert await _pages(service, include_private=True, token=ADMIN) == [
        everything[:2], everything[2:4], everything[4:]]


async def test_a_page_token_is_refused_by_any_other_listing(service: MatchService) -> None:
    for seed in range(3):
        await service.create_match("vivo", 3, seed=seed)
    _, public = await service.list_matches(page_size=1)
    _, admin = await service.list_matches(page_size=1, include_private=True, token=ADMIN)
    _, vivo = await service.list_matches(game="vivo", page_size=1)
    assert public and admin and vivo
    refused = [
        dict(page_token=public, include_private=True, token=ADMIN),
        dict(page_token=admin),
        dict(page_token=public, game="vivo"),
        dict(page_token=vivo),
        dict(page_token=vivo, game="livemix"),
        dict(page_token=public, status="open"),
    ]
    for listing in refused:
        with pytest.raises(InvalidArgument) as err:
            await service.list_matches(page_size=1, **listing)
        assert err.value.field == "page_token", listing


@pytest.mark.parametrize("token", ["____", "!!!", "a", "not a token at all", "Zm9v"])
async def test_a_page_token_that_is_not_one_is_an_invalid_argument(service: MatchService,
                                                                   token: str) -> None:
    with pytest.raises(InvalidArgument) as err:
        await service.list_matches(page_token=token)
    assert err.value.field == "page_token"
