"""The bot client against the real bot service and a real bot worker: hints for a seat of
a hosted match and for a raw observation, the policies listed, unknown policies refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.client_stack import Stack, fresh_db, running_stack
from support.redis_server import RedisServer

from cardroom.shared.client import Cardroom, connect, human
from cardroom.shared.errors import NotFound


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    """Every service, one worker, on database 6 of the session's Redis."""
    with running_stack(fresh_db(redis_server.url, 6)) as services:
        yield services


@pytest.fixture
def room(stack: Stack) -> Iterator[Cardroom]:
    """Clients of the stack."""
    with connect(stack.config) as clients:
        yield clients


def test_client_hint_for_my_seat_is_one_of_my_legal_moves(room: Cardroom) -> None:
    created = room.match.create("livemix", 3, [human(), human(), human()], seed=8)
    view = room.match.get(created.match_id, created.tokens[0])
    hint = room.bot.hint(created.match_id, created.tokens[0], "heuristic")
    assert hint.action in view.legal_moves and hint.policy == "heuristic"
    assert hint.version == view.version
    idle = room.bot.hint(created.match_id, created.tokens[1], "random")
    assert idle.action == ""  # not seat 1's turn


def test_client_suggest_from_a_raw_observation(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, [human(), human(), human()], seed=2)
    view = room.match.get(created.match_id, created.tokens[0])
    events = [e.data for e in room.match.watch(created.match_id, created.tokens[0],
                                               follow=False)]
    hint = room.bot.suggest("vivo", view.observation, events, "random", seed=4)
    assert hint.action in view.legal_moves and hint.version == 0
    again = room.bot.suggest("vivo", view.observation, events, "random", seed=4)
    assert again.action == hint.action  # the same request and seed, the same move


def test_client_policies_per_game(room: Cardroom) -> None:
    every = room.bot.policies()
    assert {("vivo", "heuristic"), ("mixmatch", "solver")} <= {(p.game, p.name) for p in every}
    vivo = room.bot.policies("vivo")
    assert {p.game for p in vivo} == {"vivo"} and [p.name for p in vivo] == sorted(
        p.name for p in vivo)
    assert all(p.cost in ("fast", "search") and p.params for p in vivo)
    assert vivo[0].params[0].name == "strength"


def test_client_hint_with_an_unknown_policy_is_not_found(room: Cardroom) -> None:
    created = room.match.create("vivo", 3, [human(), human(), human()], seed=3)
    with pytest.raises(NotFound):
        room.bot.hint(created.match_id, created.tokens[0], "alphazero")
