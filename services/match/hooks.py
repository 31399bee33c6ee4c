"""What the match service asks of the player service it is served with (services/players):
who a player credential speaks for, and what to note when players are seated and a match
ends. The match service imports no part of the player service; the replica's bootstrap
hands it an object with these methods (MatchService.players; None: no players)."""

from __future__ import annotations

from typing import Protocol

from .record import MatchRecord


class PlayerHooks(Protocol):
    """The player service, as the match service's domain layer sees it."""

    def player_of(self, token: str | None) -> str | None:
        """The player a bearer credential speaks for; None when it is no player credential;
        raises Unauthenticated for a forged one."""
        ...

    async def seated(self, match_id: str, record: MatchRecord) -> None:
        """Players took seats of the match (record.seats[i].player): list it as theirs."""
        ...

    async def over(self, match_id: str, record: MatchRecord, status: str) -> None:
        """The match just ended with `status` (finished or abandoned)."""
        ...
