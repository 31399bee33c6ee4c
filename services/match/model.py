"""Match metadata, seat credentials and redaction: the small pure pieces of the match service."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardroom.shared.errors import InvalidArgument, InvalidConfig, InvalidFields, NotFound
from cardroom.shared.games.base import GameInfo

#: Match statuses: waiting for open seats to be claimed, being played, over, called off.
OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
STATUSES = (OPEN, ACTIVE, FINISHED, ABANDONED)
OVER = (FINISHED, ABANDONED)

#: Seat kinds: a human with a token issued at creation, a seat for JoinMatch, a bot.
HUMAN, OPEN_SEAT, BOT = "human", "open", "bot"
SEAT_KINDS = (HUMAN, OPEN_SEAT, BOT)

#: What happens when a human's per-move clock runs out.
ON_TIMEOUT = ("bot", "forfeit")

#: The event that closes every match's event stream.
MATCH_OVER = "match_over"

#: Longest display name or policy name accepted, in characters and in UTF-8 bytes.
MAX_NAME = 64
MAX_NAME_BYTES = 128

_ID = re.compile(r"^[0-9a-f]{28}$")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat as asked for in CreateMatch."""

    kind: str = HUMAN
    name: str = ""
    policy: str = ""
    strength: int = 0


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """An optional per-move clock for human seats and what its expiry does."""

    seconds: float
    on_timeout: str = "bot"
    policy: str = ""


def new_match_id(now: float) -> str:
    """A fresh id that sorts by creation time (12 hex digits of ms, then 16 random)."""
    return f"{int(now * 1000):012x}{secrets.token_hex(8)}"


def check_match_id(match_id: str) -> str:
    """The id itself, or InvalidArgument when it cannot name a match."""
    if not _ID.match(match_id or ""):
        raise InvalidArgument("match_id is not a match id", "match_id")
    return match_id


def new_token() -> tuple[str, str]:
    """A fresh seat token and its digest (only the digest is ever stored)."""
    token = secrets.token_urlsafe(32)
    return token, digest(token)


