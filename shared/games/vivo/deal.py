"""Deals of a VIVO game: shuffled from a seed, or given explicitly in canonical notation.

An explicit deal is JSON: one round ``{"hands": [[card, ...] per seat], "harmonies":
[12 names in trick order]}`` fixes round 1; ``{"rounds": [round1, round2]}`` fixes both
(a round given as null, or left out, is shuffled from the seed).
"""

from __future__ import annotations

import json
import random
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.shared.errors import InvalidDeal, MalformedAction
from cardroom.shared.games.vivo.cards import (
    CARD_NAMES,
    SUIT_OF,
    Harmony,
    Suit,
    ids_of,
    mask_of,
    names_of,
    parse_card,
    parse_harmony,
)
from cardroom.shared.games.vivo.config import HAND_SIZE, ROUNDS, TRICKS, Config
from cardroom.shared.quoting import quote


@dataclass(frozen=True)
class RoundDeal:
    """One round's chance outcome: each seat's hand (a card bitmask) and the harmony order."""

    hands: tuple[int, ...]
    harmonies: tuple[Harmony, ...]

    def to_json(self) -> dict[str, Any]:
        """Canonical notation, the format an explicit deal is given in."""
        return {"hands": [names_of(hand) for hand in self.hands],
                "harmonies": [h.name for h in self.harmonies]}


def shuffle_round(config: Config, rng: random.Random) -> RoundDeal:
    """V7: a fresh round, both decks shuffled and 12 cards dealt to each seat."""
    harmonies = [h for h, count in sorted(config.harmony_deck().items()) for _ in range(count)]
    rng.shuffle(harmonies)
    cards = list(ids_of(config.deck_mask))
    rng.shuffle(cards)
    hands = tuple(mask_of(cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
                  for seat in range(config.players))
    return RoundDeal(hands, tuple(harmonies))


def build_deals(config: Config, seed: int | None, deal: object
                ) -> tuple[int | None, tuple[RoundDeal, ...]]:
    """Every round's deal: the explicit ones validated, the others shuffled from the seed.

    Both rounds are always shuffled in order, so a seed gives the same round 2 whether
    or not round 1 is fixed. Returns the seed actually used (drawn when None and needed).
    """
    given = parse_deal(config, deal)
    if all(round_deal is not None for round_deal in given):
        return seed, tuple(d for d in given if d is not None)
    if seed is None:
        seed = secrets.randbits(63)
    rng = random.Random(seed)
    shuffled = [shuffle_round(config, rng) for _ in range(ROUNDS)]
    return seed, tuple(g if g is not None else s for g, s in zip(given, shuffled, strict=True))


def parse_deal(config: Config, deal: object) -> list[RoundDeal | None]:
    """The explicit rounds of a deal (None where a round is left to the seed)."""
    if deal is None:
        return [None] * ROUNDS
    if isinstance(deal, str):
        try:
            deal = json.loads(deal)
        except ValueError as exc:
            raise InvalidDeal(f"the deal is not valid JSON: {exc}", field="deal") from None
    if not isinstance(deal, dict):
        raise InvalidDeal("a deal must be an object with 'hands' and 'harmonies', or 'rounds'",
                          field="deal")
    prefix = "rounds[{}]."  # where each round sits in the deal (a field path)
    if "rounds" not in deal:
        rounds: Sequence[object] = [deal]
        prefix = ""
    elif set(deal) != {"rounds"} or not isinstance(deal["rounds"], list):
        raise InvalidDeal("a deal with 'rounds' must hold only a list of rounds", field="deal")
    else:
        rounds = deal["rounds"]
    if not 1 <= len(rounds) <= ROUNDS:
        raise InvalidDeal(f"a VIVO game has {ROUNDS} rounds; the deal gives {len(rounds)}",
                          field="deal")
    parsed = [None if r is None else parse_round(config, r, i + 1, prefix.format(i))
              for i, r in enumerate(rounds)]
    return parsed + [None] * (ROUNDS - len(parsed))


def parse_round(config: Config, data: object, number: int, path: str = "") -> RoundDeal:
    """One round's explicit deal, validated against the config (InvalidDeal says why and
    names the field as a path within the deal, under `path`: "rounds[0].hands[2]")."""
    where = f"round {number}"
    if not isinstance(data, dict) or set(data) != {"hands", "harmonies"}:
        raise InvalidDeal(f"{where}: a round is an object with exactly 'hands' and 'harmonies'",
                          field=path.rstrip(".") or "deal")
    return RoundDeal(_parse_hands(config, data["hands"], where, f"{path}hands"),
                     _parse_harmonies(config, data["harmonies"], where, f"{path}harmonies"))


def _parse_hands(config: Config, hands: object, where: str, path: str = "hands"
                 ) -> tuple[int, ...]:
    """Each seat's hand: 12 known cards of the suits in play, no card twice."""
    players = config.players
    if not isinstance(hands, list) or len(hands) != players:
        raise InvalidDeal(f"{where}: 'hands' must list {players} hands, one per seat",
                          field=path)
    owner: dict[int, int] = {}
    masks = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            size = len(hand) if isinstance(hand, list) else "no list of"
            raise InvalidDeal(f"{where}, seat {seat}: a hand holds {HAND_SIZE} cards, "
                              f"got {size} cards", field=f"{path}[{seat}]")
        cards = [_deal_card(config, text, f"{where}, seat {seat}", f"{path}[{seat}]")
                 for text in hand]
        for card in cards:
            if card in owner:
                raise InvalidDeal(f"{where}: {CARD_NAMES[card]} is dealt twice (seats "
                                  f"{owner[card]} and {seat})", field=f"{path}[{seat}]")
            owner[card] = seat
        masks.append(mask_of(cards))
    return tuple(masks)


def _deal_card(config: Config, text: object, where: str, path: str = "deal") -> int:
    """A dealt card's id; unknown notation or a removed suit is refused."""
    try:
        card = parse_card(text)
    except MalformedAction:
        raise InvalidDeal(f"{where}: {quote(text)} is not a VIVO card (e.g. 'R5')",
                          field=path) from None
    if not config.suit_set >> SUIT_OF[card] & 1:
        suit = Suit(SUIT_OF[card]).label
        raise InvalidDeal(f"{where}: {text} belongs to {suit}, the suit removed from this "
                          f"{config.players}-player game", field=path)
    return card


def _parse_harmonies(config: Config, harmonies: object, where: str, path: str = "harmonies"
                     ) -> tuple[Harmony, ...]:
    """The 12 harmonies in trick order, exactly the V1 deck for the player count."""
    if not isinstance(harmonies, list) or len(harmonies) != TRICKS:
        raise InvalidDeal(f"{where}: 'harmonies' must list the {TRICKS} harmonies of the round",
                          field=path)
    try:
        order = tuple(parse_harmony(h) for h in harmonies)
    except ValueError as exc:
        raise InvalidDeal(f"{where}: {exc}", field=path) from None
    expected = config.harmony_deck()
    if Counter(order) != expected:
        raise InvalidDeal(f"{where}: a {config.players}-player round uses "
                          f"{_describe(expected)}; the deal gives {_describe(Counter(order))}",
                          field=path)
    return order


def _describe(counts: Counter[Harmony]) -> str:
    """Harmony counts as text, e.g. '4 SOLO, 4 DUET, 4 TRIO'."""
    return ", ".join(f"{counts[h]} {h.name}" for h in Harmony if counts[h])
