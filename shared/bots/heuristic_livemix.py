"""A rule-based Livemix player: stay in the round unless a Member pays, shed risky cards.

The round's big prize is to be the last player in: that player gains its whole hand and
every Member left on the table (L8), while a player made to leave keeps its hand, which
then costs a point per matching Member (L9). So for each legal card the bot weighs

- the chance the card wins the trick (zero off the lead colour or under the best card so
  far; else the chance no later player holds a higher lead-colour card, from the cards
  it has not seen and the colours each seat showed void in; the 1-as-13 rule included);
- what winning would be worth: the Member under the token (after this card, should it be
  a 9) with the trick's cards, or the exact score of leaving if that Member makes it
  leave, against the value of staying in;
- what playing the card sheds: a card matching its own Members is a point lost should it
  leave with it, and a high card is a trick it may be forced to win later.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.bots.base import (
    FAST,
    JSON,
    SEED,
    STRENGTH,
    Factory,
    PolicyInfo,
    visible_events,
)
from cardroom.shared.bots.determinize_livemix import LivemixKnowledge, read
from cardroom.shared.bots.heuristic import MISTAKES, CardHeuristic
from cardroom.shared.games.livemix.cards import card_id, roster_tables, winner_index
from cardroom.shared.games.livemix.rules import LEAVE_AT, next_on_table

#: Worth of staying in the round (the chance to be the last player in).
STAY_VALUE = 3.0
#: Cost of a Member that does not make the seat leave but brings it closer.
CLOSER_COST = 1.5
#: Worth of shedding a card per Member of the seat it matches.
SHED_MATCH = 0.4
#: Worth of shedding a card per point of value (high cards win unwanted tricks).
SHED_VALUE = 0.05


class Judge:
    """Scores each legal card from the seat's knowledge."""

    def __init__(self, k: LivemixKnowledge) -> None:
        self.k = k
        self.roster = roster_tables(k.config.roster)
        self.seat = k.seat
        self.mine = k.members[k.seat]
        self.followers = self._followers()

    def _followers(self) -> list[int]:
        """The seats still to play in this trick after this one."""
        k, n = self.k, self.k.config.players
        seats = []
        seat = self.seat
        for _ in range(n - 1):
            seat = (seat + 1) % n
            if seat == (k.trick[0][0] if k.trick else self.seat):
                break
            if k.active >> seat & 1:
                seats.append(seat)
        return seats

    def score(self, card: int) -> float:
        """Expected worth of playing `card` now."""
        p = self.win_chance(card)
        worth = p * self.win_worth(card) if p else 0.0
        return worth + self.shed_worth(card)

    def win_chance(self, card: int) -> float:
        """Chance the trick is won by this card."""
        cards = [c for _, c in self.k.trick] + [card]
        if winner_index(cards) != len(cards) - 1:
            return 0.0
        lead = cards[0] // 12
        higher = [x for x in range(lead * 12, lead * 12 + 12)
                  if self.k.unseen >> x & 1 and winner_index([*cards, x]) == len(cards)]
        if not higher:
            return 1.0
        pool = max(self.k.unseen.bit_count(), 1)
        keep = 1.0
        for seat in self.followers:
            if self.k.voids[seat] >> lead & 1:
                continue
            keep *= (1.0 - len(higher) / pool) ** self.k.hand_sizes[seat]
        return keep

    def win_worth(self, card: int) -> float:
        """Score change of winning the trick with `card` against losing it."""
        k = self.k
        token = k.token
        if card % 12 == 8 and token >= 0:
            token = next_on_table(k.table, token)
        taken = sum(1 << c for _, c in k.trick) | 1 << card
        won = k.won[self.seat] | taken
        hand = k.hand & ~(1 << card)
        base = self._points(self.mine, k.won[self.seat], 0)
        if token < 0:
            return self._points(self.mine, won, 0) - base
        member = token  # the circle is the roster in order (see determinize_livemix)
        held = self.mine | 1 << member
        total, same = LEAVE_AT[k.config.players]
        group = self.roster.group_masks[self.roster.groups[member]]
        if held.bit_count() >= total or (held & group).bit_count() >= same:
            return self._points(held, won, hand) - (base + STAY_VALUE)
        return self._points(held, won, 0) - base - CLOSER_COST

    def _points(self, members: int, won: int, hand: int) -> float:
        """L9 for a Member mask, won cards and cards left in hand."""
        points = 0
        for m in range(12):
            if members >> m & 1:
                match = self.roster.matches[m]
                points += (won & match).bit_count() - (hand & match).bit_count()
        return float(points)

    def shed_worth(self, card: int) -> float:
        """Worth of no longer holding `card`."""
        matches = sum(1 for m in range(12)
                      if self.mine >> m & 1 and self.roster.matches[m] >> card & 1)
        value = 13 if card % 12 == 0 else card % 12 + 1
        return SHED_MATCH * matches + SHED_VALUE * value


class HeuristicLivemix(CardHeuristic):
    """The rule-based Livemix bot."""

    game = "livemix"

    def card(self, name: str) -> int:
        """The engine id of a card."""
        return card_id(name)

    def scorer(self, view: JSON, events: Sequence[JSON]) -> Judge:
        """The judge of each card, from the seat's view and the events it saw."""
        return Judge(read(view, visible_events(events, view["seat"])))


#: The policies of this module, as the registry reads them.
POLICIES: tuple[tuple[PolicyInfo, Factory], ...] = (
    (PolicyInfo("livemix", "heuristic",
                "rule-based: stays in unless a Member pays, sheds risky cards",
                FAST, (STRENGTH, SEED, MISTAKES)), HeuristicLivemix),
)
