"""The typed game messages of cardroom.v1 against a real match service and Redis on loopback.

Whole matches of every game are played through gRPC; every typed seat view and event the
service sends must say exactly what the engine says (the replay's actions replayed by the
engine give the same events and the same views), every event kind the engines and the
service emit must have been seen typed, typed options and deals must make the match the
engine makes of them, and bad typed options must be refused naming the typed field,
without creating anything. No message of the API carries a google.protobuf.Struct.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from google.protobuf import duration_pb2, json_format
from google.protobuf.descriptor import FieldDescriptor
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.grpc_servers import channel_to
from support.match_client import (
    ADMIN,
    GAME_ENUM,
    Client,
    auth,
    event_data,
    match_server,
    observation,
    options_request,
    play_turn,
)

from cardroom.services.match import mapping
from cardroom.shared.errors import CardroomError
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import (
    bot_pb2,
    common_pb2,
    livemix_pb2,
    mixmatch_pb2,
    vivo_pb2,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import typed
from cardroom.shared.wire.errors import error_reason, field_violations

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
ENGINE_EVENTS = {"livemix": livemix_pb2.LivemixEvent, "vivo": vivo_pb2.VivoEvent,
                 "mixmatch": mixmatch_pb2.MixMatchEvent}


def kinds_of(event_type: Any) -> set[str]:
    """Every event kind a typed event message (its `kind` oneof) can carry."""
    return {f.name for f in event_type.DESCRIPTOR.oneofs_by_name["kind"].fields}


@pytest.fixture(scope="module")
def redis_db(redis_server: Any) -> str:
    """Database 13 of the session's Redis, emptied."""
    url = str(redis_server.url).rsplit("/", 1)[0] + "/13"
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture(scope="module")
def client(redis_db: str) -> Iterator[Client]:
    """A client of one match-service replica."""
    with match_server(redis_db) as server, channel_to(server.port) as channel:
        yield Client(channel)


