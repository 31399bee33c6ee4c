"""Random playouts for search bots and benchmarks, on the engine's int fast path.

The trick loop below restates V4-V6 inline on local variables: method calls and
attribute lookups cost more than the rules themselves at this scale. It shares the
ALLOWED table with the rules, and the property tests check that its games equal the
same plays made through State.apply_action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardroom.shared.games.vivo.cards import RANK_OF, SUIT_OF, SUITS_MASK
from cardroom.shared.games.vivo.config import TRICKS
from cardroom.shared.games.vivo.harmony import ALLOWED
from cardroom.shared.games.vivo.rules import Rules


def random_playout(state: Rules, rng: random.Random, whole_game: bool = False) -> None:
    """Play uniformly random legal cards until the current round ends (or the whole game).

    Mutates `state`; clone it first to keep the original.
    """
    rand = rng.random
    start = state._round
    if state._cards:
        _finish_partial_trick(state, rand)  # may end the round, or the game
    while state._turn >= 0 and (whole_game or state._round == start):
        _play_tricks(state, rand)


def _pick(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random set bit of a non-empty mask."""
    pick = int(rand() * mask.bit_count())
    while pick:
        mask &= mask - 1
        pick -= 1
    return (mask & -mask).bit_length() - 1


def _finish_partial_trick(state: Rules, rand: Callable[[], float]) -> None:
    """Complete a trick already under way through the state's own methods."""
    while state._cards:
        allowed, legal = state._masks()
        card = _pick(legal, rand)
        state._place(card, bool(allowed >> card & 1))
        if len(state._cards) == state._n:
            state._finish_trick()


def _play_tricks(state: Rules, rand: Callable[[], float]) -> None:
    """Play the rest of the round from a trick boundary, then close it as the state does."""
    n = state._n
    hands, up, down, history = state._hands, state._up, state._down, state._history
    lead = state._lead
    for count in state._harmonies[state._trick:]:
        key = count << 6
        suits = high_rank = high_seat = high_card = low_seat = low_card = 0
        low_rank = 13
        seat = lead
        for remaining in range(n - 1, -1, -1):
            hand = hands[seat]
            legal = hand & SUITS_MASK[ALLOWED[key | suits << 2 | remaining]]
            on = legal != 0
            if not on:
                legal = hand  # no card follows the harmony: any card, off-harmony
            pick = int(rand() * legal.bit_count())
            while pick:
                legal &= legal - 1
                pick -= 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            history.append(seat << 6 | card)
            if on:
                suits |= 1 << SUIT_OF[card]
                rank = RANK_OF[card]
                if rank >= high_rank:  # ties go to the later player
                    high_rank, high_seat, high_card = rank, seat, card
                if rank <= low_rank:
                    low_rank, low_seat, low_card = rank, seat, card
            seat = seat + 1 if seat + 1 < n else 0
        down[high_seat] |= 1 << high_card
        if low_rank != high_rank:
            up[low_seat] |= 1 << low_card
            lead = low_seat
        else:
            lead = high_seat  # all tied: the tie winner scores highest, nobody lowest
    state._lead = state._turn = lead
    state._trick = TRICKS
    state._end_round()
