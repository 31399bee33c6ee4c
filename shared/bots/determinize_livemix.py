"""What a Livemix seat knows, read from its view and events, and deals consistent with it.

Known to the seat (L12): its hand and won cards, every card played (so each seat's won
pile), the circle, the token, each seat's Members, who is still in, hand sizes. Hidden:
the other seats' hands. A seat that did not follow the lead colour has none of it for
the rest of the round (a void). A determinization deals the unseen cards to the other
seats in their hand sizes, never giving a seat a colour it showed void in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardroom.shared.bots.base import JSON
from cardroom.shared.bots.sampling import Dealer, groups_of
from cardroom.shared.games.livemix.cards import COLOURS, card_id
from cardroom.shared.games.livemix.config import DEFAULT_REMOVED_COLOUR, ROUNDS, Config
from cardroom.shared.games.livemix.position import redeal, search_position
from cardroom.shared.games.livemix.state import State


@dataclass(slots=True)
class LivemixKnowledge:
    """One seat's knowledge at its turn, in the engine's integer terms."""

    config: Config
    seat: int
    round_index: int
    first_lead: int
    hand: int
    won: list[int]
    members: list[int]
    table: int
    token: int
    active: int
    leader: int
    trick: list[tuple[int, int]]
    prior_scores: list[list[int]]
    hand_sizes: list[int]
    #: Per seat, a 4-bit mask of the colours it showed void in this round.
    voids: list[int]
    #: Cards in play that the seat has not seen: the other seats' hands.
    unseen: int

    #: What sample() reuses (built on first use): the dealer of the hidden hands, the
    #: position with this seat's hand, and each seat's total before this round.
    cache: tuple[Dealer, State, list[int]] | None = field(default=None, repr=False,
                                                          compare=False)

    @property
    def others(self) -> list[int]:
        """The seats whose hands are hidden."""
        return [s for s in range(self.config.players) if s != self.seat]

    def _cached(self) -> tuple[Dealer, State, list[int]]:
        if self.cache is None:
            others = self.others
            dealer = Dealer(self.unseen, [self.hand_sizes[s] for s in others],
                            [self.voids[s] for s in others])
            hands = [0] * self.config.players
            hands[self.seat] = self.hand
            position = search_position(self.config, self.round_index, self.first_lead,
                                       hands, self.won, self.members, self.table, self.token,
                                       self.active, self.leader, self.trick,
                                       self.prior_scores)
            totals = [sum(r[s] for r in self.prior_scores) for s in range(self.config.players)]
            self.cache = (dealer, position, totals)
        return self.cache

    def sample(self, rng: random.Random) -> State:
        """A state at this decision with the hidden hands dealt at random, voids respected."""
        dealer, position, _ = self._cached()
        hands = dealer.deal(rng)
        hands.insert(self.seat, self.hand)
        return redeal(position, hands)

    def rewards(self, state: State) -> list[float]:
        """Per seat, the outcome of the round just played out (see game_rewards)."""
        round_scores = state.records[self.round_index].scores
        last = self.round_index == ROUNDS - 1
        return rewards_from_totals(self._cached()[2], round_scores, last, tie_break_last=True)

    def round_over(self, state: State) -> bool:
        """Whether the round being searched has ended."""
        return state.round != self.round_index


def game_rewards(prior: Sequence[Sequence[int]], round_scores: Sequence[int], last: bool,
                 tie_break_last: bool, scale: float = 8.0) -> list[float]:
    """Rewards in [0, 1] for each seat once the searched round is over.

    Each seat's lead over the best other seat in the totals, squashed (scale points is
    about three quarters of the way to 1); in the game's last round mostly the outcome
    itself (a shared win splits the 1).
    """
    totals = [sum(r[s] for r in prior) for s in range(len(round_scores))]
    return rewards_from_totals(totals, round_scores, last, tie_break_last, scale)


def rewards_from_totals(prior_totals: Sequence[int], round_scores: Sequence[int], last: bool,
                        tie_break_last: bool, scale: float = 8.0) -> list[float]:
    """game_rewards from each seat's total before the round (what a search works out once)."""
    totals = [p + r for p, r in zip(prior_totals, round_scores, strict=True)]
    top = max(totals)
    tops = totals.count(top)
    second = top if tops > 1 else max(t for t in totals if t != top) if len(totals) > 1 else top
    leads = []
    for t in totals:
        x = (t - (second if t == top else top)) / scale
        leads.append(0.5 + 0.5 * x / (1.0 + abs(x)))
    if not last:
        return leads
    n = len(totals)
    tied = [s for s in range(n) if totals[s] == top]
    if tie_break_last and len(tied) > 1:
        best_last = max(round_scores[s] for s in tied)
        tied = [s for s in tied if round_scores[s] == best_last]
    share = 1.0 / len(tied)
    return [0.8 * (share if s in tied else 0.0) + 0.2 * leads[s] for s in range(n)]


