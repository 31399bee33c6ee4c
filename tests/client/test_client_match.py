"""The Python client against a real match service and Redis: typed calls, automatic request
ids and expected versions, errors as cardroom.shared.errors classes, the lobby, watch and replay."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from support.grpc_servers import HOST
from support.match_client import match_server
from support.match_play import play_out
from support.redis_server import RedisServer

from cardroom.services.match.server import MatchServer
from cardroom.shared.client import (
    ANY_VERSION,
    Cardroom,
    ClientConfig,
    MatchClient,
    MatchView,
    ServiceFailure,
    bot,
    connect,
    human,
    open_seat,
    status_code,
)
from cardroom.shared.errors import (
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidFields,
    MalformedAction,
    NotFound,
    NotYourTurn,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
)
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.errors import translated

MISSING = "000000000000aaaaaaaaaaaaaaaa"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[MatchServer]:
    """One match-service replica on database 5 of the session's Redis."""
    url = redis_server.url.rsplit("/", 1)[0] + "/5"
    with match_server(url) as replica:
        yield replica


@pytest.fixture
def room(server: MatchServer) -> Iterator[Cardroom]:
    """A client of that replica."""
    with connect(ClientConfig(match_addr=f"{HOST}:{server.port}")) as clients:
        yield clients


class Recorder(grpc.UnaryUnaryClientInterceptor):
    """Keeps every request message sent through the channel."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        """Record, then send."""
        self.requests.append(request)
        return continuation(details, request)


def test_client_create_join_and_view_as_typed_values(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, [human("ann"), open_seat(), bot("random", 2)],
                                seed=7)
    assert set(created.tokens) == {0} and created.version == 1
    waiting = room.match.get(created.match_id)
    assert (waiting.status, waiting.seat, waiting.may_act) == ("open", None, False)
    assert [s.kind for s in waiting.seats] == ["human", "open", "bot"]
    assert (waiting.seats[2].policy, waiting.seats[2].strength) == ("random", 2)
    joined = room.match.join(created.match_id, name="bob")
    assert (joined.seat, joined.version) == (1, 2)
    view = room.match.get(created.match_id, created.tokens[0])
    assert isinstance(view, MatchView)
    assert (view.game, view.status, view.seat, view.players) == ("vivo", "active", 0, 3)
    assert view.may_act and view.legal_moves == view.observation["hand"]
    assert view.observation["harmony"] in ("SOLO", "DUET", "TRIO")
    assert view.seats[1].name == "bob" and view.options["players"] == 3


def test_client_moves_carry_a_fresh_request_id_and_the_version_last_seen(
        server: MatchServer) -> None:
    recorder = Recorder()
    channel = grpc.intercept_channel(grpc.insecure_channel(f"{HOST}:{server.port}"), recorder)
    matches = MatchClient(channel)
    created = matches.create("vivo", 3, seed=3)
    me = matches.seat(created.match_id, created.tokens[0])
    view = me.view()
    first = me.move(view.legal_moves[0])
    assert first.version == view.version + 1 and me.version == first.version
    assert [e.type for e in first.events][:1] == ["play"]
    sent = [r for r in recorder.requests if isinstance(r, pb.SubmitMoveRequest)]
    assert sent[0].expected_version == view.version
    assert len(sent[0].request_id) == 32 and int(sent[0].request_id, 16) >= 0
    second = matches.seat(created.match_id, created.tokens[1])
    second.view()
    second.move(second.view().legal_moves[0])
    sent = [r for r in recorder.requests if isinstance(r, pb.SubmitMoveRequest)]
    assert sent[1].request_id != sent[0].request_id
    channel.close()


def test_client_same_request_id_is_answered_once_as_a_duplicate(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, seed=4)
    view = room.match.get(created.match_id, created.tokens[0])
    once = room.match.move(created.match_id, view.legal_moves[0], created.tokens[0],
                           request_id="retry-1")
    again = room.match.move(created.match_id, view.legal_moves[0], created.tokens[0],
                            request_id="retry-1")
    assert (again.version, again.duplicate, once.duplicate) == (once.version, True, False)
    assert room.match.get(created.match_id).version == once.version


def test_client_stale_expected_version_raises_stale_version(room: Cardroom) -> None:
    created = room.match.create("livemix", 4, seed=2)
    early = room.match.seat(created.match_id, created.tokens[0])
    late = room.match.seat(created.match_id, created.tokens[0])
    legal = early.view().legal_moves
    late.view()
    late.move(legal[0])
    with pytest.raises(StaleVersion) as err:
        room.match.seat(created.match_id, created.tokens[1]).move(legal[1], early.version)
    assert status_code(err.value) == grpc.StatusCode.ABORTED
    after = room.match.seat(created.match_id, created.tokens[1])
    after.view()
    with pytest.raises(IllegalMove):  # not stale any more: judged, and not in its hand
        after.move(legal[1])


def test_client_refusals_are_the_domain_errors_with_their_details(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, seed=5)
    match_id, tokens = created.match_id, created.tokens
    view = room.match.get(match_id, tokens[0])
    with pytest.raises(NotFound) as missing:
        room.match.get(MISSING)
    assert (missing.value.resource_type, missing.value.name) == ("match", MISSING)
    with pytest.raises(Unauthenticated):
        room.match.get(match_id, "not-a-token")
    with pytest.raises(PermissionDenied) as denied:
        room.match.get(match_id, tokens[1], seat=0)
    assert status_code(denied.value) == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(NotYourTurn):
        room.match.move(match_id, room.match.get(match_id, tokens[1]).observation["hand"][0],
                        tokens[1])
    absent = next(c for c in ("R1", "G1", "B1", "R12") if c not in view.observation["hand"])
    with pytest.raises(IllegalMove) as illegal:
        room.match.move(match_id, absent, tokens[0])
    assert illegal.value.legal == view.legal_moves and absent in illegal.value.reason
    with pytest.raises(MalformedAction) as malformed:
        room.match.move(match_id, "X99", tokens[0])
    assert status_code(malformed.value) == grpc.StatusCode.INVALID_ARGUMENT


def test_client_bad_requests_name_their_fields(room: Cardroom) -> None:
    with pytest.raises(InvalidArgument) as err:
        room.match.create("vivo", 9)
    assert err.value.field
    with pytest.raises(InvalidFields) as many:
        room.match.create("vivo", 3, [bot(""), bot(""), human()])
    assert [f for f, _ in many.value.violations] == ["seats[0].policy", "seats[1].policy"]
    with pytest.raises(InvalidArgument) as game:
        room.match.create("chess", 2)
    assert game.value.field == "game"


def test_client_moves_out_of_phase_and_after_the_end_are_refused(room: Cardroom) -> None:
    waiting = room.match.create("vivo", 3, [human(), open_seat(), open_seat()], seed=1)
    with pytest.raises(IllegalMove) as early:
        room.match.move(waiting.match_id, "R1", waiting.tokens[0])
    assert "waiting" in early.value.reason
    assert room.match.abandon(waiting.match_id, waiting.tokens[0]) > waiting.version
    with pytest.raises(GameOver):
        room.match.move(waiting.match_id, "R1", waiting.tokens[0])


def test_client_lobby_pages_newest_first(room: Cardroom) -> None:
    ids = [room.match.create("livemix", 3, [human(), open_seat(), open_seat()]).match_id
           for _ in range(5)]
    first, token = room.match.list_matches("livemix", "open", page_size=2)
    assert token and [m.match_id for m in first] == ids[::-1][:2]
    listed = [m.match_id for m in room.match.matches("livemix", "open", limit=5)]
    assert listed == ids[::-1]
    assert all(m.open_seats == [1, 2] and m.status == "open"
               for m in room.match.matches("livemix", "open", limit=5))
    assert len(list(room.match.matches("livemix", "open", limit=3))) == 3
    with pytest.raises(InvalidArgument):
        room.match.list_matches(status="sleeping")


def test_client_watch_sees_the_whole_match_and_the_replay_replays_it(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, seed=11)
    seen: list[Any] = []
    spectator = threading.Thread(target=lambda: seen.extend(room.match.watch(created.match_id)))
    spectator.start()
    moves = play_out(room.match, created.match_id, created.tokens)
    spectator.join(30)
    assert not spectator.is_alive()
    replay = room.match.replay(created.match_id)
    public = [e for e in replay.events if "to" not in e.data]
    assert [e.seq for e in seen] == [e.seq for e in public]
    # Two rounds of twelve tricks of three cards.
    assert seen[-1].type == "match_over" and len(replay.actions) == moves == 72
    assert replay.result is not None and replay.result.reason == "completed"
    config = registry.make_config("vivo", replay.options)
    actions = [(a.seat, a.action, a.time) for a in replay.actions]
    state = registry.replay("vivo", config, replay.seed, replay.deal, actions)
    assert state.scores() == replay.scores == replay.result.scores
    mine = list(room.match.watch(created.match_id, created.tokens[1], follow=False))
    assert {e.data.get("to") for e in mine} == {None, 1}


def test_client_claims_are_tagged_with_their_round(room: Cardroom) -> None:
    options = {"hourglass_seconds": 0}
    deal = {"deck": [12, 24, 7, 2, 6, *range(1, 29), *[n for n in range(1, 29)
                                                          if n not in (12, 24, 7, 2, 6)]],
            "rolls": [[40, 8]]}
    created = room.match.create("mixmatch", 2, options=options, deal=deal)
    me = room.match.seat(created.match_id, created.tokens[0])
    view = me.view()
    assert view.observation["target"] == 48 and view.observation["table"] == [12, 24, 7, 2, 6]
    with pytest.raises(IllegalMove) as stale:
        me.claim("24*2", round_number=view.observation["round"] + 1)
    assert "round" in stale.value.reason
    won = me.claim("24*2", round_number=view.observation["round"])
    accepted = [e.data for e in won.events if e.type == "claim_accepted"]
    assert [sorted(e["cards"]) for e in accepted] == [[2, 24]]
    other = room.match.seat(created.match_id, created.tokens[1])
    assert other.move("timeout", ANY_VERSION).version > won.version


def test_client_watch_of_a_missing_match_raises_not_found(room: Cardroom) -> None:
    with pytest.raises(NotFound):
        next(iter(room.match.watch(MISSING)))


def test_client_unexpected_status_is_a_service_failure(server: MatchServer) -> None:
    with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        unknown: Any = channel.unary_unary("/cardroom.v1.MatchService/NoSuchMethod")
        with pytest.raises(ServiceFailure) as err, translated():
            unknown(b"", timeout=5)
    assert err.value.code == grpc.StatusCode.UNIMPLEMENTED
    assert status_code(err.value) == grpc.StatusCode.UNIMPLEMENTED
