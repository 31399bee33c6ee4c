"""Helpers for the bot tests (games played to a point, seats' views and visible events, the
same public history dealt differently)."""

from __future__ import annotations

import random
from typing import Any

from cardroom.shared.errors import IllegalMove
from cardroom.shared.games import livemix, registry, vivo
from cardroom.shared.games.livemix.cards import names_of


def visible(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events `seat` may see."""
    return [e for e in events if e.get("to", seat) == seat]


def play_to(game: str, players: int, seed: int, moves: int) -> tuple[Any, list[dict]]:
    """A game after `moves` uniformly random moves (fewer if it ends), with all its events."""
    config = registry.make_config(game, {"players": players})
    state = registry.new_game(game, config, seed=seed)
    events = registry.opening_events(state)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        if state.is_terminal() or not legal:
            break
        events += state.apply_action(rng.choice(legal))
    return state, events


def seat_inputs(state: Any, events: list[dict]) -> tuple[int, dict, list[dict]]:
    """The seat to act, its observation and the events it may see."""
    seat = state.current_player()
    return seat, state.observation(seat), visible(events, seat)


def _share_out(hidden: list[int], sizes: list[int], rng: random.Random) -> list[list[int]]:
    cards = hidden[:]
    rng.shuffle(cards)
    out, at = [], 0
    for size in sizes:
        out.append(cards[at:at + size])
        at += size
    return out


def livemix_redeal(state: livemix.State, seat: int, rng: random.Random) -> dict:
    """A deal with the same past and this round's other hands' unplayed cards moved."""
    k = state.round
    rounds = []
    for r, (hands, circle) in enumerate(state.dealt):
        if r < k:
            rounds.append({"hands": [_names_l(h) for h in hands],
                           "circle": [state.roster.names[m] for m in circle]})
        elif r == k:
            others = [s for s in range(state.n) if s != seat]
            hidden = [c for s in others for c in _ids(state.hands[s])]
            moved = _share_out(hidden, [state.hands[s].bit_count() for s in others], rng)
            new = list(hands)
            for s, cards in zip(others, moved, strict=True):
                new[s] = (hands[s] & ~state.hands[s]) | sum(1 << c for c in cards)
            rounds.append({"hands": [_names_l(h) for h in new],
                           "circle": [state.roster.names[m] for m in circle]})
        else:
            cards = [c for h in hands for c in _ids(h)]
            rng.shuffle(cards)
            circle_names = [state.roster.names[m] for m in circle]
            rng.shuffle(circle_names)
            rounds.append({"hands": [_names_l(sum(1 << c for c in cards[12 * s:12 * s + 12]))
                                     for s in range(state.n)], "circle": circle_names})
    return {"rounds": rounds}


def vivo_redeal(state: vivo.State, seat: int, rng: random.Random) -> dict:
    """A deal with the same past, this round's other hands' unplayed cards and the unshown
    harmonies moved, and a fresh later round."""
    k = state._round
    rounds = []
    for r, deal in enumerate(state.deals):
        data = deal.to_json()
        if r == k:
            others = [s for s in range(state._n) if s != seat]
            hidden = [c for s in others for c in _ids(state._hands[s])]
            moved = _share_out(hidden, [state._hands[s].bit_count() for s in others], rng)
            for s, cards in zip(others, moved, strict=True):
                kept = deal.hands[s] & ~state._hands[s]
                data["hands"][s] = [vivo.CARD_NAMES[c] for c in _ids(kept) + sorted(cards)]
            shown = state._trick + 2
            rest = data["harmonies"][shown:]
            rng.shuffle(rest)
            data["harmonies"] = data["harmonies"][:shown] + rest
        elif r > k:
            cards = [c for h in deal.hands for c in _ids(h)]
            rng.shuffle(cards)
            data["hands"] = [[vivo.CARD_NAMES[c] for c in sorted(cards[12 * s:12 * s + 12])]
                             for s in range(state._n)]
            rng.shuffle(data["harmonies"])
        rounds.append(data)
    return {"rounds": rounds}


def same_history(game: str, state: Any, deal: dict) -> tuple[Any, list[dict]] | None:
    """The game replayed from `deal` with the same moves, or None if a move is then illegal."""
    config = state.config
    other = registry.new_game(game, config, seed=0, deal=deal)
    events = registry.opening_events(other)
    try:
        for seat, action in state.history():
            events += other.apply_action(action, seat)
    except IllegalMove:
        return None
    return other, events


def _ids(mask: int) -> list[int]:
    return [i for i in range(48) if mask >> i & 1]


def _names_l(mask: int) -> list[str]:
    return names_of(mask)
