"""WatchMatch pushes the turn: after the events of each change a frame says who may act and
what the watcher's seat may play, so a client plays a whole match from one stream plus
SubmitMove, never GetMatch. Against a real match service, Redis and gRPC on loopback."""

from __future__ import annotations

import collections
import contextlib
import random
import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from prometheus_client import CollectorRegistry, generate_latest
from support.grpc_servers import HOST, sample
from support.loops import in_thread
from support.match_client import match_settings
from support.redis_server import RedisServer

from cardroom.services.match.server import MatchServer, create_server
from cardroom.shared.client import Event, MatchClient, Turn, human
from cardroom.shared.errors import IllegalMove, StaleVersion
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc


@pytest.fixture(scope="module")
def registry() -> CollectorRegistry:
    """The replica's metrics: the calls it started, counted on the server side."""
    return CollectorRegistry()


@pytest.fixture(scope="module")
def server(redis_server: RedisServer, registry: CollectorRegistry) -> Iterator[MatchServer]:
    """One match-service replica on database 9 of the session's Redis."""
    url = redis_server.url.rsplit("/", 1)[0] + "/9"
    replica, _ = in_thread(create_server, match_settings(url), registry=registry, host=HOST)
    replica.start()
    try:
        yield replica
    finally:
        replica.stop(grace=None)


def started_calls(registry: CollectorRegistry, method: str) -> float:
    """How many calls of `method` the replica started."""
    text = generate_latest(registry).decode()
    return sample(text, "grpc_server_started_total", grpc_method=method) or 0.0


