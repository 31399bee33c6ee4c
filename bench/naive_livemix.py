"""A plain set-of-strings Livemix, the baseline the engine's speed is compared with.

Obvious code on purpose: hands are sets of card strings ("H12"), Members are their names
("A:heart"), the circle is a list with None where a Member was taken. It plays the same
rules and deals the same shuffles as cardroom.shared.games.livemix, so both can replay one game.
"""

from __future__ import annotations

import random

LETTERS = {"H": "heart", "G": "gem", "F": "flower", "M": "moon"}
ROSTER = ["A:heart", "A:gem", "A:flower", "A:moon", "B:1", "B:4", "B:7", "B:10",
          "C:3", "C:6", "C:9", "C:12"]


def colour(card: str) -> str:
    """Colour name of a card string."""
    return LETTERS[card[0]]


def value(card: str) -> int:
    """Value of a card string."""
    return int(card[1:])


def matches(member: str, card: str) -> bool:
    """Whether a card has the colour or the value a Member names."""
    attr = member.split(":")[1]
    return attr == colour(card) or attr == str(value(card))


class NaiveLivemix:
    """A whole Livemix game on sets of strings."""

    def __init__(self, players: int = 4, seed: int | str = 0, removed: str = "moon",
                 first_lead: int = 0) -> None:
        self.players = players
        self.seed = seed
        self.letters = [k for k, v in LETTERS.items() if players == 4 or v != removed]
        self.round = 0
        self.scores: list[list[int]] = []
        # The whole game is dealt in advance, as the engine does.
        self.deals = [self.deal(k) for k in range(3)]
        self.start_round(first_lead)

    def deal(self, k: int) -> tuple[list[str], list[str]]:
        """Round k's circle and shuffled cards, from the seed."""
        rng = random.Random(f"livemix:{self.seed}:{k}")
        order = list(range(12))
        rng.shuffle(order)
        cards = [f"{letter}{v}" for letter in self.letters for v in range(1, 13)]
        rng.shuffle(cards)
        return [ROSTER[i] for i in order], cards

    def start_round(self, lead: int) -> None:
        """Lay out the round's deal and reset the table."""
        circle, cards = self.deals[self.round]
        self.circle: list[str | None] = list(circle)
        self.hands = [set(cards[12 * s:12 * s + 12]) for s in range(self.players)]
        self.won: list[set[str]] = [set() for _ in range(self.players)]
        self.members: list[list[str]] = [[] for _ in range(self.players)]
        self.active = [True] * self.players
        self.token: int | None = 0
        self.first_lead = self.turn = lead
        self.trick: list[tuple[int, str]] = []

    def copy(self) -> NaiveLivemix:
        """An independent copy."""
        other = object.__new__(NaiveLivemix)
        other.__dict__.update(self.__dict__)
        other.hands = [set(h) for h in self.hands]
        other.won = [set(w) for w in self.won]
        other.members = [list(m) for m in self.members]
        other.circle = list(self.circle)
        other.active = list(self.active)
        other.trick = list(self.trick)
        other.scores = [list(s) for s in self.scores]
        return other

    def legal(self) -> list[str]:
        """Cards the seat to act may play."""
        hand = self.hands[self.turn]
        if self.trick:
            lead = colour(self.trick[0][1])
            same = [c for c in hand if colour(c) == lead]
            if same:
                return same
        return list(hand)

    def next_seat(self, seat: int) -> int:
        """Next still-active seat clockwise."""
        seat = (seat + 1) % self.players
        while not self.active[seat]:
            seat = (seat + 1) % self.players
        return seat

    def move_token(self, start: int) -> None:
        """Put the token on the next Member still on the table after `start`."""
        for step in range(1, 13):
            pos = (start + step) % 12
            if self.circle[pos] is not None:
                self.token = pos
                return
        self.token = None

    def play(self, card: str) -> None:
        """The seat to act plays a card."""
        if card not in self.legal():
            raise ValueError(f"illegal card {card}")
        self.put(card)

    def put(self, card: str) -> None:
        """Play a card already known to be legal."""
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card))
        if value(card) == 9 and self.token is not None:
            self.move_token(self.token)
        if len(self.trick) == self.active.count(True):
            self.finish_trick()
        else:
            self.turn = self.next_seat(self.turn)

    def finish_trick(self) -> None:
        """Give the trick away, maybe a Member, check leaving, pass the lead."""
        lead = colour(self.trick[0][1])
        values = {value(c): s for s, c in self.trick if colour(c) == lead}
        # The lead-colour 1 counts as 13 when the lead-colour 12 is in the trick too.
        winner = values[1] if 1 in values and 12 in values else values[max(values)]
        self.won[winner].update(c for _, c in self.trick)
        self.trick = []
        if self.token is not None:
            member = self.circle[self.token]
            assert member is not None
            self.circle[self.token] = None
            self.members[winner].append(member)
            self.move_token(self.token)
            self.check_leave(winner, member)
        still = [s for s in range(self.players) if self.active[s]]
        if len(still) == 1 or all(not self.hands[s] for s in still):
            self.finish_round()
        elif self.active[winner]:
            self.turn = winner
        else:
            self.turn = self.next_seat(winner)

    def check_leave(self, seat: int, member: str) -> None:
        """Leave on the 3rd Member / 2nd of a group (4p) or the 4th / 3rd (3p)."""
        total, same = (3, 2) if self.players == 4 else (4, 3)
        group = member.split(":")[0]
        in_group = [m for m in self.members[seat] if m.split(":")[0] == group]
        if len(self.members[seat]) >= total or len(in_group) >= same:
            self.active[seat] = False

    def finish_round(self) -> None:
        """The last seat takes its hand and the Members left; score; deal again."""
        still = [s for s in range(self.players) if self.active[s]]
        if len(still) == 1:
            last = still[0]
            self.members[last] += [m for m in self.circle if m is not None]
            self.circle = [None] * 12
            self.token = None
        for s in still:
            self.won[s] |= self.hands[s]
            self.hands[s] = set()
        self.scores.append([self.score(s) for s in range(self.players)])
        self.round += 1
        if self.round < 3:
            low = min(self.scores[-1])
            lead = self.first_lead
            while self.scores[-1][lead] != low:
                lead = (lead + 1) % self.players
            self.start_round(lead)

    def score(self, seat: int) -> int:
        """Points of a seat for the round just played."""
        total = 0
        for member in self.members[seat]:
            total += sum(1 for c in self.won[seat] if matches(member, c))
            total -= sum(1 for c in self.hands[seat] if matches(member, c))
        return total

    def random_round(self, rng: random.Random) -> None:
        """Play random legal cards to the end of the round."""
        start = self.round
        while self.round == start:
            self.put(rng.choice(self.legal()))

    def random_game(self, rng: random.Random) -> None:
        """Play random legal cards to the end of the game."""
        while self.round < 3:
            self.put(rng.choice(self.legal()))
