"""A small run of the load test (bench/load.py) through the whole stack as real processes:
Redis with its append-only file, one match-service process, one bot worker (two pool
processes). Six matches at once, all three games, bots only and mixed with a human seat
played from here: every match ends, its scores and engine events equal an offline replay of
its actions, and no bot task is left on the broker. The full run (300 matches) is a
benchmark: `python -m bench.load`, figures in docs/RELIABILITY.md."""

from __future__ import annotations

import json
from collections.abc import Iterator

import grpc
import pytest

from bench.load import Load, Result, plan, replay_problem, report, tasks_left
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from deploy.launch.stack import Stack


@pytest.fixture(scope="module")
def stack() -> Iterator[Stack]:
    """The whole stack, for this module."""
    started = Stack(replicas=1, workers=1, concurrency=2).start()
    yield started
    started.stop()


@pytest.fixture(scope="module")
def result(stack: Stack) -> Result:
    """Six matches (each game, bots only and mixed) played at once to their end."""
    return Load(stack, plan(6), drivers=2, seconds=120).run()


def test_load_every_match_of_every_game_finishes(result: Result) -> None:
    assert {(r.game, r.mixed) for r in result.runs} == {
        (g, m) for g in ("livemix", "vivo", "mixmatch") for m in (False, True)}
    assert result.finished == 6
    assert all(r.human_moves > 0 for r in result.runs if r.mixed and r.game != "mixmatch")


def test_load_final_scores_and_events_equal_an_offline_replay(result: Result) -> None:
    assert result.replayed == 6 and not result.mismatched
    assert result.moves > 300  # a Livemix match alone is 144 card plays


def test_load_leaves_no_task_on_the_broker(result: Result, stack: Stack) -> None:
    assert result.tasks_left == 0
    with stack.client() as client:
        assert tasks_left(client) == 0


def test_load_reports_rates_and_latency_percentiles(result: Result, stack: Stack) -> None:
    text = report(result, stack)
    assert "matches/min" in text and "moves/s" in text and "p99 ms" in text
    assert result.human_ms and result.bot_ms
    assert min(result.bot_ms) > 0


def test_load_replay_check_catches_a_tampered_record(result: Result, stack: Stack) -> None:
    run = next(r for r in result.runs if r.game == "vivo")
    key = f"cardroom:match:{{{run.match_id}}}:actions"
    with stack.client() as client:
        first, second = (json.loads(a) for a in client.lrange(key, 0, 1))
        # Two plays swapped: a record the engine would not have produced.
        client.lset(key, 0, json.dumps({**first, "action": second["action"]}))
    with grpc.insecure_channel(stack.matches[0].address) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        replay = stub.GetReplay(pb.GetReplayRequest(match_id=run.match_id), timeout=10)
    assert replay_problem(replay) is not None
