"""No response or event reaches a seat or a spectator with what it may not see.

Random matches of the three games are played to their end over gRPC (human seats with their
tokens, a bot seat moved with the bot credential as a worker would). After every move,
every seat and a spectator fetch their view (GetMatch) and their new events (WatchMatch
from their cursor), and the mover's SubmitMove answer is kept too; each payload is checked
against the true state read from Redis at that moment:

- no card of another seat's hand appears anywhere in it (a spectator: of any hand), and no
  hand or won pile (Livemix, L12) is shown for a seat other than the viewer (the scoring
  of a round that ended shows its remaining hands, as the rules score them: never a card
  of the next round's hands);
- no Mix Match deck order (the deck is never listed; no run of the next cards to draw), no
  VIVO harmony order beyond the next harmony;
- never the match's seed (nor, for an explicit deal, the deal) before GetReplay.

Lobby listings are checked the same way; at the end each viewer's whole stream equals the
log's events meant for it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
import redis
from google.protobuf import json_format
from support.grpc_servers import channel_to
from support.match_client import (
    GAME_ENUM,
    Client,
    auth,
    event_data,
    match_server,
    mover,
    observation,
    options_request,
)
from support.match_play import choose_move, hands_seen

from cardroom.services.match import mapping
from cardroom.services.match.server import MatchServer
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.errors import details_of

BOT_TOKEN = "bot-token-for-hidden-information"
#: VIVO's harmony cards: the current and the next one are public, the order after is not.
HARMONIES = frozenset({"SOLO", "DUET", "TRIO", "QUARTET"})

#: (game, players, options, seat played by a bot) of the random matches.
MATCHES = [("livemix", 4, {}, None), ("livemix", 3, {}, 1), ("vivo", 3, {}, 2),
           ("vivo", 4, {}, None), ("mixmatch", 3, {"hourglass_seconds": 0}, None),
           ("mixmatch", 2, {"hourglass_seconds": 0, "own_cards": True}, 1)]


@pytest.fixture(scope="module")
def served(redis_server: Any) -> Iterator[tuple[MatchServer, Client, redis.Redis]]:
    """A replica (bot tasks go to a broker nobody reads: the test moves the bot seats)."""
    url = redis_server.url.rsplit("/", 1)[0] + "/10"
    with redis.Redis.from_url(url, decode_responses=True) as db:
        db.flushdb()
        with match_server(url, bot_token=BOT_TOKEN) as server, \
                channel_to(server.port) as channel:
            yield server, Client(channel), db


@dataclass
class Secrets:
    """What each viewer may not see now, from the engine state in Redis."""

    hands: dict[int, set[str]]
    upcoming: list[int]
    seed: str

    def hidden_from(self, viewer: int | None) -> set[str]:
        """Cards in the hands of seats other than `viewer`."""
        return {c for seat, cards in self.hands.items() if seat != viewer for c in cards}


def secrets_now(db: redis.Redis, match_id: str) -> Secrets:
    """The true hidden state of the match, read from its stored engine state."""
    fields = db.hgetall(f"cardroom:match:{{{match_id}}}:state")
    meta = json.loads(fields["meta"])
    engine = json.loads(fields["engine"])
    state = registry.from_json(meta["game"], engine)
    hands = {s: set(state.observation(s).get("hand") or []) for s in range(meta["players"])}
    return Secrets(hands, list(engine.get("deck") or []), str(meta["seed"]))


def strings(payload: Any) -> Iterator[str]:
    """Every string in a JSON-like payload (keys too)."""
    if isinstance(payload, str):
        yield payload
    elif isinstance(payload, dict):
        for key, value in payload.items():
            yield key
            yield from strings(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from strings(item)


def lists(payload: Any) -> Iterator[list[Any]]:
    """Every list in a payload."""
    if isinstance(payload, dict):
        for value in payload.values():
            yield from lists(value)
    elif isinstance(payload, list):
        yield payload
        for item in payload:
            yield from lists(item)


def int_lists(payload: Any) -> Iterator[list[int]]:
    """Every list of whole numbers in a payload."""
    if isinstance(payload, dict):
        for value in payload.values():
            yield from int_lists(value)
    elif isinstance(payload, list):
        if payload and all(isinstance(v, int) and not isinstance(v, bool) for v in payload):
            yield payload
        for item in payload:
            yield from int_lists(item)


def leaks(payload: Any, viewer: int | None, secrets: Secrets) -> list[str]:
    """Why `payload` shows `viewer` something it may not see (empty: nothing)."""
    found = []
    hidden = secrets.hidden_from(viewer)
    found += [f"card {s} of another hand" for s in strings(payload) if s in hidden]
    found += [f"private cards {h}" for h in hands_seen(payload, viewer)]
    text = json.dumps(payload)
    if secrets.seed in text:
        found.append("the seed")
    if '"deck"' in text:
        found.append("a deck listed")
    if any(len([x for x in values if isinstance(x, str) and x in HARMONIES]) >= 3
           for values in lists(payload)):
        found.append("the order of the harmonies to come")
    run = secrets.upcoming[:4]
    if len(run) == 4:
        for values in int_lists(payload):
            if any(values[i:i + 4] == run for i in range(len(values) - 3)):
                found.append("the next cards of the deck")
    return found


def plain(message: Any) -> dict[str, Any]:
    """A response as JSON, whole numbers as ints, without the match's options (the public
    configuration, which may name a Mix Match deck: its cards, not their order)."""
    data = _ints(json_format.MessageToDict(message, preserving_proto_field_name=True))
    for holder in (data, data.get("match", {})):
        for key in [k for k in holder if k.endswith("_options")]:
            del holder[key]
    return dict(data)


def _ints(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _ints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_ints(v) for v in value]
    return value


@dataclass
class Table:
    """One match and its viewers: the seats (human tokens, or the bot credential) and a
    spectator, each with the cursor of the events it has fetched."""

    client: Client
    match_id: str
    game: str
    credentials: dict[int, tuple[str, int | None]]
    cursors: dict[int | None, int] = field(default_factory=dict)
    received: dict[int | None, list[pb.MatchEvent]] = field(default_factory=dict)

    def view(self, viewer: int | None) -> pb.MatchView:
        """GetMatch as `viewer`."""
        if viewer is None:
            return self.client.view(self.match_id)
        token, seat = self.credentials[viewer]
        request = pb.GetMatchRequest(match_id=self.match_id)
        if seat is not None:
            request.seat = seat
        return self.client.stub.GetMatch(request, metadata=auth(token), timeout=5).match

    def new_events(self, viewer: int | None) -> list[pb.MatchEvent]:
        """WatchMatch from the viewer's cursor to the events logged so far."""
        request = pb.WatchMatchRequest(match_id=self.match_id, no_follow=True,
                                       cursor=self.cursors.get(viewer, 0))
        metadata: list[tuple[str, str]] = []
        if viewer is not None:
            token, seat = self.credentials[viewer]
            metadata = auth(token)
            if seat is not None:
                request.seat = seat
        events = [item.event for item in self.client.stub.WatchMatch(
            request, metadata=metadata, timeout=5)]
        if events:
            self.cursors[viewer] = events[-1].seq
        self.received.setdefault(viewer, []).extend(events)
        return events