def stripped(value: Any) -> Any:
    """A dict with its None values left out, all the way down (an absent key and a null
    one say the same: "not set")."""
    if isinstance(value, dict):
        return {k: stripped(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [stripped(v) for v in value]
    return value


def check_view(view: pb.MatchView) -> None:
    """The typed seat view and options of a view: set for the view's game, consistent with
    the view's own fields, and read back into the same message."""
    game = mapping.GAMES[view.game]
    assert view.WhichOneof("seat_view") == game
    assert view.WhichOneof("typed_options") == f"{game}_options"
    seen = observation(view)
    seat_view = getattr(view, game)
    assert typed.seat_view(game, seen) == seat_view
    assert list(seat_view.scores if game != "mixmatch" else seat_view.won) == list(view.scores)
    if view.HasField("seat"):
        assert seat_view.seat == view.seat
        if game != "mixmatch":
            assert seat_view.HasField("hand") and list(seat_view.hand.values) == seen["hand"]
    else:
        assert not seat_view.HasField("seat")


def check_events(events: Any, seen: set[str]) -> None:
    """Each event carries its typed detail, named as its type, and reads back into the same
    message; its kind is added to `seen`."""
    for event in events:
        holder = event.WhichOneof("detail")
        assert holder is not None, f"event {event.type} has no typed detail"
        assert getattr(event, holder).WhichOneof("kind") == event.type
        data = event_data(event)
        assert data["type"] == event.type and event.HasField("to") == ("to" in data)
        game = "" if holder == "service" else holder
        assert typed.event_message(event.seq, data, game) == event
        seen.add(event.type)


def check_replay(client: Client, replay: pb.GetReplayResponse, seen: set[str],
                 tokens: dict[int, str]) -> None:
    """A replay's typed options, deal, times and events say what the engine says: its
    actions replayed from its seed and deal give the same events, scores and final views."""
    game = mapping.GAMES[replay.game]
    assert replay.WhichOneof("typed_options") == f"{game}_options"
    assert replay.HasField("start") and typed.seconds(replay.start) == replay.start_time
    assert replay.actions
    for action in replay.actions:
        assert typed.seconds(action.timestamp) == action.time
    check_events(replay.events, seen)
    config = registry.make_config(game, typed.options_of(replay))
    deal = typed.deal_of(game, replay)
    state = registry.new_game(game, config, seed=replay.seed if replay.HasField("seed")
                              else None, deal=deal, now=replay.start_time)
    engine = list(registry.opening_events(state))
    for seat, action, when in mapping.replay_actions(replay):
        engine += state.apply_action(action, seat, when)
    logged = [event_data(e) for e in replay.events if e.WhichOneof("detail") == game]
    assert [stripped(e) for e in logged] == [stripped(dict(e)) for e in engine]
    assert state.scores() == list(replay.scores)
    for seat in [None, *tokens]:
        final = client.view(replay.match_id, tokens[seat] if seat is not None else None)
        assert stripped(observation(final)) == stripped(state.observation(seat))


def normal_deal(game: str, deal: dict[str, Any]) -> dict[str, Any]:
    """A deal in the form a typed deal gives back: Livemix and VIVO in the rounds form."""
    if game == "mixmatch" or "rounds" in deal:
        return deal
    return {"rounds": [deal]}


def create(client: Client, game: str, players: int, **fields: Any) -> pb.CreateMatchResponse:
    request = pb.CreateMatchRequest(game=GAME_ENUM[game], players=players, **fields)
    created: pb.CreateMatchResponse = client.stub.CreateMatch(request, metadata=auth(ADMIN),
                                                              timeout=10)
    return created


def play_out(client: Client, match_id: str, tokens: dict[int, str], seen: set[str],
             resign: int | None = None, bad_claim: int | None = None) -> None:
    """Play a match to its end, checking every view and move response on the way. `resign`
    resigns that seat after a few moves; `bad_claim` sends that seat's wrong claim once."""
    rng = random.Random(7)
    turn = 0
    while True:
        public = client.view(match_id)
        check_view(public)
        if bad_claim is not None and public.WhichOneof("seat_view") == "mixmatch" \
                and public.mixmatch.phase == mixmatch_pb2.MIX_MATCH_PHASE_CLAIMS:
            response = client.move(match_id, tokens[bad_claim], "mixmatch", "claim 1+1")
            check_events(response.events, seen)
            bad_claim = None
        if resign is not None and turn == 5:
            response = client.stub.Resign(pb.ResignRequest(match_id=match_id),
                                          metadata=auth(tokens[resign]), timeout=10)
            check_events(response.events, seen)
            resign = None
        played = play_turn([client], match_id, tokens, rng, turn)
        if played is None:
            break
        view, response = played
        check_view(view)
        check_events(response.events, seen)
        turn += 1
    final = client.view(match_id)
    assert final.status == pb.MATCH_STATUS_FINISHED
    for seat in [None, *tokens]:
        token = tokens[seat] if seat is not None else None
        check_view(client.view(match_id, token))
        check_events(client.events(match_id, token), seen)
    check_replay(client, client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id),
                                               timeout=10), seen, tokens)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("livemix", 4, livemix_pb2.LivemixOptions()),
    ("vivo", 3, vivo_pb2.VivoOptions()),
    ("mixmatch", 3, mixmatch_pb2.MixMatchOptions(hourglass={}, own_cards=True)),
])
def test_whole_match_typed_equals_the_engine_for_every_event_kind(
        client: Client, game: str, players: int, options: Any) -> None:
    seen: set[str] = set()
    seats = [HUMAN, OPEN, *[HUMAN] * (players - 2)]
    created = create(client, game, players, seed=11, seats=seats,
                     **{f"{game}_options": options})
    tokens = {t.seat: t.token for t in created.tokens}
    joined = client.stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, name="j"),
                                   timeout=10)
    tokens[joined.seat] = joined.token
    play_out(client, created.match_id, tokens, seen,
             resign=players - 1 if game == "livemix" else None,
             bad_claim=0 if game == "mixmatch" else None)
    assert kinds_of(ENGINE_EVENTS[game]) <= seen, kinds_of(ENGINE_EVENTS[game]) - seen
    assert {"match_created", "seat_claimed", "match_started", "match_over"} <= seen
    if game == "livemix":
        assert "resigned" in seen


