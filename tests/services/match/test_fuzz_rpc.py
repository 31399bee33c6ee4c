"""Every RPC of the three services fuzzed: Hypothesis builds request messages from their
descriptors (every field, any value its type allows, unknown enum values, NaN and huge
numbers in typed options, deals and views, plus real match ids, seats, moves and tokens so
calls get deep), and random bytes go on the wire as requests. Only the documented status
codes come back (never INTERNAL or UNKNOWN), a refused call leaves Redis exactly as it was
(every key and value compared), and the servers stay healthy. Message size limits are
refused cleanly.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
import redis
from google.protobuf import message_factory
from google.protobuf.descriptor import FieldDescriptor, MethodDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.grpc_servers import HOST, channel_to, health_status, local_settings
from support.loops import in_thread
from support.match_client import ADMIN, match_settings
from support.redis_server import RedisServer

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import create_server as create_bot_server
from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import SeatSpec
from cardroom.services.match.server import MatchServer
from cardroom.services.match.server import create_server as create_match_server
from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server as create_solver_server
from cardroom.shared.proto.cardroom.v1 import bot_pb2, common_pb2, match_pb2, solver_pb2
from cardroom.shared.wire import typed

Code = grpc.StatusCode
BOT_TOKEN = "bot-token-for-fuzzing"
DB = 8
FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: What each service documents (proto headers); never INTERNAL or UNKNOWN.
MATCH_CODES = {Code.OK, Code.INVALID_ARGUMENT, Code.FAILED_PRECONDITION, Code.ABORTED,
               Code.NOT_FOUND, Code.UNAUTHENTICATED, Code.PERMISSION_DENIED}
SOLVER_CODES = {Code.OK, Code.INVALID_ARGUMENT}
BOT_CODES = {Code.OK, Code.INVALID_ARGUMENT, Code.NOT_FOUND, Code.UNAUTHENTICATED,
             Code.PERMISSION_DENIED, Code.DEADLINE_EXCEEDED}

#: Codes that show fuzzing got past the request checks: into the engines and the store.
DEEP = {"CreateMatch": {Code.OK}, "SubmitMove": {Code.FAILED_PRECONDITION},
        "JoinMatch": {Code.FAILED_PRECONDITION}, "GetMatch": {Code.OK}, "Solve": {Code.OK},
        "Verify": {Code.OK}, "Analyze": {Code.OK}}


# ---- requests from descriptors -------------------------------------------------------------

def _create_request(options: dict[str, Any], **fields: Any) -> match_pb2.CreateMatchRequest:
    """A CreateMatch request with typed options written as the engine's keys."""
    request = match_pb2.CreateMatchRequest(**fields)
    for which, values in options.items():
        getattr(request, which).CopyFrom(typed.options_request(which.removesuffix("_options"),
                                                               values))
    return request


#: Typed views and events nest so deep and wide that a strategy over all of them takes
#: minutes to build: fuzzed inside a request only at its top level (their conversion has
#: tests of its own in test_api_typed.py and test_bot_units.py).
NESTED = frozenset({"cardroom.v1.MatchEvent", "cardroom.v1.LivemixSeatView",
                    "cardroom.v1.VivoSeatView", "cardroom.v1.MixMatchSeatView"})

TEXT = st.text(alphabet=st.characters(codec="utf-8"), max_size=300)  # no lone surrogates


