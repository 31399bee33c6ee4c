"""Creating a match and seating its players: CreateMatch (options, seats, the deal and its
commitment, the creation quotas), JoinMatch, and the admin's DeleteMatch."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.shared.errors import InvalidArgument, ResourceExhausted, StaleVersion, WrongPhase
from cardroom.shared.games import registry

from .. import lobbyfeed, model, quotas
from ..bots import check_policies
from ..ending import Pending
from ..model import ACTIVE, OPEN, OVER, ClockSpec, SeatSpec
from ..record import MatchRecord, SeatRecord
from ..repo import Snapshot
from .commit import Committing
from .core import RETRIES, Created, Joined


class Seating(Committing):
    """CreateMatch, JoinMatch and DeleteMatch."""

    async def create_match(self, game: str, players: int, *, seats: Sequence[SeatSpec] = (),
                           options: Mapping[str, Any] | None = None, seed: int | None = None,
                           deal: Mapping[str, Any] | None = None,
                           clock: ClockSpec | None = None, private: bool = False,
                           token: str | None = None, caller: str = "",
                           holders: Mapping[int, str] | None = None,
                           match_id: str | None = None) -> Created:
        """Create a match; it starts at once unless some seat is open for JoinMatch. A
        private match stays out of the public lobby. `caller` (Caller.key) is counted
        against the creation quotas unless `token` is the admin's. `holders` names the
        player holding each human seat it lists (services/players); a player credential
        as `token` holds the first human seat. `match_id` (the matchmaker's,
        model.new_match_id) makes a retried creation a no-op: a match of that id stays as
        it is."""
        players = players or _players_option(options or {})
        try:
            config = registry.make_config(game, _with_players(options or {}, players))
        except InvalidArgument as exc:
            raise _in_options(exc) from None
        specs = model.check_seats(players, seats)
        model.check_clock(clock, self.min_timer_s)
        model.check_engine_clock(registry.info(game), registry.config_dict(config),
                                 self.min_timer_s)
        check_policies(game, specs, clock)
        chosen = self._holders(specs, holders, token)
        admin = model.is_admin(token, self.admin_token)
        counted = bool(caller) and self.quotas is not None and not admin
        dealt_by = "server" if seed is None and deal is None else "creator"
        if dealt_by == "creator" and caller and not admin:
            # A stranger joining from the lobby must not sit at a table whose every hand
            # its creator knows: a chosen deal keeps the match out of the public lobby.
            private = True
        if seed is None:
            # Rounds a deal leaves out are shuffled from this seed too: drawn here, it is
            # committed to with the deal and revealed in the replay, never the engine's own.
            seed = secrets.randbits(62)
        salt = secrets.token_hex(16)
        now = self.clock()
        state = registry.new_game(game, config, seed=seed, deal=deal, now=now)
        match_id = model.check_match_id(match_id) if match_id else model.new_match_id(now)
        if self.repo.crowded is not None:  # room is kept for play in existing matches
            self.metrics.refused.labels("store_high_water").inc()
            raise ResourceExhausted(
                "the match store is past its high-water mark (MATCH_STORE_HIGH_WATER): no "
                "new match until it has room again; play in existing matches goes on",
                "MATCH_STORE_HIGH_WATER")
        if counted:  # charged only once every check (the deal's too) has passed
            assert self.quotas is not None
            cost = quotas.charge(game, specs, clock is not None or model.engine_timed(
                registry.info(game), registry.config_dict(config)))
            await quotas.admit(self.repo, self.quotas, caller, match_id, cost, self.clock())
        creator_token, creator_digest = model.new_token()
        tokens: dict[int, str] = {}
        records = []
        for seat, spec in enumerate(specs):
            token_digest = None
            if spec.kind == model.HUMAN:
                tokens[seat], token_digest = model.new_token()
            # Seats whose tokens went to the creator: they speak for the creator (abandon).
            records.append(SeatRecord(spec.kind, spec.name, spec.policy, spec.strength,
                                      token_digest, creator=spec.kind == model.HUMAN))
        for seat, player in chosen.items():
            # A seat the matchmaker (not the creator) filled does not speak for the creator.
            records[seat].player, records[seat].creator = player, not holders
        dealt = dict(deal) if deal is not None else None
        record = MatchRecord(
            id=match_id, game=game, players=players, options=registry.config_dict(config),
            seed=seed, deal=dealt, seats=records, created=now, updated=now, clock=clock,
            private=bool(private), creator=caller if counted else None, dealt_by=dealt_by,
            salt=salt, commitment=model.commitment(salt, seed, dealt),
            creator_token=creator_digest)
        status = OPEN if any(s.kind == model.OPEN_SEAT for s in specs) else ACTIVE
        snap = Snapshot(match_id, 0, "", record, "{}", 0, 0, 0)
        pending = Pending(snap, state, record, status, [_created_event(record)])
        if status == ACTIVE:
            self._start(pending, now)
        await self._commit(pending, now, create=True)
        self.metrics.matches_created.labels(game).inc()
        if chosen and self.players is not None:
            await self.players.seated(match_id, record)
        return Created(match_id, 1, tokens, creator_token)

    async def join_match(self, match_id: str, seat: int | None = None, name: str = "",
                         token: str | None = None) -> Joined:
        """Claim an open seat (the given one, else the first) and get its token; with a
        player credential as `token`, the seat is that player's too."""
        model.check_match_id(match_id)
        player = self.players.player_of(token) if self.players is not None else None
        model.check_name(name)
        for _ in range(RETRIES):
            snap = await self._load(match_id)
            if snap.status != OPEN:
                raise WrongPhase("the match is not waiting for players")
            record = snap.record
            chosen = _open_seat(record.seats, seat)
            seat_token, token_digest = model.new_token()
            taken = record.seats[chosen]
            taken.kind, taken.name, taken.token = model.HUMAN, name, token_digest
            taken.player = player or ""
            now = self.clock()
            state = self._state(snap)
            pending = Pending(snap, state, record, OPEN, [
                {"type": "seat_claimed", "seat": chosen, "name": name}])
            if not any(s.kind == model.OPEN_SEAT for s in record.seats):
                pending.status = ACTIVE
                self._start(pending, now)
            outcome = await self._commit(pending, now)
            if outcome.kind == "ok":
                if player and self.players is not None:
                    await self.players.seated(match_id, record)
                return Joined(chosen, seat_token, outcome.version)
        raise StaleVersion("the match kept changing while joining; try again")

    async def delete_match(self, match_id: str, token: str | None) -> int:
        """Remove a match and its whole record at once, whatever its status (the admin only);
        the version it had. Open streams of it end; later calls find no match."""
        model.check_match_id(match_id)
        self._admin_only(token, "delete a match")
        snap = await self._load(match_id)
        if not await self.repo.delete(match_id, snap.record.game, snap.status):
            raise model.missing(match_id)
        if snap.status not in OVER and snap.record.creator:
            await self.repo.release(snap.record.creator, match_id)
        if snap.status not in OVER and not snap.record.private:
            await lobbyfeed.announce(self.repo, lobbyfeed.GONE, match_id, snap.record.game,
                                     None)
        return snap.version


    def _holders(self, specs: Sequence[SeatSpec], holders: Mapping[int, str] | None,
                 token: str | None) -> dict[int, str]:
        """The player of each seat: as given, or the creator's first human seat when the
        creator is a player."""
        chosen = dict(holders or {})
        for seat in chosen:
            if not 0 <= seat < len(specs) or specs[seat].kind != model.HUMAN:
                raise InvalidArgument(f"seat {seat} is not a human seat", "seats")
        creator = self.players.player_of(token) if self.players is not None else None
        if creator and not chosen:
            first = next((i for i, s in enumerate(specs) if s.kind == model.HUMAN), None)
            if first is not None:
                chosen[first] = creator
        return chosen