def test_abandoned_and_clock_expired_events_are_typed(client: Client) -> None:
    seen: set[str] = set()
    by_seat = create(client, "vivo", 3, seats=[HUMAN, OPEN, HUMAN])
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=by_seat.match_id),
                             metadata=auth(by_seat.tokens[0].token), timeout=10)
    events = client.events(by_seat.match_id)
    check_events(events, seen)
    abandoned = next(e for e in events if e.type == "abandoned")
    assert abandoned.service.abandoned.by == "seat" and abandoned.service.abandoned.seat == 0
    assert events[-1].service.match_over.status == pb.MATCH_STATUS_ABANDONED
    assert events[-1].service.match_over.reason == pb.END_REASON_ABANDONED
    by_admin = create(client, "vivo", 3, seats=[HUMAN, OPEN, HUMAN])
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=by_admin.match_id),
                             metadata=auth(ADMIN), timeout=10)
    events = client.events(by_admin.match_id)
    check_events(events, seen)
    assert [e.service.abandoned.by for e in events if e.type == "abandoned"] == ["admin"]
    assert not next(e for e in events if e.type == "abandoned").service.abandoned.HasField(
        "seat")

    clocked = create(client, "vivo", 3, clock=pb.MoveClock(seconds=1))
    stream = client.stub.WatchMatch(pb.WatchMatchRequest(match_id=clocked.match_id),
                                    timeout=20)
    got = []
    for item in stream:
        got.append(item.event)
        if item.event.type == "clock_expired":
            stream.cancel()
            break
    check_events(got, seen)
    expired = got[-1].service.clock_expired
    assert expired.stand_in == "bot" and expired.seat == 0
    assert {"abandoned", "clock_expired", "match_over"} <= seen


def test_hourglass_deadlines_are_timestamps(client: Client) -> None:
    created = create(client, "mixmatch", 2, seed=3,
                     mixmatch_options=mixmatch_pb2.MixMatchOptions(
                         hourglass={"seconds": 90, "nanos": 500_000_000}))
    view = client.view(created.match_id, created.tokens[0].token)
    check_view(view)
    assert typed.seconds(view.mixmatch.hourglass) == 90.5
    assert view.mixmatch.HasField("deadline")
    assert view.mixmatch.deadline == view.deadline
    rolled = [e for e in client.stub.WatchMatch(pb.WatchMatchRequest(
        match_id=created.match_id, no_follow=True), timeout=10) if e.event.type == "dice_rolled"]
    assert rolled[0].event.mixmatch.dice_rolled.deadline == view.deadline
    check_events([r.event for r in rolled], set())


ENGINE_AND_TYPED = [
    ("livemix", 3, {"removed_colour": "moon", "first_lead": 2},
     livemix_pb2.LivemixOptions(removed_colour=livemix_pb2.LIVEMIX_COLOUR_MOON, first_lead=2)),
    ("vivo", 4, {"first_lead": 3}, vivo_pb2.VivoOptions(first_lead=3)),
    ("mixmatch", 2, {"hourglass_seconds": 0, "faster": True, "harder": True},
     mixmatch_pb2.MixMatchOptions(hourglass={}, faster=True, harder=True)),
]


@pytest.mark.parametrize(("game", "players", "engine", "options"), ENGINE_AND_TYPED)
def test_typed_options_make_the_match_the_engine_makes_of_them(
        client: Client, game: str, players: int, engine: dict[str, Any], options: Any) -> None:
    by_typed = create(client, game, players, seed=5, **{f"{game}_options": options})
    config = registry.make_config(game, {**engine, "players": players})
    state = registry.new_game(game, config, seed=5, now=0.0)
    for seat in (None, 0, 1):
        token = None if seat is None else by_typed.tokens[seat].token
        view = client.view(by_typed.match_id, token)
        expected = {k: v for k, v in state.observation(seat).items() if k != "deadline"}
        assert {k: v for k, v in stripped(observation(view)).items() if k != "deadline"} \
            == stripped(expected)
        assert getattr(view, f"{game}_options") == typed.options_message(game, config.to_dict())
    view = client.view(by_typed.match_id)
    assert typed.options_of(view).items() >= engine.items()


