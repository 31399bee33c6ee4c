"""The Livemix rules on integers: the state's fields, one small method per phase, the fast API.

Cards are ids 0..47 and hands are 48-bit masks (see cards.py); Members are roster indexes
and a seat's Members a 12-bit mask; the circle is a tuple of roster indexes and ``table``
a 12-bit mask of the circle positions still on the table. Search bots use the int API
(legal_action_ids, apply_action_id) and random_playout (playout.py); the string API in
state.py wraps the same methods, so both paths play exactly the same rules. The contract's
read-only queries (current_player, scores, winners...) are answered here, so view.py
renders from this class without importing state.py.
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardroom.shared.errors import GameOver, IllegalMove
from cardroom.shared.games.livemix.cards import (
    CARD_NAMES,
    COLOUR_MASK,
    COLOURS,
    N_CARDS,
    Roster,
    card_id,
    ids_of,
    roster_tables,
    winner_index,
)
from cardroom.shared.games.livemix.config import ROUNDS, Config
from cardroom.shared.games.livemix.deal import RoundDeal, Seed, deal_all
from cardroom.shared.games.livemix.scoring import RoundRecord, seat_score
from cardroom.shared.games.livemix.scoring import winners as _winners

#: L6: (Members in all, Members of one group) that make a seat leave, per player count.
LEAVE_AT = {3: (4, 3), 4: (3, 2)}

def _next_seats(n: int) -> tuple[int, ...]:
    """NEXT[active * 4 + seat]: the next seat clockwise still in `active` (N4: seat + 1)."""
    table = []
    for active in range(16):
        for seat in range(4):
            nxt = -1
            for step in range(1, n + 1):
                cand = (seat + step) % n
                if seat < n and active >> cand & 1:
                    nxt = cand
                    break
            table.append(nxt)
    return tuple(table)


NEXT = {n: _next_seats(n) for n in (3, 4)}


def next_on_table(table: int, pos: int) -> int:
    """L4: the next circle position clockwise from `pos` still on the table (-1 if none)."""
    if not table:
        return -1
    above = table >> (pos + 1)
    if above:
        return pos + (above & -above).bit_length()
    return (table & -table).bit_length() - 1


T = TypeVar("T", bound="Rules")


class Rules:
    """A Livemix game state with its rules on ints; State adds notation, events and views."""

    __slots__ = (
        "active",
        "circle",
        "config",
        "deals",
        "dealt",
        "first_lead",
        "hands",
        "last_trick",
        "leader",
        "log",
        "members",
        "n",
        "plays",
        "records",
        "roster",
        "round",
        "seed",
        "table",
        "token",
        "trick",
        "trick_seats",
        "turn",
        "won",
    )

    config: Config
    n: int
    roster: Roster
    seed: Seed
    deals: tuple[RoundDeal | None, ...]
    #: Every round's (hands, circle), dealt once from the seed and the explicit deal.
    dealt: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    round: int
    first_lead: int
    hands: list[int]
    won: list[int]
    members: list[int]
    circle: tuple[int, ...]
    table: int
    token: int
    active: int
    leader: int
    turn: int
    trick: list[int]
    trick_seats: list[int]
    last_trick: tuple[tuple[int, ...], tuple[int, ...], int, int] | None
    records: list[RoundRecord]
    plays: list[tuple[int, int]]
    #: When a list, the phases note what happened (for events); None on the fast path.
    log: list[tuple[Any, ...]] | None

    def __init__(self, config: Config, seed: Seed, deals: tuple[RoundDeal | None, ...]) -> None:
        self.config = config
        self.n = config.players
        self.roster = roster_tables(config.roster)
        self.seed = seed
        self.deals = deals
        self.dealt = deal_all(config, seed, deals)
        self.records = []
        self.plays = []
        self.log = None
        self._start_round(0)

    # -- phases ------------------------------------------------------------------------

    def _start_round(self, k: int) -> None:
        """Set up round k: deal, lay the circle, token on its first Member (L4)."""
        hands, circle = self.dealt[k]
        n = self.n
        self.round = k
        self.hands = list(hands)
        self.won = [0] * n
        self.members = [0] * n
        self.circle = circle
        self.table = (1 << len(circle)) - 1
        self.token = 0
        self.active = (1 << n) - 1
        # L3 for the first round, L10 afterwards.
        lead = self.config.first_lead if k == 0 else self.records[-1].next_lead
        self.first_lead = self.leader = self.turn = lead
        self.trick = []
        self.trick_seats = []
        self.last_trick = None
        if self.log is not None:
            self.log.append(("round_start", k))

    def _play(self, card: int) -> None:
        """Play an already checked card for the seat to act."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.plays.append((seat, card))
        if card % 12 == 8 and self.token >= 0:
            # L4: every [9] moves the token at once to the next Member still on the table.
            self.token = next_on_table(self.table, self.token)
            if self.log is not None:
                self.log.append(("nine", self.token, self._under_token()))
        if len(self.trick) == self.active.bit_count():
            self._end_trick()
        else:
            self.turn = NEXT[self.n][self.active * 4 + seat]

    def _trick_winner(self) -> int:
        """L5: the seat of the winning card (cards.winner_index)."""
        return self.trick_seats[winner_index(self.trick)]

    def _end_trick(self) -> None:
        """Give the trick and the Member under the token, check leaving, pass the lead (L7)."""
        winner = self._trick_winner()
        taken = 0
        for card in self.trick:
            taken |= 1 << card
        self.won[winner] |= taken
        member = -1
        if self.token >= 0:
            pos = self.token
            member = self.circle[pos]
            self.table &= ~(1 << pos)
            # L4: the token then goes on to the next Member still on the table.
            self.token = next_on_table(self.table, pos)
        self.last_trick = (tuple(self.trick_seats), tuple(self.trick), winner, member)
        if self.log is not None:
            self.log.append(("trick", self.last_trick, self.token, self._under_token()))
        if member >= 0:
            self._gain_member(winner, member)
        # Everyone in the trick holds as many cards as its leader: all were dealt 12.
        hands_out = not self.hands[self.trick_seats[0]]
        self.trick = []
        self.trick_seats = []
        if self.active.bit_count() == 1 or hands_out:
            self._end_round()
            return
        if self.active >> winner & 1:
            self.leader = winner
        else:
            self.leader = NEXT[self.n][self.active * 4 + winner]
        self.turn = self.leader

    def _under_token(self) -> int:
        """The Member (roster index) under the token, or -1."""
        return -1 if self.token < 0 else self.circle[self.token]

    def _gain_member(self, seat: int, member: int) -> None:
        """L6: right after a Member is gained, check whether the seat leaves the round."""
        held = self.members[seat] | 1 << member
        self.members[seat] = held
        total, same = LEAVE_AT[self.n]
        group = self.roster.group_masks[self.roster.groups[member]]
        by_total = held.bit_count() >= total
        by_group = (held & group).bit_count() >= same
        if by_total or by_group:
            self.active &= ~(1 << seat)
            if self.log is not None:
                conditions = tuple(c for c, met in ((1, by_total), (2, by_group)) if met)
                self.log.append(("leave", seat, conditions))

    def _end_round(self) -> None:
        """L8: the last active seat gains its hand and the Members left; score (L9)."""
        active = [s for s in range(self.n) if self.active >> s & 1]
        last = active[0] if len(active) == 1 else -1
        if last >= 0:
            self.won[last] |= self.hands[last]
            self.hands[last] = 0
            for pos in range(len(self.circle)):
                if self.table >> pos & 1:
                    self.members[last] |= 1 << self.circle[pos]
            self.table = 0
            self.token = -1
        else:
            for seat in active:
                self.won[seat] |= self.hands[seat]
                self.hands[seat] = 0
        scores = tuple(seat_score(self.roster, self.members[s], self.won[s], self.hands[s])
                       for s in range(self.n))
        self.records.append(RoundRecord(self.first_lead, tuple(self.won), tuple(self.hands),
                                        tuple(self.members), scores, last))
        if self.log is not None:
            self.log.append(("round_end", len(self.records) - 1))
        if len(self.records) < ROUNDS:
            self._start_round(len(self.records))
        else:
            self.round = ROUNDS
            self.turn = -1
            if self.log is not None:
                self.log.append(("game_end",))

    # -- the contract's read-only queries (state.py adds notation in, events, views) -------

    def current_player(self) -> int | None:
        """The seat to play, or None once the game is over."""
        return None if self.turn < 0 else self.turn

    def legal_actions(self, seat: int | None = None) -> list[str]:
        """Sorted legal cards of `seat` (default: the seat to act); [] when it is not its turn."""
        if self.turn < 0 or (seat is not None and seat != self.turn):
            return []
        return sorted(CARD_NAMES[c] for c in self.legal_action_ids())

    def is_terminal(self) -> bool:
        """True once the third round has been scored."""
        return self.turn < 0

    def round_scores(self) -> list[list[int]]:
        """Scores of each finished round (a Livemix round is scored only when it ends)."""
        return [list(r.scores) for r in self.records]

    def scores(self) -> list[int]:
        """Total per seat over the finished rounds."""
        return [sum(r.scores[s] for r in self.records) for s in range(self.n)]

    def winners(self) -> list[int]:
        """Seats sharing the win (L11); empty before the end."""
        return _winners(self.records) if self.is_terminal() else []

    # -- what a host asks (cardroom.shared.games.base): strictly in turns, no host clock ----

    def acting_seats(self) -> list[int]:
        """The seat to play, alone; [] once the game is over."""
        current = self.current_player()
        return [] if current is None else [current]

    def deadline(self) -> float | None:
        """None: Livemix has no clock of its own (a host may keep per-move clocks)."""
        return None

    def timeout_move(self) -> tuple[int | None, str] | None:
        """None: without a host clock nothing times out inside the game."""
        return None

    def pin_round(self, action: str) -> str:
        """The move as it is: a card is tied to the version it was chosen at, not a round."""
        return action

    def still_in(self, seat: int) -> bool:
        """True: nobody is put out of a round of Livemix."""
        return True

    def actor(self, seat: int, action: str) -> int | None:
        """The seat itself: every move is the sending seat's."""
        return seat

    def legal_moves(self, seat: int, now: float | None = None) -> list[str]:
        """The seat's legal cards (the host's time changes nothing)."""
        return self.legal_actions(seat)

    # -- the fast API (ints, no events) ---------------------------------------------------

    def legal_mask(self) -> int:
        """The legal cards of the seat to act, as a mask (0 once the game is over)."""
        if self.turn < 0:
            return 0
        hand = self.hands[self.turn]
        if self.trick:
            # Must follow the lead colour when holding it; otherwise any card.
            follow = hand & COLOUR_MASK[self.trick[0] // 12]
            if follow:
                return follow
        return hand

    def legal_action_ids(self) -> list[int]:
        """Sorted legal card ids of the seat to act."""
        return ids_of(self.legal_mask())

    def apply_action_id(self, action: int) -> None:
        """Play card id `action` for the seat to act (no events)."""
        if not (0 <= action < N_CARDS and self.legal_mask() >> action & 1):
            self._refuse(action)
        self._play(action)

    def apply_legal_id(self, action: int) -> None:
        """apply_action_id without its check, for a search that took `action` from
        legal_mask (an illegal card here breaks the state)."""
        self._play(action)

    def _refuse(self, action: int) -> None:
        """Raise the error explaining why `action` cannot be played now."""
        if self.turn < 0:
            raise GameOver("the game is over; no more cards are played")
        legal = sorted(CARD_NAMES[c] for c in self.legal_action_ids())
        if not 0 <= action < len(CARD_NAMES):
            raise IllegalMove(f"{action} is not a card id", legal)
        name = CARD_NAMES[action]
        if not self.hands[self.turn] >> action & 1:
            raise IllegalMove(f"{name} is not in your hand (seat {self.turn})", legal)
        lead = COLOURS[self.trick[0] // 12]
        raise IllegalMove(f"{name} cannot be played: must follow the lead colour {lead}", legal)

    @staticmethod
    def action_to_string(action: int) -> str:
        """Canonical notation of a card id."""
        return CARD_NAMES[action]

    @staticmethod
    def string_to_action(text: str) -> int:
        """Card id of a canonical card; MalformedAction otherwise."""
        return card_id(text)

    def clone(self: T) -> T:
        """An independent copy; immutable parts are shared."""
        other = object.__new__(type(self))
        other.config, other.n, other.roster = self.config, self.n, self.roster
        other.seed, other.deals, other.round = self.seed, self.deals, self.round
        other.dealt = self.dealt
        other.first_lead, other.circle, other.table = self.first_lead, self.circle, self.table
        other.token, other.active, other.leader = self.token, self.active, self.leader
        other.turn, other.last_trick = self.turn, self.last_trick
        other.hands, other.won, other.members = self.hands[:], self.won[:], self.members[:]
        other.trick, other.trick_seats = self.trick[:], self.trick_seats[:]
        other.records, other.plays = self.records[:], self.plays[:]
        other.log = None
        return other

