"""Player and app credentials: who a bearer credential is, checked without a store read.

A player credential is signed, not stored: "cp1.<player id, base64url>.<HMAC-SHA256 of the
version and id under the service's player key, base64url>". Every replica holds the same
key (PLAYER_SECRET, else one drawn once and kept in Redis), so any replica checks any
credential with one HMAC and no round trip, and the match service can accept it for every
seat its player holds. Nothing secret is kept per player: a Redis dump yields no
credential. There is no revocation short of changing the key (every credential at once).

App credentials are configured (PLAYER_APPS="name=secret,..."), compared in constant time
by digest; an app acts for the players "app:<name>:<id>" and no others.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cardroom.shared.errors import InvalidArgument, InvalidConfig, PermissionDenied, Unauthenticated

#: The prefix every player credential starts with (its format version).
PREFIX = "cp1"
#: The call metadata an app names the player it acts for in.
PLAYER_HEADER = "cardroom-player"
#: Kinds of player id.
GUEST, APP, BOT = "guest", "app", "bot"

_APP_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
_LOCAL_ID = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_PLAYER_ID = re.compile(r"^(guest:[0-9a-f]{24}|app:[a-z0-9][a-z0-9-]{0,31}:[A-Za-z0-9_.-]{1,64}"
                        r"|bot:[a-z0-9_-]{1,64}:\d{1,6})$")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_guest_id() -> str:
    """A fresh guest player id."""
    return f"{GUEST}:{secrets.token_hex(12)}"


def app_player_id(app: str, local: str) -> str:
    """The id of app `app`'s player `local` (InvalidArgument for a malformed `local`)."""
    if not _LOCAL_ID.match(local):
        raise InvalidArgument("an app player id is 1 to 64 of A-Z a-z 0-9 _ . -",
                              "app_player_id")
    return f"{APP}:{app}:{local}"


def bot_player_id(policy: str, strength: int) -> str:
    """The rated player a bot policy at one strength is."""
    return f"{BOT}:{policy}:{strength}"


def check_player_id(player_id: str, field: str = "player_id") -> str:
    """The id itself, or InvalidArgument when it is not a player id."""
    if not _PLAYER_ID.match(player_id):
        raise InvalidArgument(f"{player_id!r} is not a player id", field)
    return player_id


@dataclass(frozen=True, slots=True)
class PlayerKeys:
    """Signs and checks player credentials with the service's one key."""

    key: bytes

    def issue(self, player_id: str) -> str:
        """The credential of `player_id`."""
        body = f"{PREFIX}.{_b64(player_id.encode())}"
        return f"{body}.{_b64(self._mac(body))}"

    def player_of(self, token: str | None) -> str | None:
        """The player a credential speaks for; None when `token` is no player credential
        (a seat token, the admin's); Unauthenticated for a forged or damaged one."""
        if not token or not token.startswith(PREFIX + "."):
            return None
        body, _, mac = token.rpartition(".")
        try:
            given = _unb64(mac)
            player = _unb64(body[len(PREFIX) + 1:]).decode()
        except (binascii.Error, ValueError, UnicodeDecodeError):
            raise Unauthenticated("the player credential is malformed") from None
        if not hmac.compare_digest(given, self._mac(body)):
            raise Unauthenticated("the player credential is not valid")
        return player

    def _mac(self, body: str) -> bytes:
        return hmac.new(self.key, body.encode(), hashlib.sha256).digest()[:24]


def parse_apps(name: str, raw: str) -> tuple[tuple[str, str], ...]:
    """A settings kind: "app=secret" pairs separated by commas (secrets of 16+ characters)."""
    apps: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in raw.split(","))):
        app, sep, secret = part.partition("=")
        if not sep or not _APP_NAME.match(app) or len(secret) < 16:
            raise InvalidConfig(f"{name} lists app=secret pairs separated by commas (app: "
                                "a-z 0-9 -, up to 32; secret: 16 characters or more)", name)
        if app in apps:
            raise InvalidConfig(f"{name} names app {app!r} twice", name)
        apps[app] = secret
    return tuple(apps.items())


class AppCredentials:
    """The configured apps: which app a bearer credential is, if any."""

    def __init__(self, apps: Iterable[tuple[str, str]] | Mapping[str, str]) -> None:
        pairs = apps.items() if isinstance(apps, Mapping) else apps
        self._digests = {hashlib.sha256(secret.encode()).digest(): app for app, secret in pairs}

    def app_of(self, token: str | None) -> str | None:
        """The app whose credential `token` is; None for any other token."""
        if not token:
            return None
        wanted = hashlib.sha256(token.encode()).digest()
        found = None
        for stored, app in self._digests.items():  # every digest compared: constant time
            if hmac.compare_digest(stored, wanted):
                found = app
        return found


def acting_player(app: str, named: str | None) -> str:
    """The player app `app` acts for when it names `named` (its own id, or a full id);
    PermissionDenied for another app's player or any other kind."""
    if not named:
        raise InvalidArgument(f"an app credential names its player in the {PLAYER_HEADER} "
                              "metadata", PLAYER_HEADER)
    if ":" not in named:
        return app_player_id(app, named)
    if not named.startswith(f"{APP}:{app}:"):
        raise PermissionDenied(f"app {app!r} may act only for its own players "
                               f"(app:{app}:<id>), not {named!r}")
    return app_player_id(app, named.split(":", 2)[2])