def _deals(client: Client) -> dict[str, tuple[dict[str, Any], Any]]:
    """A played deal of each game as the engine's JSON and as its typed message."""
    livemix_events = [event_data(e) for e in client.stub.GetReplay(
        pb.GetReplayRequest(match_id=_finished(client, "livemix")), timeout=10).events]
    hands = [e["hand"] for e in livemix_events if e["type"] == "deal" and e["round"] == 0]
    circle = next(e["circle"] for e in livemix_events if e["type"] == "round_start")
    vivo_events = [event_data(e) for e in client.stub.GetReplay(
        pb.GetReplayRequest(match_id=_finished(client, "vivo")), timeout=10).events]
    vivo_hands = [e["hand"] for e in vivo_events if e["type"] == "deal" and e["round"] == 1]
    harmonies = [e["harmony"] for e in vivo_events
                 if e["type"] == "trick_start" and e["round"] == 1]
    deck = sorted(registry.make_config("mixmatch", {"players": 2}).full_deck(), reverse=True)
    return {
        "livemix": ({"hands": hands, "circle": circle}, livemix_pb2.LivemixDeal(rounds=[
            livemix_pb2.LivemixRoundDeal(
                hands=[common_pb2.StringList(values=h) for h in hands], circle=circle)])),
        "vivo": ({"rounds": [{"hands": vivo_hands, "harmonies": harmonies}, None]},
                 typed.deal_message("vivo", {"rounds": [{"hands": vivo_hands,
                                                         "harmonies": harmonies}, None]})),
        "mixmatch": ({"deck": deck, "rolls": [[30, 5], [20, 8]]}, mixmatch_pb2.MixMatchDeal(
            deck=deck,
            rolls=[common_pb2.IntList(values=[30, 5]), common_pb2.IntList(values=[20, 8])])),
    }


def _finished(client: Client, game: str) -> str:
    created = create(client, game, 4, seed=21)
    tokens = {t.seat: t.token for t in created.tokens}
    rng = random.Random(1)
    turn = 0
    while play_turn([client], created.match_id, tokens, rng, turn) is not None:
        turn += 1
    return created.match_id


def test_typed_deals_make_the_match_the_engine_makes_of_them(client: Client) -> None:
    for game, (deal, message) in _deals(client).items():
        players = 2 if game == "mixmatch" else 4
        # Mix Match turn-based: an hourglass would run from each match's own creation time.
        options = {"hourglass_seconds": 0} if game == "mixmatch" else {}
        by_typed = create(client, game, players, **options_request(game, options),
                          **{f"{game}_deal": message})
        replay_seed = None
        config = registry.make_config(game, {**options, "players": players})
        for seat in range(players):
            view = client.view(by_typed.match_id, by_typed.tokens[seat].token)
            state = registry.new_game(game, config, seed=replay_seed, deal=deal, now=0.0)
            if game != "mixmatch":
                assert observation(view)["hand"] == state.observation(seat)["hand"], game
            else:
                assert observation(view)["table"] == state.observation(seat)["table"]
        assert typed.deal_dict(game, message) == normal_deal(game, deal)


BAD_OPTIONS = [
    ("livemix", 3, {"removed_colour": 9},  # no colour: proto3 enums are open
     {"livemix_options": livemix_pb2.LivemixOptions(removed_colour=9)},
     "options.removed_colour", "livemix_options.removed_colour"),
    ("livemix", 4, {"roster": ["A:heart"]},
     {"livemix_options": livemix_pb2.LivemixOptions(roster=["A:heart"])},
     "options.roster", "livemix_options.roster"),
    ("vivo", 3, {"removed_suit": "X"},
     {"vivo_options": vivo_pb2.VivoOptions(removed_suit="X")},
     "options.removed_suit", "vivo_options.removed_suit"),
    ("mixmatch", 2, {"hourglass_seconds": -5},
     {"mixmatch_options": mixmatch_pb2.MixMatchOptions(hourglass={"seconds": -5})},
     "options.hourglass_seconds", "mixmatch_options.hourglass"),
    ("mixmatch", 2, {"units_die": [0, 0]},
     {"mixmatch_options": mixmatch_pb2.MixMatchOptions(units_die=[0, 0])},
     "options.units_die", "mixmatch_options.units_die"),
    ("mixmatch", 2, {"deck": [1]},
     {"mixmatch_options": mixmatch_pb2.MixMatchOptions(deck=common_pb2.IntList(values=[1]))},
     "options.deck", "mixmatch_options.deck"),
    ("mixmatch", 2, {"youngest_seat": 5},
     {"mixmatch_options": mixmatch_pb2.MixMatchOptions(youngest_seat=5)},
     "options.youngest_seat", "mixmatch_options.youngest_seat"),
]


def _refusal(client: Client, game: str, players: int, **fields: Any) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        create(client, game, players, **fields)
    error: grpc.RpcError = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    return error


def _match_count(redis_db: str) -> int:
    return len(redis.Redis.from_url(redis_db).keys("cardroom:match:*:state"))


@pytest.mark.parametrize(("game", "players", "engine", "fields", "engine_path", "typed_path"),
                         BAD_OPTIONS)
