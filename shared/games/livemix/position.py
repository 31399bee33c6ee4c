"""A Livemix state built from a position rather than from a deal: what search bots play from.

A bot that samples the hidden cards (a determinization) needs a state mid-round with
those hands. ``search_position`` builds one on the integer representation of rules.py.
The current round is exact; finished rounds keep only their scores, so ``scores()`` and
the next round's first lead are right, but no later round can be played from it (its
deal is a placeholder: search stops at the end of the round).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.games.livemix.cards import roster_tables
from cardroom.shared.games.livemix.config import Config
from cardroom.shared.games.livemix.rules import NEXT
from cardroom.shared.games.livemix.scoring import RoundRecord
from cardroom.shared.games.livemix.state import State


def search_position(config: Config, round_index: int, first_lead: int,
                    hands: Sequence[int], won: Sequence[int], members: Sequence[int],
                    table: int, token: int, active: int, leader: int,
                    trick: Sequence[tuple[int, int]],
                    prior_scores: Sequence[Sequence[int]]) -> State:
    """The state of round `round_index` in play, with the circle in roster order.

    Cards and hands are card ids and masks (cards.py); ``members`` are roster-index masks;
    the circle is ``config.roster`` itself, so ``table`` and ``token`` are roster
    positions; ``trick`` lists ``(seat, card)`` played so far in the current trick;
    ``prior_scores`` holds one score list per finished round.
    """
    n = config.players
    state = object.__new__(State)
    state.config, state.n = config, n
    state.roster = roster_tables(config.roster)
    state.seed = "position"
    state.deals = (None, None, None)
    circle = tuple(range(len(config.roster)))
    # Later rounds are never played from a search position; any legal deal will do.
    state.dealt = ((tuple(hands), circle),) * 3
    state.records = [RoundRecord(0, (0,) * n, (0,) * n, (0,) * n, tuple(s), -1)
                     for s in prior_scores]
    state.plays = []
    state.log = None
    state.round, state.first_lead = round_index, first_lead
    state.hands, state.won, state.members = list(hands), list(won), list(members)
    state.circle, state.table, state.token = circle, table, token
    state.active, state.leader = active, leader
    state.trick = [card for _, card in trick]
    state.trick_seats = [seat for seat, _ in trick]
    state.last_trick = None
    state.turn = NEXT[n][active * 4 + trick[-1][0]] if trick else leader
    return state


def redeal(position: State, hands: Sequence[int]) -> State:
    """A copy of a search position with other hands: what each determinization of one
    decision plays from, without building the position again."""
    state = position.clone()
    state.hands = list(hands)
    return state
