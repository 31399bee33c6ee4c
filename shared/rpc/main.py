"""The foreground loop every `python -m services.<name>` shares: serve until told to stop."""

from __future__ import annotations

import logging
import os
import signal
import threading
from types import FrameType
from typing import Protocol

#: Seconds calls in flight get to finish once shutdown starts, unless the caller passes its
#: own (the solver and the bot API pass GRPC_DRAIN_SECONDS).
SHUTDOWN_GRACE_SECONDS = 5.0


class Stoppable(Protocol):
    """A server that starts, and stops after a grace period (an `in_flight` count of calls
    still running, when it has one, lets the loop exit without waiting for them)."""

    def start(self) -> None:
        """Begin serving."""

    def stop(self, grace: float) -> None:
        """Stop serving, letting calls in flight finish within `grace` seconds."""


def serve_until_signalled(server: Stoppable, log: logging.Logger,
                          grace: float = SHUTDOWN_GRACE_SECONDS) -> int:
    """Start `server`, serve until SIGTERM or SIGINT, then stop it gracefully; exit status 0.

    Stopping reports NOT_SERVING, refuses new calls and lets those in flight run for up to
    `grace` seconds; the process exits as soon as they are done. Work still running past
    the grace (a search does not stop when its call is cancelled) is abandoned: the process
    exits at once rather than keep the pod until its kill.
    """
    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        log.info("received %s", signal.Signals(signum).name)
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    server.start()
    stopping.wait()
    server.stop(grace=grace)
    # A handler still running past the grace (a search ignores its call's cancellation)
    # would keep the process alive until it ends: interpreter exit joins the pool's threads.
    running = getattr(server, "in_flight", None)
    if running:
        log.warning("exiting with calls still running after the grace period",
                    extra={"in_flight": running})
        logging.shutdown()
        os._exit(0)
    return 0