def test_bad_typed_options_are_refused_naming_the_typed_field(
        client: Client, redis_db: str, game: str, players: int, engine: dict[str, Any],
        fields: dict[str, Any], engine_path: str, typed_path: str) -> None:
    before = _match_count(redis_db)
    as_typed = _refusal(client, game, players, **fields)
    assert [f for f, _ in field_violations(as_typed)] == [typed_path]
    assert error_reason(as_typed) == "ERROR_REASON_INVALID_CONFIG"
    key = engine_path.removeprefix("options.")
    with pytest.raises(CardroomError) as engine_says:
        registry.make_config(game, {**engine, "players": players})
    assert engine_says.value.reason in (as_typed.details() or "") and key
    assert _match_count(redis_db) == before


def test_typed_options_or_deals_of_another_game_are_refused(
        client: Client, redis_db: str) -> None:
    before = _match_count(redis_db)
    other = _refusal(client, "vivo", 3, livemix_options=livemix_pb2.LivemixOptions())
    assert [f for f, _ in field_violations(other)] == ["livemix_options"]
    deal = _refusal(client, "vivo", 3, mixmatch_deal=mixmatch_pb2.MixMatchDeal())
    assert [f for f, _ in field_violations(deal)] == ["mixmatch_deal"]
    bad_deal = _refusal(client, "mixmatch", 2, mixmatch_deal=mixmatch_pb2.MixMatchDeal(
        deck=[1, 2, 3]))
    assert [f for f, _ in field_violations(bad_deal)] == ["mixmatch_deal.deck"]
    assert _match_count(redis_db) == before


def test_no_message_of_the_api_carries_a_struct() -> None:
    for module in (pb, bot_pb2, livemix_pb2, vivo_pb2, mixmatch_pb2, common_pb2):
        for message in module.DESCRIPTOR.message_types_by_name.values():
            for field in _all_fields(message, set()):
                assert field.message_type is None or \
                    field.message_type.full_name != "google.protobuf.Struct", field.full_name
        assert "google/protobuf/struct.proto" not in [
            d.name for d in module.DESCRIPTOR.dependencies]


def _all_fields(message_type: Any, seen: set[str]) -> Iterator[Any]:
    if message_type.full_name in seen:
        return
    seen.add(message_type.full_name)
    for field in message_type.fields:
        yield field
        if field.message_type is not None and not field.message_type.full_name.startswith(
                "google."):
            yield from _all_fields(field.message_type, seen)


def _numeric_fields(message_type: Any, seen: set[str]) -> Iterator[Any]:
    if message_type.full_name in seen or message_type.full_name.startswith("google."):
        return
    seen.add(message_type.full_name)
    for field in message_type.fields:
        if field.message_type is not None:
            yield from _numeric_fields(field.message_type, seen)
        elif field.type not in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BOOL,
                                FieldDescriptor.TYPE_ENUM):
            yield field


