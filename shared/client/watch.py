"""A match's event stream that survives dropped connections.

WatchMatch is resumable by design: the caller sends the last `seq` it received as the
cursor, and the service sends what came after, nothing lost or repeated. `resumable`
does that by itself: when the stream breaks (the server restarts, the network drops),
it waits for the channel to come back and opens the stream again from its cursor.
Turn frames (asked for with WatchMatchRequest.turns) come through as Turn values.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import cast

import grpc

from cardroom.shared.errors import Unavailable
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.errors import from_rpc_error

from .types import Event, Turn

#: How a stream fails when its connection (not the call itself) went wrong.
DROPPED = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.INTERNAL,
           grpc.StatusCode.UNKNOWN)
#: The event that ends every match's stream.
LAST_EVENT = "match_over"

Opener = Callable[[int], Iterable[pb.WatchMatchResponse]]
#: Told (cursor, reason) each time the stream is opened again after a drop.
OnResume = Callable[[int, str], None]


def resumable(open_stream: Opener, channel: grpc.Channel, cursor: int = 0, *,
              resume_for: float = 60.0, on_resume: OnResume | None = None,
              turns: bool = False) -> Iterator[Event | Turn]:
    """Events after `cursor` from `open_stream(cursor)`, reopened from the last seq received
    whenever the connection drops; gives up (Unavailable) after `resume_for` seconds
    without an event or a working connection. Ends after the match's last event (or when
    the stream ends by itself). With `turns` the stream was opened asking for turn frames,
    and it ends after the one that follows the last event."""
    failing_since: float | None = None
    pause = 0.1
    while True:
        stream = open_stream(cursor)
        try:
            for item in stream:
                if item.HasField("turn"):
                    yield Turn.from_pb(item.turn)
                    continue
                event = Event.from_pb(item.event)
                cursor, failing_since, pause = event.seq, None, 0.1
                yield event
                if event.type == LAST_EVENT and not turns:
                    return
            return
        except grpc.RpcError as error:
            call = cast(grpc.Call, error)
            if call.code() not in DROPPED:
                raise from_rpc_error(error) from error
            if _closed_here(call):
                return  # the program closed its own channel: nothing to resume
            reason = call.details() or call.code().name
        finally:
            _cancel(stream)
        now = time.monotonic()
        failing_since = now if failing_since is None else failing_since
        left = resume_for - (now - failing_since)
        _wait_for(channel, left, reason)
        # A server that answers but keeps failing the stream must not be hammered.
        time.sleep(min(pause, max(0.0, left)))
        pause = min(2.0, pause * 2)
        if on_resume is not None:
            on_resume(cursor, reason)


def _closed_here(call: grpc.Call) -> bool:
    """Whether the call was cancelled because this process closed the channel (waiting for
    a closed channel to connect would fail in one of gRPC's own threads)."""
    return call.code() == grpc.StatusCode.CANCELLED and "Channel closed" in (call.details()
                                                                            or "")


def _wait_for(channel: grpc.Channel, seconds: float, reason: str) -> None:
    """Block until the channel connects again; Unavailable when it does not in time."""
    future = grpc.channel_ready_future(channel)
    try:
        future.result(timeout=max(0.0, seconds))
    except grpc.FutureTimeoutError:
        future.cancel()
        raise Unavailable(f"the event stream broke ({reason}) and did not come back in "
                          "time") from None


def _cancel(stream: Iterable[pb.WatchMatchResponse]) -> None:
    # A generator left early (the caller stopped iterating) must not keep the call open.
    cancel = getattr(stream, "cancel", None)
    if callable(cancel):
        cancel()
