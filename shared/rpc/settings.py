"""Process settings from the environment: one parser, one set of bounds, each default once.

Every setting is a field of a frozen dataclass declared with `var(NAME, default, kind)`:
the field's default is the setting's default (written nowhere else) and `kind` says how
the variable's text is read and which values are allowed. `read(cls, env)` builds the
object. The kinds and their bounds, the same for every process:

- TEXT: any text; PORT: 0-65535 (0 picks a free port); BYTES: 1024 bytes to 1 GiB;
- count(least=0): a whole number from `least` up to MAX_COUNT;
- seconds(zero=False, most=MAX_SECONDS): a finite number above 0 (or 0 too, where 0
  means "none"), at most `most`;
- choice(*allowed): one of the names, in any case.

An empty variable counts as unset, as shells and compose files often leave them. A bad
value raises InvalidConfig naming the variable. The README's tables list them all.
"""

from __future__ import annotations

import ipaddress
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, TypeVar

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.identity import CallerPolicy, IPNetwork, parse_proxies, prefix
from cardroom.shared.wire.addresses import DEFAULT_PORTS, local_address

T = TypeVar("T")
#: How one variable's text becomes its value: parse(name, text).
Kind = Callable[[str, str], Any]

#: The largest count and the longest time any setting may name.
MAX_COUNT = 10**9
MAX_SECONDS = 10**8
_META = "cardroom.env"


def var(name: str, default: Any = MISSING, kind: Kind | None = None) -> Any:
    """A dataclass field read from environment variable `name` (TEXT unless `kind`)."""
    return field(default=default, metadata={_META: (name, kind or TEXT)})


def env_name(cls: type, attribute: str) -> str | None:
    """The environment variable behind `attribute` of settings class `cls`."""
    for f in fields(cls):
        if f.name == attribute and _META in f.metadata:
            return str(f.metadata[_META][0])
    return None


def declared(cls: type) -> dict[str, Any]:
    """Every variable `cls` reads, with its default (MISSING where the reader gives it)."""
    return {f.metadata[_META][0]: f.default for f in fields(cls) if _META in f.metadata}


def read(cls: type[T], environ: Mapping[str, str] | None = None, *,
         defaults: Mapping[str, Any] | None = None, **given: Any) -> T:
    """An instance of `cls` from `environ` (os.environ by default): `given` fields as they
    are, the others from their variables, else `defaults`, else the field's own default."""
    env = os.environ if environ is None else environ
    values = dict(given)
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in values or _META not in f.metadata:
            continue
        name, kind = f.metadata[_META]
        raw = text(env, name)
        if raw is not None:
            values[f.name] = kind(name, raw)
        elif defaults is not None and f.name in defaults:
            values[f.name] = defaults[f.name]
    return cls(**values)


def text(env: Mapping[str, str], name: str) -> str | None:
    """The variable's text, stripped; None when it is unset or blank."""
    value = env.get(name, "").strip()
    return value or None


def TEXT(name: str, raw: str) -> str:
    """Any text, as it is."""
    return raw


def PORT(name: str, raw: str) -> int:
    """A port number 0-65535."""
    if not raw.isdigit() or int(raw) > 65535:
        raise InvalidConfig(f"{name} must be a port number 0-65535, not {raw!r}", name)
    return int(raw)


def BYTES(name: str, raw: str) -> int:
    """A size in bytes from 1 KiB to 1 GiB."""
    if not raw.isdigit() or not 1024 <= int(raw) <= 1 << 30:
        raise InvalidConfig(f"{name} must be a number of bytes from 1024 to {1 << 30}, "
                            f"not {raw!r}", name)
    return int(raw)


def count(least: int = 0) -> Kind:
    """A whole number from `least` to MAX_COUNT."""
    def parse(name: str, raw: str) -> int:
        if not raw.isdigit() or not least <= int(raw) <= MAX_COUNT:
            raise InvalidConfig(f"{name} must be a whole number from {least} to {MAX_COUNT}, "
                                f"not {raw!r}", name)
        return int(raw)
    return parse


