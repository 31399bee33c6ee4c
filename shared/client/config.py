"""Where the Cardroom services are and how to reach them: addresses, TLS, deadlines, retries.

The defaults are `make run`'s stack on this machine. The environment may move them, with
the names the services themselves use (README.md, Configuration): MATCH_ADDR, SOLVER_ADDR,
BOT_ADDR, TLS_CA_FILE (TLS, trusting this CA), TLS_CERT_FILE and TLS_KEY_FILE (a client
certificate), plus CARDROOM_TLS=1 (TLS trusting the system's roots) and CARDROOM_TIMEOUT
(the default deadline of one call, in seconds).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.wire.addresses import local_address

#: Default addresses: the services' default ports on this machine.
MATCH_ADDR, BOT_ADDR, SOLVER_ADDR = (local_address(p) for p in ("match", "bot", "solver"))
DEFAULT_TIMEOUT = 10.0

#: Methods retried on UNAVAILABLE: those a second attempt cannot apply twice (SubmitMove
#: always carries a request_id). CreateMatch, JoinMatch and AbandonMatch are left out.
RETRIED: dict[str, tuple[str, ...]] = {
    "cardroom.v1.MatchService": ("GetMatch", "ListMatches", "SubmitMove", "WatchMatch",
                                 "GetReplay", "Resign"),
    "cardroom.v1.SolverService": ("Solve", "Verify", "Analyze"),
    "cardroom.v1.BotService": ("SuggestMove", "ListPolicies"),
}
_TRUE = ("1", "true", "yes", "on")


@dataclass(frozen=True, slots=True)
class ClientConfig:
    """How a client reaches the services; one object for every service it talks to."""

    match_addr: str = MATCH_ADDR
    solver_addr: str = SOLVER_ADDR
    bot_addr: str = BOT_ADDR
    #: TLS on every channel (trusting `ca_file`, else the system's roots).
    tls: bool = False
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    #: Seconds one unary call may take (a deadline per call; streams have none).
    timeout: float = DEFAULT_TIMEOUT
    #: Attempts per call while the server is UNAVAILABLE (the first one included).
    attempts: int = 5
    #: Longest pause between two attempts to reconnect to a server that went away.
    max_reconnect_backoff: float = 2.0

    def __post_init__(self) -> None:
        if (self.cert_file is None) != (self.key_file is None):
            raise InvalidConfig("a client certificate needs both its file and its key file",
                                "TLS_CERT_FILE")
        if not (math.isfinite(self.timeout) and self.timeout > 0):
            raise InvalidConfig(f"the timeout must be positive, not {self.timeout}", "timeout")
        if not 1 <= self.attempts <= 5:  # gRPC caps retries at 5 attempts
            raise InvalidConfig(f"attempts must be 1 to 5, not {self.attempts}", "attempts")

    @property
    def secure(self) -> bool:
        """True when channels speak TLS."""
        return self.tls or self.ca_file is not None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any
                 ) -> ClientConfig:
        """The configuration the environment gives, with `overrides` (None ones ignored)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {
            "match_addr": _text(env, "MATCH_ADDR") or MATCH_ADDR,
            "solver_addr": _text(env, "SOLVER_ADDR") or SOLVER_ADDR,
            "bot_addr": _text(env, "BOT_ADDR") or BOT_ADDR,
            "tls": (_text(env, "CARDROOM_TLS") or "").lower() in _TRUE,
            "ca_file": _text(env, "TLS_CA_FILE"),
            "cert_file": _text(env, "TLS_CERT_FILE"),
            "key_file": _text(env, "TLS_KEY_FILE"),
            "timeout": _seconds(env, "CARDROOM_TIMEOUT", DEFAULT_TIMEOUT),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


def _text(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = _text(env, name)
    if raw is None:
        return default
    try:
        return float(raw)
    except ValueError:
        raise InvalidConfig(f"{name} must be a number of seconds, not {raw!r}", name) from None


def service_config(attempts: int) -> str:
    """The gRPC service config: retry UNAVAILABLE with exponential backoff (see RETRIED)."""
    names = [{"service": s, "method": m} for s, methods in RETRIED.items() for m in methods]
    policy = {"maxAttempts": attempts, "initialBackoff": "0.1s", "maxBackoff": "2s",
              "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}
    config: dict[str, Any] = {"methodConfig": [{"name": names}]}
    if attempts > 1:
        config["methodConfig"][0]["retryPolicy"] = policy
    return json.dumps(config)


def open_channel(target: str, config: ClientConfig) -> grpc.Channel:
    """A channel to `target` with the retry policy, quick reconnects and TLS as configured."""
    backoff_ms = int(config.max_reconnect_backoff * 1000)
    options = [("grpc.service_config", service_config(config.attempts)),
               ("grpc.enable_retries", 1),
               ("grpc.initial_reconnect_backoff_ms", min(100, backoff_ms)),
               ("grpc.min_reconnect_backoff_ms", min(100, backoff_ms)),
               ("grpc.max_reconnect_backoff_ms", backoff_ms)]
    if not config.secure:
        return grpc.insecure_channel(target, options=options)
    return grpc.secure_channel(target, _credentials(config), options=options)


def _credentials(config: ClientConfig) -> grpc.ChannelCredentials:
    def read(path: str | None) -> bytes | None:
        return Path(path).read_bytes() if path else None

    return grpc.ssl_channel_credentials(read(config.ca_file), read(config.key_file),
                                        read(config.cert_file))
