"""Request limits of the solver service (also stated in proto/cardroom/v1/solver.proto).

Each check returns (field, reason) pairs in the field-path form of google.rpc.BadRequest
("cards[3]", "target"); `require` turns any into one InvalidFields error.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.errors import InvalidFields, MalformedAction
from cardroom.shared.games.mixmatch import MAX_CLAIM_LENGTH, parse_expression

MAX_CARDS = 16
CARD_RANGE = (1, 1000)
TARGET_RANGE = (1, 100_000)
MAX_OPTIMAL_LIMIT = 1000
MAX_ANALYZE_LIMIT = 100_000
MAX_REACHABLE_SPAN = 1000

Violations = list[tuple[str, str]]


def board_violations(cards: Sequence[int], target: int) -> Violations:
    """What is wrong with a board: card count, each card's value, the target."""
    found: Violations = []
    if not cards:
        found.append(("cards", "at least one card is required"))
    elif len(cards) > MAX_CARDS:
        found.append(("cards", f"at most {MAX_CARDS} cards, got {len(cards)}"))
    low, high = CARD_RANGE
    found.extend((f"cards[{i}]", f"{card} is not between {low} and {high}")
                 for i, card in enumerate(cards) if not low <= card <= high)
    found.extend(_range("target", target, TARGET_RANGE))
    return found


def limit_violations(field: str, value: int, highest: int) -> Violations:
    """What is wrong with a count limit that must lie in 0..highest."""
    return _range(field, value, (0, highest))


def expression_violations(field: str, text: str) -> Violations:
    """What is wrong with claim text as a request field: empty, oversize or not in the grammar.

    The engine refuses the same text as a malformed action (the one grammar of
    cardroom.shared.games.mixmatch.notation), so Verify and a match never disagree on it.
    """
    if not text.strip(" \t"):
        return [(field, "a claim is required")]
    if len(text) > MAX_CLAIM_LENGTH:
        return [(field, f"at most {MAX_CLAIM_LENGTH} characters, got {len(text)}")]
    try:
        parse_expression(text)
    except MalformedAction as err:
        return [(field, err.reason)]
    return []


def reach_violations(lo: int, hi: int) -> Violations:
    """What is wrong with an inclusive range of targets to list as reachable."""
    found = _range("reachable_min", lo, TARGET_RANGE) + _range("reachable_max", hi, TARGET_RANGE)
    if not found and lo > hi:
        found.append(("reachable_max", f"{hi} is below reachable_min {lo}"))
    elif not found and hi - lo + 1 > MAX_REACHABLE_SPAN:
        found.append(("reachable_max", f"at most {MAX_REACHABLE_SPAN} targets, got {hi - lo + 1}"))
    return found


def require(violations: Violations) -> None:
    """Raise InvalidFields listing every violation, if there is any."""
    if violations:
        raise InvalidFields(violations)


def _range(field: str, value: int, bounds: tuple[int, int]) -> Violations:
    low, high = bounds
    return [] if low <= value <= high else [(field, f"{value} is not between {low} and {high}")]
