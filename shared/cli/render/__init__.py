"""Drawing each game at the terminal with rich: `board(scene)` and `describe(event, ...)`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

from rich.console import RenderableType

from cardroom.shared.errors import InvalidArgument

from . import livemix, mixmatch, vivo
from .common import JSON, Scene, describe_service

MODULES: dict[str, ModuleType] = {"livemix": livemix, "vivo": vivo, "mixmatch": mixmatch}


def module(game: str) -> ModuleType:
    """The drawing module of a game."""
    if game not in MODULES:
        raise InvalidArgument(f"no drawing for game {game!r}", "game")
    return MODULES[game]


def board(game: str, scene: Scene) -> RenderableType:
    """The table of `game` as the scene shows it."""
    draw: Callable[[Scene], RenderableType] = module(game).board
    return draw(scene)


def describe(game: str, event: JSON, names: Sequence[str], me: int | None = None
             ) -> str | None:
    """One line of rich markup for an event of `game` (None for those not worth a line)."""
    line = describe_service(event, names, me)
    if line is None and event.get("type") not in ("match_over",):
        line = module(game).describe(event, names, me)
    return line


__all__ = ["Scene", "board", "describe", "module"]
