"""A bot seat reads only the events logged since its last decision, and its policy still gets
exactly what a read of the whole log would give: bot matches played to their end through a
real match service, with WatchMatch messages counted on the worker's channel."""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM, Client, match_server, mover
from support.redis_server import RedisServer

from cardroom.services.bot import turns
from cardroom.services.bot.turns import Actor, SeenEvents, events_digest
from cardroom.services.match.server import MatchServer
from cardroom.shared.bots import Decision, Policy
from cardroom.shared.client import MatchClient
from cardroom.shared.errors import OutOfRange
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

BOT_TOKEN = "bot-token-for-incremental-tests"
WATCH = "/cardroom.v1.MatchService/WatchMatch"


@pytest.fixture(scope="module")
def match(redis_server: RedisServer) -> Iterator[MatchServer]:
    """A match-service replica on database 13 of the session's Redis."""
    url = redis_server.empty_database(13)
    with match_server(url, bot_token=BOT_TOKEN) as server:
        yield server


@pytest.fixture(scope="module")
def channel(match: MatchServer) -> Iterator[grpc.Channel]:
    """A channel to the match service."""
    with channel_to(match.port) as ready:
        yield ready


class WatchCounter(grpc.UnaryStreamClientInterceptor):
    """Counts the WatchMatch messages received, by (match, seat)."""

    def __init__(self) -> None:
        self.received: Counter[tuple[str, int]] = Counter()

    def intercept_unary_stream(self, continuation: Callable[..., Any], details: Any,
                               request: Any) -> Any:
        """The stream, each message counted as it arrives."""
        stream = continuation(details, request)
        if details.method != WATCH:
            return stream
        return self._counted(stream, (request.match_id, request.seat))

    def _counted(self, stream: Iterator[Any], key: tuple[str, int]) -> Iterator[Any]:
        for item in stream:
            self.received[key] += 1
            yield item


class Recorder:
    """Wraps a real policy: records the events it is given, then lets it decide."""

    def __init__(self, policy: Policy, seen: list[list[dict[str, Any]]]) -> None:
        self.policy = policy
        self.seen = seen

    def decide(self, view: dict[str, Any], events: Sequence[dict[str, Any]], seed: int
               ) -> Decision:
        """Record the events; the wrapped policy's decision."""
        self.seen.append(list(events))
        return self.policy.decide(view, events, seed)


def logged(reader: MatchClient, match_id: str, seat: int, until: int = 0
           ) -> list[dict[str, Any]]:
    """The events `seat` may see up to seq `until` (0: all logged), as a policy gets them."""
    return [e.data for e in reader.events(match_id, BOT_TOKEN, seat=seat, until=until)]


def after(reader: MatchClient, match_id: str, seat: int, cursor: int = 0
          ) -> list[tuple[int, dict[str, Any]]]:
    """The (seq, event) pairs `seat` may see logged after `cursor`."""
    return [(e.seq, e.data) for e in reader.events(match_id, BOT_TOKEN, cursor, seat=seat)]


