"""What leaves the engine: events (public, or "to" one seat) and per-seat observations (L12).

A seat sees its own hand and won cards; everyone sees each card as it is played, the
Member circle and token, each seat's Members, hand sizes and won-pile sizes. Scoring at
a round's end is done in the open, so the round_end event shows each seat's scoring cards.

Everything here reads the integer rules (rules.Rules) only; state.py calls in, never the
other way round.
"""

from __future__ import annotations

from typing import Any

from cardroom.shared.games.base import Event
from cardroom.shared.games.livemix.cards import CARD_NAMES, COLOURS, names_of
from cardroom.shared.games.livemix.config import GAME, ROUNDS
from cardroom.shared.games.livemix.rules import Rules
from cardroom.shared.games.livemix.scoring import member_ids, round_breakdown


def member_names(state: Rules, mask: int) -> list[str]:
    """Names of the Members in a mask, in roster order."""
    return [state.roster.names[m] for m in member_ids(mask)]


def token_member(state: Rules, token: int) -> str | None:
    """The Member under the token at circle position `token` (None when no token)."""
    return None if token < 0 else state.roster.names[state.circle[token]]


def plays_json(seats: tuple[int, ...] | list[int], cards: tuple[int, ...] | list[int]
               ) -> list[dict[str, Any]]:
    """A trick's plays in order."""
    return [{"seat": s, "card": CARD_NAMES[c]} for s, c in zip(seats, cards, strict=True)]


def round_start_events(state: Rules, k: int) -> list[Event]:
    """Round k's set-up: the public circle and first lead, then each seat's private hand."""
    hands, circle = state.dealt[k]
    first_lead = state.config.first_lead if k == 0 else state.records[k - 1].next_lead
    events: list[Event] = [{
        "type": "round_start",
        "round": k,
        "first_lead": first_lead,
        "circle": [state.roster.names[m] for m in circle],
        "token": state.roster.names[circle[0]],
    }]
    for seat in range(state.n):
        events.append({"type": "deal", "to": seat, "round": k, "hand": names_of(hands[seat])})
    return events


def log_events(state: Rules, seat: int, card: int, log: list[tuple[Any, ...]]) -> list[Event]:
    """Events of one play, from what the rules phases noted while it was applied."""
    events: list[Event] = [{"type": "play", "round": _play_round(state, log), "seat": seat,
                            "card": CARD_NAMES[card]}]
    for entry in log:
        events.extend(_entry_events(state, entry))
    return events


def _play_round(state: Rules, log: list[tuple[Any, ...]]) -> int:
    ended = any(entry[0] == "round_end" for entry in log)
    return len(state.records) - 1 if ended else state.round


def _entry_events(state: Rules, entry: tuple[Any, ...]) -> list[Event]:
    kind = entry[0]
    if kind == "nine":
        return [{"type": "token_moved", "position": _pos(entry[1]),
                 "member": _member_name(state, entry[2])}]
    if kind == "trick":
        (seats, cards, winner, member), token, under = entry[1], entry[2], entry[3]
        return [{"type": "trick_won", "winner": winner, "plays": plays_json(seats, cards),
                 "member": _member_name(state, member), "token": _pos(token),
                 "token_member": _member_name(state, under)}]
    if kind == "leave":
        return [{"type": "leave", "seat": entry[1], "conditions": list(entry[2])}]
    if kind == "round_end":
        return [_round_end_event(state, entry[1])]
    if kind == "round_start":
        return round_start_events(state, entry[1])
    return [{"type": "game_end", "scores": state.scores(), "winners": state.winners()}]


def _member_name(state: Rules, member: int) -> str | None:
    return None if member < 0 else state.roster.names[member]


def _pos(token: int) -> int | None:
    return None if token < 0 else token


def _round_end_event(state: Rules, k: int) -> Event:
    record = state.records[k]
    breakdown = round_breakdown(state.roster, record, k)
    return {
        "type": "round_end",
        "round": k,
        "last_player": breakdown["last_player"],
        "scores": list(record.scores),
        "totals": [sum(r.scores[s] for r in state.records[:k + 1]) for s in range(state.n)],
        "breakdown": breakdown["seats"],
    }


def observation(state: Rules, seat: int | None) -> dict[str, Any]:
    """Exactly what `seat` may see (None: a spectator, who sees no hand and no won pile)."""
    turn = state.current_player()
    obs: dict[str, Any] = {
        "game": GAME,
        "seat": seat,
        "players": state.n,
        "round": min(state.round, ROUNDS - 1),
        "rounds": ROUNDS,
        "terminal": state.is_terminal(),
        "current_player": turn,
        "legal_actions": state.legal_actions() if seat is not None and seat == turn else [],
        "first_lead": state.first_lead,
        "leader": state.leader,
        "lead_colour": COLOURS[state.trick[0] // 12] if state.trick else None,
        "trick": plays_json(state.trick_seats, state.trick),
        "last_trick": _last_trick(state),
        "circle": [{"member": state.roster.names[m], "on_table": bool(state.table >> i & 1)}
                   for i, m in enumerate(state.circle)],
        "token": _pos(state.token),
        "token_member": token_member(state, state.token),
        "members": [member_names(state, state.members[s]) for s in range(state.n)],
        "active": [bool(state.active >> s & 1) for s in range(state.n)],
        "hand_sizes": [state.hands[s].bit_count() for s in range(state.n)],
        "won_sizes": [state.won[s].bit_count() for s in range(state.n)],
        "round_scores": state.round_scores(),
        "scores": state.scores(),
        "winners": state.winners(),
    }
    if seat is not None:
        obs["hand"] = names_of(state.hands[seat])
        obs["won"] = names_of(state.won[seat])
    return obs


def _last_trick(state: Rules) -> dict[str, Any] | None:
    if state.last_trick is None:
        return None
    seats, cards, winner, member = state.last_trick
    return {"plays": plays_json(seats, cards), "winner": winner,
            "member": None if member < 0 else state.roster.names[member]}