def seconds(zero: bool = False, most: float = MAX_SECONDS) -> Kind:
    """A number of seconds above 0 (from 0 when `zero`: 0 then means none) up to `most`."""
    def parse(name: str, raw: str) -> float:
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        low = 0.0 if zero else math.nextafter(0.0, 1.0)
        if not low <= value <= most:
            low_text = "from 0" if zero else "above 0"
            raise InvalidConfig(f"{name} must be a number of seconds {low_text} up to {most:.15g}, "
                                f"not {raw!r}", name)
        return value
    return parse


def choice(*allowed: str) -> Kind:
    """One of `allowed`, matched in any case, returned as spelt in `allowed`."""
    def parse(name: str, raw: str) -> str:
        for value in allowed:
            if value.lower() == raw.lower():
                return value
        raise InvalidConfig(f"{name} must be one of {', '.join(allowed)}, not {raw!r}", name)
    return parse


def host_address(name: str, raw: str) -> str:
    """An IPv4 or IPv6 address (brackets optional) or "localhost", as spelt without them."""
    bare = raw.strip().removeprefix("[").removesuffix("]")
    if bare == "localhost":
        return bare
    try:
        return str(ipaddress.ip_address(bare))
    except ValueError:
        raise InvalidConfig(f"{name} must be an IP address (127.0.0.1, ::1, 0.0.0.0) or "
                            f"localhost, not {raw!r}", name) from None


