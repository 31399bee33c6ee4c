"""A rule-based VIVO player: aim to be lowest with a high rank, take highest when cheap.

Lowest on-harmony card scores its rank face up, highest scores 2 face down (V5), so the
prize is to be lowest with a high card. For each legal card the bot estimates, from the
ranks it has not seen, the chance every later player goes above it (it stays lowest) or
below it (it stays highest), exactly when it plays last; ties go to the later player. It
subtracts what the card would still be worth later, so it keeps cards that score well
and sheds the others, and off-harmony it throws away its least useful card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.shared.bots.base import (
    FAST,
    JSON,
    SEED,
    STRENGTH,
    Factory,
    PolicyInfo,
    visible_events,
)
from cardroom.shared.bots.determinize_vivo import VivoKnowledge, read
from cardroom.shared.bots.heuristic import MISTAKES, CardHeuristic
from cardroom.shared.games.vivo.cards import RANK_OF, SUIT_OF, parse_card
from cardroom.shared.games.vivo.harmony import allowed_suits, score_trick

#: Weight of the card's worth in later tricks, against this trick's points.
KEEP_WEIGHT = 0.5


class Judge:
    """Scores each legal card from the seat's knowledge."""

    def __init__(self, k: VivoKnowledge) -> None:
        self.k = k
        n = k.config.players
        self.later = n - 1 - len(k.trick_cards)
        ranks = [RANK_OF[c] for c in range(48) if k.unseen >> c & 1]
        self.unseen_ranks = ranks or [6]
        self.count = k.harmonies[k.trick_index]
        suits = 0
        for card, on in k.trick_cards:
            if on:
                suits |= 1 << SUIT_OF[card]
        self.suits = suits
        self.allowed = allowed_suits(self.count, suits, self.later) if k.trick_cards else 15

    def above(self, rank: int) -> float:
        """Share of unseen cards ranked above `rank`."""
        return sum(1 for r in self.unseen_ranks if r > rank) / len(self.unseen_ranks)

    def below(self, rank: int) -> float:
        """Share of unseen cards ranked below `rank`."""
        return sum(1 for r in self.unseen_ranks if r < rank) / len(self.unseen_ranks)

    def keep_worth(self, card: int) -> float:
        """What a card is worth in a later trick: as lowest (its rank) or highest (2)."""
        rank = RANK_OF[card]
        others = self.k.config.players - 1
        return rank * self.above(rank) ** others + 2 * self.below(rank) ** others

    def score(self, card: int) -> float:
        """This trick's expected points for `card` less the worth of keeping it."""
        on = bool(self.allowed >> SUIT_OF[card] & 1)
        if not on:
            return -self.keep_worth(card)
        return self.points(card) - KEEP_WEIGHT * self.keep_worth(card)

    def points(self, card: int) -> float:
        """Expected points of playing `card` on-harmony in this trick."""
        rank = RANK_OF[card]
        earlier = [RANK_OF[c] for c, on in self.k.trick_cards if on]
        if not self.later:
            ranks = [RANK_OF[c] if on else 0 for c, on in self.k.trick_cards] + [rank]
            high, low = score_trick(ranks)
            me = len(ranks) - 1
            return 2.0 * (high == me) + rank * (low == me)
        p_low = 1.0 if all(rank <= r for r in earlier) else 0.0
        p_high = 1.0 if all(rank >= r for r in earlier) else 0.0
        if p_low:
            p_low = self.above(rank) ** self.later
        if p_high:
            p_high = self.below(rank) ** self.later
        return rank * p_low + 2.0 * p_high


class HeuristicVivo(CardHeuristic):
    """The rule-based VIVO bot."""

    game = "vivo"

    def card(self, name: str) -> int:
        """The engine id of a card."""
        return parse_card(name)

    def sort_key(self, name: str) -> Any:
        """Card order (suit, then rank)."""
        return parse_card(name)

    def scorer(self, view: JSON, events: Sequence[JSON]) -> Judge:
        """The judge of each card, from the seat's view and the events it saw."""
        return Judge(read(view, visible_events(events, view["seat"])))


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = (
    (PolicyInfo("vivo", "heuristic",
                "rule-based: aims to be lowest with a high rank, sheds what scores least",
                FAST, (STRENGTH, SEED, MISTAKES)), HeuristicVivo),
)
