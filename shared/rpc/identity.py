"""Who a caller is, for every limit and quota: a credential when there is one, else an address.

The order (docs/deploy.md, "Who a caller is"):

1. a credential the service knows (the admin's, the bot workers', and the player and app
   credentials): every connection and address of its holder is one caller;
2. else the caller's address, with an IPv4-mapped IPv6 address read as the IPv4 one, and
   addresses grouped into networks (GRPC_CALLER_IPV6_PREFIX, default /64: one host or one
   home is given a /64, so its 2^64 addresses are one caller; GRPC_CALLER_IPV4_PREFIX,
   default /32: one address);
3. behind proxies named in GRPC_TRUSTED_PROXIES (addresses or CIDRs), the client address
   they forward in `x-forwarded-for`: read from the right, the first address that is not a
   trusted proxy is the caller; the header of any other peer is ignored, so a client cannot
   choose its own identity by sending one.

A seat token is no identity: anyone may send any token, so a made-up one would make a new
caller with every call.
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from cardroom.shared.errors import InvalidConfig

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: The metadata key proxies put the client address in (gRPC keys are lower case).
FORWARDED_FOR = "x-forwarded-for"
#: The kinds of caller.
CREDENTIAL, ADDRESS = "credential", "address"


@dataclass(frozen=True, slots=True)
class Caller:
    """One caller: its kind and a stable name that every replica derives alike."""

    kind: str
    #: "admin", "bot", "player:<id>", "app:<name>"; or a network such as "203.0.113.7/32".
    name: str

    @property
    def key(self) -> str:
        """A short stable key of the caller for Redis (no address or credential in it)."""
        return hashlib.sha256(f"{self.kind}:{self.name}".encode()).hexdigest()[:24]


def parse_proxies(name: str, raw: str) -> tuple[IPNetwork, ...]:
    """A settings kind: addresses or CIDRs separated by commas (an address is its /32 or
    /128)."""
    networks = []
    for part in filter(None, (p.strip() for p in raw.split(","))):
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise InvalidConfig(f"{name} must list addresses or CIDRs separated by commas, "
                                f"not {part!r}", name) from None
    return tuple(networks)


def prefix(most: int) -> Callable[[str, str], int]:
    """A settings kind: a prefix length from 1 to `most` bits."""
    def parse(name: str, raw: str) -> int:
        if not raw.isdigit() or not 1 <= int(raw) <= most:
            raise InvalidConfig(f"{name} must be a prefix length from 1 to {most}, "
                                f"not {raw!r}", name)
        return int(raw)
    return parse


def peer_address(peer: str) -> IPAddress | None:
    """The address of a gRPC peer string ("ipv4:1.2.3.4:5", "ipv6:[::1]:5", "ipv6:%5B::1%5D:5");
    None for a peer without one (a Unix socket, an in-process channel)."""
    kind, _, rest = unquote(peer).partition(":")
    if kind == "ipv4":
        host = rest.rsplit(":", 1)[0]
    elif kind == "ipv6":
        host = rest[1:rest.index("]")] if rest.startswith("[") else rest.rsplit(":", 1)[0]
    else:
        return None
    return _address(host)


def _address(text: str) -> IPAddress | None:
    try:
        found = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


@dataclass(frozen=True, slots=True)
class CallerPolicy:
    """How addresses become callers (the GRPC_CALLER_* and GRPC_TRUSTED_PROXIES settings)."""

    trusted_proxies: tuple[IPNetwork, ...] = ()
    ipv4_prefix: int = 32
    ipv6_prefix: int = 64

    def caller(self, peer: str, metadata: Iterable[tuple[str, str | bytes]] = (),
               credential: str | None = None) -> Caller:
        """The caller of one call: `credential` (the name of a credential the service
        checked) when given, else the client's network."""
        if credential:
            return Caller(CREDENTIAL, credential)
        address = self.client_address(peer, metadata)
        if address is None:
            return Caller(ADDRESS, unquote(peer) or "unknown")
        return Caller(ADDRESS, str(self.network(address)))

    def client_address(self, peer: str, metadata: Iterable[tuple[str, str | bytes]] = ()
                       ) -> IPAddress | None:
        """The client's address: the peer's, or behind a trusted proxy the one it forwards."""
        address = peer_address(peer)
        if address is None or not self._trusted(address):
            return address
        hops = _forwarded(metadata)
        for hop in reversed(hops):
            if not self._trusted(hop):
                return hop
        # Every hop is a proxy of ours (or none was named): the nearest one is the client.
        return hops[0] if hops else address

    def network(self, address: IPAddress) -> IPNetwork:
        """The network `address` is grouped in."""
        bits = self.ipv4_prefix if address.version == 4 else self.ipv6_prefix
        return ipaddress.ip_network(f"{address}/{bits}", strict=False)

    def _trusted(self, address: IPAddress) -> bool:
        return any(address.version == net.version and address in net
                   for net in self.trusted_proxies)


def _forwarded(metadata: Iterable[tuple[str, str | bytes]]) -> Sequence[IPAddress]:
    """Every address of every x-forwarded-for entry, in order; a hop that is not an
    address makes the whole header untrusted (an empty list)."""
    hops: list[IPAddress] = []
    for key, value in metadata:
        if key.lower() != FORWARDED_FOR:
            continue
        text = value.decode("latin-1") if isinstance(value, bytes) else value
        for part in text.split(","):
            found = _address(_host_of(part.strip()))
            if found is None:
                return []
            hops.append(found)
    return hops


def _host_of(hop: str) -> str:
    """An address as proxies write it: bare, "[v6]" or "[v6]:port", or "v4:port"."""
    if hop.startswith("["):
        return hop[1:hop.find("]")] if "]" in hop else hop
    if hop.count(":") == 1:
        return hop.split(":", 1)[0]
    return hop