def scalar(field: FieldDescriptor, hints: dict[str, st.SearchStrategy[Any]]
           ) -> st.SearchStrategy[Any]:
    """Any value of a scalar field, with realistic ones mixed in for fields named in hints."""
    T = FieldDescriptor
    kind = field.type
    base: st.SearchStrategy[Any]
    if kind in (T.TYPE_INT32, T.TYPE_SINT32, T.TYPE_SFIXED32):
        base = st.integers(-3, 12) | st.integers(-(2**31), 2**31 - 1)
    elif kind in (T.TYPE_INT64, T.TYPE_SINT64, T.TYPE_SFIXED64):
        base = st.integers(-3, 12) | st.integers(-(2**63), 2**63 - 1)
    elif kind in (T.TYPE_UINT32, T.TYPE_FIXED32):
        base = st.integers(0, 2**32 - 1)
    elif kind in (T.TYPE_UINT64, T.TYPE_FIXED64):
        base = st.integers(0, 2**64 - 1)
    elif kind in (T.TYPE_DOUBLE, T.TYPE_FLOAT):
        base = st.floats(allow_nan=True, allow_infinity=True, width=64 if kind == T.TYPE_DOUBLE
                         else 32)
    elif kind == T.TYPE_BOOL:
        base = st.booleans()
    elif kind == T.TYPE_ENUM:
        base = st.integers(-2, 8)  # proto3 enums are open: unknown numbers arrive too
    elif kind == T.TYPE_BYTES:
        base = st.binary(max_size=64)
    else:
        base = TEXT
    # A hint named "<field>:string" is for a text field of that name (a lobby cursor), the
    # plain name for the others (a match's event cursor).
    name = field.name
    if kind == T.TYPE_STRING and f"{name}:string" in hints:
        name = f"{name}:string"
    return hints[name] | base if name in hints else base


def messages(descriptor: Any, hints: dict[str, st.SearchStrategy[Any]],
             depth: int = 0) -> st.SearchStrategy[Any]:
    """Any message of `descriptor`'s type: each field set or not, with any value."""
    cls = message_factory.GetMessageClass(descriptor)
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for field in descriptor.fields:
        value: st.SearchStrategy[Any]
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if depth > 3 or (depth and field.message_type.full_name in NESTED):
                continue
            value = messages(field.message_type, hints, depth + 1)
        else:
            value = scalar(field, hints)
        if _is_map(field):
            entry = field.message_type.fields_by_name
            value = st.dictionaries(scalar(entry["key"], hints), scalar(entry["value"], hints),
                                    max_size=4)
        elif field.label == FieldDescriptor.LABEL_REPEATED:
            value = st.lists(value, max_size=5)
        fields[field.name] = value
    return st.fixed_dictionaries({}, optional=fields).map(lambda values: _build(cls, values))


def _is_map(field: Any) -> bool:
    return (field.type == FieldDescriptor.TYPE_MESSAGE
            and field.message_type.GetOptions().map_entry)


def _build(cls: Callable[[], Message], values: dict[str, Any]) -> Message:
    message = cls()
    for name, value in values.items():
        field: Any = message.DESCRIPTOR.fields_by_name[name]
        target = getattr(message, name)
        if _is_map(field):
            target.update(value)
        elif field.label == FieldDescriptor.LABEL_REPEATED:
            for item in value:
                target.add().CopyFrom(item) if field.type == field.TYPE_MESSAGE \
                    else target.append(item)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            target.CopyFrom(value)
        else:
            setattr(message, name, value)
    return message


# ---- servers and what they hold ------------------------------------------------------------

@dataclasses.dataclass
class Room:
    """The servers under test, a few real matches and tokens to aim at."""

    match: MatchServer
    match_port: int
    solver_port: int
    bot_port: int
    db: redis.Redis
    ids: list[str]
    tokens: list[str]
    moves: list[str]
    channels: dict[int, grpc.Channel] = dataclasses.field(default_factory=dict)

    def channel(self, port: int) -> grpc.Channel:
        """One channel per server, kept for the module."""
        if port not in self.channels:
            self.channels[port] = grpc.insecure_channel(f"{HOST}:{port}")
            grpc.channel_ready_future(self.channels[port]).result(timeout=10)
        return self.channels[port]


