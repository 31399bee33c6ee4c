"""Random playouts for search bots and benchmarks, on the rules' integer fast path.

A trick under way is finished through the state's own methods; whole tricks are then
played by a loop that restates L4-L7 (following, the [9]s' token moves, the winner, the
Member under the token, leaving) inline on local variables, since method calls and
attribute lookups cost more than the rules themselves at this scale, and the round is
closed and scored by the state itself (L8-L10). The property tests check that its games
equal the same plays made through State.apply_action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardroom.shared.games.livemix.config import ROUNDS
from cardroom.shared.games.livemix.rules import LEAVE_AT, NEXT, Rules, next_on_table

#: For each 12-bit slice of a hand (one colour), the card offsets it holds.
BITS12 = tuple(tuple(v for v in range(12) if m >> v & 1) for m in range(1 << 12))


def random_playout(state: Rules, rng: random.Random, whole_game: bool = False) -> None:
    """Play uniformly random legal cards to the end of the round (or game), fast path."""
    rand = rng.random
    stop = ROUNDS if whole_game else min(state.round + 1, ROUNDS)
    while state.round < stop:
        if state.trick or state.log is not None:
            _play_one(state, rand)
        else:
            _play_tricks(state, rand)


def _play_one(state: Rules, rand: Callable[[], float]) -> None:
    """One random legal card through the state's own method."""
    hand = state.hands[state.turn]
    trick = state.trick
    if trick:
        base = trick[0] // 12 * 12
        bits = BITS12[hand >> base & 0xFFF]
        if bits:
            state._play(base + bits[int(rand() * len(bits))])
            return
    state._play(_any_card(hand, rand))


def _any_card(hand: int, rand: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty hand."""
    k = int(rand() * hand.bit_count())
    for base in (0, 12, 24, 36):
        bits = BITS12[hand >> base & 0xFFF]
        if k < len(bits):
            return base + bits[k]
        k -= len(bits)
    raise AssertionError("k is below the hand's size")


def _play_tricks(state: Rules, rand: Callable[[], float]) -> None:
    """Play whole tricks from a trick boundary to the end of the round, then close it."""
    n = state.n
    nxt = NEXT[n]
    total, same = LEAVE_AT[n]
    groups, group_masks = state.roster.groups, state.roster.group_masks
    hands, won, members, plays = state.hands, state.won, state.members, state.plays
    circle, table, token = state.circle, state.table, state.token
    active, leader = state.active, state.leader
    while True:
        # L5/L7 for one trick: follow the lead colour when able; highest lead-colour
        # value wins, the lead colour's 1 beating its 12 when both are in.
        hand = hands[leader]
        card = _any_card(hand, rand)
        hands[leader] = hand ^ 1 << card
        plays.append((leader, card))
        if card % 12 == 8 and token >= 0:
            token = next_on_table(table, token)
        base = card // 12 * 12
        taken = 1 << card
        best, best_seat = card - base, leader
        one_seat = leader if best == 0 else -1
        seats, cards = [leader], [card]
        seat = leader
        for _ in range(active.bit_count() - 1):
            seat = nxt[active * 4 + seat]
            hand = hands[seat]
            bits = BITS12[hand >> base & 0xFFF]
            if bits:
                value = bits[int(rand() * len(bits))]
                card = base + value
                if value > best:
                    best, best_seat = value, seat
                elif value == 0:
                    one_seat = seat
            else:
                card = _any_card(hand, rand)
            hands[seat] = hand ^ 1 << card
            plays.append((seat, card))
            if card % 12 == 8 and token >= 0:
                token = next_on_table(table, token)
            taken |= 1 << card
            seats.append(seat)
            cards.append(card)
        winner = one_seat if best == 11 and one_seat >= 0 else best_seat
        won[winner] |= taken
        member = -1
        if token >= 0:
            member = circle[token]
            table &= ~(1 << token)
            token = next_on_table(table, token)
            # L6: gaining a Member may make the winner leave the round.
            held = members[winner] | 1 << member
            members[winner] = held
            if (held.bit_count() >= total
                    or (held & group_masks[groups[member]]).bit_count() >= same):
                active &= ~(1 << winner)
        if active.bit_count() == 1 or not hands[leader]:
            break
        leader = winner if active >> winner & 1 else nxt[active * 4 + winner]
    state.table, state.token, state.active, state.leader = table, token, active, leader
    state.last_trick = (tuple(seats), tuple(cards), winner, member)
    state._end_round()
