"""Helpers for match-service tests: a settable clock, move choice per game, hidden-hand checks,
a trick-taking match played out through the client."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

from cardroom.shared.client import MatchClient

#: Keys of an observation or event that hold one seat's private cards (as card strings):
#: hands everywhere, and Livemix's won pile (L12; Mix Match's "won" is public counts).
PRIVATE_KEYS = ("hand", "hands", "won")


class Clock:
    """A clock the test moves by hand (seconds since the epoch)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.now += seconds


def find_claim(cards: Iterable[int], target: int) -> str | None:
    """A correct Mix Match claim over one to three of `cards` (+ and *), or None."""
    pool = list(cards)
    for size in (3, 2, 1):
        for combo in itertools.permutations(pool, size):
            for ops in itertools.product("+*", repeat=size - 1):
                text = str(combo[0])
                for op, card in zip(ops, combo[1:], strict=True):
                    text = f"({text}){op}{card}"
                if eval(text) == target:
                    return text
    return None


def choose_move(game: str, view: dict[str, Any], rng: random.Random) -> str:
    """A legal move for the seat whose view this is: random for trick games; in Mix Match a
    pick, a correct claim when a small one exists, else a call of time."""
    legal = list(view["legal_moves"])
    if game != "mixmatch":
        return rng.choice(legal)
    if legal and legal[0] != "timeout":
        return legal[0]
    obs = view["observation"]
    own = obs["own"][view["seat"]] if view["seat"] is not None else []
    claim = find_claim(list(obs["table"]) + list(own), obs["target"])
    return f"claim {claim}" if claim else "timeout"


def hands_seen(payload: Any, seat: int | None) -> list[Any]:
    """Every private hand in a view or event that is not `seat`'s own (must be empty).

    A hand's owner is the "to" of its event, else the "seat" of its observation; a
    spectator (seat None) owns none."""
    leaks: list[Any] = []
    if isinstance(payload, dict):
        owner = payload.get("to", payload.get("seat"))
        for key, value in payload.items():
            if key in PRIVATE_KEYS and _cards(value) and (seat is None or owner != seat):
                leaks.append(value)
            leaks += hands_seen(value, seat)
    elif isinstance(payload, list):
        for item in payload:
            leaks += hands_seen(item, seat)
    return leaks


def _cards(value: Any) -> bool:
    return isinstance(value, list) and any(isinstance(v, str) for v in value)


def play_out(matches: MatchClient, match_id: str, tokens: dict[int, str], seed: int = 0
             ) -> int:
    """Play every seat of a trick-taking match to its end through the client; the moves made."""
    rng, moves = random.Random(seed), 0
    while True:
        public = matches.get(match_id)
        if public.over:
            return moves
        assert public.current_player is not None
        view = matches.get(match_id, tokens[public.current_player])
        move = choose_move(view.game, {"legal_moves": view.legal_moves}, rng)
        matches.move(match_id, move, tokens[view.seat or 0], expected_version=view.version)
        moves += 1