@pytest.fixture(scope="module")
def room(redis_server: RedisServer) -> Iterator[Room]:
    """Match service (timers off, bot tasks kept in memory), solver and bot API, with an
    active, an open and a finished match."""
    url = redis_server.url.rsplit("/", 1)[0] + f"/{DB}"
    db = redis.Redis.from_url(url, decode_responses=True)
    db.flushdb()
    # One fuzzing client creates far more matches a minute than a player would.
    settings = dataclasses.replace(match_settings(url), bot_token=BOT_TOKEN,
                                   create_per_minute=1_000_000, live_per_creator=1_000_000)
    match, match_port = in_thread(create_match_server, settings, host=HOST,
                                  queue=MemoryQueue(), run_timers=False)
    match.start()
    solver, solver_port = in_thread(
        create_solver_server, SolverConfig(rpc=local_settings("solver"), max_seconds=0.5),
        host=HOST)
    solver.start()
    common = local_settings("bot", redis_url=url, celery_broker_url=url,
                            match_addr=f"{HOST}:{match_port}")
    bots, bot_port = in_thread(
        create_bot_server, BotSettings(common=common, bot_token=BOT_TOKEN, suggest_max_s=0.3),
        host=HOST)
    bots.start()
    room = Room(match, match_port, solver_port, bot_port, db, [], [], [])
    yield room
    for channel in room.channels.values():
        channel.close()
    bots.stop(None)
    solver.stop(None)
    match.stop(None)
    db.close()


@pytest.fixture
def targets(room: Room) -> Room:
    """Fresh matches to aim at (each test's fuzzing may end or delete the last ones): an
    active VIVO match, a Livemix match with an open seat, a Mix Match that is over."""
    # On the replica's own event loop, where its Redis connections live.
    room.match.runner.run(_aim(room, room.match.service))
    return room


async def _aim(room: Room, service: MatchService) -> None:
    active = await service.create_match("vivo", 3, seed=4)
    opened = await service.create_match("livemix", 4, seats=[
        *(SeatSpec("human") for _ in range(3)), SeatSpec("open")], seed=5)
    over = await service.create_match("mixmatch", 2, seed=6)
    await service.abandon(over.match_id, ADMIN)
    first = (await service.get_view(active.match_id))["current_player"]
    room.moves = list((await service.get_view(active.match_id, active.tokens[first]))[
        "legal_moves"])
    room.ids = [active.match_id, opened.match_id, over.match_id]
    # The token of the seat to move first, then the others: the likeliest to get deep.
    room.tokens = [active.tokens[first], *active.tokens.values(), *opened.tokens.values(),
                   ADMIN, BOT_TOKEN, "forged"]


def hints(room: Room) -> dict[str, st.SearchStrategy[Any]]:
    """Realistic values for fields by name, mixed into the arbitrary ones."""
    return {
        "match_id": st.sampled_from([*room.ids, "0" * 28, "f" * 28]),
        "action": st.sampled_from([*room.moves, "timeout", "pass", "pick 3", "claim 1+2"]),
        "card": st.sampled_from([*room.moves, "H1", "R5", "Z9"]),
        "claim": st.sampled_from(["(24+12)*2", "1+" * 60 + "1", "(" * 30 + "1" + ")" * 30,
                                  "9" * 40, "7/0"]),
        "seat": st.integers(-1, 4), "expected_version": st.integers(0, 4),
        "cursor": st.integers(-1, 3), "page_size": st.integers(-1, 101),
        "cursor:string": st.sampled_from(["", "0-0", "1-0", "99999999999999-0", "1-x"]),
        "policy": st.sampled_from(["random", "heuristic", "ismcts", "solver", ""]),
        "game": st.sampled_from([1, 2, 3]),
        "cards": st.integers(1, 30), "target": st.integers(1, 200),
    }


