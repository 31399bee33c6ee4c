"""Error messages and logs quote at most a short prefix of what the caller sent, against a
real replica: a huge option value or key is INVALID_ARGUMENT with a short message, and no
log record repeats it."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server, options_request

from cardroom.services.match.server import MatchServer
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.quoting import LIMIT, clip, quote

#: Longest message or log record the tests accept: the prefix plus the sentence around it.
SHORT = 400


@pytest.fixture
def server(redis_url: str) -> Iterator[MatchServer]:
    """One replica."""
    with match_server(redis_url) as replica:
        yield replica


def create_error(server: MatchServer, game: str, players: int, options: dict[str, object]
                 ) -> grpc.RpcError:
    """The error CreateMatch answers for `options`."""
    with channel_to(server.port) as channel, pytest.raises(grpc.RpcError) as err:
        Client(channel).stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM[game], players=players, **options_request(game, options)), timeout=10)
    return err.value


@pytest.mark.parametrize(("game", "players", "name"), [
    ("vivo", 3, "removed_suit"), ("livemix", 3, "roster")])
def test_a_long_option_value_is_invalid_argument_with_a_short_message(
        server: MatchServer, game: str, players: int, name: str) -> None:
    # A roster of twelve Members, the first a long name of none.
    value = ["Q" * 5000, *["B:7", "C:3"] * 5, "D:1"] if name == "roster" else "Q" * 5000
    err = create_error(server, game, players, {name: value})
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    details = err.details() or ""
    assert name in details and "Q" * (LIMIT - 1) + "…" in details and len(details) < SHORT
    assert all(len(value) < SHORT for _, value in err.trailing_metadata() or ()
               if isinstance(value, str))


@pytest.mark.parametrize(("game", "options"), [
    ("vivo", {"removed_suit": "k" * 900_000}), ("livemix", {"roster": ["k" * 900_000]}),
    ("mixmatch", {"deck": [7] * 200_000})])
def test_a_huge_option_value_writes_no_huge_log_line(server: MatchServer, game: str,
                                                     options: dict[str, object],
                                                     caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        err = create_error(server, game, 3, options)
    assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert len(err.details() or "") < SHORT
    assert caplog.records, "the refusal is logged"
    for record in caplog.records:
        assert len(str(record.__dict__)) < 4 * SHORT + 2000, record.getMessage()[:200]


def test_config_messages_quote_a_prefix() -> None:
    with pytest.raises(Exception) as err:
        registry.make_config("mixmatch", {"players": 3, "z" * 10_000: True})
    assert len(str(err.value)) < SHORT
    assert clip("x" * 100) == "x" * LIMIT + "…" and quote("ab") == "'ab'"
