"""Every proto enum of cardroom.v1 and the word the code uses for each of its values.

A value's word is its name without the enum's prefix, in lower case: GAME_LIVEMIX is
"livemix", MATCH_STATUS_ACTIVE "active", DEADLINE_KIND_MOVE_CLOCK "move_clock". The tables
are read off the generated descriptors, so a value added to the proto (a fourth game) is
known here at once, and both directions come from the one list.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.proto.cardroom.v1 import bot_pb2, common_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

E = TypeVar("E", bound=int)


class EnumTable(Mapping[int, str], Generic[E]):
    """One proto enum: as a mapping, each value's number to its word; `numbers` the other
    way."""

    def __init__(self, enum: type[E], *, unspecified: str = "",
                 aliases: Mapping[str, str] | None = None) -> None:
        descriptor = cast(Any, enum).DESCRIPTOR  # every generated enum class has one
        #: The enum's prefix, e.g. "GAME_" (the name of its value 0 without UNSPECIFIED).
        self.prefix: str = descriptor.values_by_number[0].name.removesuffix("UNSPECIFIED")
        numbers: dict[str, E] = {v.name.removeprefix(self.prefix).lower(): cast(E, v.number)
                                 for v in descriptor.values if v.number != 0}
        #: The words of the enum's values (UNSPECIFIED aside), in the proto's order.
        self.words: tuple[str, ...] = tuple(numbers)
        #: The proto names of those values, e.g. "GAME_LIVEMIX, GAME_VIVO, GAME_MIXMATCH".
        self.names = ", ".join(v.name for v in descriptor.values if v.number != 0)
        self._words: dict[int, str] = {number: word for word, number in numbers.items()}
        if unspecified:
            self._words[0] = unspecified
        numbers.update({alias: numbers[word] for alias, word in (aliases or {}).items()})
        #: Word to number (aliases included), read-only.
        self.numbers: Mapping[str, E] = MappingProxyType(numbers)

    def __getitem__(self, number: int) -> str:
        """The word of `number` (KeyError for a number the table does not know)."""
        return self._words[number]

    def __iter__(self) -> Iterator[int]:
        """The numbers the table knows."""
        return iter(self._words)

    def __len__(self) -> int:
        """How many numbers the table knows."""
        return len(self._words)

    def word(self, number: int, default: str = "") -> str:
        """The word of `number` (value 0: the table's `unspecified` word, if it has one);
        `default` for a number the table does not know."""
        return self._words.get(number, default)

    def number(self, word: str) -> E:
        """The number of a word the code wrote itself (KeyError for any other)."""
        return self.numbers[word]

    def parse(self, word: str, field: str) -> E:
        """The number of a word a user gave ("" is 0, unspecified); InvalidArgument
        naming `field` when the table has no such word."""
        if not word:
            return cast(E, 0)
        if word not in self.numbers:
            raise InvalidArgument(f"unknown {field} {word!r}; known: {', '.join(self.words)}",
                                  field)
        return self.numbers[word]

    def read(self, number: int, field: str) -> str:
        """The word of a number a request carried; InvalidArgument naming `field` when it
        is unspecified or unknown."""
        word = self._words.get(number, "") if number else ""
        if not word:
            raise InvalidArgument(f"{field} must be one of {self.names}", field)
        return word


#: The games (the engines' names: cardroom.shared.games.registry).
GAMES = EnumTable(common_pb2.Game)
#: A match's status: open, active, finished, abandoned.
STATUSES = EnumTable(pb.MatchStatus)
#: A seat's kind: human, open, bot; a seat that names none is a human's.
SEAT_KINDS = EnumTable(pb.SeatKind, unspecified="human")
#: What a move clock's expiry does: bot (a bot plays the seat's move) or forfeit.
CLOCK_EXPIRIES = EnumTable(pb.ClockExpiry, unspecified="bot")
#: The running deadline's kind: hourglass or move_clock. The match service's timer records
#: name the move clock "clock", read as the same value.
DEADLINE_KINDS = EnumTable(pb.DeadlineKind, aliases={"clock": "move_clock"})
#: How a match ended: completed, resigned, abandoned.
END_REASONS = EnumTable(pb.EndReason)
#: A bot policy's cost class: fast or search (the queue its tasks go to).
POLICY_COSTS = EnumTable(bot_pb2.PolicyCost)
#: Who chose a match's deal.
DEALT_BY = EnumTable(pb.DealtBy)
#: The kind of number a policy parameter takes.
POLICY_PARAM_KINDS = EnumTable(bot_pb2.PolicyParamKind)
