"""A typed Python client of the Cardroom services (match, solver, bot) over gRPC.

    from cardroom.shared.client import connect, human, bot

    with connect() as room:                      # make run's stack, or MATCH_ADDR=... etc.
        created = room.match.create("vivo", 3, [human("me"), bot("random"), bot("random")])
        me = room.match.seat(created.match_id, created.tokens[0])
        view = me.view()
        me.move(view.legal_moves[0])
        print(room.solver.solve([12, 24, 7, 2, 6], 48).solution)

Calls carry deadlines, retry while a server is UNAVAILABLE, and fail with the exceptions
of cardroom.shared.errors (rebuilt from the status by cardroom.shared.wire.errors); watching
resumes after a dropped connection.
"""

from cardroom.shared.client.bot import BotClient
from cardroom.shared.client.config import ClientConfig, open_channel
from cardroom.shared.client.connect import Cardroom, connect
from cardroom.shared.client.match import (
    ANY_VERSION,
    MatchClient,
    SeatSession,
    bot,
    human,
    open_seat,
)
from cardroom.shared.client.solver import SolverClient
from cardroom.shared.client.types import (
    Analysis,
    Created,
    Event,
    Hint,
    Joined,
    MatchSummary,
    MatchView,
    MoveResult,
    PolicyInfo,
    Replay,
    Seat,
    SeatSpec,
    Solution,
    SolveResult,
    Turn,
    Verdict,
)
from cardroom.shared.wire.errors import ServiceFailure, from_rpc_error, status_code

__all__ = [
    "ANY_VERSION", "Analysis", "BotClient", "Cardroom", "ClientConfig", "Created", "Event",
    "Hint", "Joined", "MatchClient", "MatchSummary", "MatchView", "MoveResult", "PolicyInfo",
    "Replay", "Seat", "SeatSession", "SeatSpec", "ServiceFailure", "Solution", "SolveResult",
    "SolverClient", "Turn", "Verdict", "bot", "connect", "from_rpc_error", "human", "open_channel",
    "open_seat", "status_code",
]
