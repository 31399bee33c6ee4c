"""Deck order and dice rolls of a Mix Match game, from a seed or an explicit deal (M1, M2).

Deal JSON: ``{"deck": [card, ...], "rolls": [[big, units], ...]}``, both keys optional.
``deck`` lists exactly the match's cards (variant 1 applied) in drawing order, top first.
``rolls`` lists the dice of rounds 1, 2, ...: the blue tens die (the black die in variant 4)
and the units die; when the game runs more rounds than there are rolls, they start over.
Whatever the deal leaves out comes from the seed. Rolls are derived from (seed, round) rather
than drawn from a running generator, so a state needs no generator to be serialized.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardroom.shared.errors import InvalidDeal
from cardroom.shared.games.mixmatch.config import Config, is_whole
from cardroom.shared.quoting import clip, quote

MAX_ROLLS = 1000


def shuffled_deck(config: Config, seed: int) -> list[int]:
    """The match's cards in the order the seed shuffles them, top first."""
    cards = list(config.full_deck())
    random.Random(f"mixmatch:{seed}:deck").shuffle(cards)
    return cards


def roll_dice(config: Config, seed: int, rolls: list[list[int]] | None,
              round_number: int) -> list[int]:
    """The two dice of round `round_number` (1-based): [big die, units die]."""
    if rolls:
        return list(rolls[(round_number - 1) % len(rolls)])
    rng = random.Random(f"mixmatch:{seed}:roll:{round_number}")
    return [rng.choice(config.big_die), rng.choice(config.units_die)]


def stacked_deal(config: Config, top: Sequence[int],
                 rolls: Sequence[Sequence[int]] | None = None) -> dict[str, Any]:
    """A deal that draws `top` first, then the rest of the deck in ascending order.

    For set positions such as the rulebook's example; `rolls`, when given, fixes the dice.
    """
    rest = list(config.full_deck())
    for card in top:
        if card not in rest:
            raise InvalidDeal(f"card {card} is not in the match's deck that often", field="deck")
        rest.remove(card)
    deal: dict[str, Any] = {"deck": [*top, *rest]}
    if rolls is not None:
        deal["rolls"] = [list(pair) for pair in rolls]
    return deal


def read_deal(config: Config, deal: Any) -> dict[str, Any]:
    """A validated copy of an explicit deal; a deal that cannot be played raises InvalidDeal."""
    if not isinstance(deal, dict):
        raise InvalidDeal("a deal must be an object with 'deck' and/or 'rolls'")
    unknown = sorted(set(deal) - {"deck", "rolls"})
    if unknown:
        raise InvalidDeal(f"unknown deal key {quote(unknown[0])}", field=clip(str(unknown[0])))
    deck = deal.get("deck")
    rolls = deal.get("rolls")
    if deck is not None:
        deck = _read_deck(config, deck)
    if rolls is not None:
        rolls = _read_rolls(config, rolls)
    return {"deck": deck, "rolls": rolls}


def _read_deck(config: Config, deck: Any) -> list[int]:
    if not isinstance(deck, list) or not all(is_whole(card) for card in deck):
        raise InvalidDeal("the deal's deck must be a list of card numbers", field="deck")
    expected = Counter(config.full_deck())
    if len(deck) != sum(expected.values()):
        raise InvalidDeal(f"the deal's deck has {len(deck)} cards, the match's deck has "
                          f"{sum(expected.values())}", field="deck")
    given = Counter(deck)
    for card in sorted(set(given) | set(expected)):
        if given[card] != expected[card]:
            raise InvalidDeal(f"card {card} is in the deal's deck {given[card]} times, in the "
                              f"match's deck {expected[card]} times", field="deck")
    return list(deck)


def _read_rolls(config: Config, rolls: Any) -> list[list[int]]:
    if not isinstance(rolls, list) or not 1 <= len(rolls) <= MAX_ROLLS:
        raise InvalidDeal(f"the deal's rolls must be a list of 1 to {MAX_ROLLS} pairs",
                          field="rolls")
    big_name = "black die" if config.harder else "tens die"
    for number, pair in enumerate(rolls, start=1):
        if not isinstance(pair, list) or len(pair) != 2 or not all(is_whole(v) for v in pair):
            raise InvalidDeal(f"roll {number} must be a pair of die faces", field="rolls")
        for face, die, name in ((pair[0], config.big_die, big_name),
                                (pair[1], config.units_die, "units die")):
            if face not in die:
                raise InvalidDeal(f"roll {number}: {face} is not a face of the {name}",
                                  field="rolls")
    return [list(pair) for pair in rolls]
