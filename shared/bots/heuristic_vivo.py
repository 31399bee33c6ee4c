"""A rule-based VIVO player: aim to be lowest with a high rank, take highest when cheap.

Lowest on-harmony card scores its rank face up, highest scores 2 face down (V5), so the
prize is to be lowest with a high card. For each legal card the bot estimates, from the
ranks it has not seen, the chance every later player goes above it (it stays lowest) or
below it (it stays highest), exactly when it plays last; ties go to the later player. It
subtracts what the card would still be worth later, so it keeps cards that score well
and sheds the others, and off-harmony it throws away its least useful card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shared.bots.base import (
    FAST,
    JSON,
    SEED,
    STRENGTH,
    Decision,
    PolicyInfo,
    check_view,
    no_move,
    rng_for,
    visible_events,
)
from shared.bots.determinize_vivo import VivoKnowledge, read
from shared.bots.heuristic_livemix import LEVEL_MISTAKES, MISTAKES
from shared.bots.registry import register
from shared.games.vivo.cards import RANK_OF, SUIT_OF, parse_card
from shared.games.vivo.harmony import allowed_suits, score_trick

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


class HeuristicVivo:
    """The rule-based VIVO bot."""

    def __init__(self, info: PolicyInfo, params: dict[str, int | float]) -> None:
        self.info = info
        self.seed = int(params["seed"])
        mistakes = float(params["mistakes"])
        self.mistakes = LEVEL_MISTAKES[int(params["strength"])] if mistakes < 0 else mistakes

    def decide(self, view: JSON, events: Sequence[JSON], seed: int) -> Decision:
        """The best-scoring legal card (a random one with the strength's mistake rate)."""
        view = check_view(view, "vivo")
        legal = sorted(view.get("legal_actions") or [], key=parse_card)
        if view.get("current_player") != view["seat"] or not legal:
            return no_move("not this seat's turn")
        rng = rng_for(self.seed, seed)
        if self.mistakes and rng.random() < self.mistakes:
            return Decision(rng.choice(legal), {"mistake": True})
        judge = Judge(read(view, visible_events(events, view["seat"])))
        scores = {name: judge.score(parse_card(name)) for name in legal}
        return Decision(_best(scores, rng), {"scores": {a: round(s, 3) for a, s in
                                                         scores.items()}})


def _best(scores: dict[str, float], rng: random.Random) -> str:
    """The top-scoring action; near ties broken at random."""
    top = max(scores.values())
    return rng.choice(sorted(a for a, s in scores.items() if s >= top - 1e-9))


register(PolicyInfo("vivo", "heuristic",
                    "rule-based: aims to be lowest with a high rank, sheds what scores least",
                    FAST, (STRENGTH, SEED, MISTAKES)), HeuristicVivo)