#: Events that score a round that just ended: they show its remaining hands, as the rules
#: score them (Livemix L9), so only the next round's hands must stay out of them.
SCORING = ("round_end", "game_end")


def _check_events(events: list[dict[str, Any]], viewer: int | None, before: Secrets,
                  after: Secrets) -> None:
    """A step's events: those of a round it ended against the state before it (less the
    cards played in it, which are public), the rest against the state after it."""
    ends = [i for i, e in enumerate(events) if e.get("type") in SCORING]
    cut = ends[0] if ends else len(events)
    played = {c for e in events if e.get("type") == "play" for c in strings(e)}
    old = Secrets({s: h - played for s, h in before.hands.items()}, before.upcoming,
                  before.seed)
    for event in events[:cut]:
        assert not leaks(event, viewer, old), (viewer, event, leaks(event, viewer, old))
    scored = Secrets({}, after.upcoming, after.seed)
    for event in events[cut:]:
        now = scored if event.get("type") in SCORING else after
        assert not leaks(event, viewer, now), (viewer, event, leaks(event, viewer, now))


def _check_everyone(table: Table, db: redis.Redis, before: Secrets | None,
                    extra: list[tuple[int | None, list[Any]]]) -> Secrets:
    """Every viewer's view and new events, plus `extra` (viewer, events of the step) pairs,
    against the state now (and the state before the step); the state now."""
    after = secrets_now(db, table.match_id)
    viewers: list[int | None] = [*table.credentials, None]
    for viewer in viewers:
        message = table.view(viewer)
        for view in (plain(message), observation(message)):
            assert not leaks(view, viewer, after), (viewer, leaks(view, viewer, after))
        _check_events([event_data(e) for e in table.new_events(viewer)], viewer,
                      before or after, after)
        for who, events in extra:
            if who == viewer:
                _check_events(events, viewer, before or after, after)
    return after


def _play(table: Table, db: redis.Redis, rng: random.Random, secrets: Secrets) -> int:
    """Play the match to its end, checking everyone after every move; the moves made."""
    moves = 0
    while True:
        public = table.view(None)
        if public.status != pb.MATCH_STATUS_ACTIVE:
            return moves
        seats = list(public.acting_seats) if len(public.acting_seats) == 1 else \
            rng.sample(list(table.credentials), len(table.credentials))
        for seat in seats:
            view = table.view(seat)
            if not view.may_act:
                continue
            action = choose_move(table.game, {"game": table.game, "seat": seat,
                                              "legal_moves": list(view.legal_moves),
                                              "observation": observation(view)}, rng)
            token, as_seat = table.credentials[seat]
            request = pb.SubmitMoveRequest(match_id=table.match_id, action=action,
                                           expected_version=view.version)
            if as_seat is not None:
                request.seat = as_seat
            reply = table.client.stub.SubmitMove(request, metadata=auth(token), timeout=5)
            moves += 1
            replied = [event_data(e) for e in reply.events]
            secrets = _check_everyone(table, db, secrets, [(seat, replied)])
            break
        else:
            raise AssertionError("nobody may act in an active match")


