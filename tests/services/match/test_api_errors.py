"""One error model a program can branch on, and the small contract bugs of the API, against a
real match service (grpc.aio) and Redis on loopback, and a real bot API server.

Each failed call carries google.rpc.ErrorInfo (domain "cardroom", reason a
cardroom.v1.ErrorReason name); a malformed request names its fields in google.rpc.BadRequest
exactly as the request spells them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread
from support.match_client import match_server
from support.redis_server import RedisServer

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import create_server as create_bot_server
from cardroom.shared.bots import get_policy
from cardroom.shared.proto.cardroom.v1 import (
    bot_pb2,
    bot_pb2_grpc,
    common_pb2,
    livemix_pb2,
    match_pb2_grpc,
    mixmatch_pb2,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.errors import details_of, error_reason, field_violations
from cardroom.shared.wire.tokens import bearer as auth

C = grpc.StatusCode
HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
BOT = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")


@pytest.fixture(scope="module")
def stub(redis_server: RedisServer) -> Iterator[match_pb2_grpc.MatchServiceStub]:
    """A stub of a match-service replica on database 12 of the session's Redis."""
    url = redis_server.url.rsplit("/", 1)[0] + "/12"
    with match_server(url) as server, grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        yield match_pb2_grpc.MatchServiceStub(channel)


def options(**values: Any) -> mixmatch_pb2.MixMatchOptions:
    """Mix Match options written as the engine's keys, typed."""
    return typed.options_request("mixmatch", values)


def create(stub: Any, game: Any, seats: list[pb.SeatSpec], **fields: Any
           ) -> pb.CreateMatchResponse:
    """A new match (seed 7 unless told)."""
    fields.setdefault("seed", 7)
    return stub.CreateMatch(pb.CreateMatchRequest(game=game, players=len(seats), seats=seats,
                                                  **fields), timeout=10)