def plausible(room: Room, method: MethodDescriptor) -> st.SearchStrategy[Any]:
    """Requests close to valid ones (one or two fields off), so fuzzing gets past the first
    checks into the engines, the solver and the stores."""
    h = hints(room)
    cards = st.lists(st.integers(1, 30), min_size=1, max_size=8)
    name = method.name
    if name == "CreateMatch":
        seat = st.builds(match_pb2.SeatSpec, kind=st.integers(0, 3), name=st.text(max_size=70),
                         policy=h["policy"], strength=st.integers(-1, 6))
        options = st.sampled_from([{}, {"mixmatch_options": {"hourglass_seconds": 0}},
                                   {"mixmatch_options": {"own_cards": True}},
                                   {"mixmatch_options": {"deck": [1, 2, 3, 4, 5, 6]}},
                                   {"livemix_options": {"removed_colour": "heart"}}])
        near = st.builds(
            _create_request, game=st.integers(1, 3), players=st.integers(1, 5),
            seats=st.lists(seat, max_size=5), options=options,
            seed=st.integers(0, 2**64 - 1), private=st.booleans(),
            clock=st.none() | st.builds(match_pb2.MoveClock, seconds=st.floats(-1, 100),
                                        on_expiry=st.integers(0, 3)))
        # Valid ones too, so the fuzzing reaches the stores whatever values Hypothesis
        # favours in a given run (its choices depend on the code loaded before it).
        valid = st.sampled_from([(1, 4), (2, 3), (3, 2)]).flatmap(
            lambda table: st.builds(
                match_pb2.CreateMatchRequest, game=st.just(table[0]), players=st.just(table[1]),
                seed=st.integers(0, 2**64 - 1), private=st.booleans()))
        return near | valid
    if name == "SubmitMove":
        return st.builds(match_pb2.SubmitMoveRequest, match_id=h["match_id"],
                         action=h["action"], request_id=st.text(max_size=140),
                         expected_version=st.integers(0, 3), seat=st.none() | h["seat"])
    if name in ("Solve", "Verify", "Analyze"):
        kind = getattr(solver_pb2, f"{name}Request")
        extra: dict[str, Any] = {"expression": h["claim"] | st.text(max_size=40)} \
            if name == "Verify" else {}
        if name == "Analyze":
            extra = {"limit": st.integers(0, 50), "reachable_min": st.integers(0, 60),
                     "reachable_max": st.integers(0, 60)}
        return st.builds(kind, cards=cards, target=st.integers(1, 120), **extra)
    return messages(method.input_type, h)


def snapshot(db: Any) -> dict[str, Any]:
    """Every key of the database and its whole value (three round trips)."""
    keys = sorted(db.keys("*"))
    pipe = db.pipeline(transaction=False)
    for key in keys:
        pipe.type(key)
    kinds = pipe.execute()
    readers = {"string": pipe.get, "hash": pipe.hgetall,
               "list": lambda k: pipe.lrange(k, 0, -1),
               "zset": lambda k: pipe.zrange(k, 0, -1, withscores=True),
               "stream": pipe.xrange, "set": pipe.smembers}
    for key, kind in zip(keys, kinds, strict=True):
        readers[kind](key)
    return dict(zip(keys, pipe.execute(), strict=True))


def call(channel: grpc.Channel, method: MethodDescriptor, request: bytes,
         metadata: list[tuple[str, str]], timeout: float) -> Code:
    """Call `method` with a serialized request; the status code it ends with."""
    path = f"/{method.containing_service.full_name}/{method.name}"
    stream: Any = channel.unary_stream(path)
    unary: Any = channel.unary_unary(path)
    try:
        if method.server_streaming:
            for _ in stream(request, metadata=metadata, timeout=timeout):
                pass
        else:
            unary(request, metadata=metadata, timeout=timeout)
    except grpc.RpcError as error:
        return error.code()
    return Code.OK


MATCH = match_pb2.DESCRIPTOR.services_by_name["MatchService"]
SOLVER = solver_pb2.DESCRIPTOR.services_by_name["SolverService"]
BOT = bot_pb2.DESCRIPTOR.services_by_name["BotService"]
ALL_METHODS = [*MATCH.methods, *SOLVER.methods, *BOT.methods]