@pytest.mark.parametrize(("game", "players", "options", "bot"), MATCHES,
                         ids=[f"{g}-{n}p{'-bot' if b is not None else ''}"
                              for g, n, _, b in MATCHES])
def test_hidden_information_reaches_no_seat_or_spectator_on_any_rpc_or_event(
        served: tuple[MatchServer, Client, redis.Redis], game: str, players: int,
        options: dict[str, Any], bot: int | None) -> None:
    _, client, db = served
    rng = random.Random(f"{game}{players}{bot}")
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random") if s == bot
             else pb.SeatSpec() for s in range(players)]
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, seats=seats, seed=rng.getrandbits(62),
        **options_request(game, options)), timeout=10)
    credentials: dict[int, tuple[str, int | None]] = {
        t.seat: (t.token, None) for t in created.tokens}
    if bot is not None:
        credentials[bot] = (BOT_TOKEN, bot)
    table = Table(client, created.match_id, game, credentials)
    summaries = client.stub.ListMatches(pb.ListMatchesRequest(), timeout=5)
    secrets = _check_everyone(table, db, None, [])
    assert not leaks(plain(created), None, secrets) and not leaks(plain(summaries), None,
                                                                  secrets)
    moves = _play(table, db, rng, secrets)
    assert moves >= players
    replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=table.match_id), timeout=10)
    for viewer, events in table.received.items():
        meant = [e for e in replay.events
                 if not e.HasField("to") or viewer == e.to]
        assert [e.seq for e in events] == [e.seq for e in meant], viewer
        assert [plain(e) for e in events] == [plain(e) for e in meant]
    # The check has teeth: what the replay reveals trips it at the start state: the hands
    # dealt (Livemix, VIVO), or the deck's order under a name of no note (Mix Match).
    start = _start_secrets(replay)
    if game == "mixmatch":
        assert len(start.upcoming) >= 4
        assert "the next cards of the deck" in leaks({"cards": start.upcoming}, None, start)
    else:
        first = [event_data(e) for e in replay.events if e.HasField("to")]
        assert any(leaks(e, None, start) for e in first)


def _start_secrets(replay: pb.GetReplayResponse) -> Secrets:
    """The hands dealt at the start and the deck's order, as the replay reveals them."""
    game = mapping.GAMES[replay.game]
    state = registry.new_game(game, registry.make_config(game, typed.options_of(replay)),
                              seed=replay.seed, now=replay.start_time)
    players = len(replay.seats)
    hands = {s: set(state.observation(s).get("hand") or []) for s in range(players)}
    return Secrets(hands, list(state.to_json().get("deck") or []), str(replay.seed))


def test_hidden_information_refused_moves_show_no_other_hand(
        served: tuple[MatchServer, Client, redis.Redis]) -> None:
    """A refused move (another seat's card, out of turn or not) tells the mover its own
    legal moves only, and its message names no card of another hand."""
    _, client, db = served
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, seed=77), timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    secrets = secrets_now(db, created.match_id)
    refused = 0
    for seat, token in tokens.items():
        for card in sorted(secrets.hidden_from(seat))[:6]:
            with pytest.raises(grpc.RpcError) as caught:
                client.move(created.match_id, token, "vivo", card, 1)
            legal = [a for d in details_of(caught.value, common_pb2.LegalActions)
                     for a in d.actions]
            assert set(legal) <= secrets.hands[seat]
            named = set(re.findall(r"\b[A-Z]\d+\b", caught.value.details() or ""))
            assert named <= secrets.hands[seat] | {card}
            refused += 1
    assert refused == 18 and client.view(created.match_id).version == 1


@pytest.mark.parametrize(("game", "players"), [("livemix", 4), ("vivo", 3)])
def test_hidden_information_a_retried_round_ending_move_shows_no_other_seats_next_hand(
        served: tuple[MatchServer, Client, redis.Redis], game: str, players: int) -> None:
    """The move that ends a round deals the next one: its answer, and the answer to a retry
    with the same request_id (the duplicate path), hold the mover's new hand only."""
    _, client, _ = served
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, seed=23), timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    for _ in range(200):
        public = client.view(created.match_id)
        seat = mover(public)
        view = client.view(created.match_id, tokens[seat])
        request = pb.SubmitMoveRequest(match_id=created.match_id, action=view.legal_moves[0],
                                       expected_version=view.version,
                                       request_id=f"{game}-{view.version}")
        first = client.stub.SubmitMove(request, metadata=auth(tokens[seat]), timeout=5)
        if any(event_data(e).get("type") == "round_end" for e in first.events):
            break
    else:
        raise AssertionError("no round ended")
    retry = client.stub.SubmitMove(request, metadata=auth(tokens[seat]), timeout=5)
    assert retry.duplicate and not first.duplicate and retry.version == first.version
    for reply in (first, retry):
        deals = [event_data(e) for e in reply.events
                 if event_data(e).get("type") == "deal"]
        assert [d.get("to") for d in deals] == [seat], deals
    assert [plain(e) for e in retry.events] == [plain(e) for e in first.events]
