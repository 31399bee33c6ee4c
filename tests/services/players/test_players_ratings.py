"""Ratings change exactly once per finished match, whatever the duplicates, retries and
replicas; abandoned matches rate nothing; the leaderboard agrees with the stored ratings
(real replicas on one real Redis)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM
from support.players import Stubs, player_replica

from cardroom.services.match.model import FINISHED
from cardroom.services.players.rater import PENDING
from cardroom.services.players.ratings import INITIAL, rating_key
from cardroom.shared.proto.cardroom.v1 import match_pb2 as mpb
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb

GAME = "vivo"


@pytest.fixture
def replicas(redis_url: str) -> Iterator[tuple[Any, Any, Stubs, Stubs]]:
    """Two replicas on one (emptied) Redis, and stubs on each."""
    with player_replica(redis_url) as one, player_replica(redis_url) as two, \
            channel_to(one.port) as first, channel_to(two.port) as second:
        yield one, two, Stubs(first), Stubs(second)


def _guests(stubs: Stubs, n: int) -> list[Stubs]:
    made = [stubs.players.CreateGuest(pb.CreateGuestRequest(display_name=f"p{i}"), timeout=5)
            for i in range(n)]
    return [stubs.as_(m.credential) for m in made]


def _table(stubs: Stubs, guests: list[Stubs], bots: int = 0) -> str:
    seats = [mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)] + [
        mpb.SeatSpec(kind=mpb.SEAT_KIND_OPEN) for _ in guests[1:]] + [
        mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, policy="random") for _ in range(bots)]
    made = stubs.match.CreateMatch(mpb.CreateMatchRequest(
        game=GAME_ENUM[GAME], players=len(seats), seats=seats), metadata=guests[0].md(),
        timeout=5)
    for guest in guests[1:]:
        guest.match.JoinMatch(mpb.JoinMatchRequest(match_id=made.match_id),
                              metadata=guest.md(), timeout=5)
    return str(made.match_id)


def _end_by_resigning(guests: list[Stubs], match_id: str, keep: int) -> None:
    """Every guest but `keep` resigns: the match is finished (one seat left in)."""
    for i, guest in enumerate(guests):
        if i != keep:
            guest.players.ResignMatch(pb.ResignMatchRequest(match_id=match_id),
                                      metadata=guest.md(), timeout=5)


def _player(guest: Stubs) -> str:
    return str(guest.players.GetPlayer(pb.GetPlayerRequest(), metadata=guest.md(),
                                       timeout=5).player.player_id)


def _rating(stubs: Stubs, player: str) -> pb.GetRatingResponse:
    return stubs.players.GetRating(pb.GetRatingRequest(game=GAME_ENUM[GAME], player_id=player),
                                   timeout=5)


def _history(stubs: Stubs, player: str) -> list[pb.RatingChange]:
    return list(stubs.players.ListRatingHistory(pb.ListRatingHistoryRequest(
        game=GAME_ENUM[GAME], player_id=player), timeout=5).changes)


def _wait(check: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


class _DiesAtTheEnd:
    """The player hooks of a replica that dies right after it writes a match's end: the
    end's rating update never runs there."""

    def __init__(self, players: Any) -> None:
        self.players = players
        self.player_of = players.player_of
        self.seated = players.seated

    async def over(self, match_id: str, record: Any, status: str) -> None:
        """Nothing: the replica is gone before it rates."""


def _record(replica: Any, match_id: str) -> Any:
    snap = replica.runner.run(replica.service.repo.load(match_id))
    return snap.record


def test_a_finished_match_rates_once_under_duplicate_end_events_and_retries(
        replicas: tuple[Any, Any, Stubs, Stubs]) -> None:
    one, two, first, second = replicas
    guests = _guests(first, 3)
    players = [_player(g) for g in guests]
    match_id = _table(first, guests)
    _end_by_resigning(guests, match_id, keep=2)
    _wait(lambda: _rating(second, players[2]).rating.matches == 1)
    after = [_rating(second, p) for p in players]
    assert after[2].rating.mu > INITIAL.mu > after[0].rating.mu  # the one left in won
    assert [len(_history(second, p)) for p in players] == [1, 1, 1]
    # The end delivered again, on both replicas at once and then once more (a retried
    # call): each finds the match rated and changes nothing.
    record = _record(one, match_id)
    outcomes = [one.runner.run(one.players.rater.settle(match_id, record, FINISHED)),
                two.runner.run(two.players.rater.settle(match_id, record, FINISHED)),
                one.runner.run(one.players.rater.settle(match_id, record, FINISHED))]
    assert outcomes == ["rated", "rated", "rated"]
    assert [_rating(first, p) for p in players] == after
    assert [len(_history(first, p)) for p in players] == [1, 1, 1]