def _target(room: Room, method: MethodDescriptor) -> tuple[int, set[Code], float]:
    """(port, documented codes, client timeout) for a method."""
    service = method.containing_service
    if service is SOLVER:
        return room.solver_port, SOLVER_CODES, 2.0
    if service is BOT:
        return room.bot_port, BOT_CODES, 2.0
    codes = set(MATCH_CODES)
    follows = method.name in ("WatchMatch", "WatchLobby")
    if follows:
        # Following a live match, or the lobby, until our own deadline.
        codes.add(Code.DEADLINE_EXCEEDED)
    if method.name == "WatchLobby":
        codes.add(Code.OUT_OF_RANGE)  # a lobby cursor too old or past the newest change
    return room.match_port, codes, 0.5 if follows else 5.0


def check_call(room: Room, method: MethodDescriptor, request: bytes,
               metadata: list[tuple[str, str]]) -> Code:
    """One fuzzed call: a documented code, and no change to Redis unless it succeeded."""
    port, codes, timeout = _target(room, method)
    before = snapshot(room.db)
    code = call(room.channel(port), method, request, metadata, timeout)
    assert code in codes, f"{method.full_name} answered {code}"
    if code != Code.OK and method.containing_service is MATCH:
        assert snapshot(room.db) == before, f"a refused {method.name} changed Redis"
    return code


def auth_headers(room: Room) -> st.SearchStrategy[list[tuple[str, str]]]:
    """No credential, a real one, a forged one, or a malformed header."""
    # HTTP/2 carries printable ASCII header values only (a client refuses to send others).
    token = st.sampled_from(room.tokens) | st.text(
        alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=300)
    return st.one_of(
        st.just([]),
        token.map(lambda t: [("authorization", f"Bearer {t}")]),
        st.sampled_from(["Basic abc", "Bearer", "bearer  x", "Token t"]).map(
            lambda v: [("authorization", v)]))


# ---- the tests ----------------------------------------------------------------------------

@pytest.mark.parametrize("method", ALL_METHODS, ids=lambda m: m.full_name)
def test_fuzz_every_rpc_with_any_request_message_answers_documented_codes_only(
        targets: Room, method: MethodDescriptor) -> None:
    room = targets
    seen: set[Code] = set()

    @FUZZ
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        request = data.draw(messages(method.input_type, hints(room))
                            | plausible(room, method))
        metadata = data.draw(auth_headers(room))
        seen.add(check_call(room, method, request.SerializeToString(), metadata))

    run()
    assert seen - {Code.OK}, f"no fuzzed {method.name} call was refused"
    assert DEEP.get(method.name, set()) <= seen, f"{method.name} never got past the checks"


@pytest.mark.parametrize("method", ALL_METHODS, ids=lambda m: m.full_name)
def test_fuzz_every_rpc_with_random_bytes_on_the_wire_is_refused_cleanly(
        targets: Room, method: MethodDescriptor) -> None:
    room = targets
    seen: set[Code] = set()

    @settings(max_examples=25, deadline=None, derandomize=True)
    @given(payload=st.binary(max_size=200) | st.just(b"\xff" * 8) | st.just(b"\x0a\xff\xff"))
    def run(payload: bytes) -> None:
        seen.add(check_call(room, method, payload, []))

    run()
    assert Code.INVALID_ARGUMENT in seen


def test_fuzz_servers_stay_healthy_and_keep_serving(targets: Room) -> None:
    room = targets
    for port in (room.match_port, room.solver_port, room.bot_port):
        with channel_to(port) as channel:
            assert health_status(channel, "") == 1
    view = room.match.runner.run(room.match.service.get_view(room.ids[0]))
    assert view["match_id"] == room.ids[0]
    with channel_to(room.solver_port) as channel:
        stub = channel.unary_unary("/cardroom.v1.SolverService/Verify",
                                   request_serializer=solver_pb2.VerifyRequest.SerializeToString,
                                   response_deserializer=solver_pb2.VerifyResponse.FromString)
        reply = stub(solver_pb2.VerifyRequest(cards=[12, 24, 7, 2, 6], target=48,
                                              expression="(24+12)*2-7+6-2+1"), timeout=5)
        assert isinstance(reply.valid, bool)


