"""Raw HTTP/2 clients of a gRPC server (the h2 package), for what no gRPC client library
sends: a call whose client never reads its answers and then leaves, or request bodies
that never finish arriving."""

from __future__ import annotations

import socket
import struct
from collections.abc import Sequence

import h2.config
import h2.connection
import h2.settings
from google.protobuf.message import Message

HOST = "127.0.0.1"


def grpc_frame(message: Message) -> bytes:
    """A gRPC length-prefixed message (uncompressed)."""
    body = message.SerializeToString()
    return b"\x00" + struct.pack(">I", len(body)) + body


def call_headers(method: str, metadata: Sequence[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """The request headers of a gRPC call of `method` ("/package.Service/Method")."""
    return [(":method", "POST"), (":scheme", "http"), (":path", method),
            (":authority", HOST), ("content-type", "application/grpc"), ("te", "trailers"),
            *metadata]


class RawConnection:
    """One HTTP/2 connection to a local port, driven frame by frame."""

    def __init__(self, port: int, *, window: int | None = None, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection((HOST, port), timeout=timeout)
        self.h2 = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.h2.initiate_connection()
        if window is not None:
            # The server may send this many bytes of each stream before the client reads.
            self.h2.update_settings({h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: window})
        self.flush()

    def flush(self) -> None:
        """Send what the connection has queued."""
        data = self.h2.data_to_send()
        if data:
            self.sock.sendall(data)

    def call(self, method: str, message: Message,
             metadata: Sequence[tuple[str, str]] = ()) -> int:
        """Start a call with its whole request: the stream id."""
        stream = self.h2.get_next_available_stream_id()
        self.h2.send_headers(stream, call_headers(method, metadata))
        self.h2.send_data(stream, grpc_frame(message), end_stream=True)
        self.flush()
        return stream

    def half_sent(self, method: str, announced: int, sent: int) -> int:
        """Start a call whose request says `announced` bytes follow and carries `sent` of
        them, the body never finished: the stream id."""
        stream = self.h2.get_next_available_stream_id()
        self.h2.send_headers(stream, call_headers(method))
        prefix = b"\x00" + struct.pack(">I", announced)
        self.h2.send_data(stream, prefix + b"\x00" * sent)
        self.flush()
        return stream

    def pump(self) -> None:
        """Read what the server sent so far (settings, window updates), without waiting."""
        self.sock.setblocking(False)
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                self.h2.receive_data(data)
        except (BlockingIOError, InterruptedError):
            pass
        finally:
            self.sock.setblocking(True)
        self.flush()

    def close(self, reset: bool = False) -> None:
        """Close the socket; with `reset`, abruptly (an RST, as a crashed client's)."""
        if reset:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def half_open_flood(port: int, method: str, *, connections: int = 10, seconds: float = 5.0,
                    announced: int = 1000, sent: int = 3) -> dict[str, int]:
    """For `seconds`, on `connections` connections, start as many calls as the server lets
    whose bodies never finish (HEADERS, then DATA announcing `announced` bytes and carrying
    `sent`); the connections stay open until close_all() on the answer's "raws". Returns
    counts: streams started, refused by the server's stream cap, connections refused."""
    import time

    import h2.events
    import h2.exceptions

    raws: list[RawConnection] = []
    counts = {"started": 0, "capped": 0, "connections_refused": 0}
    for _ in range(connections):
        try:
            raws.append(RawConnection(port))
        except OSError:
            counts["connections_refused"] += 1
    until = time.monotonic() + seconds
    while time.monotonic() < until and raws:
        for raw in raws:
            raw.pump()
            for _ in range(200):
                try:
                    raw.half_sent(method, announced, sent)
                    counts["started"] += 1
                except h2.exceptions.TooManyStreamsError:
                    counts["capped"] += 1
                    break
                except (h2.exceptions.FlowControlError, h2.exceptions.ProtocolError):
                    break
                except OSError:
                    break
    _OPEN.extend(raws)
    return counts


_OPEN: list[RawConnection] = []


def close_all() -> None:
    """Close every connection half_open_flood left open."""
    while _OPEN:
        _OPEN.pop().close()
