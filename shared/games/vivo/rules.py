"""The VIVO rules on integers: two rounds of 12 tricks, the fast API, the read-only queries.

Internally a hand is a 48-bit card bitmask and a suit set a 4-bit int; the string API in
state.py (`legal_actions`, `apply_action`) and the fast API for search (`legal_action_ids`,
`apply_action_id`, and random_playout in playout.py) run the same rule code and differ only
in checks and events. view.py renders from this class without importing state.py.
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardroom.shared.errors import GameOver, IllegalMove
from cardroom.shared.games.vivo.cards import (
    CARD_NAMES,
    DECK_SIZE,
    RANK_OF,
    SUIT_OF,
    SUITS_MASK,
    ids_of,
    parse_card,
)
from cardroom.shared.games.vivo.config import ROUNDS, TRICKS, Config
from cardroom.shared.games.vivo.deal import RoundDeal
from cardroom.shared.games.vivo.harmony import ALLOWED, explain, score_trick
from cardroom.shared.games.vivo.scoring import Rows, row_points

R = TypeVar("R", bound="Rules")


class Rules:
    """The VIVO rules on ints and the contract's read-only queries; state.State adds
    notation in, events and views (build one with new_game, from_json or replay)."""

    def __init__(self, config: Config, seed: int | None, deals: tuple[RoundDeal, ...]) -> None:
        self.config = config
        self.seed = seed
        self.deals = deals
        self._n = config.players
        self._past: tuple[Rows, ...] = ()
        self._history: list[int] = []  # seat << 6 | card, in play order
        self._start_round(0, config.first_lead)

    def _start_round(self, number: int, lead: int) -> None:
        """V7: every round starts afresh from its own deal; scores on paper carry over."""
        deal = self.deals[number]
        self._round = number
        self._trick = 0
        self._harmonies = tuple(int(h) for h in deal.harmonies)
        self._hands = list(deal.hands)
        self._up = [0] * self._n  # face-up scored cards (lowest rank), per seat
        self._down = [0] * self._n  # face-down scored cards (highest rank), per seat
        self._lead = self._turn = lead
        self._cards: list[int] = []  # the current trick, in play order
        self._ranks: list[int] = []  # their ranks, 0 for an off-harmony card
        self._suits = 0  # S: suits of the on-harmony cards in the trick

    # ----------------------------------------------------------------- core rules

    def _masks(self) -> tuple[int, int]:
        """(allowed, legal) card masks of the player to act.

        Allowed: every card of a suit V4 allows now (on-harmony). Legal: the allowed cards
        in hand, or the whole hand when there is none (it will be played off-harmony).
        """
        remaining = self._n - 1 - len(self._cards)
        key = self._harmonies[self._trick] << 6 | self._suits << 2 | remaining
        allowed = SUITS_MASK[ALLOWED[key]]
        hand = self._hands[self._turn]
        return allowed, hand & allowed or hand

    def _place(self, card: int, on: bool) -> None:
        """Put a legal card into the trick, on-harmony or not (its suit was allowed or not)."""
        seat = self._turn
        self._hands[seat] ^= 1 << card
        self._history.append(seat << 6 | card)
        self._cards.append(card)
        if on:
            self._ranks.append(RANK_OF[card])
            self._suits |= 1 << SUIT_OF[card]
        else:
            self._ranks.append(0)  # off-harmony: adds no suit and never scores (V4, V5)
        self._turn = (seat + 1) % self._n

    def _finish_trick(self) -> tuple[int, int]:
        """V5/V6: score the full trick, pass the lead, move on; (highest, lowest or -1) seats."""
        high, low = score_trick(self._ranks)
        lead, n = self._lead, self._n
        high_seat = (lead + high) % n
        self._down[high_seat] |= 1 << self._cards[high]
        low_seat = -1
        if low >= 0:
            low_seat = (lead + low) % n
            self._up[low_seat] |= 1 << self._cards[low]
        # V6: the lowest scorer leads next, else the highest scorer.
        self._lead = self._turn = low_seat if low_seat >= 0 else high_seat
        self._cards = []
        self._ranks = []
        self._suits = 0
        self._trick += 1
        if self._trick == TRICKS:
            self._end_round()
        return high_seat, low_seat

    def _end_round(self) -> None:
        """Write the round down; V6/V7: round 2 opens with the last trick's lead."""
        self._past += ((tuple(self._up), tuple(self._down)),)
        if self._round + 1 < ROUNDS:
            self._start_round(self._round + 1, self._lead)
        else:
            self._turn = -1

    # ----------------------------------------------------------------- fast API (ints)

    def legal_action_ids(self) -> list[int]:
        """Legal card ids of the player to act, ascending (empty once the game is over)."""
        if self._turn < 0:
            return []
        return list(ids_of(self._masks()[1]))

    def legal_mask(self) -> int:
        """Legal card ids of the player to act as a bitmask (0 once the game is over)."""
        return self._masks()[1] if self._turn >= 0 else 0

    def apply_action_id(self, card: int) -> None:
        """Play a card id for the player to act, without events; IllegalMove if not legal."""
        if self._turn < 0:
            raise GameOver("the game is over")
        allowed, legal = self._masks()
        if not (0 <= card < DECK_SIZE and legal >> card & 1):
            raise IllegalMove(f"card id {card} is not a legal play now",
                              [CARD_NAMES[c] for c in ids_of(legal)])
        self._place(card, bool(allowed >> card & 1))
        if len(self._cards) == self._n:
            self._finish_trick()

    def apply_legal_id(self, card: int) -> None:
        """apply_action_id without its check, for a search that took `card` from legal_mask
        (an illegal card here breaks the state)."""
        remaining = self._n - 1 - len(self._cards)
        allowed = SUITS_MASK[ALLOWED[self._harmonies[self._trick] << 6 | self._suits << 2
                                     | remaining]]
        self._place(card, bool(allowed >> card & 1))
        if len(self._cards) == self._n:
            self._finish_trick()

    @staticmethod
    def action_to_string(card: int) -> str:
        """Canonical text of a card id."""
        return CARD_NAMES[card]

    @staticmethod
    def string_to_action(text: str) -> int:
        """Card id of a canonical card; MalformedAction otherwise."""
        return parse_card(text)

    # ----------------------------------------------------------------- contract (strings)

    def current_player(self) -> int | None:
        """The seat to play, or None when the game is over."""
        return self._turn if self._turn >= 0 else None

    def legal_actions(self, seat: int | None = None) -> list[str]:
        """Legal cards of `seat` (default: the one to act) in card order; empty if not its turn."""
        if self._turn < 0 or (seat is not None and seat != self._turn):
            return []
        return [CARD_NAMES[c] for c in ids_of(self._masks()[1])]

    # -- what a host asks (cardroom.shared.games.base): strictly in turns, no host clock ----

    def acting_seats(self) -> list[int]:
        """The seat to play, alone; [] once the game is over."""
        current = self.current_player()
        return [] if current is None else [current]

    def deadline(self) -> float | None:
        """None: VIVO has no clock of its own (a host may keep per-move clocks)."""
        return None

    def timeout_move(self) -> tuple[int | None, str] | None:
        """None: without a host clock nothing times out inside the game."""
        return None

    def pin_round(self, action: str) -> str:
        """The move as it is: a card is tied to the version it was chosen at, not a round."""
        return action

    def still_in(self, seat: int) -> bool:
        """True: nobody is put out of a round of VIVO."""
        return True

    def actor(self, seat: int, action: str) -> int | None:
        """The seat itself: every move is the sending seat's."""
        return seat

    def legal_moves(self, seat: int, now: float | None = None) -> list[str]:
        """The seat's legal cards (the host's time changes nothing)."""
        return self.legal_actions(seat)

    def _check_legal(self, card: int) -> bool:
        """Refuse a card not in hand or not following the harmony, saying why (V4).

        A legal card returns whether it is on-harmony.
        """
        allowed, legal = self._masks()
        if legal >> card & 1:
            return bool(allowed >> card & 1)
        names = [CARD_NAMES[c] for c in ids_of(legal)]
        if not self._hands[self._turn] >> card & 1:
            raise IllegalMove(f"{CARD_NAMES[card]} is not in your hand (seat {self._turn})",
                              names)
        count = self._harmonies[self._trick]
        rule = explain(count, self._suits, self._n - 1 - len(self._cards))
        raise IllegalMove(f"{CARD_NAMES[card]} does not follow the harmony: {rule}", names)

    def is_terminal(self) -> bool:
        """True once both rounds are over."""
        return self._turn < 0

    def round_scores(self) -> list[list[int]]:
        """Each started round's score per seat (V5 scoring rows: 2 per face-down, rank face-up)."""
        return [[row_points(up, down) for up, down in zip(*rows, strict=True)]
                for rows in self._rows()]

    def _rows(self) -> list[Rows]:
        """The scoring rows of every started round (the running one last)."""
        if self._turn < 0:
            return list(self._past)
        return [*self._past, (tuple(self._up), tuple(self._down))]

    def scores(self) -> list[int]:
        """Total per seat over the rounds so far."""
        return [sum(column) for column in zip(*self.round_scores(), strict=True)]

    def winners(self) -> list[int]:
        """V8: every seat with the highest total once the game is over (ties share)."""
        if self._turn >= 0:
            return []
        totals = self.scores()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def history(self) -> list[tuple[int, str]]:
        """Every play so far as (seat, card)."""
        return [(move >> 6, CARD_NAMES[move & 63]) for move in self._history]

    # ----------------------------------------------------------------- copies

    def clone(self: R) -> R:
        """An independent copy (the deals and finished rounds are immutable and shared)."""
        new = type(self).__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        d["_hands"] = self._hands[:]
        d["_up"] = self._up[:]
        d["_down"] = self._down[:]
        d["_cards"] = self._cards[:]
        d["_ranks"] = self._ranks[:]
        d["_history"] = self._history[:]
        return new

    def _key(self) -> tuple[Any, ...]:
        return (self.config, self.seed, self.deals, self._past, self._history, self._round,
                self._trick, self._hands, self._up, self._down, self._lead, self._turn,
                self._cards, self._ranks, self._suits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        turn = self.current_player()
        return (f"<vivo.State players={self._n} round={self._round + 1} "
                f"trick={self._trick + 1} turn={turn}>")

