"""Dealing a Livemix round: from the seed, or from an explicit deal checked card by card.

Explicit deal JSON (canonical notation, N1), for round 0 only::

    {"hands": [["H1", ...12 cards], ...one list per seat], "circle": ["A:heart", ...12]}

or for several rounds: ``{"rounds": [round0, round1, round2]}`` where a missing or null
round is shuffled from the seed, and a round without "circle" shuffles its circle from the
seed. The circle lists the Members clockwise; the token starts on the first one (L4).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.shared.errors import InvalidDeal, MalformedAction
from cardroom.shared.games.livemix.cards import (
    CARD_NAMES,
    COLOURS,
    N_MEMBERS,
    card_id,
    colour_of,
    mask_of,
    names_of,
)
from cardroom.shared.games.livemix.config import ROUNDS, Config
from cardroom.shared.quoting import quote

HAND_SIZE = 12

Seed = int | str


@dataclass(frozen=True, slots=True)
class RoundDeal:
    """One round's set-up: each seat's hand (a card mask) and the Member circle."""

    hands: tuple[int, ...] | None
    circle: tuple[int, ...] | None

    def to_json(self, config: Config) -> dict[str, Any]:
        """Canonical JSON of the given parts."""
        out: dict[str, Any] = {}
        if self.hands is not None:
            out["hands"] = [names_of(hand) for hand in self.hands]
        if self.circle is not None:
            out["circle"] = [config.roster[i] for i in self.circle]
        return out


def parse_deal(config: Config, deal: object) -> tuple[RoundDeal | None, ...]:
    """Per round, the explicit part of `deal` (None: shuffled); InvalidDeal if it is not legal."""
    if deal is None:
        return (None,) * ROUNDS
    if not isinstance(deal, Mapping):
        raise InvalidDeal("a deal is a JSON object with \"hands\" (and \"circle\") or \"rounds\"")
    if "rounds" not in deal:
        return (_parse_round(config, deal, 0),) + (None,) * (ROUNDS - 1)
    if set(deal) != {"rounds"}:
        raise InvalidDeal("a deal with \"rounds\" has no other keys", "deal")
    rounds = deal["rounds"]
    if not isinstance(rounds, list) or len(rounds) > ROUNDS:
        raise InvalidDeal(f"\"rounds\" must be a list of at most {ROUNDS} rounds", "deal")
    parsed = [None if r is None else _parse_round(config, r, k, f"rounds[{k}].")
              for k, r in enumerate(rounds)]
    return tuple(parsed) + (None,) * (ROUNDS - len(parsed))


def _parse_round(config: Config, data: object, k: int, path: str = "") -> RoundDeal:
    """One round's explicit deal; a fault names its field as a path within the deal, under
    `path` ("rounds[1].hands[2]")."""
    where = f"round {k}"
    whole = path.rstrip(".") or "deal"
    if not isinstance(data, Mapping):
        raise InvalidDeal(f"{where}: a round is an object with \"hands\" and \"circle\"", whole)
    unknown = sorted(set(data) - {"hands", "circle"})
    if unknown:
        raise InvalidDeal(f"{where}: unknown key {quote(unknown[0])}", whole)
    if "hands" not in data:
        raise InvalidDeal(f"{where}: \"hands\" is missing", f"{path}hands")
    circle = data.get("circle")
    return RoundDeal(
        hands=_parse_hands(config, data["hands"], where, f"{path}hands"),
        circle=None if circle is None else _parse_circle(config, circle, where,
                                                         f"{path}circle"),
    )


def _parse_hands(config: Config, hands: object, where: str, path: str = "hands"
                 ) -> tuple[int, ...]:
    n = config.players
    if not isinstance(hands, list) or len(hands) != n:
        raise InvalidDeal(f"{where}: \"hands\" must list {n} hands, one per seat", path)
    seen: set[int] = set()
    masks = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            size = len(hand) if isinstance(hand, list) else "no"
            raise InvalidDeal(
                f"{where}: seat {seat} is dealt {size} cards; each seat is dealt {HAND_SIZE}",
                f"{path}[{seat}]")
        cards = [_parse_card(text, where, f"{path}[{seat}]") for text in hand]
        for cid in cards:
            if colour_of(cid) not in config.colours:
                raise InvalidDeal(
                    f"{where}: {CARD_NAMES[cid]} is of the removed colour "
                    f"{COLOURS[colour_of(cid)]}", f"{path}[{seat}]")
            if cid in seen:
                raise InvalidDeal(f"{where}: {CARD_NAMES[cid]} is dealt twice",
                                  f"{path}[{seat}]")
            seen.add(cid)
        masks.append(mask_of(cards))
    return tuple(masks)


def _parse_card(text: object, where: str, path: str = "deal") -> int:
    try:
        return card_id(text)  # type: ignore[arg-type]
    except MalformedAction as err:
        raise InvalidDeal(f"{where}: {err.reason}", path) from None


def _parse_circle(config: Config, circle: object, where: str, path: str = "circle"
                  ) -> tuple[int, ...]:
    if not isinstance(circle, list) or len(circle) != N_MEMBERS:
        raise InvalidDeal(f"{where}: \"circle\" must list the {N_MEMBERS} Members", path)
    order = []
    for name in circle:
        if not isinstance(name, str) or name not in config.roster:
            raise InvalidDeal(f"{where}: {quote(name)} is not a Member of the roster", path)
        index = config.roster.index(name)
        if index in order:
            raise InvalidDeal(f"{where}: Member {name} is placed twice", path)
        order.append(index)
    return tuple(order)


def deal_round(config: Config, seed: Seed | None, k: int, given: RoundDeal | None
               ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Round k's hands and circle: the given parts, the rest shuffled from the seed.

    Both shuffles are always drawn, so a seed deals the same round whatever else is given.
    """
    if given is not None and given.hands is not None and given.circle is not None:
        return given.hands, given.circle
    rng = random.Random(f"livemix:{seed}:{k}")
    circle = list(range(N_MEMBERS))
    rng.shuffle(circle)
    cards = [c * 12 + v for c in config.colours for v in range(12)]
    rng.shuffle(cards)
    hands = tuple(mask_of(cards[HAND_SIZE * s:HAND_SIZE * (s + 1)])
                  for s in range(config.players))
    if given is None:
        return hands, tuple(circle)
    return (hands if given.hands is None else given.hands,
            tuple(circle) if given.circle is None else given.circle)


def deal_all(config: Config, seed: Seed, deals: tuple[RoundDeal | None, ...]
             ) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every round's hands and circle, fixed when the game is created."""
    return tuple(deal_round(config, seed, k, deals[k]) for k in range(ROUNDS))


def deal_json(config: Config, deals: tuple[RoundDeal | None, ...]) -> dict[str, Any] | None:
    """The canonical JSON of the explicit deal (None when every round is shuffled)."""
    if all(d is None for d in deals):
        return None
    return {"rounds": [None if d is None else d.to_json(config) for d in deals]}