class CallCounter(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    """Counts the calls of each method sent through a channel."""

    def __init__(self) -> None:
        self.calls: collections.Counter[str] = collections.Counter()
        self.lock = threading.Lock()

    def _count(self, details: Any) -> None:
        with self.lock:
            self.calls[details.method.rsplit("/", 1)[-1]] += 1

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        """Count, then send."""
        self._count(details)
        return continuation(details, request)

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        """Count, then open the stream."""
        self._count(details)
        return continuation(details, request)


@pytest.fixture
def counted(server: MatchServer) -> Iterator[tuple[MatchClient, CallCounter]]:
    """A client of the replica whose every call is counted."""
    counter = CallCounter()
    with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        yield MatchClient(grpc.intercept_channel(channel, counter)), counter


def play_seat(matches: MatchClient, match_id: str, token: str, seed: int,
              turns: list[Turn]) -> None:
    """Play one seat to the match's end from its turn frames alone (random legal moves)."""
    rng = random.Random(seed)
    me = matches.seat(match_id, token)
    for item in me.follow():
        if not isinstance(item, Turn):
            continue
        turns.append(item)
        if item.may_act and item.legal_moves:
            # Another seat's call may come first: the next frame says what now.
            with contextlib.suppress(StaleVersion, IllegalMove):
                me.move(rng.choice(item.legal_moves))


def play_all(matches: MatchClient, game: str, players: int, **options: Any
             ) -> tuple[str, dict[int, list[Turn]]]:
    """Every seat human, each played by its own thread from its own stream; the frames."""
    created = matches.create(game, players, [human()] * players, seed=11, options=options)
    turns: dict[int, list[Turn]] = {seat: [] for seat in created.tokens}
    threads = [threading.Thread(target=play_seat, args=(matches, created.match_id, token,
                                                        seat, turns[seat]))
               for seat, token in created.tokens.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    assert not any(t.is_alive() for t in threads), "a seat never saw the match end"
    return created.match_id, turns


@pytest.mark.parametrize(("game", "players", "options"), [
    ("vivo", 3, {}), ("livemix", 4, {}), ("mixmatch", 2, {"hourglass_seconds": 0})])
def test_every_seat_plays_to_the_end_from_one_stream_and_no_get_match(
        counted: tuple[MatchClient, CallCounter], registry: CollectorRegistry, game: str,
        players: int, options: dict[str, Any]) -> None:
    matches, counter = counted
    before = started_calls(registry, "GetMatch")
    match_id, turns = play_all(matches, game, players, **options)
    assert counter.calls["GetMatch"] == 0
    assert started_calls(registry, "GetMatch") == before  # none from anywhere else either
    assert counter.calls["WatchMatch"] == players  # one stream per seat, never reopened
    assert counter.calls["SubmitMove"] > 0
    replay = matches.replay(match_id)
    for seat, frames in turns.items():
        last = frames[-1]
        assert last.over and last.result is not None, seat
        assert last.result.scores == replay.scores == last.scores
        assert all(f.seat == seat for f in frames)
        versions = [f.version for f in frames]
        assert versions == sorted(set(versions)), "one frame per change, in order"


def test_a_frame_says_what_the_view_says(counted: tuple[MatchClient, CallCounter]) -> None:
    matches, _ = counted
    created = matches.create("vivo", 3, [human()] * 3, seed=5)
    for seat, token in created.tokens.items():
        stream = matches.follow(created.match_id, token)
        first = next(t for t in stream if isinstance(t, Turn))
        stream.close()  # type: ignore[attr-defined]
        view = matches.get(created.match_id, token)
        assert (first.version, first.event_seq, first.may_act, first.legal_moves) == (
            view.version, view.event_seq, view.may_act, view.legal_moves)
        assert first.acting == view.acting and len(first.acting) == 1
        assert first.seat == seat and first.status == "active"


@pytest.mark.parametrize(("game", "players", "options"), [
    ("vivo", 4, {}), ("livemix", 3, {}),
    ("mixmatch", 3, {"hourglass_seconds": 0, "own_cards": True})])
def test_a_frame_carries_the_watchers_whole_view(
        counted: tuple[MatchClient, CallCounter], game: str, players: int,
        options: dict[str, Any]) -> None:
    """Each frame holds what GetMatch shows the same watcher at that version: the round, the
    table or trick, the own hand or own cards, out flags, target, scores; a spectator's
    frame the public view, with no hand."""
    matches, _ = counted
    created = matches.create(game, players, [human()] * players, seed=17, options=options)
    for seat in [None, *created.tokens]:
        token = created.tokens[seat] if seat is not None else None
        stream = matches.follow(created.match_id, token)
        frame = next(t for t in stream if isinstance(t, Turn))
        stream.close()  # type: ignore[attr-defined]
        view = matches.get(created.match_id, token)
        assert frame.version == view.version
        assert frame.observation == view.observation, seat
        assert frame.observation["seat"] == seat
        assert frame.scores == view.scores
        if game == "mixmatch":
            assert frame.observation["target"] is None or frame.observation["target"] > 0
        elif seat is None:
            assert frame.observation.get("hand") is None
        else:
            assert len(frame.observation["hand"]) == len(
                view.observation["hand"]) > 0


def test_a_mix_match_claim_is_sent_from_a_frame_alone(
        counted: tuple[MatchClient, CallCounter]) -> None:
    """The round a claim names and the cards it uses come from the last frame: no event
    and no GetMatch is needed to claim."""
    matches, counter = counted
    before = counter.calls["GetMatch"]
    for seed in range(40):
        created = matches.create("mixmatch", 2, [human()] * 2, seed=seed,
                                 options={"hourglass_seconds": 0})
        me = matches.seat(created.match_id, created.tokens[0])
        stream = me.follow()
        frame = next(t for t in stream if isinstance(t, Turn))
        seen = frame.observation
        claim = _one_card_claim(seen["table"] + list(seen["own"][0]), seen["target"])
        if claim is None:
            stream.close()  # type: ignore[attr-defined]
            continue
        moved = me.claim(claim, seen["round"])
        assert any(e.type == "claim_accepted" for e in moved.events)
        after = next(t for t in stream if isinstance(t, Turn))
        stream.close()  # type: ignore[attr-defined]
        assert after.observation["won"][0] >= 1 and after.version > frame.version
        assert counter.calls["GetMatch"] == before
        return
    raise AssertionError("no seed dealt a table with a one- or two-card solution")


def _one_card_claim(cards: list[int], target: int) -> str | None:
    """A claim of one card or two cards added, or None."""
    for i, a in enumerate(cards):
        if a == target:
            return str(a)
        for b in cards[i + 1:]:
            if a + b == target:
                return f"{a}+{b}"
    return None


def test_a_frame_follows_the_events_of_each_change(
        counted: tuple[MatchClient, CallCounter]) -> None:
    matches, _ = counted
    created = matches.create("vivo", 3, [human()] * 3, seed=5)
    spectator = matches.follow(created.match_id)
    items: list[Event | Turn] = []
    items.append(next(spectator))
    while not isinstance(items[-1], Turn):
        items.append(next(spectator))
    opening = items[-1]
    assert opening.seat is None and not opening.may_act and opening.legal_moves == []
    mover = opening.acting[0]
    view = matches.get(created.match_id, created.tokens[mover])
    moved = matches.move(created.match_id, view.legal_moves[0], created.tokens[mover],
                         expected_version=view.version)
    after: list[Event | Turn] = [next(spectator)]
    while not isinstance(after[-1], Turn):
        after.append(next(spectator))
    spectator.close()  # type: ignore[attr-defined]
    frame = after[-1]
    assert isinstance(frame, Turn)
    assert frame.version == moved.version
    assert [e.seq for e in after[:-1] if isinstance(e, Event)] == [e.seq for e in moved.events]
    assert frame.event_seq == moved.events[-1].seq
    assert frame.acting != [mover]


def test_streams_without_the_flag_carry_events_only(server: MatchServer) -> None:
    with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        matches = MatchClient(channel)
        created = matches.create("vivo", 3, [human()] * 3, seed=5)
        stub = match_pb2_grpc.MatchServiceStub(channel)
        stream = stub.WatchMatch(pb.WatchMatchRequest(match_id=created.match_id), timeout=1.0)
        kinds = []
        with pytest.raises(grpc.RpcError) as ended:
            for item in stream:
                kinds.append(item.WhichOneof("frame"))
        assert ended.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        assert kinds and set(kinds) == {"event"}


def test_mixmatch_lists_calling_time_when_the_hourglass_allows_it(
        counted: tuple[MatchClient, CallCounter]) -> None:
    matches, _ = counted
    created = matches.create("mixmatch", 2, [human()] * 2, seed=3,
                             options={"hourglass_seconds": 0})
    view = matches.get(created.match_id, created.tokens[0])
    assert view.acting == [0, 1] and view.current_player is None  # claims are open
    assert view.legal_moves == ["timeout"]
    moved = matches.move(created.match_id, "timeout", created.tokens[0],
                         expected_version=view.version)
    assert moved.version == view.version + 1


def test_a_frame_carries_the_running_deadline(counted: tuple[MatchClient, CallCounter]) -> None:
    matches, _ = counted
    created = matches.create("mixmatch", 2, [human()] * 2, seed=3,
                             options={"hourglass_seconds": 30})
    stream = matches.follow(created.match_id, created.tokens[1])
    first = next(t for t in stream if isinstance(t, Turn))
    stream.close()  # type: ignore[attr-defined]
    view = matches.get(created.match_id, created.tokens[1])
    assert first.deadline is not None and first.deadline_kind == "hourglass"
    assert (first.deadline, first.deadline_kind) == (view.deadline, view.deadline_kind)
    assert first.acting == [0, 1] and first.may_act
    assert first.legal_moves == []  # claims are free text; time may not be called yet
