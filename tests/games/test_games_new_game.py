"""Every engine's new_game takes the same arguments (cardroom.shared.games.base): the game's Config
or a mapping of options, an int seed or None, a deal mapping, its JSON text or None, and a
keyword-only `now`. The same calls are made for all three games."""

from __future__ import annotations

import inspect
import json
import math
from types import MappingProxyType
from typing import Any

import pytest

from cardroom.shared.errors import InvalidArgument, InvalidConfig, InvalidDeal
from cardroom.shared.games import registry
from cardroom.shared.games.livemix.cards import names_of

GAMES = registry.GAMES
OPTIONS: dict[str, dict[str, Any]] = {
    "livemix": {"players": 3, "first_lead": 1},
    "vivo": {"players": 4},
    "mixmatch": {"players": 2},
}


def _deal(game: str) -> dict[str, Any]:
    """An explicit first-round deal in the game's canonical notation."""
    engine = registry.module(game)
    if game == "livemix":
        state = engine.new_game(OPTIONS[game], seed=11)
        hands, circle = state.dealt[0]
        return {"hands": [names_of(h) for h in hands],
                "circle": [state.roster.names[m] for m in circle]}
    if game == "vivo":
        dealt = engine.new_game(OPTIONS[game], seed=11).to_json()["deal"]
        first: dict[str, Any] = dealt["rounds"][0]
        return first
    return {"rolls": [[70, 8]]}


def test_games_new_game_has_one_signature() -> None:
    """Same parameter names, kinds and defaults in every engine, for new_game and replay."""
    for name in ("new_game", "replay"):
        shapes = set()
        for game in GAMES:
            signature = inspect.signature(getattr(registry.module(game), name))
            shapes.add(tuple((p.name, p.kind, p.default) for p in signature.parameters.values()))
        assert len(shapes) == 1, f"{name} differs between games: {shapes}"
    params = inspect.signature(registry.module("vivo").new_game).parameters
    assert list(params) == ["config", "seed", "deal", "now"]
    assert params["now"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("game", GAMES)
def test_games_new_game_takes_config_or_options(game: str) -> None:
    engine = registry.module(game)
    options = OPTIONS[game]
    expected = engine.new_game(engine.Config.from_dict(options), 5).to_json()
    assert engine.new_game(options, 5).to_json() == expected
    assert engine.new_game(MappingProxyType(options), seed=5).to_json() == expected
    assert registry.new_game(game, options, seed=5).to_json() == expected
    assert engine.replay(options, 5, None, ()).to_json() == expected


@pytest.mark.parametrize("game", GAMES)
def test_games_new_game_refuses_what_is_not_a_config(game: str) -> None:
    engine = registry.module(game)
    other = next(g for g in GAMES if g != game)
    wrong_game_config = registry.make_config(other, OPTIONS[other])
    for wrong in (wrong_game_config, [("players", 3)], "players=3", 3, None):
        with pytest.raises(InvalidArgument) as err:
            engine.new_game(wrong, seed=1)
        assert err.value.field == "config"
    with pytest.raises(InvalidConfig):
        engine.new_game({**OPTIONS[game], "players": 99}, seed=1)
    with pytest.raises(InvalidConfig):
        engine.new_game({**OPTIONS[game], "no_such_option": 1}, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_games_new_game_seed_is_an_int_or_none(game: str) -> None:
    engine = registry.module(game)
    options = OPTIONS[game]
    assert engine.new_game(options, seed=42).to_json() == engine.new_game(options, 42).to_json()
    assert engine.new_game(options, seed=-3).current_player() is not None
    assert engine.new_game(options, seed=2**70).current_player() is not None
    assert engine.new_game(options).current_player() is not None
    assert engine.new_game(options, None).current_player() is not None
    for wrong in ("7", "table-7", 1.5, 7.0, True, False, [7]):
        with pytest.raises(InvalidArgument) as err:
            engine.new_game(options, seed=wrong)
        assert err.value.field == "seed"


@pytest.mark.parametrize("game", GAMES)
def test_games_new_game_deal_is_a_mapping_its_json_or_none(game: str) -> None:
    engine = registry.module(game)
    options, deal = OPTIONS[game], _deal(game)
    expected = engine.new_game(options, seed=3, deal=deal).to_json()
    assert engine.new_game(options, seed=3, deal=None).to_json() == \
        engine.new_game(options, seed=3).to_json()
    assert engine.new_game(options, seed=3, deal=json.dumps(deal)).to_json() == expected
    assert engine.new_game(options, seed=3, deal=MappingProxyType(deal)).to_json() == expected
    assert registry.new_game(game, options, seed=3, deal=deal).to_json() == expected
    for wrong in ("{not json", "[1, 2]", [deal], 5, {"no_such_key": 1}):
        with pytest.raises(InvalidDeal):
            engine.new_game(options, seed=3, deal=wrong)


@pytest.mark.parametrize("game", GAMES)
def test_games_new_game_now_is_keyword_and_checked(game: str) -> None:
    engine = registry.module(game)
    options = OPTIONS[game]
    assert engine.new_game(options, seed=8, now=None).to_json() == \
        engine.new_game(options, seed=8).to_json()
    for when in (0, 12.5, 1_700_000_000.0):
        assert engine.new_game(options, seed=8, now=when).current_player() is not None
        assert registry.new_game(game, options, seed=8, now=when).to_json() == \
            engine.new_game(options, seed=8, now=when).to_json()
    for wrong in ("soon", math.nan, math.inf, True):
        with pytest.raises(InvalidArgument) as err:
            engine.new_game(options, seed=8, now=wrong)
        assert err.value.field == "now"
    with pytest.raises(TypeError):
        engine.new_game(options, 8, None, 0.0)  # now is keyword-only


@pytest.mark.parametrize("game", GAMES)
def test_games_replay_takes_the_same_arguments(game: str) -> None:
    """replay(config, seed, deal, actions, now=...) equals new_game plus the same moves."""
    engine = registry.module(game)
    options, deal = OPTIONS[game], _deal(game)
    state = engine.new_game(options, seed=6, deal=deal, now=100.0)
    moves = []
    for _ in range(3):
        seat = state.current_player()
        if seat is None or seat < 0:
            break
        action = state.legal_actions(seat)[0]
        state.apply_action(action, seat, 100.0)
        moves.append((seat, action, 100.0))
    again = engine.replay(options, 6, json.dumps(deal), moves, now=100.0)
    assert again.to_json() == state.to_json()
