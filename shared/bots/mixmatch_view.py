"""Reading a Mix Match seat's view for bots: what the seat may do now, and how to say it.

Every Mix Match card lies face up, so the view holds all a bot needs: the table, the
seat's own cards (variant 2), the target, whether the seat is out, whose pick it is.
"""

from __future__ import annotations

import random
from fractions import Fraction

from cardroom.shared.arith import OPS, ArithRules, Num, combine
from cardroom.shared.bots.base import JSON
from cardroom.shared.games.mixmatch import parse_expression

PICK, CLAIMS = "pick", "claims"


def rules_of(view: JSON) -> ArithRules:
    """The match's M3 arithmetic as the view states it."""
    rules = view.get("rules") or {}
    return ArithRules(bool(rules.get("allow_negative")), bool(rules.get("allow_fractions")))


def board_of(view: JSON) -> list[int]:
    """The cards this seat may use in a claim: the table and its own cards (variant 2)."""
    seat = view["seat"]
    own = view.get("own") or []
    mine = own[seat] if seat < len(own) else []
    return [int(c) for c in view.get("table", [])] + [int(c) for c in mine]


def may_claim(view: JSON) -> bool:
    """Whether the seat may claim now: claims open and not put out this round."""
    out = view.get("out") or []
    seat = view["seat"]
    return (view.get("phase") == CLAIMS and view.get("target") is not None
            and not (seat < len(out) and out[seat]))


def must_pick(view: JSON) -> bool:
    """Whether it is this seat's turn to take an own card (variant 2)."""
    return view.get("phase") == PICK and view.get("to_pick") == view["seat"]


def pick_actions(view: JSON) -> list[str]:
    """The seat's legal pick actions in the engine's order ("pass" first when allowed)."""
    picks = [f"pick {card}" for card in sorted(set(view.get("table", [])))]
    return (["pass"] if view.get("may_pass") else []) + picks


def claim_action(view: JSON, expression: str) -> str:
    """A claim tagged with the round it was found for, so a late one is refused as stale.

    The expression is read by the engine's own grammar and sent in its canonical text, so
    a bot never sends a claim the engine would refuse as malformed.
    """
    return f"claim@{view['round']} {parse_expression(expression).render()}"


def random_expression(cards: list[int], target: Num, rules: ArithRules, rng: random.Random,
                      tries: int) -> str | None:
    """Up to `tries` random expressions over random sub-multisets; the first that hits."""
    if not cards:
        return None
    goal = Fraction(target)
    for _ in range(tries):
        size = rng.randint(1, len(cards))
        parts: list[tuple[Num, str]] = [(c, str(c)) for c in rng.sample(cards, size)]
        while len(parts) > 1:
            b = parts.pop(rng.randrange(len(parts)))
            a = parts.pop(rng.randrange(len(parts)))
            op = rng.choice(OPS)
            value = combine(op, a[0], b[0], rules)
            if value is None:
                break
            parts.append((value, f"({a[1]}{op}{b[1]})"))
        if len(parts) == 1 and Fraction(parts[0][0]) == goal:
            return parts[0][1]
    return None
