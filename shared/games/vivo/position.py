"""A VIVO state built from a position rather than from a deal: what search bots play from.

A bot that samples the hidden cards (a determinization) needs a state mid-round with
those hands and an order for the harmonies it cannot see yet. ``search_position`` builds
one. The current round is exact; finished rounds are left empty, and no later
round can be played from it (its deal is a placeholder: search stops at the round's end).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.games.vivo.cards import RANK_OF, SUIT_OF, Harmony
from cardroom.shared.games.vivo.config import Config
from cardroom.shared.games.vivo.deal import RoundDeal
from cardroom.shared.games.vivo.scoring import row_points
from cardroom.shared.games.vivo.state import State


def search_position(config: Config, round_index: int, harmonies: Sequence[int], trick: int,
                    lead: int, hands: Sequence[int], up: Sequence[int], down: Sequence[int],
                    trick_cards: Sequence[tuple[int, bool]]) -> State:
    """The state of trick `trick` (0-based) of round `round_index` (0-based) in play.

    ``harmonies`` are the round's 12 harmony counts in trick order; hands and the scoring
    rows (``up`` face-up, ``down`` face-down) are card masks per seat; ``trick_cards``
    lists ``(card, on_harmony)`` played so far in the current trick from ``lead`` on.
    Finished rounds are empty rows here, so ``scores()`` counts the current round only.
    """
    n = config.players
    state = State.__new__(State)
    state.config, state.seed = config, None
    order = tuple(Harmony(h) for h in harmonies)
    # Later rounds are never played from a search position; any legal deal will do.
    state.deals = (RoundDeal(tuple(hands), order),) * 2
    state._n = n
    state._past = (((0,) * n, (0,) * n),) * round_index
    state._history = []
    state._round, state._trick = round_index, trick
    state._harmonies = tuple(int(h) for h in harmonies)
    state._hands, state._up, state._down = list(hands), list(up), list(down)
    state._lead = lead
    state._turn = (lead + len(trick_cards)) % n
    state._cards = [card for card, _ in trick_cards]
    state._ranks = [RANK_OF[card] if on else 0 for card, on in trick_cards]
    suits = 0
    for card, on in trick_cards:
        if on:
            suits |= 1 << SUIT_OF[card]
    state._suits = suits
    return state


def redeal(position: State, hands: Sequence[int], harmonies: Sequence[int] | None = None
           ) -> State:
    """A copy of a search position with other hands (and another order of the round's
    harmonies): what each determinization of one decision plays from, without building
    the position again."""
    state = position.clone()
    state._hands = list(hands)
    if harmonies is not None:
        state._harmonies = tuple(harmonies)
    return state


def to_act(state: State) -> int:
    """The seat to act, -1 once the game is over (the fast path's form of current_player)."""
    return state._turn


def round_index(state: State) -> int:
    """The 0-based round in play (the last one once the game is over)."""
    return state._round


def round_points(state: State, k: int) -> list[int]:
    """Each seat's points in round `k` (0-based), finished or running (V5 scoring rows)."""
    ups, downs = state._past[k] if k < len(state._past) else (state._up, state._down)
    return [row_points(up, down) for up, down in zip(ups, downs, strict=True)]