@pytest.mark.parametrize("method", [MATCH.methods_by_name["CreateMatch"],
                                    SOLVER.methods_by_name["Verify"],
                                    BOT.methods_by_name["SuggestMove"]],
                         ids=lambda m: m.full_name)
def test_fuzz_message_size_limit_refuses_oversized_requests(room: Room,
                                                            method: MethodDescriptor) -> None:
    limit = local_settings().max_message_bytes
    port, _, _ = _target(room, method)
    before = snapshot(room.db)
    with channel_to(port) as channel:
        # A request just over the limit: one long string field (field 1 of every request).
        oversize = b"\x0a" + _varint(limit) + b"x" * limit
        assert call(channel, method, oversize, [], 5.0) == Code.RESOURCE_EXHAUSTED
        fitting = b"\x0a" + _varint(limit // 2) + b"x" * (limit // 2)
        assert call(channel, method, fitting, [], 5.0) != Code.RESOURCE_EXHAUSTED
        # A credential header far beyond gRPC's metadata limit is refused too.
        huge = [("authorization", "Bearer " + "t" * 100_000)]
        assert call(channel, method, b"", huge, 5.0) != Code.OK
        assert health_status(channel, "") == 1
    assert snapshot(room.db) == before


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def test_fuzz_extreme_numbers_in_typed_options_and_deals_map_to_documented_codes(
        room: Room) -> None:
    """The largest, smallest and not-a-number values each typed field can carry, in options,
    deals and a bot's view."""
    for value in (-(2**31), -1, 0, 2**31 - 1):
        for options in ({"players": value}, {"hourglass_seconds": value * 1e3},
                        {"deck": [value] * 3}, {"youngest_seat": value}):
            request = match_pb2.CreateMatchRequest(
                game=common_pb2.GAME_MIXMATCH, players=2,
                mixmatch_options=typed.options_request("mixmatch", options))
            code = check_call(room, MATCH.methods_by_name["CreateMatch"],
                              request.SerializeToString(), [])
            assert code in (Code.OK, Code.INVALID_ARGUMENT)
        deal = match_pb2.CreateMatchRequest(
            game=common_pb2.GAME_MIXMATCH, players=2,
            mixmatch_deal=typed.deal_message("mixmatch", {"deck": [value] * 3,
                                                          "rolls": [[value, value]]}))
        assert check_call(room, MATCH.methods_by_name["CreateMatch"], deal.SerializeToString(),
                          []) == Code.INVALID_ARGUMENT
    for number in (math.nan, math.inf, -math.inf, 1e308, -1e308, 5e-324):
        clock = match_pb2.CreateMatchRequest(game=common_pb2.GAME_VIVO, players=3,
                                             clock=match_pb2.MoveClock(seconds=number))
        assert check_call(room, MATCH.methods_by_name["CreateMatch"], clock.SerializeToString(),
                          []) in (Code.OK, Code.INVALID_ARGUMENT)
    for card in ("", "R99", "x" * 300):
        seen = bot_pb2.SeatObservation(
            game=common_pb2.GAME_VIVO,
            vivo=typed.seat_view("vivo", {"seat": 0, "hand": [card]}),
            events=[typed.event_message(1, {"type": "play", "card": card}, "vivo")])
        suggestion = bot_pb2.SuggestMoveRequest(policy="random", observation=seen)
        assert check_call(room, BOT.methods_by_name["SuggestMove"],
                          suggestion.SerializeToString(), []) in (Code.OK,
                                                                  Code.INVALID_ARGUMENT)