def _floats(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [f for v in value.values() for f in _floats(v)]
    if isinstance(value, list):
        return [f for v in value for f in _floats(v)]
    return [value] if isinstance(value, float) else []


def test_integers_are_integers_in_the_typed_messages(client: Client) -> None:
    roots = [livemix_pb2.LivemixSeatView, vivo_pb2.VivoSeatView, mixmatch_pb2.MixMatchSeatView,
             *ENGINE_EVENTS.values(), pb.ServiceEvent, livemix_pb2.LivemixOptions,
             vivo_pb2.VivoOptions, mixmatch_pb2.MixMatchOptions, livemix_pb2.LivemixDeal,
             vivo_pb2.VivoDeal, mixmatch_pb2.MixMatchDeal]
    seen: set[str] = set()
    fields = [f for root in roots for f in _numeric_fields(root.DESCRIPTOR, seen)]
    assert fields and all(f.type in (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64)
                          for f in fields), [f.full_name for f in fields]
    for game, players in (("livemix", 4), ("vivo", 3), ("mixmatch", 2)):
        created = create(client, game, players, seed=2)
        view = client.view(created.match_id, created.tokens[0].token)
        as_json = json_format.MessageToDict(getattr(view, game),
                                            preserving_proto_field_name=True)
        assert as_json["players"] == players and type(as_json["players"]) is int
        assert _floats(as_json) == []


def test_typed_view_reads_without_struct(client: Client) -> None:
    created = create(client, "livemix", 4, seed=9)
    tokens = {t.seat: t.token for t in created.tokens}
    view = client.view(created.match_id, tokens[0])
    seat_view = view.livemix
    assert seat_view.seat == 0 and len(seat_view.hand.values) == 12
    assert list(seat_view.hand_sizes) == [12, 12, 12, 12]
    assert seat_view.circle[0].member == seat_view.token_member
    spectator = client.view(created.match_id).livemix
    assert not spectator.HasField("seat") and not spectator.HasField("hand")


def _some(**fields: Any) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


INTS = st.integers(-(2**31), 2**31 - 1)
SPANS = st.builds(duration_pb2.Duration, seconds=st.integers(-(10**6), 10**11),
                  nanos=st.integers(-999_999_999, 999_999_999))


def typed_options(game: str, wide: bool) -> st.SearchStrategy[Any]:
    """A game's typed options: near valid ones, or (`wide`) any value of each type."""
    seats = st.none() | (INTS if wide else st.integers(0, 2))
    players = INTS if wide else st.sampled_from([3, 4] if game != "mixmatch" else [1, 2, 5])
    if game == "livemix":
        return st.builds(lambda **f: livemix_pb2.LivemixOptions(**_some(**f)),
                         players=players, first_lead=seats,
                         roster=st.lists(st.sampled_from(["A:heart", "B:7", "C:3", "D:1", ""]),
                                         max_size=13) if wide else st.just([]),
                         removed_colour=st.none() | st.sampled_from([4, 9, 0]) if wide
                         else st.none())
    if game == "vivo":
        return st.builds(lambda **f: vivo_pb2.VivoOptions(**_some(**f)),
                         players=players, first_lead=seats,
                         removed_suit=st.none() | st.sampled_from(["R", "Q", ""]) if wide
                         else st.none())
    return st.builds(lambda **f: mixmatch_pb2.MixMatchOptions(**_some(**f)),
                     players=players, youngest_seat=seats,
                     hourglass=st.none() | (SPANS if wide else st.builds(
                         duration_pb2.Duration, seconds=st.integers(0, 600))),
                     own_cards=st.none() | st.booleans(), faster=st.none() | st.booleans(),
                     units_die=st.lists(INTS, max_size=7) if wide else st.just([]),
                     deck=st.none() | st.builds(common_pb2.IntList,
                                                values=st.lists(INTS, max_size=8)) if wide
                     else st.none())


TYPED_OPTIONS = {game: typed_options(game, False) | typed_options(game, True)
                 for game in ("livemix", "vivo", "mixmatch")}


@pytest.mark.parametrize("game", sorted(TYPED_OPTIONS))
def test_fuzz_typed_options_are_applied_as_sent_or_refused_naming_a_typed_field(
        client: Client, redis_db: str, game: str) -> None:
    outcomes = {"made": 0, "refused": 0}

    @settings(max_examples=40, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(options=TYPED_OPTIONS[game])
    def attempt(options: Any) -> None:
        before = _match_count(redis_db)
        request = pb.CreateMatchRequest(game=GAME_ENUM[game], **{f"{game}_options": options})
        try:
            created = client.stub.CreateMatch(request, metadata=auth(ADMIN), timeout=10)
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.details()
            fields = [f for f, _ in field_violations(error)]
            assert fields and all(f == "players" or f.startswith(f"{game}_options")
                                  for f in fields), fields
            assert _match_count(redis_db) == before
            outcomes["refused"] += 1
            return
        outcomes["made"] += 1
        view = client.view(created.match_id)
        sent = typed.options_dict(options)
        shown = typed.read(getattr(view, f"{game}_options"))
        assert {k: shown[k] for k in sent} == sent
        assert getattr(view, f"{game}_options").players == view.players

    attempt()
    assert outcomes["made"] and outcomes["refused"], outcomes  # both sides were reached


def _enum_of(message: Any, field: str) -> str:
    found = message.DESCRIPTOR.fields_by_name[field]
    assert found.enum_type is not None, f"{message.DESCRIPTOR.name}.{field} is no enum"
    return str(found.enum_type.full_name)


def test_rule_words_are_enums_rounds_count_from_one_and_nobody_to_act_is_empty(
        client: Client) -> None:
    """Issue 23, defect 3: rule words were strings in mixed conventions, Livemix counted
    rounds from 0, VIVO's legal cards were a StringList and MatchView said -1 for "every
    seat may act"."""
    assert _enum_of(livemix_pb2.LivemixSeatView, "lead_colour") == "cardroom.v1.LivemixColour"
    assert _enum_of(livemix_pb2.LivemixOptions, "removed_colour") == "cardroom.v1.LivemixColour"
    for message in (vivo_pb2.VivoSeatView, vivo_pb2.VivoTrickStart):
        assert _enum_of(message, "harmony") == "cardroom.v1.VivoHarmony"
    assert _enum_of(mixmatch_pb2.MixMatchSeatView, "phase") == "cardroom.v1.MixMatchPhase"
    assert _enum_of(mixmatch_pb2.MixMatchSeatView, "end_reason") == \
        "cardroom.v1.MixMatchEndReason"
    assert _enum_of(mixmatch_pb2.MixMatchGameOver, "reason") == "cardroom.v1.MixMatchEndReason"
    for message in (mixmatch_pb2.MixMatchRoundLog, mixmatch_pb2.MixMatchRoundEnded):
        assert _enum_of(message, "outcome") == "cardroom.v1.MixMatchOutcome"
    for message in (pb.MatchSummary, pb.MatchView):
        assert _enum_of(message, "dealt_by") == "cardroom.v1.DealtBy"
    assert _enum_of(bot_pb2.PolicyParam, "kind") == "cardroom.v1.PolicyParamKind"
    legal = vivo_pb2.VivoSeatView.DESCRIPTOR.fields_by_name["legal_actions"]
    assert legal.label == FieldDescriptor.LABEL_REPEATED and legal.message_type is None
    assert "current_player" not in pb.MatchView.DESCRIPTOR.fields_by_name

    created = create(client, "livemix", 4, seed=3)
    token = created.tokens[0].token
    view = client.view(created.match_id, token)
    assert view.livemix.round == 1 and len(view.acting_seats) == 1
    opening = [e for e in client.stub.WatchMatch(pb.WatchMatchRequest(
        match_id=created.match_id, no_follow=True), metadata=auth(token), timeout=10)]
    starts = [i.event.livemix.round_start for i in opening if i.event.type == "round_start"]
    deals = [i.event.livemix.deal for i in opening if i.event.type == "deal"]
    assert [s.round for s in starts] == [1] and [d.round for d in deals] == [1]
    vivo = client.view(create(client, "vivo", 3, seed=3).match_id)
    assert vivo.vivo.harmony != vivo_pb2.VIVO_HARMONY_UNSPECIFIED and vivo.vivo.round == 1
    race = create(client, "mixmatch", 2, seed=3,
                  mixmatch_options=mixmatch_pb2.MixMatchOptions(hourglass={}))
    claims = client.view(race.match_id)
    assert list(claims.acting_seats) == [0, 1]
    assert claims.mixmatch.phase == mixmatch_pb2.MIX_MATCH_PHASE_CLAIMS
    assert claims.mixmatch.round_log[0].outcome == mixmatch_pb2.MIX_MATCH_OUTCOME_RUNNING
    client.stub.AbandonMatch(pb.AbandonMatchRequest(match_id=race.match_id),
                             metadata=auth(ADMIN), timeout=10)
    assert list(client.view(race.match_id).acting_seats) == []  # nobody to act: empty


def test_scores_mean_one_thing_per_game_in_every_message() -> None:
    """Issue 23, defect 3: TurnFrame.scores said only "Totals so far" while it meant running
    totals in VIVO, finished rounds in Livemix and cards won in Mix Match: each game's proto
    now says what its scores are, and the match messages point there."""
    proto = Path(__file__).resolve().parents[3] / "proto" / "cardroom" / "v1"
    for game in ("livemix", "vivo", "mixmatch"):
        assert "// Scores (" in (proto / f"{game}.proto").read_text(), game
    match = (proto / "match.proto").read_text()
    assert "Totals so far" not in match


def test_int_policy_parameters_have_bounds_a_double_holds_exactly() -> None:
    """Issue 23, defect 4: the seed parameter's maximum 2^63-1 went out as a double
    (9223372036854775808, one past it): every whole-number bound is at most 2^53 now."""
    from cardroom.services.bot.mapping import policy_info
    from cardroom.shared.bots import list_policies
    for info in list_policies():
        for param in policy_info(info).params:
            if param.kind == bot_pb2.POLICY_PARAM_KIND_INT:
                for bound in (param.minimum, param.maximum, param.default_value):
                    assert abs(bound) <= 2**53 and bound == int(bound), (info.name, param.name)
