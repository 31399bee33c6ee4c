"""Seat names are text a terminal will draw: control characters (ESC, BEL, C1), bidi
overrides, zero-width and other non-printing characters are refused with INVALID_ARGUMENT
naming the field, and so is a name past the cap in characters or in UTF-8 bytes; nothing
changes on a refusal."""

from __future__ import annotations

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server

from cardroom.services.match.model import MAX_NAME, MAX_NAME_BYTES, name_problem
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

BAD = {"escape": "ann\x1b]0;owned\x07", "bell": "bob\x07", "c1": "cy\x9b2J",
       "bidi": "exe.\u202egnp", "isolate": "a\u2066b", "zero width": "d\u200bave",
       "joiner": "e\u200dve", "bom": "\ufefff", "newline": "two\nlines", "tab": "t\tab",
       "nul": "n\x00l", "line separator": "l\u2028s", "unassigned": "u\U000e0000"}
GOOD = ["ann", "Zoë", "李雷", "♠ ace", "O'Neil-Smith", "x" * MAX_NAME]


@pytest.mark.parametrize("kind", sorted(BAD))
def test_non_printing_names_are_refused(kind: str) -> None:
    assert name_problem(BAD[kind])


@pytest.mark.parametrize("name", GOOD)
def test_printing_names_are_accepted(name: str) -> None:
    assert name_problem(name) is None


def test_names_are_capped_in_characters_and_in_bytes() -> None:
    assert name_problem("x" * (MAX_NAME + 1))
    wide = "\U0001f600" * (MAX_NAME_BYTES // 4 + 1)  # few characters, many bytes
    assert len(wide) <= MAX_NAME and name_problem(wide)


def test_join_and_create_refuse_them_naming_the_field(redis_url: str) -> None:
    with match_server(redis_url) as server, channel_to(server.port) as channel:
        stub = Client(channel).stub
        created = stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["vivo"], players=3,
            seats=[pb.SeatSpec(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
                   pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)]), timeout=10)
        before = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), timeout=10)
        for name in BAD.values():
            with pytest.raises(grpc.RpcError) as err:
                stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, name=name),
                               timeout=10)
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert "name" in (err.value.details() or "")
        after = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id), timeout=10)
        assert after.match.version == before.match.version  # nothing changed
        with pytest.raises(grpc.RpcError) as err:
            stub.CreateMatch(pb.CreateMatchRequest(
                game=GAME_ENUM["vivo"], players=3,
                seats=[pb.SeatSpec(name=BAD["escape"]), pb.SeatSpec(), pb.SeatSpec()]),
                timeout=10)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "seats[0].name" in (err.value.details() or "") + str(
            err.value.trailing_metadata())
        joined = stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, name="Zoë"),
                                timeout=10)
        assert joined.seat == 1
