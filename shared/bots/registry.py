"""Which policies exist per game, and building one from its parameters."""

from __future__ import annotations

from functools import cache

from cardroom.shared.bots.base import Factory, Policy, PolicyInfo
from cardroom.shared.errors import NotFound


@cache
def _policies() -> dict[tuple[str, str], tuple[PolicyInfo, Factory]]:
    """Every policy by (game, name), from the POLICIES table of each policy module."""
    # Loaded on first use rather than at import, so that a process naming only the policy
    # interface (the terminal app) does not load the search code. The policy modules import
    # nothing of the registry: the two do not import each other.
    from cardroom.shared.bots import (
        guided,
        heuristic_livemix,
        heuristic_vivo,
        ismcts_policies,
        mixmatch_bot,
        random_policy,
    )

    modules = (guided, heuristic_livemix, heuristic_vivo, ismcts_policies, mixmatch_bot,
               random_policy)
    return {(info.game, info.name): (info, factory)
            for module in modules for info, factory in module.POLICIES}


def get_policy(game: str, name: str, **params: object) -> Policy:
    """A ready policy; NotFound for an unknown game or name, InvalidArgument for bad params."""
    policies = _policies()
    entry = policies.get((game, name))
    if entry is None:
        known = sorted(n for g, n in policies if g == game)
        if not known:
            raise NotFound(f"no bot policies for game {game!r}", "game", str(game))
        raise NotFound(f"no policy {name!r} for {game}; known: {', '.join(known)}",
                       "policy", str(name))
    info, factory = entry
    return factory(info, info.read_params(params))


def list_policies(game: str | None = None) -> list[PolicyInfo]:
    """Every policy (of one game when given), sorted by game then name."""
    return [info for (g, _), (info, _) in sorted(_policies().items())
            if game is None or g == game]
