"""The contract every game engine keeps, so services and bots can host any game alike.

A game module (cardroom.shared.games.livemix, cardroom.shared.games.vivo,
cardroom.shared.games.mixmatch) exposes:

- ``GAME``: its name ("livemix", "vivo", "mixmatch");
- ``Config``: a frozen dataclass with ``from_dict``/``to_dict`` (JSON-able options;
  unknown keys or bad values raise ``InvalidConfig``);
- ``new_game(config, seed=None, deal=None, *, now=None) -> State`` (the ``NewGame``
  protocol below), with the same argument types in every game:

  - ``config``: the game's ``Config``, or a ``Mapping`` of its JSON options (read with
    ``Config.from_dict``; the player count is the ``"players"`` option);
  - ``seed``: an ``int`` or ``None`` (never a bool, float or string); every shuffle and
    roll is reproducible from it; ``None`` lets the engine choose (Livemix and VIVO draw a
    random seed when something is left to shuffle, Mix Match uses 0);
  - ``deal``: ``None``, or an explicit deal in canonical notation: a ``Mapping`` or its
    JSON text; what it leaves out comes from the seed (a bad deal raises ``InvalidDeal``
    with the reason);
  - ``now``: keyword only, ``None`` or a finite number of seconds: the start of the clock
    of an engine that keeps one (Mix Match's first hourglass, 0 when None); the others
    check it and ignore it.

  A bad argument raises ``InvalidArgument`` (``InvalidConfig`` for options) naming it.
- ``from_json(data) -> State``: the inverse of ``State.to_json()``;
- ``replay(config, seed=None, deal=None, actions=(), *, now=None) -> State``: new_game
  with the same arguments, then each ``(seat, action[, now])`` applied in order.

Every engine package has the same modules for the same roles: ``config.py`` (``GAME``,
``Config``), ``deal.py`` (seeded and explicit deals), ``rules.py`` (``Rules``: the rules
and the read-only queries), ``view.py`` (what a seat sees; the trick-taking engines build
their events there too), ``serial.py`` (versioned JSON) and ``state.py`` (``State(Rules)``,
``new_game``, ``replay``, ``from_json``). The trick-taking engines (Livemix, VIVO) also
share ``cards.py`` (card notation and tables), ``playout.py`` (``random_playout`` on the
integer fast API of ``Rules``), ``scoring.py`` and ``position.py`` (states for search
bots); a role only one game has keeps its own module (VIVO's ``harmony.py``, Mix Match's
``claim.py`` and ``notation.py``). ``view.py``, ``serial.py`` and ``scoring.py`` read
``Rules`` and never import ``state.py``, so the import graph has no cycle
(tests/games/test_games_layout.py).

Events are JSON-able dicts with a ``"type"``; an event meant for one seat only carries
``"to": seat`` (a seat's own hand, say); every other event is public.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from cardroom.shared.errors import InvalidArgument, InvalidConfig, InvalidDeal

JSON = dict[str, Any]
Event = dict[str, Any]
C = TypeVar("C")

#: The current_player() of a game in which any seat may act (Mix Match claims).
SIMULTANEOUS = -1

#: Version stamped into every serialized state; bump on any incompatible change.
STATE_FORMAT = 1


class State(Protocol):
    """What a game state answers; engines implement it with plain classes."""

    def current_player(self) -> int | None:
        """The seat to act, SIMULTANEOUS, or None when the game is over."""
        ...

    def legal_actions(self, seat: int | None = None) -> list[str]:
        """Sorted legal actions in canonical notation (of `seat`, default the current one)."""
        ...

    def apply_action(self, action: str, seat: int | None = None, now: float | None = None
                     ) -> list[Event]:
        """Apply a canonical action for `seat`; raise a cardroom.shared.errors domain error if
        not legal."""
        ...

    def is_terminal(self) -> bool:
        """True once the whole game (every round) is over."""
        ...

    def round_scores(self) -> list[list[int]]:
        """Scores of each finished (or running) round, one list per round, one entry per seat."""
        ...

    def scores(self) -> list[int]:
        """Total score per seat so far."""
        ...

    def score_breakdown(self) -> JSON:
        """Where each point came from, per round and seat (cards, Members, ranks)."""
        ...

    def winners(self) -> list[int]:
        """Seats sharing the win once terminal (empty before)."""
        ...

    def observation(self, seat: int | None) -> JSON:
        """Exactly what `seat` may see; None is the spectator's public view."""
        ...

    def to_json(self) -> JSON:
        """Versioned, exact serialization (includes config, seed/deal and history)."""
        ...

    def clone(self) -> State:
        """An independent copy, cheap enough for search."""
        ...


class NewGame(Protocol):
    """The signature of every engine's ``new_game`` (see the module docstring)."""

    def __call__(self, config: Any, seed: int | None = None,
                 deal: Mapping[str, Any] | str | None = None, *,
                 now: float | None = None) -> State:
        ...


def check_config(config_type: type[C], config: object, game: str) -> C:
    """new_game's `config`: the game's Config as is, or one read from a mapping of options."""
    if isinstance(config, config_type):
        return config
    if not isinstance(config, Mapping):
        raise InvalidArgument(f"config must be a {game} Config or a mapping of its options, "
                              f"not {type(config).__name__}", "config")
    try:
        made: C = config_type.from_dict(dict(config))  # type: ignore[attr-defined]
    except InvalidArgument:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        # An engine may let a stray type slip through its own checks; it is still bad input.
        raise InvalidConfig(f"bad {game} options: {exc}", "options") from exc
    return made


def check_seed(seed: object) -> int | None:
    """new_game's `seed`: an int or None (bools, floats and strings are refused)."""
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise InvalidArgument(f"seed must be an integer or None, not {type(seed).__name__}",
                          "seed")


def check_deal(deal: object) -> object:
    """new_game's `deal`: JSON text decoded, a mapping as a plain dict; anything else is
    passed on for the engine to refuse with its own reason (InvalidDeal)."""
    if isinstance(deal, str):
        try:
            deal = json.loads(deal)
        except ValueError as exc:
            raise InvalidDeal(f"the deal is not valid JSON: {exc}", "deal") from None
    if isinstance(deal, Mapping):
        return dict(deal)
    return deal


def check_now(now: object) -> float | None:
    """new_game's `now`: None or a finite number of seconds."""
    if now is None:
        return None
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        raise InvalidArgument("now must be a finite number of seconds", "now")
    return now
