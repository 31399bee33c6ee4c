"""Who calls the player and matchmaker services: a player (its credential, or an app
acting for one of its players), an app, or no one; and the per-caller quotas charged on the
way in (quotas.py). The caller is the credential's holder when there is a credential, else
the client's network (cardroom.shared.rpc.identity)."""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from cardroom.shared.errors import Unauthenticated
from cardroom.shared.rpc.identity import Caller, CallerPolicy
from cardroom.shared.wire.tokens import bearer_token

from .credentials import PLAYER_HEADER, AppCredentials, PlayerKeys, acting_player
from .quotas import CallerQuotas


@dataclass(frozen=True, slots=True)
class Who:
    """The caller of one call: its identity and the player and app it speaks as."""

    caller: Caller
    player: str | None = None
    app: str | None = None

    def player_for(self) -> str:
        """The player the call acts for; Unauthenticated when there is none."""
        if self.player is None:
            raise Unauthenticated("this call needs a player credential (CreateGuest) or an "
                                  f"app credential naming its player in {PLAYER_HEADER}")
        return self.player


class CallerResolver:
    """Reads a call's credential and charges its caller's quota."""

    def __init__(self, keys: PlayerKeys, apps: AppCredentials, policy: CallerPolicy,
                 quotas: CallerQuotas, calls_per_minute: int, guests_per_minute: int) -> None:
        self.keys = keys
        self.apps = apps
        self.policy = policy
        self.quotas = quotas
        self.calls_per_minute = calls_per_minute
        self.guests_per_minute = guests_per_minute

    async def resolve(self, context: grpc.aio.ServicerContext, *, need_player: bool = True,
                      anonymous: bool = False) -> Who:
        """Who calls: a player credential, or an app credential (acting for the player its
        `cardroom-player` metadata names, when it names one). Without either the call is
        Unauthenticated unless `anonymous`; with `need_player` an app must name a player."""
        metadata = list(context.invocation_metadata() or ())
        token = bearer_token(metadata)
        player = self.keys.player_of(token)
        app = None if player is not None else self.apps.app_of(token)
        if app is not None:
            named = _header(metadata, PLAYER_HEADER)
            if named or need_player:
                player = acting_player(app, named)
        if player is None and app is None and not anonymous:
            if token:
                raise Unauthenticated("the credential is neither a player's nor an app's")
            raise Unauthenticated("this call needs a player or app credential "
                                  "(authorization: Bearer ...)")
        name = f"app:{app}" if app else f"player:{player}" if player else None
        who = Who(self.policy.caller(context.peer(), metadata, name), player, app)
        await self.quotas.charge(who.caller, "calls", self.calls_per_minute,
                                 "PLAYER_CALLS_PER_MINUTE")
        return who

    async def guest_quota(self, context: grpc.aio.ServicerContext) -> None:
        """Charge one guest creation to the caller's network (a guest has no credential
        before it is created)."""
        metadata = list(context.invocation_metadata() or ())
        caller = self.policy.caller(context.peer(), metadata)
        await self.quotas.charge(caller, "guest", self.guests_per_minute,
                                 "PLAYER_GUESTS_PER_MINUTE")


def _header(metadata: list[tuple[str, str | bytes]], key: str) -> str | None:
    for name, value in metadata:
        if name.lower() == key:
            return (value.decode() if isinstance(value, bytes) else value).strip()
    return None
