"""The two rules of a VIVO trick: following the harmony (V4) and scoring (V5).

Suit sets are 4-bit ints (bit s = suit s); these functions are pure so the state, the
fast path and the tests share one statement of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.games.vivo.cards import SUITS, Harmony, suit_labels

ALL_SUITS = (1 << SUITS) - 1


def allowed_suits(count: int, played: int, remaining: int) -> int:
    """V4: the suits an on-harmony card may have.

    `count` is the harmony's k, `played` the set S of suits of on-harmony cards already in
    the trick, `remaining` the number of players still to play after this one.
    """
    have = played.bit_count()
    if have >= count:
        return played  # the harmony is complete: stay within its suits
    if have + remaining >= count:
        return ALL_SUITS  # the others can still complete it whatever this card is
    # Only a new suit can complete it; the rulebook asks for one even when it is too late.
    return ALL_SUITS & ~played


#: allowed_suits for every (count, S, remaining), indexed by count << 6 | S << 2 | remaining.
ALLOWED: tuple[int, ...] = tuple(
    allowed_suits(key >> 6, key >> 2 & ALL_SUITS, key & 3) for key in range(5 << 6))


def explain(count: int, played: int, remaining: int) -> str:
    """Why a card outside allowed_suits is refused, as a sentence for the player.

    Only asked when some suit is refused, so S is either complete or too short.
    """
    harmony = Harmony(count).name
    have = played.bit_count()
    if count == 1:
        return f"must follow the SOLO: play {suit_labels(played)}"
    if have >= count:
        return f"the {harmony} already shows its {count} suits: play {suit_labels(played)}"
    return (f"the {harmony} still needs {count - have} more suit(s) and {remaining} "
            f"player(s) follow you: play a new suit, not {suit_labels(played)}")


def score_trick(ranks: Sequence[int]) -> tuple[int, int]:
    """V5: (highest, lowest) positions in play order; ranks are 0 for off-harmony cards.

    Ties go to whoever played later. When every on-harmony card has the same rank (a
    single one included) the last of them scores highest and lowest is -1 (nobody).
    """
    high = low = -1
    high_rank, low_rank = 0, 13
    for position, rank in enumerate(ranks):
        if not rank:
            continue  # off-harmony: ignored when scoring
        if rank >= high_rank:
            high, high_rank = position, rank
        if rank <= low_rank:
            low, low_rank = position, rank
    if high_rank == low_rank:
        low = -1
    return high, low