def _open_seat(seats: list[SeatRecord], wanted: int | None) -> int:
    if wanted is None:
        return next(i for i, s in enumerate(seats) if s.kind == model.OPEN_SEAT)
    if not 0 <= wanted < len(seats):
        raise InvalidArgument(f"seat must be 0 to {len(seats) - 1}", "seat")
    if seats[wanted].kind != model.OPEN_SEAT:
        raise WrongPhase(f"seat {wanted} is not open")
    return wanted


def _players_option(options: Mapping[str, Any]) -> int:
    """The options' "players", for a request that left `players` unset (0 when absent)."""
    value = options.get(registry.PLAYERS_KEY, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _in_options(exc: InvalidArgument) -> InvalidArgument:
    """A config error with its field named as the request has it (`options.colour`);
    "players" is the request's own field."""
    if exc.field and exc.field not in (registry.PLAYERS_KEY, "options"):
        exc.field = f"options.{exc.field}"
    return exc


def _with_players(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    merged = dict(options)
    if registry.PLAYERS_KEY in merged and merged[registry.PLAYERS_KEY] != players:
        raise InvalidArgument("options.players disagrees with players", "players")
    merged[registry.PLAYERS_KEY] = players
    return merged


def _created_event(record: MatchRecord) -> dict[str, Any]:
    return {"type": "match_created", "game": record.game, "players": record.players,
            "seats": [s.public() for s in record.seats]}