def refused(call: Any, *args: Any, **kwargs: Any) -> grpc.RpcError:
    """The error a call that must fail fails with."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, timeout=10, **kwargs)
    return caught.value


def legal_actions(error: grpc.RpcError) -> list[list[str]]:
    """The LegalActions details of a failed call (one list per detail)."""
    return [list(d.actions) for d in details_of(error, common_pb2.LegalActions)]


def started(stub: Any, game: int = common_pb2.GAME_VIVO, players: int = 3
            ) -> tuple[str, dict[int, str], pb.MatchView]:
    """A started match of humans, its tokens and the view of the seat to play."""
    created = create(stub, game, [HUMAN] * players)
    tokens = {t.seat: t.token for t in created.tokens}
    public = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), timeout=10).match
    mover = public.acting_seats[0]
    view = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id),
                         metadata=auth(tokens[mover]), timeout=10).match
    return created.match_id, tokens, view


# ---- wrong phase ----------------------------------------------------------------------

def test_joining_a_started_match_is_the_wrong_phase(stub: Any) -> None:
    match_id, _, _ = started(stub)
    error = refused(stub.JoinMatch, pb.JoinMatchRequest(match_id=match_id))
    assert (error.code(), error_reason(error)) == (C.FAILED_PRECONDITION,
                                                   "ERROR_REASON_WRONG_PHASE")
    assert legal_actions(error) == []  # no move would help: nothing to list


def test_joining_a_bot_seat_is_the_wrong_phase(stub: Any) -> None:
    created = create(stub, common_pb2.GAME_VIVO, [HUMAN, OPEN, BOT])
    error = refused(stub.JoinMatch, pb.JoinMatchRequest(match_id=created.match_id, seat=2))
    assert (error.code(), error_reason(error)) == (C.FAILED_PRECONDITION,
                                                   "ERROR_REASON_WRONG_PHASE")


def test_moving_while_the_match_waits_for_players_is_the_wrong_phase(stub: Any) -> None:
    created = create(stub, common_pb2.GAME_VIVO, [HUMAN, OPEN, HUMAN])
    error = refused(stub.SubmitMove, pb.SubmitMoveRequest(match_id=created.match_id,
                                                          action="R5"),
                    metadata=auth(created.tokens[0].token))
    assert (error.code(), error_reason(error)) == (C.FAILED_PRECONDITION,
                                                   "ERROR_REASON_WRONG_PHASE")


def test_the_replay_of_a_running_match_is_the_wrong_phase(stub: Any) -> None:
    match_id, _, _ = started(stub)
    error = refused(stub.GetReplay, pb.GetReplayRequest(match_id=match_id))
    assert (error.code(), error_reason(error)) == (C.FAILED_PRECONDITION,
                                                   "ERROR_REASON_WRONG_PHASE")


# ---- the other reasons, each told apart -----------------------------------------------

def test_illegal_move_not_your_turn_and_stale_version_are_told_apart(stub: Any) -> None:
    match_id, tokens, view = started(stub)
    mover = view.seat
    other = next(s for s in tokens if s != mover)
    foreign = stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=auth(tokens[other]),
                            timeout=10).match.vivo.hand.values[0]
    illegal = refused(stub.SubmitMove, pb.SubmitMoveRequest(
        match_id=match_id, action=foreign, expected_version=view.version),
        metadata=auth(tokens[mover]))
    assert (illegal.code(), error_reason(illegal)) == (C.FAILED_PRECONDITION,
                                                       "ERROR_REASON_ILLEGAL_MOVE")
    assert legal_actions(illegal) == [list(view.legal_moves)]
    out_of_turn = refused(stub.SubmitMove, pb.SubmitMoveRequest(
        match_id=match_id, action=foreign, expected_version=view.version),
        metadata=auth(tokens[other]))
    assert (out_of_turn.code(), error_reason(out_of_turn)) == (
        C.FAILED_PRECONDITION, "ERROR_REASON_NOT_YOUR_TURN")
    stale = refused(stub.SubmitMove, pb.SubmitMoveRequest(
        match_id=match_id, action=view.legal_moves[0], expected_version=view.version - 1),
        metadata=auth(tokens[mover]))
    assert (stale.code(), error_reason(stale)) == (C.ABORTED, "ERROR_REASON_STALE_VERSION")


def test_a_move_after_the_end_is_game_over(stub: Any) -> None:
    created = create(stub, common_pb2.GAME_VIVO, [HUMAN, OPEN, HUMAN])
    admin_free = created.tokens[0].token  # a seated player may call it off before it starts
    stub.AbandonMatch(pb.AbandonMatchRequest(match_id=created.match_id),
                      metadata=auth(admin_free), timeout=10)
    error = refused(stub.SubmitMove, pb.SubmitMoveRequest(match_id=created.match_id,
                                                          action="R5"),
                    metadata=auth(admin_free))
    assert (error.code(), error_reason(error)) == (C.FAILED_PRECONDITION,
                                                   "ERROR_REASON_GAME_OVER")


# ---- BadRequest field paths as sent --------------------------------------------------

@pytest.mark.parametrize(("game", "move", "field"), [
    (common_pb2.GAME_LIVEMIX, {"livemix": pb.LivemixMove(card="Q99")}, "livemix.card"),
    (common_pb2.GAME_LIVEMIX, {"action": "Q99"}, "action"),
    (common_pb2.GAME_VIVO, {"vivo": pb.VivoMove(card="Q99")}, "vivo.card"),
    (common_pb2.GAME_VIVO, {"action": "Q99"}, "action"),
])
def test_a_bad_card_names_the_field_it_was_sent_in(stub: Any, game: int, move: dict[str, Any],
                                                    field: str) -> None:
    players = 4 if game == common_pb2.GAME_LIVEMIX else 3
    match_id, tokens, view = started(stub, game, players)
    error = refused(stub.SubmitMove, pb.SubmitMoveRequest(match_id=match_id, **move),
                    metadata=auth(tokens[view.seat]))
    assert (error.code(), error_reason(error)) == (C.INVALID_ARGUMENT,
                                                   "ERROR_REASON_MALFORMED_ACTION")
    assert [f for f, _ in field_violations(error)] == [field]


def test_a_bad_option_is_named_under_options(stub: Any) -> None:
    error = refused(stub.CreateMatch, pb.CreateMatchRequest(
        game=common_pb2.GAME_MIXMATCH, players=2, mixmatch_options=options(hourglass_seconds=-5)))
    assert error.code() == C.INVALID_ARGUMENT
    assert [f for f, _ in field_violations(error)] == ["mixmatch_options.hourglass"]


# ---- small contract bugs ---------------------------------------------------------------

def test_players_may_come_from_the_options(stub: Any) -> None:
    created = stub.CreateMatch(pb.CreateMatchRequest(
        game=common_pb2.GAME_LIVEMIX, livemix_options=livemix_pb2.LivemixOptions(players=4),
        seed=3), timeout=10)
    view = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), timeout=10).match
    assert view.players == 4 and len(created.tokens) == 4


def test_the_last_page_of_the_lobby_has_no_token(stub: Any) -> None:
    for _ in range(3):  # no seed: a chosen deal keeps a match out of the lobby
        stub.CreateMatch(pb.CreateMatchRequest(game=common_pb2.GAME_MIXMATCH, players=2,
                                               seats=[HUMAN] * 2), timeout=10)
    request = pb.ListMatchesRequest(game=common_pb2.GAME_MIXMATCH,
                                    status=pb.MATCH_STATUS_ACTIVE, page_size=100)
    total = len(stub.ListMatches(request, timeout=10).matches)
    assert total >= 3
    pages, token = 0, ""
    while True:
        request = pb.ListMatchesRequest(game=common_pb2.GAME_MIXMATCH,
                                        status=pb.MATCH_STATUS_ACTIVE, page_size=1,
                                        page_token=token)
        page = stub.ListMatches(request, timeout=10)
        pages += 1
        assert len(page.matches) == 1
        token = page.next_page_token
        if not token:
            break
    assert pages == total  # N matches at page size 1: N pages, none empty


def test_an_early_time_out_says_the_seconds_left(stub: Any) -> None:
    created = create(stub, common_pb2.GAME_MIXMATCH, [HUMAN] * 2,
                     mixmatch_options=options(hourglass_seconds=30))
    error = refused(stub.SubmitMove, pb.SubmitMoveRequest(
        match_id=created.match_id, mixmatch=pb.MixMatchMove(timeout=True)),
        metadata=auth(created.tokens[0].token))
    assert error.code() == C.FAILED_PRECONDITION
    assert re.search(r"\b\d+\.\d s left\b", error.details() or ""), error.details()
    assert not re.search(r"\d{9,}", error.details() or "")  # no epoch timestamp


def test_every_advertised_parameter_bound_is_accepted_back() -> None:
    common = local_settings("bot", match_addr=f"{HOST}:1")
    server, port = in_thread(create_bot_server,
                             dataclasses.replace(BotSettings(common=common), bot_token="t"),
                             host=HOST)
    server.start()
    try:
        with grpc.insecure_channel(f"{HOST}:{port}") as channel:
            listed = bot_pb2_grpc.BotServiceStub(channel).ListPolicies(
                bot_pb2.ListPoliciesRequest(), timeout=10)
    finally:
        server.stop(None)
    seeds = 0
    for info in listed.policies:
        game = common_pb2.Game.Name(info.game).removeprefix("GAME_").lower()
        for param in info.params:
            for bound in (param.minimum, param.maximum):
                value = int(bound) if param.kind == "int" else bound
                get_policy(game, info.name, **{param.name: value})  # raises when refused
            seeds += param.name == "seed"
    assert seeds > 0
