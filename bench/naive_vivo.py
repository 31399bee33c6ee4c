"""A plain set-of-strings VIVO, the baseline the engine's speed is compared with.

Obvious code on purpose: hands are sets of card strings ("R5"), suits are letters, the
trick is a list of (seat, card, on_harmony). It plays the same rules and deals the same
shuffles as cardroom.shared.games.vivo, so both can replay one game.
"""

from __future__ import annotations

import random

COUNTS = {"SOLO": 1, "DUET": 2, "TRIO": 3, "QUARTET": 4}
ALL_SUITS = frozenset("RGBY")
HARMONY_DECKS = {3: {"SOLO": 4, "DUET": 4, "TRIO": 4},
                 4: {"SOLO": 3, "DUET": 3, "TRIO": 3, "QUARTET": 3}}


def rank(card: str) -> int:
    """Rank of a card string."""
    return int(card[1:])


class NaiveVivo:
    """A whole VIVO game (2 rounds), dealt from a seed like the engine deals it."""

    def __init__(self, players: int = 4, seed: int = 0, removed: str = "Y",
                 first_lead: int = 0) -> None:
        self.players = players
        self.suits = "RGBY" if players == 4 else "RGBY".replace(removed, "")
        rng = random.Random(seed)
        self.deals = [self._shuffle(rng) for _ in range(2)]
        self.totals = [0] * players
        self.round = 0
        self.over = False
        self._start_round(first_lead)

    def _shuffle(self, rng: random.Random) -> tuple[list[set[str]], list[str]]:
        harmonies = [name for name, count in HARMONY_DECKS[self.players].items()
                     for _ in range(count)]
        rng.shuffle(harmonies)
        deck = [f"{suit}{r}" for suit in self.suits for r in range(1, 13)]
        rng.shuffle(deck)
        hands = [set(deck[12 * seat:12 * seat + 12]) for seat in range(self.players)]
        return hands, harmonies

    def _start_round(self, lead: int) -> None:
        hands, self.harmonies = self.deals[self.round]
        self.hands = [set(hand) for hand in hands]
        self.scores = [0] * self.players
        self.trick_number = 0
        self.lead = self.turn = lead
        self.trick: list[tuple[int, str, bool]] = []

    def copy(self) -> NaiveVivo:
        """An independent copy."""
        other = object.__new__(NaiveVivo)
        other.__dict__.update(self.__dict__)
        other.hands = [set(hand) for hand in self.hands]
        other.trick = list(self.trick)
        other.scores = list(self.scores)
        other.totals = list(self.totals)
        return other

    def allowed_suits(self) -> frozenset[str] | set[str]:
        """The suits that follow the harmony now."""
        count = COUNTS[self.harmonies[self.trick_number]]
        played = {card[0] for _, card, on in self.trick if on}
        still_to_play = self.players - 1 - len(self.trick)
        if len(played) >= count:
            return played
        if len(played) + still_to_play >= count:
            return ALL_SUITS
        return ALL_SUITS - played

    def legal(self) -> list[str]:
        """The cards the player to act may play."""
        return self._legal(self.allowed_suits())

    def _legal(self, allowed: frozenset[str] | set[str]) -> list[str]:
        follow = [card for card in self.hands[self.turn] if card[0] in allowed]
        return follow if follow else list(self.hands[self.turn])

    def play(self, card: str) -> None:
        """Play a card for the player to act."""
        allowed = self.allowed_suits()
        if card not in self._legal(allowed):
            raise ValueError(f"{card} is not legal")
        self._place(card, card[0] in allowed)

    def _step(self, rng: random.Random) -> None:
        """Play a random legal card, working out the allowed suits once."""
        allowed = self.allowed_suits()
        card = rng.choice(self._legal(allowed))
        self._place(card, card[0] in allowed)

    def _place(self, card: str, on: bool) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card, on))
        self.turn = (self.turn + 1) % self.players
        if len(self.trick) == self.players:
            self._score_trick()

    def _score_trick(self) -> None:
        scored = [(seat, rank(card)) for seat, card, on in self.trick if on]
        top = max(r for _, r in scored)
        bottom = min(r for _, r in scored)
        high = [seat for seat, r in scored if r == top][-1]
        self.scores[high] += 2
        self.lead = high
        if top != bottom:
            low = [seat for seat, r in scored if r == bottom][-1]
            self.scores[low] += bottom
            self.lead = low
        self.trick = []
        self.turn = self.lead
        self.trick_number += 1
        if self.trick_number == 12:
            self.totals = [a + b for a, b in zip(self.totals, self.scores, strict=True)]
            self.round += 1
            if self.round == 2:
                self.over = True
            else:
                self._start_round(self.lead)

    def random_round(self, rng: random.Random) -> None:
        """Play random legal cards to the end of the current round."""
        start = self.round
        while not self.over and self.round == start:
            self._step(rng)

    def random_game(self, rng: random.Random) -> None:
        """Play random legal cards to the end of the game."""
        while not self.over:
            self._step(rng)
