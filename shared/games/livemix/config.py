"""Livemix match options: players, Member roster (L1), removed colour (L2), first lead (L3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.games.base import GameInfo
from cardroom.shared.games.livemix.cards import COLOURS, DEFAULT_ROSTER, GROUPS, parse_member
from cardroom.shared.quoting import clip, quote

#: The game's wire name (the registry key and every view's "game").
GAME = "livemix"
#: Ruling L11: a game is three rounds.
ROUNDS = 3
#: Ruling L2: the colour a 3-player game leaves out unless the match says otherwise.
DEFAULT_REMOVED_COLOUR = "moon"
_FIELDS = ("players", "roster", "removed_colour", "first_lead")

#: What a host knows of Livemix: strictly in turns, no clock of its own; rounds fixed (ROUNDS).
INFO = GameInfo(GAME, "Livemix", 3, 4, simultaneous=False, host_clock=False,
                rounds=ROUNDS)


@dataclass(frozen=True)
class Config:
    """Frozen options of one Livemix match; every field is validated on construction."""

    players: int = 4
    roster: tuple[str, ...] = DEFAULT_ROSTER
    removed_colour: str | None = None
    first_lead: int = 0
    _colours: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4):
            raise InvalidConfig(f"players must be 3 or 4, not {quote(self.players)}", "players")
        object.__setattr__(self, "roster", _check_roster(self.roster))
        object.__setattr__(self, "removed_colour", self._check_removed())
        lead = self.first_lead
        if isinstance(lead, bool) or not isinstance(lead, int) or not 0 <= lead < self.players:
            raise InvalidConfig(
                f"first_lead must be a seat 0..{self.players - 1}, not {quote(lead)}", "first_lead")
        colours = tuple(c for c, name in enumerate(COLOURS) if name != self.removed_colour)
        object.__setattr__(self, "_colours", colours)

    def _check_removed(self) -> str | None:
        removed = self.removed_colour
        if self.players == 4:
            if removed is not None:
                raise InvalidConfig(
                    "removed_colour applies to 3 players only; 4 players use every colour",
                    "removed_colour")
            return None
        if removed is None:
            return DEFAULT_REMOVED_COLOUR
        if removed not in COLOURS:
            raise InvalidConfig(
                f"removed_colour must be one of {', '.join(COLOURS)}, not {quote(removed)}",
                "removed_colour")
        return str(removed)

    @property
    def colours(self) -> tuple[int, ...]:
        """Indexes of the colours in play (all four, or three in a 3-player game)."""
        return self._colours

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Config:
        """Options from JSON; unknown keys or bad values raise InvalidConfig."""
        data = dict(data or {})
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise InvalidConfig(
                f"unknown Livemix option {quote(unknown[0])}; known: {', '.join(_FIELDS)}",
                clip(str(unknown[0])))
        if "roster" in data and isinstance(data["roster"], list):
            data["roster"] = tuple(data["roster"])
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able options, every field explicit."""
        return {
            "players": self.players,
            "roster": list(self.roster),
            "removed_colour": self.removed_colour,
            "first_lead": self.first_lead,
        }


def _check_roster(roster: object) -> tuple[str, ...]:
    """Ruling L1: 12 distinct Members, four per group, each a colour or a value 1-12."""
    if not isinstance(roster, (list, tuple)) or len(roster) != 12:
        raise InvalidConfig("roster must list 12 Members such as \"A:heart\" or \"B:7\"", "roster")
    for name in roster:
        if parse_member(name) is None:
            raise InvalidConfig(
                f"roster: {quote(name)} is not a Member; write a group A, B or C, a colon, and a "
                "colour (heart, gem, flower, moon) or a value 1-12, e.g. \"A:heart\"", "roster")
    doubles = [name for name, count in Counter(roster).items() if count > 1]
    if doubles:
        raise InvalidConfig(f"roster: Member {quote(doubles[0])} appears twice", "roster")
    per_group = Counter(name.partition(":")[0] for name in roster)
    for group in GROUPS:
        if per_group[group] != 4:
            raise InvalidConfig(
                f"roster: group {group} has {per_group[group]} Members; each group has 4",
                "roster")
    return tuple(roster)
