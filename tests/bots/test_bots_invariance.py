"""Information-set invariance: a bot's move depends only on what its seat may see.

The hidden cards of the other seats are moved (and, in VIVO, the harmonies not shown
yet and the later round's deal), keeping the same public history; the seat's view and
visible events come out the same, and with the same seed the bot makes the same move
with the same evaluation. Handing the bot every seat's private events changes nothing
either: a policy drops the events not meant for its seat.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.bot_inputs import (
    livemix_redeal,
    play_to,
    same_history,
    seat_inputs,
    visible,
    vivo_redeal,
)

from cardroom.shared.bots import determinize_livemix, determinize_vivo, get_policy
from cardroom.shared.games import registry
from cardroom.shared.games.livemix.config import DEFAULT_REMOVED_COLOUR
from cardroom.shared.games.vivo.config import DEFAULT_REMOVED_SUIT

REDEALS = {"livemix": livemix_redeal, "vivo": vivo_redeal}
POLICIES = [("heuristic", {}), ("ismcts", {"iterations": 150}),
            ("guided", {"iterations": 150})]


@pytest.mark.parametrize("game", ["livemix", "vivo"])
@pytest.mark.parametrize(("name", "params"), POLICIES)
def test_bot_move_is_the_same_when_other_seats_hidden_cards_are_shuffled(game, name, params):
    policy = get_policy(game, name, **params)
    compared = changed = 0
    for seed in range(8):
        state, events = play_to(game, 4 - seed % 2, seed, 3 + 9 * seed)
        if state.is_terminal():
            continue
        seat, view, seen = seat_inputs(state, events)
        decision = policy.decide(view, seen, seed)
        rng = random.Random(seed)
        for _ in range(4):
            replayed = same_history(game, state, REDEALS[game](state, seat, rng))
            if replayed is None:
                continue
            other, other_events = replayed
            changed += other.to_json() != state.to_json()
            again = policy.decide(other.observation(seat), visible(other_events, seat), seed)
            assert (again.action, again.evaluation) == (decision.action, decision.evaluation)
            compared += 1
    assert compared >= 12 and changed >= 10


@pytest.mark.parametrize("game", ["livemix", "vivo"])
@pytest.mark.parametrize(("name", "params"), POLICIES)
def test_bot_ignores_private_events_meant_for_other_seats(game, name, params):
    policy = get_policy(game, name, **params)
    for seed in range(4):
        state, events = play_to(game, 4, seed, 10 + 11 * seed)
        if state.is_terminal():
            continue
        _seat, view, seen = seat_inputs(state, events)
        assert len(events) > len(seen)  # the others' deals are in the full list
        own = policy.decide(view, seen, seed)
        every = policy.decide(view, events, seed)
        assert (every.action, every.evaluation) == (own.action, own.evaluation)


#: Per game: the option naming the colour (suit) a 3-player game leaves out, a value other
#: than its default, and the card-name letter of the default one.
LEFT_OUT = {"livemix": ("removed_colour", "heart", "M"), "vivo": ("removed_suit", "R", "Y")}


def _blind_openings(game: str, count: int) -> list[tuple[Any, list[dict]]]:
    """3-player openings where the seat to act holds no card of the default left-out colour
    (so its own cards cannot tell which colour is out), the first `count` seeds found."""
    key, removed, default_letter = LEFT_OUT[game]
    config = registry.make_config(game, {"players": 3, key: removed})
    found = []
    for seed in range(20_000):
        state = registry.new_game(game, config, seed=seed)
        hand = state.observation(state.current_player())["hand"]
        if not any(card.startswith(default_letter) for card in hand):
            found.append((state, registry.opening_events(state)))
            if len(found) == count:
                return found
    raise AssertionError(f"fewer than {count} such {game} openings")


@pytest.mark.parametrize("game", ["livemix", "vivo"])
@pytest.mark.parametrize(("name", "params"), POLICIES)
def test_bot_ignores_other_seats_deals_that_would_show_the_left_out_colour(game, name, params):
    # With 3 players the others' deals show which colour (suit) is out of the game; a seat
    # holding none of the default one cannot know it, and must not learn it from them.
    policy = get_policy(game, name, **params)
    for seed, (state, events) in enumerate(_blind_openings(game, 3)):
        _seat, view, seen = seat_inputs(state, events)
        assert len(events) > len(seen)
        own = policy.decide(view, seen, seed)
        every = policy.decide(view, events, seed)
        assert (every.action, every.evaluation) == (own.action, own.evaluation)


@pytest.mark.parametrize("game", ["livemix", "vivo"])
def test_a_seat_that_cannot_tell_the_left_out_colour_assumes_the_rules_default(game):
    # Its own cards show two colours (suits) missing, the default one among them: it deals
    # as if the default were out (Livemix L2, VIVO V2), whichever truly is.
    module = determinize_livemix if game == "livemix" else determinize_vivo
    default = DEFAULT_REMOVED_COLOUR if game == "livemix" else DEFAULT_REMOVED_SUIT
    for state, events in _blind_openings(game, 2):
        _seat, view, seen = seat_inputs(state, events)
        knowledge = module.read(view, seen)
        removed = knowledge.config.removed_colour if game == "livemix" else \
            knowledge.config.removed_suit
        assert removed == default
