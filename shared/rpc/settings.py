"""Process settings from the environment, as fixed in CONVENTIONS.md (one object per process)."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

from cardroom.shared.errors import InvalidConfig

#: Default (gRPC port, metrics port) of each process; None where it serves no gRPC.
DEFAULT_PORTS: dict[str, tuple[int | None, int]] = {
    "match": (50051, 9101),
    "bot": (50052, 9102),
    "solver": (50053, 9103),
    "worker": (None, 9104),
}

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("json", "text")
DEFAULT_REDIS_URL = "redis://localhost:6379/0"
#: Largest request message a server accepts (GRPC_MAX_MESSAGE_BYTES): far above any valid
#: request (a CreateMatch with a whole explicit deal is a few KiB), far below memory trouble.
DEFAULT_MAX_MESSAGE_BYTES = 1 << 20
#: Calls a solver or bot API replica keeps waiting for a worker thread (GRPC_MAX_QUEUE);
#: one more is refused at once with RESOURCE_EXHAUSTED, so callers retry elsewhere.
DEFAULT_MAX_QUEUE = 16
#: Seconds calls in flight get to finish after SIGTERM (GRPC_DRAIN_SECONDS): below the
#: pods' 30 s terminationGracePeriodSeconds, above the longest search (SOLVER_MAX_SECONDS).
DEFAULT_DRAIN_SECONDS = 20.0
#: A client connection is closed after this many seconds (GRPC_MAX_CONNECTION_AGE_SECONDS),
#: so clients re-resolve the headless Service and spread onto pods added since.
DEFAULT_MAX_CONNECTION_AGE_SECONDS = 300.0
#: Calls on a connection past its age get this long to finish before it is cut
#: (GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS).
DEFAULT_MAX_CONNECTION_AGE_GRACE_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a Cardroom process reads from its environment."""

    process: str
    grpc_port: int
    metrics_port: int
    redis_url: str = DEFAULT_REDIS_URL
    celery_broker_url: str = DEFAULT_REDIS_URL
    match_addr: str = "localhost:50051"
    bot_addr: str = "localhost:50052"
    solver_addr: str = "localhost:50053"
    log_level: str = "INFO"
    log_format: str = "text"
    tls_cert_file: str | None = None
    tls_key_file: str | None = None
    tls_ca_file: str | None = None
    admin_token: str | None = None
    #: GRPC_MAX_MESSAGE_BYTES: a larger request is refused with RESOURCE_EXHAUSTED.
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    #: GRPC_MAX_QUEUE: calls waiting for a worker thread beyond which calls are refused.
    max_queue: int = DEFAULT_MAX_QUEUE
    #: GRPC_DRAIN_SECONDS: how long calls in flight may run on after SIGTERM.
    drain_s: float = DEFAULT_DRAIN_SECONDS
    #: GRPC_MAX_CONNECTION_AGE_SECONDS and its _GRACE_SECONDS: connections are recycled.
    max_connection_age_s: float = DEFAULT_MAX_CONNECTION_AGE_SECONDS
    max_connection_age_grace_s: float = DEFAULT_MAX_CONNECTION_AGE_GRACE_SECONDS

    @property
    def tls(self) -> bool:
        """True when the server must speak TLS (a certificate and key are set)."""
        return self.tls_cert_file is not None

    @classmethod
    def from_env(cls, process: str, environ: Mapping[str, str] | None = None) -> Settings:
        """Read the settings of `process` ("match", "bot", "solver", "worker")."""
        env = os.environ if environ is None else environ
        if process not in DEFAULT_PORTS:
            raise InvalidConfig(f"unknown process {process!r}", "process")
        grpc_default, metrics_default = DEFAULT_PORTS[process]
        redis_url = _text(env, "REDIS_URL") or DEFAULT_REDIS_URL
        broker = _text(env, "CELERY_BROKER_URL")
        if broker is None and redis_url.split("://", 1)[0].endswith("+cluster"):
            raise InvalidConfig("CELERY_BROKER_URL must be set when REDIS_URL names a Redis "
                                "Cluster: Celery needs RabbitMQ (amqp://) or one Redis",
                                "CELERY_BROKER_URL")
        settings = cls(
            process=process,
            grpc_port=_port(env, "GRPC_PORT", grpc_default or 0),
            metrics_port=_port(env, "METRICS_PORT", metrics_default),
            redis_url=redis_url,
            celery_broker_url=broker or redis_url,
            match_addr=_text(env, "MATCH_ADDR") or "localhost:50051",
            bot_addr=_text(env, "BOT_ADDR") or "localhost:50052",
            solver_addr=_text(env, "SOLVER_ADDR") or "localhost:50053",
            log_level=_choice(env, "LOG_LEVEL", LOG_LEVELS, "INFO"),
            log_format=_choice(env, "LOG_FORMAT", LOG_FORMATS, "text"),
            tls_cert_file=_text(env, "TLS_CERT_FILE"),
            tls_key_file=_text(env, "TLS_KEY_FILE"),
            tls_ca_file=_text(env, "TLS_CA_FILE"),
            admin_token=_text(env, "ADMIN_TOKEN"),
            max_message_bytes=_size(env, "GRPC_MAX_MESSAGE_BYTES", DEFAULT_MAX_MESSAGE_BYTES),
            max_queue=_count(env, "GRPC_MAX_QUEUE", DEFAULT_MAX_QUEUE),
            drain_s=_seconds(env, "GRPC_DRAIN_SECONDS", DEFAULT_DRAIN_SECONDS),
            max_connection_age_s=_seconds(env, "GRPC_MAX_CONNECTION_AGE_SECONDS",
                                          DEFAULT_MAX_CONNECTION_AGE_SECONDS),
            max_connection_age_grace_s=_seconds(env, "GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS",
                                                DEFAULT_MAX_CONNECTION_AGE_GRACE_SECONDS),
        )
        if (settings.tls_cert_file is None) != (settings.tls_key_file is None):
            raise InvalidConfig("TLS_CERT_FILE and TLS_KEY_FILE must be set together", "TLS")
        # On a server the CA demands client certificates, so it needs a certificate of its
        # own; a process that only calls others (a worker) may just trust the CA.
        if settings.tls_ca_file is not None and not settings.tls and grpc_default is not None:
            raise InvalidConfig("TLS_CA_FILE needs TLS_CERT_FILE and TLS_KEY_FILE", "TLS")
        return settings


