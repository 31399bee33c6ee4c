"""Time-outs at their deadline's time: the replay stamps the deadline, not the moment the
timer loop got to it, and the next hourglass counts from the deadline, so an 8 s hourglass
lasts 8 s however late the poll; one fired long after (an outage) is applied when it fires.
In a race (hourglass 0) the seat that called time is recorded, and its hourglass_ran_out
event names it."""

from __future__ import annotations

import pytest
from support.match_fixtures import new_service, tick
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.domain.clocks import LATE_S
from cardroom.services.match.repo import MatchRepo


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """One replica on the test's clock."""
    return new_service(repo, admin_token="admin", clock=clock)


async def _finish(service: MatchService, match_id: str) -> dict:
    await service.abandon(match_id, "admin")
    return await service.get_replay(match_id)


async def test_an_hourglass_lasts_its_seconds_however_late_the_timer_polls(
        service: MatchService, clock: Clock) -> None:
    created = await service.create_match("mixmatch", 2, seed=5,
                                         options={"hourglass_seconds": 8})
    start = clock.now
    deadlines = []
    for late in (0.15, 0.06, 0.9):  # each poll of the timer loop comes this late
        deadline = (await service.get_view(created.match_id))["deadline"]
        deadlines.append(deadline)
        clock.now = deadline + late
        assert await tick(service) == ["hourglass"]
    assert deadlines == [start + 8, start + 16, start + 24]
    replay = await _finish(service, created.match_id)
    timeouts = [a for a in replay["actions"] if a["action"] == "timeout"]
    assert [a["now"] for a in timeouts] == deadlines  # stamped at the deadline
    assert all(a["seat"] is None for a in timeouts)  # the host's hourglass
    ran_out = [e for _, e in replay["events"] if e["type"] == "hourglass_ran_out"]
    assert [e["deadline"] for e in ran_out] == [start + 16, start + 24, start + 32]
    assert all("seat" not in e for e in ran_out)


async def test_a_time_out_fired_long_after_its_deadline_counts_from_then(
        service: MatchService, clock: Clock) -> None:
    created = await service.create_match("mixmatch", 2, seed=5,
                                         options={"hourglass_seconds": 8})
    deadline = (await service.get_view(created.match_id))["deadline"]
    clock.now = deadline + LATE_S + 20  # the service was away
    assert await tick(service) == ["hourglass"]
    fired = clock.now
    # One time-out, and a whole hourglass from when it fired: not a string of them.
    assert await tick(service) == []
    assert (await service.get_view(created.match_id))["deadline"] == fired + 8
    replay = await _finish(service, created.match_id)
    assert [a["now"] for a in replay["actions"] if a["action"] == "timeout"] == [fired]


async def test_in_a_race_the_seat_that_called_time_is_recorded(
        service: MatchService, clock: Clock) -> None:
    created = await service.create_match("mixmatch", 2, seed=5,
                                         options={"hourglass_seconds": 0})
    clock.advance(3)
    done = await service.submit_move(created.match_id, created.tokens[1], "timeout")
    ran_out = [e for _, e in done.events if e["type"] == "hourglass_ran_out"]
    assert len(ran_out) == 1 and ran_out[0]["seat"] == 1
    replay = await _finish(service, created.match_id)
    assert [(a["seat"], a["action"]) for a in replay["actions"]] == [(1, "timeout")]