def digest(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


class _Seat(Protocol):
    token: str | None


def seat_of_token(seats: Sequence[_Seat], token: str) -> int | None:
    """The seat whose token this is, comparing every digest in constant time."""
    wanted = digest(token)
    found = None
    for seat, info in enumerate(seats):
        stored = info.token or ""
        if stored and hmac.compare_digest(stored, wanted) and found is None:
            found = seat
    return found


def move_digest(action: str) -> str:
    """A short digest of a move as sent, stored with its request id: a request id sent
    again with another move is told from a retry of the same one."""
    return hashlib.sha256(action.encode()).hexdigest()[:16]


def is_creator(token: str | None, stored: str | None) -> bool:
    """True when `token` is the match's creator credential (whose digest is `stored`)."""
    return bool(token) and bool(stored) and hmac.compare_digest(
        digest(token or ""), stored or "")


def is_admin(token: str | None, admin_token: str | None) -> bool:
    """True when `token` is the configured admin (or bot) credential."""
    if not token or not admin_token:
        return False
    # Digests of equal length, so the comparison does not even reveal the secret's length.
    return hmac.compare_digest(digest(token), digest(admin_token))


def check_seats(players: int, specs: Sequence[SeatSpec]) -> list[SeatSpec]:
    """The seat list to use: as given (one per player), or every seat human when empty."""
    if not specs:
        return [SeatSpec() for _ in range(players)]
    problems: list[tuple[str, str]] = []
    if len(specs) != players:
        problems.append(("seats", f"{len(specs)} seats given for {players} players"))
    for i, spec in enumerate(specs):
        if spec.kind not in SEAT_KINDS:
            problems.append((f"seats[{i}].kind", f"must be one of {', '.join(SEAT_KINDS)}"))
        if spec.kind == BOT and not spec.policy:
            problems.append((f"seats[{i}].policy", "a bot seat needs a policy"))
        if spec.strength < 0:
            problems.append((f"seats[{i}].strength", "must not be negative"))
        if len(spec.policy) > MAX_NAME:
            problems.append((f"seats[{i}].policy", f"is at most {MAX_NAME} characters"))
        problem = name_problem(spec.name)
        if problem:
            problems.append((f"seats[{i}].name", problem))
    if problems:
        raise InvalidFields(problems)
    return list(specs)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a seat's display name, or None: longer than MAX_NAME characters
    or MAX_NAME_BYTES bytes, or holding a character that does not print (C0 and C1
    controls such as ESC and BEL, bidi overrides, zero-width and other format characters,
    line and paragraph separators, unassigned code points; the space is the one blank)."""
    if len(name) > MAX_NAME:
        return f"is at most {MAX_NAME} characters"
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return f"is at most {MAX_NAME_BYTES} bytes in UTF-8"
    for i, char in enumerate(name):
        if not char.isprintable():
            return (f"must hold printing characters only, not U+{ord(char):04X} "
                    f"at position {i}")
    return None


def check_name(name: str, field: str = "name") -> str:
    """The display name itself, or InvalidArgument naming `field` (name_problem)."""
    problem = name_problem(name)
    if problem:
        raise InvalidArgument(f"{field} {problem}", field)
    return name


def check_clock(clock: ClockSpec | None, minimum: float = 0.0) -> None:
    """Reject a per-move clock that cannot work, or that is shorter than `minimum` seconds
    (MATCH_MIN_TIMER: a match must not be able to keep the timer loop busy by itself)."""
    if clock is None:
        return
    if not 0 < clock.seconds <= 86400:
        raise InvalidArgument("clock seconds must be above 0 and at most a day", "clock.seconds")
    if clock.seconds < minimum:
        raise InvalidArgument(f"clock seconds must be at least {minimum:g} (MATCH_MIN_TIMER)",
                              "clock.seconds")
    if clock.on_timeout not in ON_TIMEOUT:
        raise InvalidArgument(f"clock on_timeout must be one of {', '.join(ON_TIMEOUT)}",
                              "clock.on_timeout")


def check_engine_clock(info: GameInfo, options: dict[str, Any], minimum: float) -> None:
    """Reject a clock the engine keeps (GameInfo.clock_option: Mix Match's hourglass) set
    shorter than `minimum` seconds; 0 is none."""
    if not info.clock_option:
        return
    seconds = options.get(info.clock_option)
    if isinstance(seconds, int | float) and 0 < seconds < minimum:
        raise InvalidConfig(f"{info.clock_option} must be 0 (none) or at least {minimum:g} "
                            "(MATCH_MIN_TIMER)", f"options.{info.clock_option}")


def engine_timed(info: GameInfo, options: dict[str, Any]) -> bool:
    """Whether the engine keeps a clock in a match of these options (Mix Match's hourglass)."""
    seconds = options.get(info.clock_option) if info.clock_option else None
    return isinstance(seconds, int | float) and seconds > 0


def committed_text(seed: int | None, deal: dict[str, Any] | None) -> str:
    """What the seed commitment covers: the seed in decimal, followed by the explicit deal
    (when there is one) as compact JSON with sorted keys."""
    text = "" if seed is None else str(seed)
    if deal is not None:
        text += json.dumps(deal, sort_keys=True, separators=(",", ":"))
    return text


def commitment(salt_hex: str, seed: int | None, deal: dict[str, Any] | None) -> str:
    """The published commitment to a match's deal: hex SHA-256 of the salt's bytes followed
    by committed_text; the replay reveals salt and seed so anyone can check it."""
    data = bytes.fromhex(salt_hex) + committed_text(seed, deal).encode()
    return hashlib.sha256(data).hexdigest()


def visible(event: dict[str, Any], seat: int | None) -> bool:
    """Whether `seat` (None: a spectator) may see `event`; private events carry "to"."""
    to = event.get("to")
    return to is None or (seat is not None and to == seat)


def redact(events: Sequence[tuple[int, dict[str, Any]]], seat: int | None
           ) -> list[tuple[int, dict[str, Any]]]:
    """The events `seat` may see, with their sequence numbers."""
    return [(seq, event) for seq, event in events if visible(event, seat)]


def missing(match_id: str) -> NotFound:
    """The error for a match that does not exist (or has expired)."""
    return NotFound(f"no match {match_id}", "match", match_id)


def now_ms(now: float | None = None) -> int:
    """Milliseconds since the epoch."""
    return int((time.time() if now is None else now) * 1000)
