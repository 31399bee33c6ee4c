"""Game name -> engine module, so services host every game through the one contract in base.py.

Engine modules are imported lazily (the first time a game is used), so a service starts even
while one engine is missing, and only that game fails, with ``InvalidArgument``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any

from cardroom.shared.errors import InvalidArgument, InvalidConfig
from cardroom.shared.games.base import JSON, Event, GameInfo, NewGame, State

#: Every game Cardroom knows, by its wire name (the engines' ``GAME``).
GAMES: tuple[str, ...] = ("livemix", "vivo", "mixmatch")

#: The config key every engine uses for the player count.
PLAYERS_KEY = "players"

_loaded: dict[str, ModuleType] = {}


def module(game: str) -> ModuleType:
    """The engine module of `game`, imported on first use."""
    if game not in GAMES:
        raise InvalidArgument(f"unknown game {game!r}; known: {', '.join(GAMES)}", "game")
    found = _loaded.get(game)
    if found is None:
        try:
            found = importlib.import_module(f"cardroom.shared.games.{game}")
        except ImportError as exc:
            raise InvalidArgument(f"game {game!r} is not available here: {exc}", "game") from exc
        _loaded[game] = found
    return found


def info(game: str) -> GameInfo:
    """The static facts of `game` (its engine's INFO): turns or a simultaneous phase, a host
    clock, rounds, how a move is tied to its round."""
    found: GameInfo = module(game).INFO
    return found


def available() -> list[str]:
    """The games whose engines import on this installation."""
    names = []
    for game in GAMES:
        try:
            module(game)
        except InvalidArgument:
            continue
        names.append(game)
    return names


def make_config(game: str, options: Mapping[str, Any]) -> Any:
    """The engine's frozen Config from JSON-able options (raises InvalidConfig when unplayable)."""
    config_type = module(game).Config
    try:
        return config_type.from_dict(dict(options))
    except InvalidArgument:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        # An engine may let a stray type slip through its own checks; it is still bad input.
        raise InvalidConfig(f"bad {game} options: {exc}", "options") from exc


def config_dict(config: Any) -> JSON:
    """The JSON-able form of a config (what make_config reads back)."""
    return dict(config.to_dict())


def players(config: Any) -> int:
    """How many seats a configured game has."""
    return int(config_dict(config)[PLAYERS_KEY])


def new_game(game: str, config: Any, seed: int | None = None,
             deal: Mapping[str, Any] | str | None = None, now: float | None = None) -> State:
    """A fresh state of `game` from a seed or an explicit deal; `now` starts the clock of
    an engine that keeps one (Mix Match's first hourglass). Every engine takes the same
    arguments (cardroom.shared.games.base): its Config or a mapping of options, an int seed or
    None, a deal mapping (or its JSON text) or None."""
    factory: NewGame = module(game).new_game
    return factory(config, seed=seed, deal=deal, now=now)


def opening_events(state: State) -> list[Event]:
    """The events that opened the game (State.opening_events, a fresh list)."""
    return list(state.opening_events())


def from_json(game: str, data: JSON) -> State:
    """A state of `game` back from ``State.to_json()``."""
    state: State = module(game).from_json(data)
    return state


def replay(game: str, config: Any, seed: int | None = None,
           deal: Mapping[str, Any] | str | None = None,
           actions: Iterable[tuple[int | None, str, float | None]] = (),
           now: float | None = None) -> State:
    """The state reached by playing `actions` ((seat, action, now) triples) from the start."""
    factory = module(game).replay
    state: State = factory(config, seed=seed, deal=deal, actions=tuple(actions), now=now)
    return state
