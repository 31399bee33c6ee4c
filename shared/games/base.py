"""The contract every game engine keeps, so services and bots can host any game alike.

A game module (cardroom.shared.games.livemix, cardroom.shared.games.vivo,
cardroom.shared.games.mixmatch) exposes:

- ``GAME``: its name ("livemix", "vivo", "mixmatch");
- ``INFO``: its static facts, one frozen ``GameInfo`` (in config.py beside ``GAME``): turns
  only or a simultaneous phase, a clock the host keeps, rounds, how a move is tied to its
  round. A host reads these and the ``State`` methods below; it never branches on a game's
  name, sniffs a state's attributes or parses a move's text;
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

What a host asks a state, besides playing it (every engine answers each, Livemix and VIVO
trivially): ``acting_seats()`` (who may act now), ``deadline()`` (when the running host clock
runs out, else None), ``timeout_move()`` (the move that tells the engine it ran out),
``pin_round(action)`` (the move tied to the round it arrived in), ``still_in(seat)``,
``actor(seat, action)`` (who a seat's move is applied for), ``legal_moves(seat, now)`` (what
a seat may send at the host's time) and ``opening_events()``.

Events are JSON-able dicts with a ``"type"``; an event meant for one seat only carries
``"to": seat`` (a seat's own hand, say); every other event is public.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cardroom.shared.errors import InvalidArgument, InvalidConfig, InvalidDeal

JSON = dict[str, Any]
Event = dict[str, Any]
C = TypeVar("C")

#: The current_player() of a game in which any seat may act (Mix Match claims).
SIMULTANEOUS = -1

#: Version stamped into every serialized state; bump on any incompatible change.
STATE_FORMAT = 1


def untagged(action: str, round_number: int | None) -> str:
    """A game that ties no move to a round: every move as it is."""
    return action


def never_round_bound(action: str) -> bool:
    """A game whose every move is tied to the version it was chosen at."""
    return False


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's static facts, declared once per engine (in the manner of OpenSpiel's
    pyspiel.GameType): what a host knows of a game before it reads any state."""

    #: The wire name (the registry key, ``GAME``).
    name: str
    #: The name people read ("Mix Match").
    long_name: str
    min_players: int
    max_players: int
    #: Whether some phase lets every seat still in act at once (current_player() is
    #: SIMULTANEOUS, as in Mix Match's claims); False: strictly one seat at a time.
    simultaneous: bool
    #: Whether the engine runs a clock the host must time: State.deadline() tells when it
    #: runs out and State.timeout_move() what the host then applies (Mix Match's hourglass).
    host_clock: bool
    #: The option giving that clock's seconds (0: no clock), so a host can bound it; "" when
    #: the game has no host clock.
    clock_option: str = ""
    #: Rounds in every game, when fixed; None when play decides (Mix Match).
    rounds: int | None = None
    #: The move tied to a round: ``tag_round(action, round)`` names the round (1-based, as
    #: the views' "round") in a move meant for it, so that the engine refuses it once that
    #: round was decided (Mix Match's ``claim@<round>``); other moves, and moves naming
    #: their round already, come back as they are, as does everything with round None.
    tag_round: Callable[[str, int | None], str] = untagged
    #: Whether a move is tied to its round rather than to the version it was chosen at (a
    #: Mix Match claim): other seats' moves do not make it wrong, so a client sends it
    #: without an expected version and the engine judges it by its round.
    round_bound: Callable[[str], bool] = never_round_bound


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

    def opening_events(self) -> list[Event]:
        """The events that opened the game (deals, the first round's start)."""
        ...

    # -- what a host asks (GameInfo says which of these can be other than trivial) ----------

    def acting_seats(self) -> list[int]:
        """The seats that may act now, ascending: the seat to play, or every seat still in
        while all may act at once; [] once the game is over."""
        ...

    def deadline(self) -> float | None:
        """When the clock the host keeps runs out (host time, seconds); None while none runs."""
        ...

    def timeout_move(self) -> tuple[int | None, str] | None:
        """The (seat, action) the host applies when deadline() has passed (seat None: the
        host's own move), with deadline() as its time: the clock ran out then, however
        late the host's timer fires, so the next one counts from it. None for a game
        without a host clock."""
        ...

    def pin_round(self, action: str) -> str:
        """`action` tied to the round it arrived in (GameInfo.tag_round with the current
        round): re-judged after another move decided that round, it is refused as stale
        instead of being judged against the next round."""
        ...

    def still_in(self, seat: int) -> bool:
        """Whether `seat` may still act in this round (a wrong Mix Match claim puts a seat
        out until the next round; no trick-taking seat is ever out)."""
        ...

    def actor(self, seat: int, action: str) -> int | None:
        """The seat to apply `action` for when `seat` sends it: the seat itself, or None for
        a move the engine takes as the host's (no game does now: a Mix Match seat calling
        time is recorded as that seat)."""
        ...

    def legal_moves(self, seat: int, now: float | None = None) -> list[str]:
        """The listed moves `seat` may send a host now, the host's time being `now` (free-text
        moves such as claims are never listed); [] when it may not act."""
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
