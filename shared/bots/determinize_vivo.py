"""What a VIVO seat knows, read from its view and events, and deals consistent with it.

Known to the seat (V9 and the public event stream): its hand, every card played and
whether it was on-harmony, so each trick's scorers and the face-down cards too; the
harmonies of the tricks played, the current one and the next. Hidden: the other seats'
hands and the order of the harmonies after the next one. A seat that played off-harmony
held no card of any suit the harmony allowed it then (V4): it is void in those suits
for the rest of the round. A determinization deals the unseen cards in the hand sizes,
respecting those voids, and shuffles the harmonies not yet shown.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardroom.shared.bots.base import JSON
from cardroom.shared.bots.determinize_livemix import rewards_from_totals
from cardroom.shared.bots.sampling import Dealer, groups_of
from cardroom.shared.games.vivo.cards import SUIT_OF, Harmony, Suit, parse_card
from cardroom.shared.games.vivo.config import DEFAULT_REMOVED_SUIT, ROUNDS, TRICKS, Config
from cardroom.shared.games.vivo.harmony import allowed_suits, score_trick
from cardroom.shared.games.vivo.position import (
    redeal,
    round_index,
    round_points,
    search_position,
    to_act,
)
from cardroom.shared.games.vivo.state import State

#: Scale of the round-score lead in the search reward (points).
REWARD_SCALE = 10.0


@dataclass(slots=True)
class VivoKnowledge:
    """One seat's knowledge at its turn, in the engine's integer terms."""

    config: Config
    seat: int
    round_index: int
    trick_index: int
    lead: int
    #: Harmony counts of the round's tricks known so far (0 where not shown yet).
    harmonies: list[int]
    #: The harmonies still unshown, to be dealt into the 0 slots.
    hidden_harmonies: list[int]
    hand: int
    up: list[int]
    down: list[int]
    trick_cards: list[tuple[int, bool]]
    prior_scores: list[list[int]]
    hand_sizes: list[int]
    #: Per seat, a 4-bit mask of the suits it showed void in this round.
    voids: list[int]
    unseen: int

    #: What sample() reuses (built on first use): the dealer of the hidden hands, the
    #: position with this seat's hand, and each seat's total before this round.
    cache: tuple[Dealer, State, list[int]] | None = field(default=None, repr=False,
                                                          compare=False)

    def _cached(self) -> tuple[Dealer, State, list[int]]:
        if self.cache is None:
            n = self.config.players
            others = [s for s in range(n) if s != self.seat]
            dealer = Dealer(self.unseen, [self.hand_sizes[s] for s in others],
                            [self.voids[s] for s in others])
            hands = [0] * n
            hands[self.seat] = self.hand
            order = [h or self.hidden_harmonies[0] for h in self.harmonies]
            position = search_position(self.config, self.round_index, order,
                                       self.trick_index, self.lead, hands, self.up, self.down,
                                       self.trick_cards)
            totals = [sum(r[s] for r in self.prior_scores) for s in range(n)]
            self.cache = (dealer, position, totals)
        return self.cache

    def sample(self, rng: random.Random) -> State:
        """A state at this decision with hidden hands and harmonies drawn at random."""
        dealer, position, _ = self._cached()
        hands = dealer.deal(rng)
        hands.insert(self.seat, self.hand)
        if not self.hidden_harmonies:
            return redeal(position, hands)
        rand = rng.random
        fill = iter(sorted(self.hidden_harmonies, key=lambda _: rand()))
        return redeal(position, hands, [h or next(fill) for h in self.harmonies])

    def rewards(self, state: State) -> list[float]:
        """Per seat, the outcome of the round just played out (see game_rewards)."""
        scores = round_points(state, self.round_index)
        last = self.round_index == ROUNDS - 1
        return rewards_from_totals(self._cached()[2], scores, last, tie_break_last=False,
                                   scale=REWARD_SCALE)

    def round_over(self, state: State) -> bool:
        """Whether the round being searched has ended."""
        return round_index(state) != self.round_index or to_act(state) < 0


def read(view: JSON, events: Sequence[JSON]) -> VivoKnowledge:
    """The seat's knowledge from its observation and the events it has seen."""
    seat, n = view["seat"], view["players"]
    round_index, trick_index = view["round"] - 1, view["trick"] - 1
    trick_cards = [(parse_card(p["card"]), bool(p["on_harmony"])) for p in view["trick_cards"]]
    hand = sum(1 << parse_card(c) for c in view.get("hand", []))
    shown, plays, seen_suits = _round_events(events, view["round"])
    shown[trick_index] = Harmony[view["harmony"]]
    if view.get("next_harmony"):
        shown[trick_index + 1] = Harmony[view["next_harmony"]]
    plays[trick_index] = [((view["lead"] + i) % n, card, on)
                          for i, (card, on) in enumerate(trick_cards)]
    voids, played, down = _from_plays(plays, shown, n)
    for _, card, _ in plays[trick_index]:
        played |= 1 << card
    seen_suits |= groups_of(hand | played)
    config = Config(players=n, removed_suit=_removed(n, seen_suits))
    harmonies = [int(shown.get(t, 0)) for t in range(TRICKS)]
    rows = view["scoring_rows"]
    return VivoKnowledge(
        config=config, seat=seat, round_index=round_index, trick_index=trick_index,
        lead=view["lead"], harmonies=harmonies,
        hidden_harmonies=_hidden(config, harmonies), hand=hand,
        up=[sum(1 << parse_card(c) for c in row["face_up"]) for row in rows],
        down=_down_rows(down, [row["face_down"] for row in rows], played),
        trick_cards=trick_cards, prior_scores=[list(r) for r in view["round_scores"][:-1]],
        hand_sizes=list(view["hand_sizes"]), voids=voids,
        unseen=config.deck_mask & ~hand & ~played)