def create(client: Client, game: str, policies: list[str], seed: int) -> str:
    """A match of bot seats only (searches at their quickest, heuristics never erring)."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=p, strength=int(p == "ismcts"))
             for p in policies]
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=len(seats), seats=seats, seed=seed,
        ), timeout=10)
    return str(created.match_id)


@pytest.mark.parametrize(("game", "policies"), [
    ("livemix", ["heuristic"] * 4),
    ("vivo", ["heuristic", "ismcts", "heuristic"]),
])
def test_each_decision_gets_the_whole_logs_events_and_reads_only_the_new_ones(
        channel: grpc.Channel, monkeypatch: pytest.MonkeyPatch, game: str,
        policies: list[str]) -> None:
    counter = WatchCounter()
    counted = grpc.intercept_channel(channel, counter)
    actor = Actor(MatchClient(counted), BOT_TOKEN)
    reader, client = MatchClient(channel), Client(channel)
    given: list[list[dict[str, Any]]] = []
    real = turns.load_policy
    monkeypatch.setattr(turns, "load_policy",
                        lambda g, name, strength=0: Recorder(real(g, name, strength), given))
    match_id = create(client, game, policies, seed=31)
    decisions: Counter[int] = Counter()
    last_read: dict[int, int] = {}
    while (public := client.view(match_id)).status == pb.MATCH_STATUS_ACTIVE:
        seat, version = mover(public), public.version
        until = public.event_seq
        before = counter.received[(match_id, seat)]
        assert turns.play_turn(actor, match_id, seat, version).outcome == turns.MOVED
        full = logged(reader, match_id, seat, until)
        assert given[-1] == full  # same events, same order, as a read of the whole log
        decisions[seat] += 1
        new = [seq for seq, _ in after(reader, match_id, seat)
               if last_read.get(seat, 0) < seq <= until]
        received = counter.received[(match_id, seat)] - before
        # The new events, plus the seat's last kept event read again as a check.
        assert received <= len(new) + (1 if seat in last_read else 0)
        last_read[seat] = until
    assert sum(decisions.values()) > 20
    for seat, count in decisions.items():
        visible = len(logged(reader, match_id, seat))
        assert counter.received[(match_id, seat)] <= visible + count


def test_the_read_is_logged_with_what_was_fetched_and_a_digest_of_what_was_given(
        channel: grpc.Channel, caplog: pytest.LogCaptureFixture) -> None:
    actor = Actor(MatchClient(channel), BOT_TOKEN)
    client = Client(channel)
    match_id = create(client, "vivo", ["heuristic"] * 3, seed=32)
    caplog.set_level(logging.DEBUG, logger=turns.__name__)
    cursors: dict[int, int] = {}
    reads = 0
    for _ in range(12):
        public = client.view(match_id)
        seat = mover(public)
        turns.play_turn(actor, match_id, seat, public.version)
        records = [r for r in caplog.records if r.getMessage() == "seat events read"]
        caplog.clear()
        if not records:
            continue  # the policy decided without the events (a deliberate mistake)
        [record] = records
        reads += 1
        full = after(actor.client, match_id, seat)
        assert record.start == cursors.get(seat, 0)  # type: ignore[attr-defined]
        assert record.fetched == len([s for s, _ in full  # type: ignore[attr-defined]
                                      if record.start < s <= record.cursor])  # type: ignore
        given = [e for s, e in full if s <= public.event_seq]
        assert record.given == len(given)  # type: ignore[attr-defined]
        assert record.digest == events_digest(given)  # type: ignore[attr-defined]
        cursors[seat] = record.cursor  # type: ignore[attr-defined]
    assert reads >= 8


def _seen(channel: grpc.Channel, size: int = 8) -> tuple[SeenEvents, MatchClient, Client]:
    return SeenEvents(size), MatchClient(channel), Client(channel)


def test_a_cursor_past_the_end_of_the_log_starts_over_from_the_first_event(
        channel: grpc.Channel) -> None:
    seen, reader, client = _seen(channel)
    match_id = create(client, "vivo", ["random"] * 3, seed=33)
    until = client.view(match_id).event_seq
    full = logged(reader, match_id, 0, until)
    # As if the match had been deleted and made anew, with a shorter log than was read.
    with pytest.raises(OutOfRange):
        after(reader, match_id, 0, until + 1)
    seen._entries[(match_id, 0)] = turns._Seen(until + 50, [until + 40], ['{"type":"gone"}'])
    assert seen.read(reader, BOT_TOKEN, match_id, 0, until + 60) == full
    seen._entries[(match_id, 0)] = turns._Seen(until + 50, [], [])
    assert seen.read(reader, BOT_TOKEN, match_id, 0, until + 60) == full
    assert seen._entries[(match_id, 0)].cursor == until + 60


def test_kept_events_the_log_no_longer_has_are_dropped_and_read_again(
        channel: grpc.Channel) -> None:
    seen, reader, client = _seen(channel)
    match_id = create(client, "vivo", ["random"] * 3, seed=34)
    public = client.view(match_id)
    before = after(reader, match_id, 1)
    turns.play_turn(Actor(reader, BOT_TOKEN), match_id, mover(public), public.version)
    until = client.view(match_id).event_seq
    full = after(reader, match_id, 1)
    assert len(full) > len(before) and until > public.event_seq
    # The last kept event differs from the log's (the log was rewound and written again).
    seen._entries[(match_id, 1)] = turns._Seen(
        public.event_seq, [s for s, _ in before], [json.dumps(e) for _, e in before[:-1]]
        + ['{"x":1}'])
    assert seen.read(reader, BOT_TOKEN, match_id, 1, until) == [e for _, e in full]
    # A cursor ahead of the view's: what was read is newer than the log.
    seen._entries[(match_id, 1)] = turns._Seen(until + 3, [s for s, _ in full],
                                               [json.dumps(e) for _, e in full])
    assert seen.read(reader, BOT_TOKEN, match_id, 1, until) == [e for _, e in full]
    assert seen._entries[(match_id, 1)].cursor == until


def test_at_most_size_seats_are_kept_the_least_recently_used_dropped_first(
        channel: grpc.Channel) -> None:
    seen, reader, client = _seen(channel, size=2)
    ids = [create(client, "vivo", ["random"] * 3, seed=35 + i) for i in range(3)]
    ends = {m: client.view(m).event_seq for m in ids}
    seen.read(reader, BOT_TOKEN, ids[0], 0, ends[ids[0]])
    seen.read(reader, BOT_TOKEN, ids[1], 0, ends[ids[1]])
    seen.read(reader, BOT_TOKEN, ids[0], 0, ends[ids[0]])  # now the most recent
    seen.read(reader, BOT_TOKEN, ids[2], 0, ends[ids[2]])
    assert len(seen) == 2 and set(seen._entries) == {(ids[0], 0), (ids[2], 0)}
    none = SeenEvents(0)
    assert none.read(reader, BOT_TOKEN, ids[0], 0, ends[ids[0]]) == logged(
        reader, ids[0], 0, ends[ids[0]])
    assert len(none) == 0  # size 0: every decision reads the whole log


def test_a_policy_that_changes_its_events_does_not_change_the_next_decisions(
        channel: grpc.Channel) -> None:
    seen, reader, client = _seen(channel)
    match_id = create(client, "vivo", ["random"] * 3, seed=38)
    until = client.view(match_id).event_seq
    first = seen.read(reader, BOT_TOKEN, match_id, 2, until)
    first[0]["type"] = "changed"
    first.clear()
    assert seen.read(reader, BOT_TOKEN, match_id, 2, until) == logged(
        reader, match_id, 2, until)
