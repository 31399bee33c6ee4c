"""Which policies exist per game, and building one from its parameters."""

from __future__ import annotations

from collections.abc import Callable

from cardroom.shared.bots.base import Policy, PolicyInfo
from cardroom.shared.errors import NotFound

Factory = Callable[[PolicyInfo, dict[str, int | float]], Policy]

_POLICIES: dict[tuple[str, str], tuple[PolicyInfo, Factory]] = {}


def register(info: PolicyInfo, factory: Factory) -> None:
    """Make a policy available under (info.game, info.name)."""
    _POLICIES[(info.game, info.name)] = (info, factory)


def _load() -> None:
    # The policy modules register themselves on import; importing here keeps the
    # registry the one entry point without an import cycle.
    from cardroom.shared.bots import (  # noqa: F401
        heuristic_livemix,
        heuristic_vivo,
        ismcts_policies,
        mixmatch_bot,
        random_policy,
    )


def get_policy(game: str, name: str, **params: object) -> Policy:
    """A ready policy; NotFound for an unknown game or name, InvalidArgument for bad params."""
    _load()
    entry = _POLICIES.get((game, name))
    if entry is None:
        known = sorted(n for g, n in _POLICIES if g == game)
        if not known:
            raise NotFound(f"no bot policies for game {game!r}", "game", str(game))
        raise NotFound(f"no policy {name!r} for {game}; known: {', '.join(known)}",
                       "policy", str(name))
    info, factory = entry
    return factory(info, info.read_params(params))


def list_policies(game: str | None = None) -> list[PolicyInfo]:
    """Every policy (of one game when given), sorted by game then name."""
    _load()
    return [info for (g, _), (info, _) in sorted(_POLICIES.items())
            if game is None or g == game]
