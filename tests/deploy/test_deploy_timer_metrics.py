"""The timer series the `CardroomTimersLagging` and `CardroomTimerLoopStalled` alerts read."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry
from support.match_fixtures import new_service, tick
from support.match_play import Clock

from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.metrics import MatchMetrics
from cardroom.services.match.repo import MatchRepo


async def test_timer_lag_records_how_late_a_deadline_fired(repo: MatchRepo) -> None:
    clock, registry = Clock(), CollectorRegistry()
    service = new_service(repo, MemoryQueue(), admin_token="admin", clock=clock,
                           metrics=MatchMetrics(registry))
    await service.create_match("mixmatch", 2, seed=5, options={"hourglass_seconds": 30})
    clock.advance(33.5)  # polled 3.5 s after the hourglass ran out
    assert await tick(service) == ["hourglass"]
    lag = {"kind": "hourglass"}
    assert registry.get_sample_value("cardroom_timer_lag_seconds_count", lag) == 1
    assert registry.get_sample_value("cardroom_timer_lag_seconds_sum", lag) == pytest.approx(3.5)
    assert registry.get_sample_value("cardroom_timer_lag_seconds_bucket",
                                     {**lag, "le": "2.0"}) == 0
    assert registry.get_sample_value("cardroom_timer_lag_seconds_bucket",
                                     {**lag, "le": "5.0"}) == 1
    loop_ran = registry.get_sample_value("cardroom_timer_loop_last_run_timestamp_seconds")
    assert loop_ran == pytest.approx(clock.now)


def test_timer_lag_series_exist_before_any_timer_fires() -> None:
    registry = CollectorRegistry()
    MatchMetrics(registry)
    for kind in ("hourglass", "clock", "bot_retry"):
        assert registry.get_sample_value("cardroom_timer_lag_seconds_count", {"kind": kind}) == 0
        assert registry.get_sample_value("cardroom_timer_firings_total", {"kind": kind}) == 0
