"""The match record is a typed value with a schema version; read_record is the one place that
reads older records: a record written before the schema version (and before creators,
privacy, deal commitments, write ids and idle times were kept) still reads, plays and
lists, and the next write stores it in the current shape."""

from __future__ import annotations

import json
from dataclasses import MISSING, fields
from typing import Any

import pytest
from support.match_fixtures import new_service
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import HUMAN, OPEN_SEAT, ClockSpec, SeatSpec
from cardroom.services.match.record import (
    SCHEMA_VERSION,
    MatchRecord,
    SeatRecord,
    TimerRecord,
    read_record,
)
from cardroom.services.match.repo import MatchRepo, key_for

ADMIN = "admin-secret"
#: Keys the first stored records lacked (of the match, of each seat).
LATER_KEYS = ("schema", "private", "creator", "dealt_by", "salt", "commitment", "write",
              "idle_at")


def old_shaped(current: dict[str, Any]) -> dict[str, Any]:
    """A stored record as the earliest versions wrote it."""
    old = {k: v for k, v in current.items() if k not in LATER_KEYS}
    old["seats"] = [{k: v for k, v in seat.items() if k != "creator"}
                    for seat in current["seats"]]
    return old


def test_a_record_reads_back_what_it_wrote() -> None:
    record = MatchRecord(
        "m1", "vivo", 3, {"players": 3}, 7, None,
        [SeatRecord("human", token="d1"), SeatRecord("bot", policy="random", strength=2,
                                                     creator=False),
         SeatRecord("open")], 1.0, 2.0, clock=ClockSpec(30.0, "forfeit", ""), started=1.5,
        timer=TimerRecord("clock", 0, 32.0), bots=[1], private=True, creator="c",
        dealt_by="server", salt="ab", commitment="cd", write="w", idle_at=99.0)
    stored = json.loads(json.dumps(record.to_json()))
    assert stored["schema"] == SCHEMA_VERSION == 2
    assert read_record(stored) == record


def test_a_copy_keeps_every_field_and_owns_its_seats_and_bots() -> None:
    seat = SeatRecord("human", name="ann", policy="p", strength=3, token="d1", resigned=True,
                      creator=False, player="player-1")
    record = MatchRecord(
        "m1", "vivo", 3, {"players": 3}, 7, {"rounds": []}, [seat, SeatRecord("open")], 1.0,
        2.0, clock=ClockSpec(30.0, "forfeit", ""), started=1.5,
        result={"reason": "completed"}, timer=TimerRecord("clock", 0, 32.0), bots=[1],
        private=True, creator="c", dealt_by="server", salt="ab", commitment="cd",
        write="w", idle_at=99.0, schema=1, creator_token="digest")
    # Every field holds a value other than its default, so a field a copy drops shows.
    for item in (record, seat):
        for f in fields(item):
            if f.default is not MISSING:
                assert getattr(item, f.name) != f.default, f.name
    clone = record.copy()
    assert clone == record
    assert [getattr(clone, f.name) for f in fields(clone)] == [
        getattr(record, f.name) for f in fields(record)]
    clone.seats[0].resigned = False
    clone.seats[1] = SeatRecord("human")
    clone.bots.append(2)
    assert record.seats[0].resigned and record.seats[1].kind == "open" and record.bots == [1]


def test_an_old_record_is_filled_in_by_read_record() -> None:
    old = {"id": "m1", "game": "vivo", "players": 3, "options": {"players": 3}, "seed": 7,
           "deal": None, "created": 1.0, "updated": 2.0, "started": 1.0, "result": None,
           "timer": None, "bots": [], "clock": None,
           "seats": [{"kind": "human", "name": "", "policy": "", "strength": 0,
                      "token": "d1", "resigned": False}]}
    record = read_record(old)
    assert record.schema == 1  # what wrote it
    assert (record.private, record.creator, record.dealt_by, record.salt, record.commitment,
            record.write, record.idle_at) == (False, None, "", "", "", "", None)
    # Matches stored before creators were recorded count every seat a creator's.
    assert record.seats[0].creator
    assert record.to_json()["schema"] == SCHEMA_VERSION


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, clock=clock)


async def _age(repo: MatchRepo, match_id: str) -> None:
    """Rewrite a stored match's record in the earliest shape."""
    key = key_for("state", match_id)
    current = json.loads(await repo.client.hget(key, "meta"))
    await repo.client.hset(key, "meta", json.dumps(old_shaped(current)))


async def test_a_match_stored_in_the_old_shape_is_viewed_played_and_listed(
        service: MatchService, repo: MatchRepo) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    await _age(repo, created.match_id)
    view = await service.get_view(created.match_id, created.tokens[0])
    assert view["dealt_by"] == "" and view["seed_commitment"] == ""
    assert view["may_act"] and view["seats"][0]["kind"] == "human"
    listed, _ = await service.list_matches("vivo", "active")
    assert [m["match_id"] for m in listed] == [created.match_id]
    assert listed[0]["private"] is False
    moved = await service.submit_move(created.match_id, created.tokens[0],
                                      view["legal_moves"][0], view["version"])
    assert moved.version == 2
    stored = json.loads(await repo.client.hget(key_for("state", created.match_id), "meta"))
    assert stored["schema"] == SCHEMA_VERSION and stored["write"]
    assert all(seat["creator"] for seat in stored["seats"])


async def test_an_old_open_match_lets_any_seated_player_call_it_off(
        service: MatchService, repo: MatchRepo) -> None:
    """Seats of a record without creators count as the creator's (who may abandon)."""
    created = await service.create_match("vivo", 3, seats=[
        SeatSpec(HUMAN), SeatSpec(OPEN_SEAT), SeatSpec(OPEN_SEAT)])
    joined = await service.join_match(created.match_id, 1)
    await _age(repo, created.match_id)
    done = await service.abandon(created.match_id, joined.token)
    assert done.status == "abandoned"