def _round_events(events: Sequence[JSON], number: int
                  ) -> tuple[dict[int, Harmony], dict[int, list[tuple[int, int, bool]]], int]:
    """Round `number`'s harmonies shown and plays per trick (0-based), and suits seen."""
    shown: dict[int, Harmony] = {}
    plays: dict[int, list[tuple[int, int, bool]]] = {}
    seen = 0
    for event in events:
        kind = event.get("type")
        if kind == "deal":
            seen |= groups_of(sum(1 << parse_card(c) for c in event.get("hand", [])))
        elif kind == "play":
            card = parse_card(event["card"])
            seen |= 1 << SUIT_OF[card]
            if event.get("round") == number:
                plays.setdefault(event["trick"] - 1, []).append(
                    (event["seat"], card, bool(event["on_harmony"])))
        elif kind == "trick_start" and event.get("round") == number:
            shown[event["trick"] - 1] = Harmony[event["harmony"]]
            if event.get("next_harmony") and event["trick"] < TRICKS:
                shown[event["trick"]] = Harmony[event["next_harmony"]]
    return shown, plays, seen


def _from_plays(plays: dict[int, list[tuple[int, int, bool]]], shown: dict[int, Harmony],
                n: int) -> tuple[list[int], int, list[int]]:
    """Voids per seat, the cards played, and each seat's face-down cards, from the tricks."""
    voids, down = [0] * n, [0] * n
    played = 0
    for trick, cards in plays.items():
        suits = 0
        for position, (seat, card, on) in enumerate(cards):
            played |= 1 << card
            count = shown.get(trick)
            if on:
                suits |= 1 << SUIT_OF[card]
            elif count is not None and position:
                # Off-harmony: the seat held no card of any suit it was allowed (V4).
                voids[seat] |= allowed_suits(int(count), suits, n - 1 - position)
        if len(cards) == n:
            high, _ = score_trick([card % 12 + 1 if on else 0 for _, card, on in cards])
            down[cards[high][0]] |= 1 << cards[high][1]
    return voids, played, down


def _down_rows(found: list[int], counts: list[int], played: int) -> list[int]:
    """Face-down rows with the view's counts: the cards worked out, padded if events lack."""
    rows = []
    spare = [c for c in range(48) if played >> c & 1 and not any(r >> c & 1 for r in found)]
    for mask, count in zip(found, counts, strict=True):
        while mask.bit_count() < count and spare:
            mask |= 1 << spare.pop()
        rows.append(mask)
    return rows


def _hidden(config: Config, harmonies: list[int]) -> list[int]:
    """The harmonies of the round's deck not shown yet, as many as there are unknown slots."""
    left = Counter({int(h): c for h, c in config.harmony_deck().items()})
    left.subtract(Counter(h for h in harmonies if h))
    pool = [h for h, c in sorted(left.items()) for _ in range(max(c, 0))]
    slots = harmonies.count(0)
    while len(pool) < slots:
        pool.append(int(Harmony.DUET))  # inconsistent events: any harmony keeps search going
    return pool[:slots] if len(pool) == slots else random.Random(len(pool)).sample(pool, slots)


def _removed(players: int, seen: int) -> str | None:
    """V2: the suit a 3-player game left out, as far as the cards seen tell (else yellow)."""
    if players == 4:
        return None
    unseen = [s for s in range(4) if not seen >> s & 1]
    default = Suit.parse(DEFAULT_REMOVED_SUIT)
    if len(unseen) == 1 or default not in unseen:
        return Suit(unseen[0]).letter if unseen else DEFAULT_REMOVED_SUIT
    return DEFAULT_REMOVED_SUIT