def _text(env: Mapping[str, str], name: str) -> str | None:
    # An empty variable counts as unset, as shells and compose files often leave them.
    value = env.get(name, "").strip()
    return value or None


def _port(env: Mapping[str, str], name: str, default: int) -> int:
    raw = _text(env, name)
    if raw is None:
        return default
    if not raw.isdigit() or int(raw) > 65535:
        raise InvalidConfig(f"{name} must be a port number 0-65535, not {raw!r}", name)
    return int(raw)


def _size(env: Mapping[str, str], name: str, default: int) -> int:
    raw = _text(env, name)
    if raw is None:
        return default
    if not raw.isdigit() or not 1024 <= int(raw) <= 1 << 30:
        raise InvalidConfig(f"{name} must be a number of bytes from 1024 to {1 << 30}, "
                            f"not {raw!r}", name)
    return int(raw)


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    raw = _text(env, name)
    if raw is None:
        return default
    if not raw.isdigit() or int(raw) > 100_000:
        raise InvalidConfig(f"{name} must be a whole number from 0 to 100000, not {raw!r}",
                            name)
    return int(raw)


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = _text(env, name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 86_400:
        raise InvalidConfig(f"{name} must be a number of seconds from 0 to 86400, "
                            f"not {raw!r}", name)
    return value


def _choice(env: Mapping[str, str], name: str, allowed: tuple[str, ...], default: str) -> str:
    raw = _text(env, name)
    if raw is None:
        return default
    for value in allowed:
        if value.lower() == raw.lower():
            return value
    raise InvalidConfig(f"{name} must be one of {', '.join(allowed)}, not {raw!r}", name)
