"""One bot turn (cardroom.services.bot.turns) through the client library, against a real
match service in this process: what the policy sees, idempotency, stale tasks, claims,
errors."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import grpc
import pytest
from support.grpc_servers import channel_to
from support.match_client import ADMIN, GAME_ENUM, Client, match_server, mover, options_request
from support.match_play import hands_seen
from support.redis_server import RedisServer, free_port

from cardroom.services.bot import turns
from cardroom.services.bot.turns import Actor, SeatEvents
from cardroom.services.match.server import MatchServer
from cardroom.shared.bots import Decision
from cardroom.shared.client import MatchClient, Seat
from cardroom.shared.errors import (
    InvalidArgument,
    NotFound,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
    Unavailable,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer

BOT_TOKEN = "bot-token-for-turn-tests"


@pytest.fixture(scope="module")
def match(redis_server: RedisServer) -> Iterator[MatchServer]:
    """A match-service replica on database 4 of the session's Redis."""
    url = redis_server.empty_database(4)
    with match_server(url, bot_token=BOT_TOKEN) as server:
        yield server


@pytest.fixture(scope="module")
def channel(match: MatchServer) -> Iterator[grpc.Channel]:
    """A channel to the match service."""
    with channel_to(match.port) as ready:
        yield ready


@pytest.fixture
def actor(channel: grpc.Channel) -> Actor:
    """The worker's side: the client and the bot credential."""
    return Actor(MatchClient(channel), BOT_TOKEN)


@pytest.fixture
def client(channel: grpc.Channel) -> Client:
    """A test client of the match service."""
    return Client(channel)


class Recorder:
    """A policy that records what it is given and plays the first legal action."""

    def __init__(self) -> None:
        self.seen: list[tuple[dict[str, Any], list[dict[str, Any]], int]] = []

    def decide(self, view: dict[str, Any], events: Sequence[dict[str, Any]], seed: int
               ) -> Decision:
        """Record; the first legal action."""
        self.seen.append((view, list(events), seed))
        return Decision(sorted(view["legal_actions"])[0], {"recorded": True})


def _match(client: Client, game: str, seats: list[pb.SeatSpec], seed: int = 5,
           options: dict[str, Any] | None = None) -> tuple[str, dict[int, str]]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=len(seats), seats=seats, seed=seed,
        **options_request(game, options or {})),
        timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _bots(policy: str, count: int, strength: int = 0) -> list[pb.SeatSpec]:
    return [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=policy, strength=strength)
            for _ in range(count)]


def _to_act(client: Client, match_id: str) -> tuple[int, int]:
    view = client.view(match_id)
    return mover(view), view.version


def test_the_policy_gets_the_seats_view_and_only_the_events_it_may_see(
        actor: Actor, client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    monkeypatch.setattr(turns, "load_policy", lambda game, name, strength=0: recorder)
    match_id, _ = _match(client, "livemix", _bots("random", 4))
    seat, version = _to_act(client, match_id)
    assert turns.play_turn(actor, match_id, seat, version).outcome == turns.MOVED
    [(view, events, seed)] = recorder.seen
    own = client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=seat),
                               metadata=bearer(ADMIN)).match
    assert view["seat"] == seat and view["hand"]
    assert not hands_seen(view, seat) and not hands_seen(events, seat)
    assert [e.get("to", seat) for e in events] == [seat] * len(events)
    assert {"deal"} <= {e["type"] for e in events}
    assert seed == turns.decision_seed(match_id, seat, version)
    assert own.version == version + 1  # the recorded move was applied


def test_a_stale_task_is_a_no_op(actor: Actor, client: Client) -> None:
    match_id, _ = _match(client, "vivo", _bots("random", 3))
    seat, version = _to_act(client, match_id)
    assert turns.play_turn(actor, match_id, seat, version).outcome == turns.MOVED
    assert turns.play_turn(actor, match_id, seat, version).outcome == turns.STALE
    assert client.view(match_id).version == version + 1


def test_a_move_submitted_twice_for_one_version_is_applied_once(actor: Actor,
                                                                client: Client) -> None:
    match_id, _tokens = _match(client, "vivo", _bots("random", 3))
    seat, version = _to_act(client, match_id)
    move = client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=seat),
                                metadata=bearer(BOT_TOKEN)).match.legal_moves[0]
    assert turns.submit(actor, "vivo", match_id, seat, version, move) == turns.MOVED
    assert turns.submit(actor, "vivo", match_id, seat, version, move) == turns.DUPLICATE
    assert client.view(match_id).version == version + 1


