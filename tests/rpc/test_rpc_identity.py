"""Who a caller is (cardroom.shared.rpc.identity): credentials first, then the address
grouped by prefix, then the address a trusted proxy forwards."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.identity import (
    ADDRESS,
    CREDENTIAL,
    CallerPolicy,
    parse_proxies,
    peer_address,
)

DEFAULT = CallerPolicy()
PROXY = CallerPolicy(trusted_proxies=parse_proxies("P", "10.0.0.0/8, 192.0.2.7"))


def test_peer_strings_of_grpc_read_as_addresses() -> None:
    assert str(peer_address("ipv4:203.0.113.9:41000")) == "203.0.113.9"
    assert str(peer_address("ipv6:[2001:db8::1]:41000")) == "2001:db8::1"
    assert str(peer_address("ipv6:%5B2001:db8::1%5D:41000")) == "2001:db8::1"
    assert peer_address("unix:/tmp/socket") is None


def test_an_ipv4_mapped_ipv6_peer_is_the_ipv4_caller() -> None:
    mapped = DEFAULT.caller("ipv6:[::ffff:203.0.113.9]:5000")
    assert mapped == DEFAULT.caller("ipv4:203.0.113.9:6000")
    assert mapped.name == "203.0.113.9/32"


def test_ports_and_connections_of_one_address_are_one_caller() -> None:
    assert DEFAULT.caller("ipv4:127.0.0.2:1000").key == DEFAULT.caller("ipv4:127.0.0.2:2000").key
    assert DEFAULT.caller("ipv4:127.0.0.2:1000").key != DEFAULT.caller("ipv4:127.0.0.3:1000").key


def test_ipv6_addresses_of_one_64_are_one_caller_by_default() -> None:
    one = DEFAULT.caller("ipv6:[2001:db8:1:2::1]:1")
    assert one == DEFAULT.caller("ipv6:[2001:db8:1:2:ffff:ffff:ffff:ffff]:1")
    assert one != DEFAULT.caller("ipv6:[2001:db8:1:3::1]:1")
    assert one.name == "2001:db8:1:2::/64"


def test_a_wider_ipv4_prefix_groups_a_network() -> None:
    wide = CallerPolicy(ipv4_prefix=24)
    assert wide.caller("ipv4:127.0.0.2:1").name == wide.caller("ipv4:127.0.0.50:1").name
    assert DEFAULT.caller("ipv4:127.0.0.2:1").name != DEFAULT.caller("ipv4:127.0.0.50:1").name


def test_a_credential_is_the_caller_whatever_the_address() -> None:
    one = DEFAULT.caller("ipv4:127.0.0.2:1", credential="player:ann")
    assert one.kind == CREDENTIAL
    assert one == DEFAULT.caller("ipv6:[2001:db8::9]:7", credential="player:ann")
    assert one != DEFAULT.caller("ipv4:127.0.0.2:1")


def test_a_trusted_proxy_forwards_the_client_address() -> None:
    metadata = [("x-forwarded-for", "198.51.100.4")]
    caller = PROXY.caller("ipv4:10.1.2.3:5555", metadata)
    assert (caller.kind, caller.name) == (ADDRESS, "198.51.100.4/32")
    assert PROXY.caller("ipv4:192.0.2.7:1", metadata).name == "198.51.100.4/32"


def test_a_forged_header_from_an_untrusted_peer_is_ignored() -> None:
    forged = [("x-forwarded-for", "198.51.100.4")]
    assert PROXY.caller("ipv4:203.0.113.9:1", forged).name == "203.0.113.9/32"
    assert DEFAULT.caller("ipv4:10.1.2.3:1", forged).name == "10.1.2.3/32"


def test_behind_a_chain_the_rightmost_untrusted_hop_is_the_client() -> None:
    # The client wrote a made-up first hop; our proxies appended the real ones after it.
    chain = [("x-forwarded-for", "1.2.3.4, 198.51.100.4, 10.9.9.9")]
    assert PROXY.caller("ipv4:10.1.2.3:1", chain).name == "198.51.100.4/32"
    split = [("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "198.51.100.4:3000")]
    assert PROXY.caller("ipv4:10.1.2.3:1", split).name == "198.51.100.4/32"


def test_a_proxy_header_that_is_not_addresses_is_not_believed() -> None:
    garbage = [("x-forwarded-for", "198.51.100.4, not-an-address")]
    assert PROXY.caller("ipv4:10.1.2.3:1", garbage).name == "10.1.2.3/32"


def test_forwarded_ipv6_in_brackets_with_a_port() -> None:
    metadata = [("x-forwarded-for", "[2001:db8:5::7]:443")]
    assert PROXY.caller("ipv4:10.0.0.1:1", metadata).name == "2001:db8:5::/64"


def test_the_proxy_setting_refuses_what_is_not_an_address_or_cidr() -> None:
    with pytest.raises(InvalidConfig, match="GRPC_TRUSTED_PROXIES"):
        parse_proxies("GRPC_TRUSTED_PROXIES", "10.0.0.0/8, proxy.local")
    assert parse_proxies("X", " ") == ()


@given(st.ip_addresses(v=4), st.integers(0, 65535), st.integers(0, 65535))
def test_an_address_is_one_caller_over_every_port(address: ipaddress.IPv4Address, a: int,
                                                  b: int) -> None:
    assert DEFAULT.caller(f"ipv4:{address}:{a}") == DEFAULT.caller(f"ipv4:{address}:{b}")