def grpc_host(host: str) -> str:
    """`host` as a gRPC bind address takes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


# ---- the settings every process shares ----------------------------------------------------

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("json", "text")
#: EVENT_LOOP: the asyncio event loop a server runs on (cardroom.shared.rpc.main.run).
EVENT_LOOPS = ("uvloop", "asyncio")
DEFAULT_REDIS_URL = "redis://localhost:6379/0"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a Cardroom process reads from its environment (every process alike)."""

    process: str
    grpc_port: int = var("GRPC_PORT", kind=PORT)
    metrics_port: int = var("METRICS_PORT", kind=PORT)
    redis_url: str = var("REDIS_URL", DEFAULT_REDIS_URL)
    #: CELERY_BROKER_URL: REDIS_URL unless set (from_env fills it in).
    celery_broker_url: str = var("CELERY_BROKER_URL", DEFAULT_REDIS_URL)
    match_addr: str = var("MATCH_ADDR", local_address("match"))
    bot_addr: str = var("BOT_ADDR", local_address("bot"))
    solver_addr: str = var("SOLVER_ADDR", local_address("solver"))
    log_level: str = var("LOG_LEVEL", "INFO", choice(*LOG_LEVELS))
    log_format: str = var("LOG_FORMAT", "text", choice(*LOG_FORMATS))
    tls_cert_file: str | None = var("TLS_CERT_FILE", None)
    tls_key_file: str | None = var("TLS_KEY_FILE", None)
    tls_ca_file: str | None = var("TLS_CA_FILE", None)
    admin_token: str | None = var("ADMIN_TOKEN", None)
    #: GRPC_MAX_MESSAGE_BYTES: a larger request is refused with RESOURCE_EXHAUSTED; far
    #: above any valid request (a CreateMatch with a whole explicit deal is a few KiB), far
    #: below memory trouble.
    max_message_bytes: int = var("GRPC_MAX_MESSAGE_BYTES", 1 << 20, BYTES)
    #: GRPC_MAX_QUEUE: calls a solver or bot API replica keeps waiting for a worker thread;
    #: one more is refused at once with RESOURCE_EXHAUSTED, so callers retry elsewhere.
    max_queue: int = var("GRPC_MAX_QUEUE", 16, count())
    #: GRPC_MAX_RUNNING_PER_CALLER: calls of one caller a solver or bot API replica works
    #: on at once, its share of the worker threads (0: half of them; the others stay free
    #: for other callers).
    max_running_per_caller: int = var("GRPC_MAX_RUNNING_PER_CALLER", 0, count())
    #: GRPC_MAX_QUEUE_PER_CALLER: calls of one caller kept waiting beyond those; one more
    #: is refused with RESOURCE_EXHAUSTED. Waiting calls are served caller by caller in turn.
    max_queue_per_caller: int = var("GRPC_MAX_QUEUE_PER_CALLER", 8, count())
    #: GRPC_DRAIN_SECONDS: how long calls in flight may run on after SIGTERM (solver, bot
    #: API): below the pods' 30 s terminationGracePeriodSeconds, above the longest search.
    drain_s: float = var("GRPC_DRAIN_SECONDS", 20.0, seconds(zero=True))
    #: GRPC_MAX_CONNECTION_AGE_SECONDS: a client connection is closed after this long (0:
    #: never), so clients re-resolve the headless Service and spread onto pods added since.
    max_connection_age_s: float = var("GRPC_MAX_CONNECTION_AGE_SECONDS", 300.0,
                                      seconds(zero=True))
    #: GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS: calls on a connection past its age get this
    #: long to finish before it is cut.
    max_connection_age_grace_s: float = var("GRPC_MAX_CONNECTION_AGE_GRACE_SECONDS", 30.0,
                                            seconds(zero=True))
    #: GRPC_MAX_STREAMS_PER_CONNECTION: calls open at once on one HTTP/2 connection
    #: (grpc.max_concurrent_streams); a client asks for more only after one ends. Each open
    #: call holds memory even while its request never finishes arriving, so this bounds
    #: what one connection can hold (0: the process's own default: 100, the match service
    #: 1000, above its MATCH_MAX_STREAMS_PER_PEER of 500).
    max_streams_per_connection: int = var("GRPC_MAX_STREAMS_PER_CONNECTION", 0, count())
    #: GRPC_MAX_CONNECTIONS: client connections a server accepts at once
    #: (grpc.max_allowed_incoming_connections); more are closed as they arrive.
    max_connections: int = var("GRPC_MAX_CONNECTIONS", 1000, count(least=1))
    #: GRPC_TRUSTED_PROXIES: proxies (addresses or CIDRs) whose x-forwarded-for names the
    #: caller (cardroom.shared.rpc.identity); nobody else's header is believed.
    trusted_proxies: tuple[IPNetwork, ...] = var("GRPC_TRUSTED_PROXIES", (), parse_proxies)
    #: GRPC_CALLER_IPV4_PREFIX: IPv4 addresses of one such network are one caller.
    caller_ipv4_prefix: int = var("GRPC_CALLER_IPV4_PREFIX", 32, prefix(32))
    #: GRPC_CALLER_IPV6_PREFIX: IPv6 addresses of one such network are one caller.
    caller_ipv6_prefix: int = var("GRPC_CALLER_IPV6_PREFIX", 64, prefix(128))
    #: EVENT_LOOP: uvloop (libuv; less CPU per call) or asyncio (the standard library's
    #: loop, the fall-back where uvloop misbehaves or is missing).
    event_loop: str = var("EVENT_LOOP", "uvloop", choice(*EVENT_LOOPS))
    #: LISTEN_HOST: the address the gRPC and metrics servers bind ("": every interface).
    listen_host: str = var("LISTEN_HOST", "", host_address)

    @property
    def callers(self) -> CallerPolicy:
        """How this process tells callers apart (cardroom.shared.rpc.identity)."""
        return CallerPolicy(self.trusted_proxies, self.caller_ipv4_prefix,
                            self.caller_ipv6_prefix)

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
        redis_url = text(env, "REDIS_URL") or DEFAULT_REDIS_URL
        if text(env, "CELERY_BROKER_URL") is None and \
                redis_url.split("://", 1)[0].endswith("+cluster"):
            raise InvalidConfig("CELERY_BROKER_URL must be set when REDIS_URL names a Redis "
                                "Cluster: Celery needs RabbitMQ (amqp://) or one Redis",
                                "CELERY_BROKER_URL")
        settings = read(cls, env, process=process, defaults={
            "grpc_port": grpc_default or 0, "metrics_port": metrics_default,
            "celery_broker_url": redis_url})
        if (settings.tls_cert_file is None) != (settings.tls_key_file is None):
            raise InvalidConfig("TLS_CERT_FILE and TLS_KEY_FILE must be set together", "TLS")
        # On a server the CA demands client certificates, so it needs a certificate of its
        # own; a process that only calls others (a worker) may just trust the CA.
        if settings.tls_ca_file is not None and not settings.tls and grpc_default is not None:
            raise InvalidConfig("TLS_CA_FILE needs TLS_CERT_FILE and TLS_KEY_FILE", "TLS")
        return settings