def test_a_move_the_match_refuses_is_reported_not_retried(actor: Actor, client: Client) -> None:
    match_id, _ = _match(client, "vivo", _bots("random", 3))
    seat, version = _to_act(client, match_id)
    assert turns.submit(actor, "vivo", match_id, seat, version, "Z9") == turns.REFUSED
    other = (seat + 1) % 3
    assert turns.submit(actor, "vivo", match_id, other, version, "R1") == turns.REFUSED


def test_a_stand_in_whose_human_moved_first_is_stale(actor: Actor, client: Client) -> None:
    match_id, _tokens = _match(client, "vivo", [pb.SeatSpec()] * 3)
    seat, version = _to_act(client, match_id)
    assert turns.play_turn(actor, match_id, seat, version).outcome == turns.STALE


def test_a_mix_match_claim_is_scheduled_tagged_and_late_claims_are_stale(
        actor: Actor, client: Client) -> None:
    match_id, _ = _match(client, "mixmatch", _bots("solver", 2, strength=5), seed=6,
                         options={"hourglass_seconds": 0})
    version = client.view(match_id).version
    turn = turns.play_turn(actor, match_id, 0, version)
    assert turn.outcome == turns.SCHEDULED and turn.delay_s > 0
    assert turn.action.startswith("claim@1 ")
    assert turns.submit(actor, "mixmatch", match_id, 0, version, turn.action) == turns.MOVED
    late = turns.play_turn(actor, match_id, 1, version)
    assert late.outcome == turns.STALE  # round 1 was won: the version moved on
    assert turns.submit(actor, "mixmatch", match_id, 1, version, turn.action) == turns.STALE


def test_events_are_fetched_only_when_the_policy_reads_them() -> None:
    calls: list[int] = []

    def fetch() -> list[dict[str, Any]]:
        calls.append(1)
        return [{"type": "deal", "to": 0}, {"type": "play"}]

    events = SeatEvents(fetch)
    assert not events.fetched and calls == []
    assert len(events) == 2 and events[1] == {"type": "play"} and next(iter(events))["to"] == 0
    assert calls == [1]  # once, however often it is read


def test_a_decision_seed_is_fixed_per_match_seat_and_version() -> None:
    seed = turns.decision_seed("m" * 28, 1, 7)
    assert seed == turns.decision_seed("m" * 28, 1, 7)
    assert len({seed, turns.decision_seed("m" * 28, 2, 7),
                turns.decision_seed("m" * 28, 1, 8)}) == 3
    assert 0 <= seed < 2**63


def test_the_policy_is_the_tasks_else_the_bot_seats_else_the_default() -> None:
    bot = Seat("bot", "", "heuristic", 4, False)
    assert turns.policy_of(bot, "", "random") == ("heuristic", 4)
    assert turns.policy_of(bot, "ismcts", "random") == ("ismcts", 4)
    human = Seat("human", "", "", 0, False)
    assert turns.policy_of(human, "", "random") == ("random", 0)
    assert turns.policy_of(human, "ismcts", "random") == ("ismcts", 0)


def test_failed_calls_come_back_as_domain_errors(actor: Actor, client: Client) -> None:
    match_id, tokens = _match(client, "vivo", [pb.SeatSpec(), *_bots("random", 2)])
    calls = actor.client
    with pytest.raises(NotFound):
        turns.seat_view(calls, "f" * 28, BOT_TOKEN, 1)
    with pytest.raises(InvalidArgument):
        turns.seat_view(calls, "not-a-match", BOT_TOKEN, 1)
    with pytest.raises(Unauthenticated):
        turns.seat_view(calls, match_id, "wrong", 1)
    with pytest.raises(PermissionDenied):
        turns.seat_view(calls, match_id, BOT_TOKEN, 0)  # a human's seat
    with pytest.raises(PermissionDenied):
        turns.seat_view(calls, match_id, ADMIN)  # speaks for no seat: a spectator's view
    assert turns.seat_view(calls, match_id, tokens[0]).seat == 0
    with pytest.raises(StaleVersion):
        calls.move(match_id, "R1", tokens[0], seat=0, expected_version=99, request_id="")
    with grpc.insecure_channel(f"127.0.0.1:{free_port()}") as nowhere, \
            pytest.raises(Unavailable):
        turns.seat_view(MatchClient(nowhere, timeout=2), match_id, BOT_TOKEN, 1)
