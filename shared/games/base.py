"""The contract every game engine keeps, so services and bots can host any game alike.

A game module (shared.games.livemix, shared.games.vivo, shared.games.mixmatch) exposes:

- ``GAME``: its name ("livemix", "vivo", "mixmatch");
- ``Config``: a frozen dataclass with ``from_dict``/``to_dict`` (JSON-able options;
  unknown keys or bad values raise ``InvalidConfig``);
- ``new_game(config, seed=None, deal=None) -> State``: a state from a seed (every
  shuffle reproducible from it) or from an explicit deal in canonical notation
  (JSON-able dict; a bad deal raises ``InvalidDeal`` with the reason);
- ``from_json(data) -> State``: the inverse of ``State.to_json()``;
- ``replay(config, seed=None, deal=None, actions=()) -> State``: new_game then each
  ``(seat, action, now)`` applied in order.

Events are JSON-able dicts with a ``"type"``; an event meant for one seat only carries
``"to": seat`` (a seat's own hand, say); every other event is public.
"""

from __future__ import annotations

from typing import Any, Protocol

JSON = dict[str, Any]
Event = dict[str, Any]

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
        """Apply a canonical action for `seat`; raise a shared.errors domain error if not legal."""
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
