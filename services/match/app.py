"""The match service's domain layer: every call of the API, with no gRPC types.

The service keeps no match in memory between calls. Each call reads one match from Redis,
works on the engine state, and writes back with one compare-and-set on the version
(repo.MatchRepo). Rules live in the engines; the domain layer adds seats, tokens, statuses,
timers, bots, resignation and the event log around them, one module per part of a match's
life (domain/): seating.py (create, join, delete), playing.py (moves, resign, abandon),
reading.py (views, watch, replay, lobby), lobby.py (the lobby stream), clocks.py (timer
firings) and commit.py (the one write path), over core.py (the parts every call shares).
MatchService is all of them.
"""

from __future__ import annotations

from .domain.clocks import Clocks
from .domain.commit import SEND_CONFIRM_S
from .domain.core import Created, Joined, MoveResult
from .domain.lobby import Lobby
from .domain.playing import Playing
from .domain.seating import Seating


class MatchService(Seating, Playing, Lobby, Clocks):
    """Every match operation; stateless between calls, so replicas may share one Redis."""


__all__ = ["SEND_CONFIRM_S", "Created", "Joined", "MatchService", "MoveResult"]
