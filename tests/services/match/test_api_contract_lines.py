"""Lines of the contract that were false, each checked against the proto's own words and the
service's behaviour: Verify's answer to bad syntax, include_private's errors, Mix Match's
variant numbers, ListPolicies' order and Analyze's rounding of the difficulty."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import grpc
import pytest
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread
from support.match_client import GAME_ENUM, Client, auth, match_server
from support.paths import ROOT

from cardroom.services.bot.mapping import policies_response
from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server
from cardroom.shared.bots.registry import list_policies
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import mixmatch_pb2, solver_pb2, solver_pb2_grpc
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.errors import field_violations

PROTO = ROOT / "proto" / "cardroom" / "v1"


def _comment(proto: str, line: str, within: str = "") -> str:
    """The comment just above the line of `proto` that contains `line` (the first one after
    the line that contains `within`)."""
    lines = (PROTO / proto).read_text().splitlines()
    start = next(i for i, text in enumerate(lines) if within in text)
    at = next(i for i, text in enumerate(lines) if i > start and line in text)
    above: list[str] = []
    for text in reversed(lines[:at]):
        if not text.strip().startswith("//"):
            break
        above.insert(0, text.strip().removeprefix("//").strip())
    return " ".join(above)


@pytest.fixture(scope="module")
def solver() -> Iterator[solver_pb2_grpc.SolverServiceStub]:
    """A solver server of the module's own."""
    server, port = in_thread(create_server, SolverConfig(rpc=local_settings()), host=HOST)
    server.start()
    try:
        with channel_to(port) as channel:
            yield solver_pb2_grpc.SolverServiceStub(channel)
    finally:
        server.stop(grace=None)


def test_verify_answers_bad_syntax_as_its_proto_says(
        solver: solver_pb2_grpc.SolverServiceStub) -> None:
    said = _comment("solver.proto", "string expression = 1;", "message VerifyRequest")
    assert "not a request error" not in said and "INVALID_ARGUMENT" in said
    with pytest.raises(grpc.RpcError) as caught:
        solver.Verify(solver_pb2.VerifyRequest(expression="2 x", cards=[2, 24], target=48),
                      timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    [(field, why)] = field_violations(caught.value)
    assert field == "expression" and why.startswith("syntax error")
    rules = (ROOT / "docs" / "rules" / "mixmatch.md").read_text()
    assert "exactly as the solver's Verify refuses it" in rules  # one behaviour, three texts


def test_analyze_rounds_the_difficulty_as_its_proto_says(
        solver: solver_pb2_grpc.SolverServiceStub) -> None:
    assert "rounded to two decimals" in _comment("solver.proto", "double difficulty = 3;")
    # The rulebook's example: 5 - log10(31) is 3.5086...
    answer = solver.Analyze(solver_pb2.AnalyzeRequest(cards=[12, 24, 7, 2, 6], target=48),
                            timeout=30)
    top = next(row for row in answer.profile if row.card_count == answer.max_cards)
    exact = answer.max_cards - math.log10(top.solutions)
    assert exact != round(exact, 2)  # a board whose rating needs the rounding
    assert answer.difficulty == round(exact, 2) == 3.51


def test_list_policies_order_is_the_one_its_proto_names() -> None:
    said = _comment("bot.proto", "repeated PolicyInfo policies = 1;")
    assert "game's name" in said
    listed = policies_response(list_policies()).policies
    order = [(GAMES[p.game], p.name) for p in listed]
    assert order == sorted(order)
    games = list(dict.fromkeys(GAMES[p.game] for p in listed))
    assert games == ["livemix", "mixmatch", "vivo"]  # by name, not the enum's order


@pytest.fixture
def client(redis_url: str) -> Iterator[Client]:
    """A client of one match-service replica."""
    with match_server(redis_url) as server, channel_to(server.port) as channel:
        yield Client(channel)


def test_include_private_errors_are_the_ones_its_proto_names(client: Client) -> None:
    said = _comment("match.proto", "bool include_private = 5;")
    assert "UNAUTHENTICATED" in said and "PERMISSION_DENIED" in said
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["vivo"], players=3, private=True), timeout=10)
    request = pb.ListMatchesRequest(include_private=True)
    for token, code in ((None, grpc.StatusCode.UNAUTHENTICATED),
                        (created.tokens[0].token, grpc.StatusCode.PERMISSION_DENIED)):
        with pytest.raises(grpc.RpcError) as caught:
            client.stub.ListMatches(request, metadata=auth(token), timeout=10)
        assert caught.value.code() == code


def test_mixmatch_variants_are_numbered_as_its_proto_says(client: Client) -> None:
    said = _comment("mixmatch.proto", "repeated int32 variants = 4;")
    named = {int(n): word for n, word in re.findall(r"(\d) (younger|own|faster|harder)", said)}
    assert named == {1: "younger", 2: "own", 3: "faster", 4: "harder"}
    for options, variants in ((mixmatch_pb2.MixMatchOptions(harder=True), [4]),
                              (mixmatch_pb2.MixMatchOptions(own_cards=True, harder=True),
                               [2, 4])):
        created = client.stub.CreateMatch(pb.CreateMatchRequest(
            game=GAME_ENUM["mixmatch"], players=2, mixmatch_options=options), timeout=10)
        assert list(client.view(created.match_id).mixmatch.variants) == variants