def read(view: JSON, events: Sequence[JSON]) -> LivemixKnowledge:
    """The seat's knowledge from its observation and the events it has seen."""
    seat, n = view["seat"], view["players"]
    roster = tuple(m["member"] for m in view["circle"])
    index = {name: i for i, name in enumerate(roster)}
    current = view["round"]
    plays, colours_seen = _round_plays(events, current)
    plays.append(([(p["seat"], card_id(p["card"])) for p in view["trick"]], None))
    hand = _mask(view.get("hand", []))
    won = [0] * n
    voids = [0] * n
    played = 0
    for trick, winner in plays:
        lead = trick[0][1] // 12 if trick else 0
        for s, card in trick:
            played |= 1 << card
            colours_seen |= 1 << (card // 12)
            if card // 12 != lead:
                voids[s] |= 1 << lead  # did not follow: holds no card of the lead colour
        if winner is not None:
            won[winner] |= sum(1 << card for _, card in trick)
    won[seat] = _mask(view.get("won", []))
    colours_seen |= groups_of(hand)
    config = Config(players=n, roster=roster, removed_colour=_removed(n, colours_seen))
    in_play = sum(0xFFF << (12 * c) for c in config.colours)
    return LivemixKnowledge(
        config=config, seat=seat, round_index=current, first_lead=view["first_lead"],
        hand=hand, won=won,
        members=[sum(1 << index[m] for m in ms) for ms in view["members"]],
        table=sum(1 << i for i, m in enumerate(view["circle"]) if m["on_table"]),
        token=-1 if view.get("token") is None else view["token"],
        active=sum(1 << s for s, a in enumerate(view["active"]) if a),
        leader=view["leader"],
        trick=[(p["seat"], card_id(p["card"])) for p in view["trick"]],
        prior_scores=[list(r) for r in view.get("round_scores", [])][:current],
        hand_sizes=list(view["hand_sizes"]), voids=voids,
        unseen=in_play & ~hand & ~played)


def _round_plays(events: Sequence[JSON], current: int
                 ) -> tuple[list[tuple[list[tuple[int, int]], int | None]], int]:
    """The finished tricks of round `current` (plays, winner), and every colour seen."""
    tricks: list[tuple[list[tuple[int, int]], int | None]] = []
    seen = 0
    event_round = -1
    for event in events:
        kind = event.get("type")
        if kind == "round_start":
            event_round = event.get("round", -1)
        elif kind == "play":
            event_round = event.get("round", event_round)
        elif kind == "deal":
            seen |= groups_of(_mask(event.get("hand", [])))
        elif kind == "trick_won":
            trick = [(p["seat"], card_id(p["card"])) for p in event.get("plays", [])]
            seen |= groups_of(sum(1 << card for _, card in trick))
            if event_round == current:
                tricks.append((trick, event["winner"]))
    return tricks, seen


def _removed(players: int, seen: int) -> str | None:
    """L2: the colour a 3-player game left out, as far as the cards seen tell (else moon)."""
    if players == 4:
        return None
    unseen = [c for c in range(4) if not seen >> c & 1]
    if len(unseen) == 1 or COLOURS.index(DEFAULT_REMOVED_COLOUR) not in unseen:
        return COLOURS[unseen[0]] if unseen else DEFAULT_REMOVED_COLOUR
    return DEFAULT_REMOVED_COLOUR


def _mask(names: Sequence[str]) -> int:
    return sum(1 << card_id(c) for c in names)
