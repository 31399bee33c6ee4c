"""Callers from many source addresses of one host: a TCP forwarder per loopback source
address (bench.forwarder, which the red-team benchmark uses too)."""

from __future__ import annotations

from bench.forwarder import Forwarders

__all__ = ["Forwarders"]
