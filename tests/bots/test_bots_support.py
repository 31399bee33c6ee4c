"""The redeals of support.bot_inputs keep a seat's view and its visible events."""

from __future__ import annotations

import random

from support.bot_inputs import (
    livemix_redeal,
    play_to,
    same_history,
    seat_inputs,
    visible,
    vivo_redeal,
)


def test_bots_redeal_keeps_the_seats_view_and_events_livemix_and_vivo() -> None:
    kept = changed = 0
    for game, redeal in (("livemix", livemix_redeal), ("vivo", vivo_redeal)):
        for seed in range(6):
            state, events = play_to(game, 4, seed, 5 + 7 * seed)
            seat, view, seen = seat_inputs(state, events)
            rng = random.Random(seed)
            for _ in range(5):
                replayed = same_history(game, state, redeal(state, seat, rng))
                if replayed is None:
                    continue
                other, other_events = replayed
                assert other.observation(seat) == view
                assert visible(other_events, seat) == seen
                kept += 1
                changed += other.to_json() != state.to_json()
    assert kept >= 30
    assert changed >= 25
