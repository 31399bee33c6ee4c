"""The wire layer under the client and the services (cardroom.shared.wire): every proto enum's
words both ways, Structs and Timestamps, the bearer credential, the bot task contract, and
that it needs nothing of a service or of the server-only packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from google.protobuf import duration_pb2
from support.paths import ROOT

from cardroom.shared.errors import InvalidArgument, Unauthenticated
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import bot_pb2, common_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire import bot_tasks, enums, typed
from cardroom.shared.wire.tokens import bearer, bearer_token
from cardroom.shared.wire.values import seconds, set_seconds, timestamp

TABLES = {
    "GAMES": (enums.GAMES, common_pb2.Game),
    "STATUSES": (enums.STATUSES, pb.MatchStatus),
    "SEAT_KINDS": (enums.SEAT_KINDS, pb.SeatKind),
    "CLOCK_EXPIRIES": (enums.CLOCK_EXPIRIES, pb.ClockExpiry),
    "DEADLINE_KINDS": (enums.DEADLINE_KINDS, pb.DeadlineKind),
    "END_REASONS": (enums.END_REASONS, pb.EndReason),
    "POLICY_COSTS": (enums.POLICY_COSTS, bot_pb2.PolicyCost),
}
#: What the wire layer may import: its own needs (protobuf, gRPC core, the domain errors,
#: the generated messages, the policy registry for queue routing), nothing of a service.
ALLOWED = ("__future__", "collections", "contextlib", "dataclasses", "hashlib", "hmac", "math",
           "types", "typing", "google.protobuf", "google.rpc", "grpc", "grpc_status",
           "cardroom.shared.errors", "cardroom.shared.proto", "cardroom.shared.bots")


@pytest.mark.parametrize("name", sorted(TABLES))
def test_wire_enum_tables_go_both_ways_over_every_value(name: str) -> None:
    table, enum = TABLES[name]
    named = [v for v in enum.DESCRIPTOR.values if v.number != 0]
    assert len(table.words) == len(named)
    for value in named:
        word = table[value.number]
        assert value.name == table.prefix + word.upper()
        assert table.number(word) == table.parse(word, "x") == value.number
        assert table.read(value.number, "x") == word
    assert table.word(99, "?") == "?" and table.parse("", "x") == 0


def test_wire_game_words_are_the_engines_names() -> None:
    assert set(enums.GAMES.words) == set(registry.GAMES)
    assert enums.GAMES[common_pb2.GAME_MIXMATCH] == "mixmatch"


def test_wire_words_the_code_uses_for_special_values() -> None:
    assert enums.SEAT_KINDS[pb.SEAT_KIND_UNSPECIFIED] == "human"  # a seat naming no kind
    assert enums.CLOCK_EXPIRIES.word(pb.CLOCK_EXPIRY_UNSPECIFIED) == "bot"
    assert enums.DEADLINE_KINDS.number("clock") == pb.DEADLINE_KIND_MOVE_CLOCK  # timer records
    assert enums.DEADLINE_KINDS[pb.DEADLINE_KIND_MOVE_CLOCK] == "move_clock"
    assert enums.STATUSES.words == ("open", "active", "finished", "abandoned")


def test_wire_unknown_words_and_numbers_are_invalid_arguments_naming_the_field() -> None:
    with pytest.raises(InvalidArgument) as word:
        enums.GAMES.parse("chess", "game")
    assert word.value.field == "game" and "known: livemix, vivo, mixmatch" in word.value.reason
    with pytest.raises(InvalidArgument) as number:
        enums.GAMES.read(0, "observation.game")
    assert number.value.field == "observation.game"
    assert "GAME_LIVEMIX, GAME_VIVO, GAME_MIXMATCH" in number.value.reason
    with pytest.raises(InvalidArgument):
        enums.STATUSES.read(42, "status")
    with pytest.raises(KeyError):
        enums.GAMES.number("chess")


def test_wire_typed_views_and_events_carry_the_engines_dicts_back() -> None:
    for game, players in (("livemix", 4), ("vivo", 3), ("mixmatch", 2)):
        state = registry.new_game(game, registry.make_config(game, {"players": players}),
                                  seed=5, now=0.0)
        for seat in (None, 0):
            seen = state.observation(seat)
            back = typed.read(typed.seat_view(game, seen))
            assert {k: v for k, v in back.items() if v is not None} == \
                {k: v for k, v in seen.items() if v is not None}
        for event in registry.opening_events(state):
            message = typed.event_message(1, event, game)
            assert {k: v for k, v in typed.event_dict(message).items() if v is not None} == \
                {k: v for k, v in event.items() if v is not None}
    with pytest.raises(InvalidArgument) as bad:
        typed.options_request("vivo", {"hourglass_seconds": 3})
    assert bad.value.field == "options.hourglass_seconds"


def test_wire_timestamps_are_seconds_to_the_nanosecond() -> None:
    stamp = timestamp(1_700_000_000.25)
    assert (stamp.seconds, stamp.nanos) == (1_700_000_000, 250_000_000)
    assert seconds(stamp) == 1_700_000_000.25
    span = duration_pb2.Duration()
    set_seconds(span, -1.5)  # a Duration's parts share their sign
    assert (span.seconds, span.nanos) == (-1, -500_000_000) and seconds(span) == -1.5


def test_wire_bearer_tokens_are_written_and_read_back() -> None:
    assert bearer(None) == [] and bearer("") == []
    assert bearer_token(bearer("s3cret")) == "s3cret"
    assert bearer_token([("x-other", "1"), ("Authorization", b"bearer  t0k ")]) == "t0k"
    assert bearer_token(None) is None and bearer_token([("x-other", "1")]) is None
    for malformed in ("Basic abc", "Bearer", "Bearer   ", "Token t"):
        with pytest.raises(Unauthenticated):
            bearer_token([("authorization", malformed)])


def test_wire_take_turn_task_has_one_shape() -> None:
    task = bot_tasks.TakeTurn("m" * 28, 2, 7, "ismcts")
    assert task.args == ["m" * 28, 2, 7] and task.kwargs == {"policy": "ismcts"}
    assert task.task_id == "m" * 28 + "-2-7"
    assert bot_tasks.TASKS == (bot_tasks.TAKE_TURN, bot_tasks.SUBMIT_CLAIM, bot_tasks.SUGGEST)
    assert bot_tasks.QUEUES == ("cardroom.bots", "cardroom.bots.search")
    assert bot_tasks.queue_for("livemix", "ismcts") == bot_tasks.SEARCH_QUEUE
    assert bot_tasks.queue_for("livemix", "random") == bot_tasks.DEFAULT_QUEUE


@pytest.mark.parametrize("path", sorted((ROOT / "shared" / "wire").glob("*.py")),
                         ids=lambda p: p.name)
def test_wire_layer_imports_nothing_of_a_service_or_the_server_stack(path: Path) -> None:
    tree = ast.parse(path.read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module or "" for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and not node.level}
    stray = {n for n in names if not any(n == ok or n.startswith(ok + ".") for ok in ALLOWED)}
    assert stray == set()
