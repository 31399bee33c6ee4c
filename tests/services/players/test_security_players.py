"""A player's credential acts for every seat its player holds, and for nothing else; an app
acts for its own players only (real replicas on one real Redis)."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM
from support.players import APPS, Stubs, player_replica
from support.redis_server import RedisServer

from cardroom.shared.proto.cardroom.v1 import match_pb2 as mpb
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb
from cardroom.shared.wire.tokens import bearer

ALPHA, BETA = (secret for _, secret in APPS)


@pytest.fixture(scope="module")
def stubs(redis_server: RedisServer) -> Iterator[tuple[Stubs, Stubs]]:
    """Stubs on two replicas sharing one Redis."""
    url = redis_server.url
    with player_replica(url) as one, player_replica(url) as two, \
            channel_to(one.port) as first, channel_to(two.port) as second:
        yield Stubs(first), Stubs(second)


def _guest(stubs: Stubs, name: str) -> Stubs:
    made = stubs.players.CreateGuest(pb.CreateGuestRequest(display_name=name), timeout=5)
    assert made.player.player_id.startswith("guest:") and made.credential
    return stubs.as_(made.credential)


def _code(call: object) -> grpc.StatusCode:
    with pytest.raises(grpc.RpcError) as err:
        call()  # type: ignore[operator]
    return err.value.code()


def _table(host: Stubs, guests: list[Stubs], game: str = "vivo") -> str:
    """A match the first guest creates (holding seat 0) and the others join."""
    seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)] + [
        mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN) for _ in guests[1:]]
    made = host.match.CreateMatch(mpb.CreateMatchRequest(
        game=GAME_ENUM[game], players=len(guests), seats=seats), metadata=guests[0].md(),
        timeout=5)
    for guest in guests[1:]:
        guest.match.JoinMatch(mpb.JoinMatchRequest(match_id=made.match_id), metadata=guest.md(),
                              timeout=5)
    return str(made.match_id)


def test_a_players_credential_rejoins_each_of_its_matches(stubs: tuple[Stubs, Stubs]) -> None:
    one, two = stubs
    a, b, c = (_guest(one, n) for n in ("ann", "bob", "cy"))
    first = _table(one, [a, b, c])
    second = _table(two, [two.as_(c.credential), two.as_(a.credential), two.as_(b.credential)])
    for guest, seats in ((a, (0, 1)), (b, (1, 2)), (c, (2, 0))):
        listed = guest.players.ListMyMatches(pb.ListMyMatchesRequest(), metadata=guest.md(),
                                             timeout=5)
        assert [(m.match.match_id, m.seat) for m in listed.matches] == [
            (second, seats[1]), (first, seats[0])]
        for match_id, seat in ((first, seats[0]), (second, seats[1])):
            # Any replica: through the player service, and through the match service with
            # the credential in place of a seat token.
            on_two = two.as_(guest.credential)
            resumed = on_two.players.ResumeMatch(pb.ResumeMatchRequest(match_id=match_id),
                                                 metadata=on_two.md(), timeout=5)
            assert resumed.seat == seat and resumed.match.seat == seat
            view = guest.match.GetMatch(mpb.GetMatchRequest(match_id=match_id),
                                        metadata=guest.md(), timeout=5).match
            assert view.seat == seat and view.status == mpb.MATCH_STATUS_ACTIVE
    # The seat to act moves with its player credential alone.
    view = one.match.GetMatch(mpb.GetMatchRequest(match_id=first), timeout=5).match
    mover = (a, b, c)[view.acting_seats[0]]
    mine = mover.match.GetMatch(mpb.GetMatchRequest(match_id=first), metadata=mover.md(),
                                timeout=5).match
    moved = mover.match.SubmitMove(mpb.SubmitMoveRequest(
        match_id=first, action=mine.legal_moves[0], expected_version=mine.version),
        metadata=mover.md(), timeout=5)
    assert moved.version == mine.version + 1


def test_a_players_seat_stays_theirs_while_seat_tokens_move_beside_it(
        stubs: tuple[Stubs, Stubs]) -> None:
    # A seat token's move is written from this replica's copy of the match (one round
    # trip): the copy must keep which player holds which seat.
    one, _ = stubs
    ann = _guest(one, "ann")
    made = one.match.CreateMatch(mpb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, seats=[mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)] + [
            mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN)] * 2), metadata=ann.md(), timeout=5)
    tokens = {seat: one.match.JoinMatch(mpb.JoinMatchRequest(match_id=made.match_id),
                                        timeout=5).token for seat in (1, 2)}
    public = mpb.GetMatchRequest(match_id=made.match_id)
    for _ in range(9):
        seat = one.match.GetMatch(public, timeout=5).match.acting_seats[0]
        md = ann.md() if seat == 0 else bearer(tokens[seat])
        mine = one.match.GetMatch(public, metadata=md, timeout=5).match
        moved = one.match.SubmitMove(mpb.SubmitMoveRequest(
            match_id=made.match_id, action=mine.legal_moves[0],
            expected_version=mine.version), metadata=md, timeout=5)
        assert moved.version == mine.version + 1
    listed = ann.players.ListMyMatches(pb.ListMyMatchesRequest(), metadata=ann.md(),
                                       timeout=5)
    assert [(m.match.match_id, m.seat) for m in listed.matches] == [(made.match_id, 0)]


def test_another_players_credential_cannot_act_for_them(stubs: tuple[Stubs, Stubs]) -> None:
    one, _ = stubs
    a, b, c, stranger = (_guest(one, n) for n in ("ann", "bob", "cy", "eve"))
    match_id = _table(one, [a, b, c])
    before = one.match.GetMatch(mpb.GetMatchRequest(match_id=match_id), timeout=5).match
    request = mpb.GetMatchRequest(match_id=match_id, seat=0)
    assert _code(lambda: stranger.match.GetMatch(request, metadata=stranger.md(), timeout=5)
                 ) == grpc.StatusCode.PERMISSION_DENIED
    # b holds seat 1, not seat 0.
    assert _code(lambda: b.match.GetMatch(request, metadata=b.md(), timeout=5)
                 ) == grpc.StatusCode.PERMISSION_DENIED
    for call in (
        lambda: stranger.players.ResumeMatch(pb.ResumeMatchRequest(match_id=match_id),
                                             metadata=stranger.md(), timeout=5),
        lambda: stranger.players.ResignMatch(pb.ResignMatchRequest(match_id=match_id),
                                             metadata=stranger.md(), timeout=5),
        lambda: stranger.match.Resign(mpb.ResignRequest(match_id=match_id),
                                      metadata=stranger.md(), timeout=5),
    ):
        assert _code(call) == grpc.StatusCode.PERMISSION_DENIED
    # A credential with its signature changed speaks for no one.
    forged = a.credential[:-2] + ("AA" if not a.credential.endswith("AA") else "BB")
    assert _code(lambda: one.match.GetMatch(
        mpb.GetMatchRequest(match_id=match_id), metadata=one.as_(forged).md(), timeout=5)
        ) == grpc.StatusCode.UNAUTHENTICATED
    assert one.match.GetMatch(mpb.GetMatchRequest(match_id=match_id), timeout=5
                              ).match.version == before.version  # nothing changed
    assert stranger.players.ListMyMatches(pb.ListMyMatchesRequest(), metadata=stranger.md(),
                                          timeout=5).matches == []
    # The player's own resignation works.
    done = a.players.ResignMatch(pb.ResignMatchRequest(match_id=match_id), metadata=a.md(),
                                 timeout=5)
    assert done.seat == 0
    view = one.match.GetMatch(mpb.GetMatchRequest(match_id=match_id), timeout=5).match
    assert view.seats[0].resigned and not view.seats[1].resigned


def test_an_app_cannot_act_for_another_apps_players(stubs: tuple[Stubs, Stubs]) -> None:
    one, two = stubs
    alpha, beta = one.as_(ALPHA), two.as_(BETA)
    made = alpha.players.RegisterAppPlayer(pb.RegisterAppPlayerRequest(
        app_player_id="alice", display_name="Alice"), metadata=alpha.md(), timeout=5)
    assert made.player.player_id == "app:alpha:alice"
    other = beta.players.RegisterAppPlayer(pb.RegisterAppPlayerRequest(
        app_player_id="alice", display_name="Beta's Alice"), metadata=beta.md(), timeout=5)
    assert other.player.player_id == "app:beta:alice"
    # Each app acts for its own players by naming them; the full id of another app's
    # player is refused, and a bare id always means the app's own player.
    me = alpha.as_(ALPHA, "alice").players.GetPlayer(
        pb.GetPlayerRequest(), metadata=alpha.as_(ALPHA, "alice").md(), timeout=5)
    assert me.player.display_name == "Alice"
    as_b = beta.as_(BETA, "app:alpha:alice")
    for call in (lambda: as_b.players.GetPlayer(pb.GetPlayerRequest(), metadata=as_b.md(),
                                                timeout=5),
                 lambda: as_b.players.ListMyMatches(pb.ListMyMatchesRequest(),
                                                    metadata=as_b.md(), timeout=5)):
        assert _code(call) == grpc.StatusCode.PERMISSION_DENIED
    # Alice of alpha sits at a table; beta's Alice (same local id) holds no seat there.
    bob, cy = (_guest(one, n) for n in ("bob", "cy"))
    alice = one.as_(made.credential)
    match_id = _table(one, [alice, bob, cy])
    beta_alice = beta.as_(BETA, "alice")
    assert _code(lambda: beta_alice.players.ResumeMatch(
        pb.ResumeMatchRequest(match_id=match_id), metadata=beta_alice.md(), timeout=5)
        ) == grpc.StatusCode.PERMISSION_DENIED
    via_app = alpha.as_(ALPHA, "alice")
    assert via_app.players.ResumeMatch(pb.ResumeMatchRequest(match_id=match_id),
                                       metadata=via_app.md(), timeout=5).seat == 0
    # No credential, or an unknown one: unauthenticated.
    assert _code(lambda: one.players.GetPlayer(pb.GetPlayerRequest(), timeout=5)
                 ) == grpc.StatusCode.UNAUTHENTICATED
    assert _code(lambda: one.players.GetPlayer(
        pb.GetPlayerRequest(), metadata=one.as_("not-a-credential").md(), timeout=5)
        ) == grpc.StatusCode.UNAUTHENTICATED
    # A player credential may not register app players.
    assert _code(lambda: alice.players.RegisterAppPlayer(
        pb.RegisterAppPlayerRequest(app_player_id="x"), metadata=alice.md(), timeout=5)
        ) == grpc.StatusCode.PERMISSION_DENIED


def test_seat_tokens_keep_working(stubs: tuple[Stubs, Stubs]) -> None:
    one, _ = stubs
    made = one.match.CreateMatch(mpb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3),
                                 timeout=5)
    for token in made.tokens:
        view = one.match.GetMatch(mpb.GetMatchRequest(match_id=made.match_id),
                                  metadata=one.as_(token.token).md(), timeout=5).match
        assert view.seat == token.seat
