"""Hostile input to the parsers: Mix Match claims, every game's actions, options and explicit
deals (deep nesting, huge numbers, long strings), and the solver past its limits.

Each input is refused with the domain's own errors (never another exception), in bounded
time and memory (tracemalloc's peak) whatever its size; a Struct nested deeper than
protobuf allows is refused on the wire. The solver refuses requests beyond its limits at
once, and the heaviest requests within them stop using the CPU when their deadline passes.
"""

from __future__ import annotations

import os
import time
import tracemalloc
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import struct_pb2
from hypothesis import given, settings
from hypothesis import strategies as st
from support.grpc_servers import channel_to, health_status
from support.match_client import match_server
from support.redis_server import RedisServer

from cardroom.services.solver.server import MAX_WORKERS
from cardroom.shared.errors import CardroomError, MalformedAction
from cardroom.shared.games import registry
from cardroom.shared.games.mixmatch import Action, check_claim, parse_action, parse_expression
from cardroom.shared.proto.cardroom.v1 import common_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.process import ServiceProcess, start_service

#: Bounds for any one input (generous on a loaded 2-core machine; a linear parser of
#: a few KiB is well under them, a quadratic or exponential one is not).
MAX_SECONDS = 0.25
MAX_PEAK_BYTES = 2 << 20
FUZZ = settings(max_examples=150, deadline=None, derandomize=True)
GAMES = ("livemix", "vivo", "mixmatch")

CLAIM_TEXT = st.text(alphabet=st.sampled_from(list("0123456789+-*/xX×÷() \t")), max_size=400)
HOSTILE_CLAIMS = ["(" * 10_000 + "1" + ")" * 10_000, "9" * 100_000, "1+" * 50_000 + "1",
                  "((1+2)*" * 15 + "3" + ")" * 15, "999999999*" * 19 + "999999999",
                  "1/" * 99 + "1", " " * 200 + "1", "\x00" * 50, "٣+٤", "1" + "\u0301" * 100]


def bounded(work: Callable[[], Any]) -> Any:
    """Run `work`, asserting it ends in bounded time and memory; its result or the domain
    error it raised (any other exception fails the test)."""
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result: Any = work()
    except CardroomError as error:
        result = error
    finally:
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert elapsed < MAX_SECONDS, f"took {elapsed:.3f}s"
    assert peak < MAX_PEAK_BYTES, f"peak {peak} bytes"
    return result


@FUZZ
@given(text=CLAIM_TEXT | st.text(max_size=400) | st.sampled_from(HOSTILE_CLAIMS))
def test_fuzz_claim_parser_any_text_bounded_and_only_malformed_action(text: str) -> None:
    result = bounded(lambda: check_claim(text, [12, 24, 7, 2, 6, 9, 9], 48))
    assert not isinstance(result, CardroomError)  # check_claim reports, never raises
    assert result.valid or result.reason
    if result.expression is not None:  # what parsed renders and parses back to itself
        assert parse_expression(result.expression).render() == result.expression


@pytest.mark.parametrize("text", HOSTILE_CLAIMS, ids=range(len(HOSTILE_CLAIMS)))
def test_fuzz_claim_parser_hostile_claims_are_refused_at_once(text: str) -> None:
    result = bounded(lambda: check_claim(text, list(range(1, 17)), 48))
    assert not result.valid or len(text) <= 200


#: What the grammar may contain: ASCII printable text plus the two documented signs.
GRAMMAR_CHARACTERS = frozenset("".join(chr(c) for c in range(32, 127)) + "\t×÷")
ACTION_TEXT = (st.text(max_size=60)
               | st.sampled_from(["claim ", "claim@", "pick ", "pass", "timeout"]).flatmap(
                   lambda head: st.text(max_size=30).map(lambda tail: head + tail)))


@FUZZ
@given(text=ACTION_TEXT)
def test_fuzz_action_grammar_accepts_only_its_own_characters(text: str) -> None:
    result = bounded(lambda: parse_action(text))
    if isinstance(result, CardroomError):
        assert isinstance(result, MalformedAction) and result.reason
        return
    assert isinstance(result, Action)
    head = text if result.kind != "claim" else text.partition(" ")[0]
    assert head.isascii() and "\n" not in head and "\t" not in head
    if result.kind == "claim":
        expression = bounded(lambda: parse_expression(result.text))
        if not isinstance(expression, CardroomError):
            assert set(result.text) <= GRAMMAR_CHARACTERS


