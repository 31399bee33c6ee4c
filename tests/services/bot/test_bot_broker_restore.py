"""The Redis broker's restore of unacked tasks is never held back by a sweep that died with
its Redis: the sweep's lock expires within the visibility timeout (kombu's default of 300 s
left a task delivered before a crash on the broker for five minutes)."""

from __future__ import annotations

import pytest
from kombu import Connection

from cardroom.shared.broker import transport_conf


@pytest.mark.parametrize("visibility_s, lock_s", [(2.0, 2), (0.3, 1), (300.0, 300),
                                                  (3600.0, 300)])
def test_bot_broker_restore_lock_expires_within_the_visibility_timeout(
        visibility_s: float, lock_s: int) -> None:
    conf = transport_conf("redis://127.0.0.1:1/0", visibility_timeout_s=visibility_s,
                          restore_interval_s=0.5)
    options = conf["broker_transport_options"]
    # The channel kombu builds for a worker reads it as its lock's lifetime.
    with Connection("redis://127.0.0.1:1/0", transport_options=options) as connection:
        channel_type = connection.transport.Channel
        assert options["unacked_mutex_expire"] == lock_s
        assert "unacked_mutex_expire" in channel_type.from_transport_options
