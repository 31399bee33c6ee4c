"""The matchmaker: tickets queued by any replica, tables made by whichever replica holds a
game's lease, matches created through the match service, streams told at once.

Each pass (MATCHMAKER_INTERVAL) a replica, for each game whose lease it holds: completes
the claims that are due (a replica died between claiming a table and marking it matched),
expires tickets past their time, asks grouping.propose for tables, and for each one claims
its tickets (tickets.py: all or none), creates the match under the claim's match id with
each ticket's player in its seat, and marks the tickets matched. Streams hear of every
change on one pub/sub channel (Notifier).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import check_policies
from cardroom.services.match.model import BOT, HUMAN, ClockSpec, SeatSpec, new_match_id
from cardroom.shared.errors import InvalidArgument, NotFound, PermissionDenied, WrongPhase
from cardroom.shared.games import registry

from . import grouping
from .metrics import PlayerMetrics
from .ratings import RatingStore
from .store import PlayerStore
from .tickets import (
    CANCELLED,
    CHANNEL,
    DONE,
    EXPIRED,
    WAITING,
    Table,
    Ticket,
    TicketStore,
)

log = logging.getLogger(__name__)

#: Seconds a claimed table may wait for its replica before any replica completes it.
CLAIM_GRACE_S = 3.0
#: Longest a ticket may wait.
MAX_EXPIRE_S = 3600.0


class Notifier:
    """One subscription per replica to the ticket channel; wakes local waiters."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def waiting(self, ticket_id: str) -> AsyncIterator[asyncio.Event]:
        """An event set whenever the ticket changes (subscribed before it is handed out)."""
        if self._task is None:
            ready = asyncio.get_running_loop().create_future()
            self._task = asyncio.create_task(self._listen(ready), name="ticket-notify")
            await asyncio.wait_for(asyncio.shield(ready), 5.0)
        event = asyncio.Event()
        self._waiters.setdefault(ticket_id, set()).add(event)
        try:
            yield event
        finally:
            waiters = self._waiters.get(ticket_id, set())
            waiters.discard(event)
            if not waiters:
                self._waiters.pop(ticket_id, None)

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        pubsub = self.client.pubsub()
        try:
            await pubsub.subscribe(CHANNEL)
            ready.set_result(None)
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                data = message["data"]
                text = data.decode() if isinstance(data, bytes) else str(data)
                for ticket_id in text.split(","):
                    for event in self._waiters.get(ticket_id, ()):
                        event.set()
        finally:
            if not ready.done():
                ready.set_result(None)
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def stop(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


class Matchmaker:
    """Tickets and the matching loop of one replica."""

    def __init__(self, match: MatchService, tickets: TicketStore, ratings: RatingStore,
                 players: PlayerStore, metrics: PlayerMetrics, *, interval_s: float = 0.25,
                 move_clock_s: float = 0.0, clock: Callable[[], float] = time.time) -> None:
        self.match = match
        self.tickets = tickets
        self.ratings = ratings
        self.players = players
        self.metrics = metrics
        self.interval_s = interval_s
        #: The per-move clock of the tables made (0: none); a bot moves for a player past it.
        self.move_clock_s = move_clock_s
        self.clock = clock
        self.notifier = Notifier(tickets.client)
        self.owner = secrets.token_hex(8)
        self._task: asyncio.Task[None] | None = None
        self._wanted = False

    # -- calls ------------------------------------------------------------------------

    async def create(self, player: str, game: str, min_players: int, max_players: int,
                     window: float, widen: float, max_window: float, bot_after: float,
                     policy: str, strength: int, expire_s: float) -> Ticket:
        """Queue `player` (WrongPhase when it has a live ticket in the game)."""
        info = registry.info(game)
        low = min_players or info.min_players
        high = max_players or low
        if not info.min_players <= low <= high <= info.max_players:
            raise InvalidArgument(f"{game} seats {info.min_players} to {info.max_players}; "
                                  "min_players <= max_players", "min_players")
        for name, value in (("rating_window", window), ("widen_per_second", widen),
                            ("max_window", max_window), ("expire_seconds", expire_s)):
            if value < 0 or value != value:
                raise InvalidArgument(f"{name} must not be negative", name)
        if expire_s > MAX_EXPIRE_S:
            raise InvalidArgument(f"expire_seconds is at most {MAX_EXPIRE_S:g}",
                                  "expire_seconds")
        if bot_after < 0 or (bot_after and not policy):
            raise InvalidArgument("bot_fill needs after_seconds above 0 and a policy",
                                  "bot_fill")
        if bot_after:
            check_policies(game, [SeatSpec(BOT, policy=policy, strength=strength)], None)
        now = self.clock()
        mu = (await self.ratings.ratings(game, [player]))[0].mu
        ticket = Ticket(f"{game}.{secrets.token_hex(12)}", game, player, low, high,
                        window or 2.0, widen or 0.5, max(max_window or 25.0, window or 2.0),
                        mu, now, now + (expire_s or 300.0), bot_after, policy, strength)
        made, live = await self.tickets.create(ticket, int(((expire_s or 300) + 3600) * 1000))
        if not made:
            raise WrongPhase(f"this player has a live ticket in {game} ({live}); cancel it "
                             "or wait for it to end")
        await self.tickets.notify([ticket.id])
        self._begin()
        return ticket

    async def get(self, player: str, ticket_id: str) -> Ticket:
        """The caller's ticket (NotFound for an unknown one, PermissionDenied for another
        player's)."""
        game = ticket_id.split(".", 1)[0]
        if game not in registry.GAMES:
            raise InvalidArgument("not a ticket id", "ticket_id")
        ticket = await self.tickets.get(game, ticket_id)
        if ticket is None:
            raise NotFound(f"no ticket {ticket_id!r}", "ticket", ticket_id)
        if ticket.player != player:
            raise PermissionDenied("this ticket is another player's")
        return ticket

    async def cancel(self, player: str, ticket_id: str) -> Ticket:
        """Cancel the caller's waiting ticket; the ticket after (matched stays matched)."""
        ticket = await self.get(player, ticket_id)
        if await self.tickets.end(ticket.game, ticket, CANCELLED) == CANCELLED:
            await self.tickets.notify([ticket.id])
        return await self.get(player, ticket_id)

    async def watch(self, player: str, ticket_id: str) -> AsyncIterator[Ticket]:
        """The ticket now and at each change until it ends."""
        await self.get(player, ticket_id)
        async with self.notifier.waiting(ticket_id) as changed:
            last = None
            while True:
                changed.clear()
                ticket = await self.get(player, ticket_id)
                if (ticket.state, ticket.match) != last:
                    last = (ticket.state, ticket.match)
                    yield ticket
                if ticket.state in DONE:
                    return
                # Woken by the channel; the timeout is a safety net for a lost message.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 5.0)

    # -- the loop -----------------------------------------------------------------------

    async def run_once(self) -> int:
        """One pass over every game; the tables made."""
        made = 0
        for game in registry.GAMES:
            if await self.tickets.lease(game, self.owner, int(max(2.0, 8 * self.interval_s)
                                                                * 1000)):
                made += await self._match_game(game)
        return made

    async def _match_game(self, game: str) -> int:
        now = self.clock()
        for table in await self.tickets.due_claims(game, int(now * 1000)):
            await self._finish(game, table)
        waiting = await self.tickets.waiting(game)
        live = []
        for ticket in waiting:
            if ticket.expire_at <= now:
                if await self.tickets.end(game, ticket, EXPIRED) == EXPIRED:
                    await self.tickets.notify([ticket.id])
            else:
                live.append(ticket)
        self.metrics.tickets_waiting.labels(game).set(len(live))
        made = 0
        for proposal in grouping.propose(live, now):
            table = Table(secrets.token_hex(8), new_match_id(now),
                          [t.id for t in proposal.tickets], [t.player for t in proposal.tickets],
                          proposal.bots, proposal.tickets[0].policy,
                          proposal.tickets[0].strength)
            if not await self.tickets.claim(game, table, int((now + CLAIM_GRACE_S) * 1000)):
                continue  # a ticket changed (cancelled) since it was read
            await self._finish(game, table)
            made += 1
            for ticket in proposal.tickets:
                self.metrics.ticket_wait.labels(game).observe(max(0.0, now - ticket.created))
            self.metrics.matches_made.labels(game, "yes" if table.bots else "no").inc()
        return made

    async def _finish(self, game: str, table: Table) -> None:
        """Create the table's match (a no-op when it exists) and mark its tickets."""
        names = await self.players.names(table.players)
        seats = [SeatSpec(HUMAN, name) for name in names] + [
            SeatSpec(BOT, policy=table.policy, strength=table.strength)
            for _ in range(table.bots)]
        # A player's move past the clock is made by the table's fill bots' policy (else the
        # bot workers' default), so a player who never comes holds nobody up for long.
        clock = ClockSpec(self.move_clock_s, "bot", table.policy) \
            if self.move_clock_s > 0 else None
        await self.match.create_match(
            game, len(seats), seats=seats, holders=dict(enumerate(table.players)),
            match_id=table.match_id, clock=clock)
        if await self.tickets.complete(game, table):
            await self.tickets.notify(table.tickets)

    def start(self) -> None:
        """Run passes every interval until stopped, from the first ticket this replica
        takes (a replica that never queues anyone leaves Redis alone)."""
        self._wanted = True

    def _begin(self) -> None:
        if self._wanted and self._task is None:
            self._task = asyncio.create_task(self._run(), name="matchmaker")

    async def stop(self) -> None:
        """Stop the loop and the notifier."""
        self._wanted = False
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        await self.notifier.stop()

    async def _run(self) -> None:
        while True:
            try:
                await self.run_once()
            except Exception:
                _raise_if_cancelled()  # a Redis client may report a cancellation as an error
                log.warning("matchmaker pass failed; retried next interval", exc_info=True)
            await asyncio.sleep(self.interval_s)


__all__ = ["WAITING", "Matchmaker", "Notifier"]


def _raise_if_cancelled() -> None:
    """Re-raise a cancellation of the running task that a step reported as an error (the
    loop would otherwise go on, and a replica's stop wait for it in vain)."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