def _state(game: str) -> Any:
    players = {"livemix": 4, "vivo": 3, "mixmatch": 2}[game]
    options = {"players": players, **({"hourglass_seconds": 0} if game == "mixmatch" else {})}
    return registry.new_game(game, registry.make_config(game, options), seed=3, now=1.0)


@FUZZ
@given(game=st.sampled_from(GAMES), seat=st.integers(-2, 5) | st.none(),
       action=st.text(max_size=500) | CLAIM_TEXT.map(lambda t: f"claim {t}")
       | st.sampled_from(["claim@1 " + HOSTILE_CLAIMS[0][:490], "pick 99999999999999999999",
                          "claim@99999999999999999999 1", "H99", "R-1", "timeout", ""]))
def test_fuzz_engine_actions_any_text_bounded_and_only_domain_errors(
        game: str, seat: int | None, action: str) -> None:
    state = _state(game)
    bounded(lambda: state.apply_action(action, seat, 2.0))


def json_values(depth: int = 6) -> st.SearchStrategy[Any]:
    """JSON with huge integers, long strings and nesting."""
    leaves = (st.none() | st.booleans() | st.integers() | st.integers(10**30, 10**40)
              | st.floats(allow_nan=False) | st.text(max_size=30)
              | st.sampled_from(["H1", "R5", "B12", "A:heart", "SOLO", "x" * 5000]))
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=14)
                        | st.dictionaries(st.text(max_size=10) | st.sampled_from(
                            ["hands", "circle", "rounds", "harmonies", "deck", "rolls"]),
                            inner, max_size=5), max_leaves=60)