def test_concurrent_end_events_on_two_replicas_rate_once(
        replicas: tuple[Any, Any, Stubs, Stubs], redis_url: str) -> None:
    one, two, first, _ = replicas
    guests = _guests(first, 3)
    players = [_player(g) for g in guests]
    # The hooks of both replicas are off while the match ends, as if the replica that
    # wrote the end died before rating it.
    for replica in (one, two):
        replica.service.players = _DiesAtTheEnd(replica.players.players)
    match_id = _table(first, guests)
    _end_by_resigning(guests, match_id, keep=0)
    record = _record(one, match_id)

    async def both() -> list[str]:
        # One coroutine per replica's rater, started together on one loop: both read the
        # same ratings, both try to apply; the script lets one through.
        return list(await asyncio.gather(*(
            asyncio.wrap_future(asyncio.run_coroutine_threadsafe(
                r.players.rater.settle(match_id, record, FINISHED), r.runner.loop))
            for r in (one, two))))

    assert sorted(asyncio.run(both())) == ["ok", "rated"]
    assert [_rating(first, p).rating.matches for p in players] == [1, 1, 1]
    client = redis.Redis.from_url(redis_url)
    assert client.zscore(PENDING, match_id) is None


def test_a_replica_killed_between_the_end_and_the_update_is_made_good_by_another(
        redis_url: str) -> None:
    with player_replica(redis_url) as survivor, channel_to(survivor.port) as channel:
        stubs = Stubs(channel)
        guests = _guests(stubs, 3)
        players = [_player(g) for g in guests]
        with player_replica(redis_url) as doomed, channel_to(doomed.port) as doomed_channel:
            on_doomed = [Stubs(doomed_channel, g.credential) for g in guests]
            match_id = _table(on_doomed[0], on_doomed)
            # The doomed replica writes the end and dies before its rating update: its hook
            # never runs (and it is stopped right after).
            doomed.service.players = _DiesAtTheEnd(doomed.players.players)
            _end_by_resigning(on_doomed, match_id, keep=1)
        assert _rating(stubs, players[1]).rating.matches == 0  # nothing rated yet
        _wait(lambda: _rating(stubs, players[1]).rating.matches == 1)
        assert [_rating(stubs, p).rating.matches for p in players] == [1, 1, 1]
        time.sleep(1.0)  # more polls of the rating loop change nothing
        assert [len(_history(stubs, p)) for p in players] == [1, 1, 1]


def test_abandoned_matches_leave_ratings_as_they_were(
        replicas: tuple[Any, Any, Stubs, Stubs], redis_url: str) -> None:
    _, _, first, _ = replicas
    guests = _guests(first, 3)
    players = [_player(g) for g in guests]
    match_id = _table(first, guests)
    first.match.AbandonMatch(mpb.AbandonMatchRequest(match_id=match_id),
                             metadata=first.as_(ADMIN).md(), timeout=5)
    client = redis.Redis.from_url(redis_url)
    _wait(lambda: client.zscore(PENDING, match_id) is None)
    assert [_rating(first, p).rating.matches for p in players] == [0, 0, 0]
    assert client.hlen(rating_key(GAME, "ratings")) == 0


def test_bots_are_rated_and_the_board_equals_the_stored_ratings(
        replicas: tuple[Any, Any, Stubs, Stubs], redis_url: str) -> None:
    _, _, first, second = replicas
    guests = _guests(first, 6)
    for round_ in range(4):
        pair = guests[round_ % 3 * 2: round_ % 3 * 2 + 2]
        match_id = _table(first, pair, bots=1)
        # Every human resigns, so the bot (played by no worker here) wins.
        _end_by_resigning(pair, match_id, keep=-1)
    client = redis.Redis.from_url(redis_url)
    _wait(lambda: client.zcard(PENDING) == 0)
    stored = {k.decode(): json.loads(v) for k, v in
              client.hgetall(rating_key(GAME, "ratings")).items()}
    assert "bot:random:0" in stored and stored["bot:random:0"]["n"] == 4
    ranked = sorted(stored, key=lambda p: (stored[p]["mu"] - 3 * stored[p]["sigma"], p),
                    reverse=True)
    board = second.players.GetLeaderboard(pb.GetLeaderboardRequest(
        game=GAME_ENUM[GAME], page_size=100), timeout=5)
    assert board.total == len(stored)
    assert [e.player_id for e in board.entries] == ranked
    assert [e.rank for e in board.entries] == list(range(1, len(ranked) + 1))
    for entry in board.entries:
        assert entry.rating.mu == pytest.approx(stored[entry.player_id]["mu"])
    # A page around a player holds that player at its rank; GetRating says the same rank.
    middle = ranked[len(ranked) // 2]
    around = second.players.GetLeaderboard(pb.GetLeaderboardRequest(
        game=GAME_ENUM[GAME], page_size=3, around_player_id=middle), timeout=5)
    assert middle in [e.player_id for e in around.entries]
    assert _rating(first, middle).rank == ranked.index(middle) + 1
