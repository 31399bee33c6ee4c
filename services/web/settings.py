"""Settings of the web process: the common ones (cardroom.shared.rpc.settings: the services'
addresses, TLS, logging, metrics port) plus its HTTP port, the origins it answers and the
folder of the built web table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import PORT, Settings, read, seconds, var
from cardroom.shared.wire.addresses import WEB_PORT

#: Where `make web` leaves the built table, in a checkout.
DEFAULT_STATIC = Path(__file__).resolve().parents[2] / "web" / "dist"


def parse_origins(name: str, raw: str) -> tuple[str, ...]:
    """WEB_CORS_ORIGINS: origins separated by commas, each scheme://host[:port] or *."""
    origins = tuple(part.strip().rstrip("/") for part in raw.split(",") if part.strip())
    for origin in origins:
        if origin != "*" and "://" not in origin:
            raise InvalidConfig(f"{name}: {origin!r} is not an origin (scheme://host[:port])",
                                name)
    return origins


@dataclass(frozen=True, slots=True)
class WebSettings:
    """What `python -m cardroom.services.web` reads from its environment."""

    common: Settings
    #: WEB_PORT: the one HTTP port of the table's files and the browser API (0: a free one).
    web_port: int = var("WEB_PORT", WEB_PORT, PORT)
    #: WEB_CORS_ORIGINS: other origins whose pages may call the API (the table's own origin
    #: needs none); empty: none.
    cors_origins: tuple[str, ...] = var("WEB_CORS_ORIGINS", (), parse_origins)
    #: WEB_STATIC_DIR: the built web table served at / (empty or missing: API only).
    static_dir: str = var("WEB_STATIC_DIR", str(DEFAULT_STATIC))
    #: WEB_CALL_TIMEOUT: the deadline of a unary call whose browser gave none.
    call_timeout_s: float = var("WEB_CALL_TIMEOUT", 30.0, seconds())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> WebSettings:
        """The settings of every process plus the web process's own."""
        return read(cls, environ, common=Settings.from_env("web", environ))