def nested(depth: int, leaf: Any = 1) -> Any:
    """A list nested `depth` deep."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


DEALS = st.dictionaries(st.sampled_from(["hands", "circle", "rounds", "harmonies", "deck",
                                         "rolls"]), json_values(), max_size=3)
HOSTILE_DEALS = [{"hands": nested(5000)}, {"rounds": nested(5000)}, {"deck": nested(5000)},
                 {"deck": [10**400] * 1000}, {"rolls": [[10**400, 10**400]] * 100},
                 {"hands": [["H1"] * 100_000] * 4}, {"harmonies": ["SOLO" * 100_000] * 12},
                 {"rounds": [{"hands": "x" * 1_000_000}]}, {"circle": [None] * 12}]


@FUZZ
@given(game=st.sampled_from(GAMES), deal=DEALS | st.sampled_from(HOSTILE_DEALS))
def test_fuzz_explicit_deal_validators_bounded_and_only_invalid_deal(
        game: str, deal: dict[str, Any]) -> None:
    config = registry.make_config(game, {"players": 3})
    outcome = bounded(lambda: registry.new_game(game, config, deal=deal, now=1.0))
    if isinstance(outcome, CardroomError):
        assert type(outcome).__name__ in ("InvalidDeal", "InvalidConfig", "InvalidArgument",
                                          "MalformedAction")


def _nested_struct(depth: int) -> bytes:
    """A google.protobuf.Struct nested `depth` deep, serialized (deeper than a parser takes)."""
    struct = struct_pb2.Struct()
    inner = struct
    for _ in range(depth):
        inner = inner.fields["rounds"].struct_value
    return struct.SerializeToString()


@pytest.mark.parametrize("depth", [60, 5000])
def test_fuzz_deal_nested_deeper_than_protobuf_allows_costs_nothing_on_the_wire(
        redis_server: RedisServer, depth: int) -> None:
    """Field 6 of CreateMatchRequest was the Struct deal; it is reserved now that the API is
    typed only, so a deeply nested message sent there is an unknown field, skipped without
    being parsed: the call is answered at once (the typed request itself is valid) and the
    server stays healthy."""
    with match_server(redis_server.url) as server, channel_to(server.port) as channel:
        deal = _nested_struct(depth)
        # CreateMatchRequest: game (1) = VIVO, players (2) = 3, field 6 = the nested bytes.
        request = b"\x08\x02\x10\x03\x32" + _varint(len(deal)) + deal
        create: Any = channel.unary_unary("/cardroom.v1.MatchService/CreateMatch")
        started = time.perf_counter()
        answer = pb.CreateMatchResponse.FromString(create(request, timeout=10))
        assert answer.match_id  # made from the typed fields alone
        assert time.perf_counter() - started < 1.0
        assert health_status(channel, "") == 1


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes([*out, value])


@FUZZ
@given(game=st.sampled_from(GAMES),
       options=st.dictionaries(st.text(max_size=20) | st.sampled_from([
           "players", "hourglass_seconds", "deck", "remove_colour", "roster", "own_cards",
           "youngest_seat", "tens_die", "harder"]), json_values(), max_size=4))
def test_fuzz_game_options_bounded_and_only_invalid_config(game: str,
                                                         options: dict[str, Any]) -> None:
    outcome = bounded(lambda: registry.make_config(game, options))
    if isinstance(outcome, CardroomError):
        assert isinstance(outcome, CardroomError) and outcome.reason


# ---- the solver past its limits and at them -------------------------------------------------

@pytest.fixture(scope="module")
def solver() -> Iterator[ServiceProcess]:
    """`python -m cardroom.services.solver` with a 2 s cap per search; this test's one caller
    may run a search on every thread (the per-caller share has tests of its own)."""
    process = start_service("cardroom.services.solver", {
        "SOLVER_MAX_SECONDS": "2", "GRPC_MAX_RUNNING_PER_CALLER": str(MAX_WORKERS)})
    yield process
    process.stop()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


BEYOND = [
    ("Solve", solver_pb2.SolveRequest(cards=list(range(1, 18)), target=48)),
    ("Solve", solver_pb2.SolveRequest(cards=[1001, 2], target=48)),
    ("Solve", solver_pb2.SolveRequest(cards=[1, 2], target=100_001)),
    ("Solve", solver_pb2.SolveRequest(cards=[1, 2], target=3, optimal_limit=1001)),
    ("Analyze", solver_pb2.AnalyzeRequest(cards=[1, 2], target=3, limit=100_001)),
    ("Analyze", solver_pb2.AnalyzeRequest(cards=[1, 2], target=3, reachable_min=1,
                                          reachable_max=1001)),
    ("Verify", solver_pb2.VerifyRequest(cards=[1, 2], target=3, expression="1+" * 200 + "1")),
]


def test_fuzz_solver_requests_beyond_limits_are_refused_at_once(
        solver: ServiceProcess) -> None:
    with channel_to(solver.grpc_port) as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        for method, request in BEYOND:
            before = cpu_seconds(solver.popen.pid)
            started = time.perf_counter()
            with pytest.raises(grpc.RpcError) as caught:
                getattr(stub, method)(request, timeout=10)
            assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, request
            assert time.perf_counter() - started < 0.5
            assert cpu_seconds(solver.popen.pid) - before < 0.2


HEAVY = common_pb2.ArithRules(allow_negative=True, allow_fractions=True)
CARDS = [997, 1000, 3, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53]


def _heavy(stub: Any, i: int, deadline: float) -> grpc.StatusCode:
    """One of the heaviest requests the limits allow, with a deadline."""
    calls = [lambda: stub.Solve(solver_pb2.SolveRequest(
                 cards=CARDS, target=99_991, rules=HEAVY, optimal_limit=1000), timeout=deadline),
             lambda: stub.Analyze(solver_pb2.AnalyzeRequest(
                 cards=CARDS, target=99_991, rules=HEAVY, limit=100_000, reachable_min=99_000,
                 reachable_max=99_999), timeout=deadline)]
    try:
        calls[i % 2]()
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


@pytest.mark.parametrize(("deadline", "calls"), [(0.3, 2 * MAX_WORKERS), (None, MAX_WORKERS)],
                         ids=["deadline", "server-cap"])
def test_fuzz_solver_heaviest_requests_stop_using_the_cpu_past_their_deadline(
        solver: ServiceProcess, deadline: float | None, calls: int) -> None:
    pid = solver.popen.pid
    limit = deadline if deadline is not None else 2.0  # SOLVER_MAX_SECONDS
    waves = -(-calls // MAX_WORKERS)  # the server runs MAX_WORKERS calls at once
    with channel_to(solver.grpc_port) as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        busy_from = cpu_seconds(pid)
        started = time.perf_counter()
        with ThreadPoolExecutor(calls) as pool:
            codes = list(pool.map(lambda i: _heavy(stub, i, deadline or 30.0), range(calls)))
        answered = time.perf_counter() - started
        assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.DEADLINE_EXCEEDED}
        assert answered < waves * limit + 1.0
        assert cpu_seconds(pid) - busy_from > 0.3 * min(answered, calls * limit)  # real work
        time.sleep(0.3)  # a search may finish its current step
        idle_from = cpu_seconds(pid)
        time.sleep(1.0)
        assert cpu_seconds(pid) - idle_from < 0.1, "a search kept running past its deadline"
