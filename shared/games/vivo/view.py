"""What leaves a VIVO state for players: events and per-seat observations (V9).

Hidden information is decided here only. A public view shows hands as sizes, scoring
rows as face-up cards plus a face-down count, and never the discards (V9). Rounds and
tricks are numbered from 1 in every view, seats from 0 (N4). The score breakdown is in
scoring.py and the serialized state in serial.py. Everything here reads the integer rules
(rules.Rules) only; state.py calls in, never the other way round.
"""

from __future__ import annotations

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.base import JSON, Event
from cardroom.shared.games.vivo.cards import CARD_NAMES, RANK_OF, Harmony, names_of
from cardroom.shared.games.vivo.config import GAME, TRICKS
from cardroom.shared.games.vivo.rules import Rules


def _harmony(state: Rules, trick: int) -> str | None:
    """The name of a trick's harmony in the current round, None past the last trick."""
    return Harmony(state._harmonies[trick]).name if trick < TRICKS else None


def play_event(state: Rules, seat: int, card: int, on_harmony: bool) -> Event:
    """A card played face up, seen by everyone."""
    return {"type": "play", "round": state._round + 1, "trick": state._trick + 1,
            "seat": seat, "card": CARD_NAMES[card], "on_harmony": on_harmony}


def after_trick_events(state: Rules, number: int, trick: int, high: int, low: int,
                       low_card: int) -> list[Event]:
    """Events once trick `trick` of round `number` (0-based) is scored, and what follows.

    The highest card goes face down, so only its seat and points are told (V9); the
    lowest stays face up, so its card is told.
    """
    lowest = None
    if low >= 0:
        lowest = {"seat": low, "card": CARD_NAMES[low_card], "points": RANK_OF[low_card]}
    events: list[Event] = [{
        "type": "trick_end", "round": number + 1, "trick": trick + 1,
        "highest": {"seat": high, "points": 2}, "lowest": lowest,
        "next_lead": state.current_player()}]
    if trick + 1 < TRICKS:
        events.append(trick_start_event(state))
        return events
    totals = state.scores()
    events.append({"type": "round_end", "round": number + 1,
                   "scores": state.round_scores()[number], "totals": totals})
    if state.is_terminal():
        events.append({"type": "game_end", "scores": totals, "winners": state.winners()})
    else:
        events.extend(round_open_events(state))
    return events


def trick_start_event(state: Rules) -> Event:
    """A new trick: its leader, its harmony and the next one on the pile (V9)."""
    return {"type": "trick_start", "round": state._round + 1, "trick": state._trick + 1,
            "lead": state._lead, "harmony": _harmony(state, state._trick),
            "next_harmony": _harmony(state, state._trick + 1)}


def round_open_events(state: Rules) -> list[Event]:
    """A round begins: who leads, each seat's own hand (private), the first trick."""
    events: list[Event] = [{"type": "round_start", "round": state._round + 1,
                            "lead": state._lead}]
    events.extend({"type": "deal", "to": seat, "round": state._round + 1,
                   "hand": names_of(hand)} for seat, hand in enumerate(state._hands))
    events.append(trick_start_event(state))
    return events


def observation(state: Rules, seat: int | None) -> JSON:
    """V9: a seat sees its own hand; everyone sees harmonies, the trick and face-up rows."""
    n = state._n
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        raise InvalidArgument(f"seat must be 0..{n - 1} or None, not {seat!r}", field="seat")
    terminal = state.is_terminal()
    lead = state._lead
    view: JSON = {
        "game": GAME, "players": n, "seat": seat, "round": state._round + 1,
        "trick": None if terminal else state._trick + 1,
        "current_player": state.current_player(),
        "lead": None if terminal else lead,
        "harmony": None if terminal else _harmony(state, state._trick),
        "next_harmony": None if terminal else _harmony(state, state._trick + 1),
        "trick_cards": [{"seat": (lead + i) % n, "card": CARD_NAMES[card],
                         "on_harmony": bool(state._ranks[i])}
                        for i, card in enumerate(state._cards)],
        "hand_sizes": [hand.bit_count() for hand in state._hands],
        "scoring_rows": [{"face_up": names_of(up), "face_down": down.bit_count()}
                         for up, down in zip(state._up, state._down, strict=True)],
        "round_scores": state.round_scores(), "scores": state.scores(),
        "terminal": terminal, "winners": state.winners(),
    }
    if seat is not None:
        view["hand"] = names_of(state._hands[seat])
        if seat == state._turn:
            view["legal_actions"] = state.legal_actions()
    return view

