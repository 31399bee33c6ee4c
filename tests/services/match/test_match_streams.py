"""WatchMatch at scale on one replica: thousands of open streams, limits that answer, slow
readers ended and resumed, cursors past the end, and streams drained on SIGTERM."""

from __future__ import annotations

import asyncio
import random
import signal
import time
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from support.grpc_servers import HOST, channel_to, local_settings
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server, play_turn

from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire.errors import error_reason
from deploy.launch.process import ServiceProcess

Code = grpc.StatusCode


def _create(client: Client, game: str = "vivo", players: int = 3, **fields: Any
            ) -> tuple[str, dict[int, str]]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, **fields), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


#: Runs a coroutine of the test's gRPC clients to its end (see the `run` fixture).
Run = Callable[[Awaitable[Any]], Any]


@pytest.fixture
def run() -> Iterator[Run]:
    """The test's asyncio clients (open streams) on one event loop of the test's own, kept
    from the call that opens them to the one that closes them."""
    with asyncio.Runner() as runner:
        yield runner.run  # type: ignore[arg-type]


@pytest.fixture
def served(redis_url: str) -> Iterator[tuple[MatchServer, Client]]:
    """A replica with room for many streams from this one test client (on one connection)."""
    common = local_settings("match", redis_url=redis_url, celery_broker_url=redis_url,
                            admin_token=ADMIN, max_streams_per_connection=5000)
    with match_server(redis_url, max_streams_per_peer=5000, common=common) as server, \
            channel_to(server.port) as channel:
        yield server, Client(channel)


async def _open_streams(port: int, match_ids: list[str], count: int, batch: int = 100
                        ) -> tuple[grpc.aio.Channel, list[Any]]:
    """`count` following WatchMatch streams spread over `match_ids`, each having received
    its first event (so each is really open on the server). They are opened `batch` at a
    time, as an audience arrives: gRPC's own protection against floods of new streams
    (RST_STREAM floods) cancels streams opened faster than the server accepts them."""
    channel = grpc.aio.insecure_channel(f"{HOST}:{port}")
    stub = match_pb2_grpc.MatchServiceStub(channel)
    calls: list[Any] = []
    for start in range(0, count, batch):
        opened = [stub.WatchMatch(pb.WatchMatchRequest(
            match_id=match_ids[i % len(match_ids)])) for i in range(start, min(count,
                                                                             start + batch))]
        firsts = await asyncio.gather(*(call.read() for call in opened))
        assert all(f.event.type == "match_created" for f in firsts)
        calls += opened
    return channel, calls


def _count(histogram: Any) -> float:
    samples = histogram.collect()[0].samples
    return float(next(x.value for x in samples if x.name.endswith("_count")))


def _wait_for(condition: Any, describe: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, describe()
        time.sleep(0.02)


async def _next_of_each(calls: list[Any]) -> list[Any]:
    return list(await asyncio.wait_for(asyncio.gather(*(c.read() for c in calls)), 5))


async def _close(channel: grpc.aio.Channel, calls: list[Any]) -> None:
    for call in calls:
        call.cancel()
    await channel.close()


def _redis_clients(redis_url: str) -> int:
    with redis.Redis.from_url(redis_url) as client:
        return int(client.info("clients")["connected_clients"])


def test_two_thousand_open_streams_leave_health_and_unary_calls_answering(
        served: tuple[MatchServer, Client], redis_url: str, run: Run) -> None:
    server, client = served
    match_ids = [_create(client)[0] for _ in range(50)]
    before = _redis_clients(redis_url)
    channel, calls = run(_open_streams(server.port, match_ids, 2000))
    try:
        assert server.limits.streams == 2000
        # Streams share the replica's bounded pool (its pub/sub connection included):
        # Redis sees no connection per stream.
        pool = server.service.repo.client.connection_pool
        assert _redis_clients(redis_url) - before <= pool.max_connections
        with channel_to(server.port) as probe:
            health = health_pb2_grpc.HealthStub(probe)
            for _ in range(20):
                started = time.monotonic()
                answer = health.Check(health_pb2.HealthCheckRequest(), timeout=2)
                assert answer.status == health_pb2.HealthCheckResponse.SERVING
                view = Client(probe).view(match_ids[0])
                assert view.match_id == match_ids[0]
                assert time.monotonic() - started < 1.0
        # A move reaches the streams of its match at once.
        match_id, tokens = _create(client)
        more_channel, more = run(_open_streams(server.port, [match_id], 4))
        play_turn([client], match_id, tokens, random.Random(1), 0)
        seconds = run(_next_of_each(more))
        assert {f.event.type for f in seconds} <= {"card_played", "match_started", "deal"}
        # Each of the four streams was woken by the replica's one reader (fan-out delay).
        _wait_for(lambda: _count(server.service.metrics.fanout_delay) >= 4,
                  lambda: f"fan-out delays observed: {_count(server.service.metrics.fanout_delay)}")
        run(_close(more_channel, more))
    finally:
        run(_close(channel, calls))


def test_stream_limits_refuse_with_resource_exhausted_naming_the_limit(
        redis_url: str, run: Run) -> None:
    with match_server(redis_url, max_streams=5, max_streams_per_peer=3) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        match_id, _ = _create(client)
        channel_a, three = run(_open_streams(server.port, [match_id], 3))
        with pytest.raises(grpc.RpcError) as per_peer:
            next(iter(client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id),
                                             timeout=5)))
        assert per_peer.value.code() == Code.RESOURCE_EXHAUSTED
        assert "MATCH_MAX_STREAMS_PER_PEER" in per_peer.value.details()
        assert error_reason(per_peer.value) == "ERROR_REASON_LIMIT_REACHED"
        server.limits.max_streams_per_peer = 100
        channel_b, two = run(_open_streams(server.port, [match_id], 2))
        with pytest.raises(grpc.RpcError) as replica:
            next(iter(client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id),
                                             timeout=5)))
        assert replica.value.code() == Code.RESOURCE_EXHAUSTED
        assert "MATCH_MAX_STREAMS)" in replica.value.details()
        # Unary calls and health still answer at the stream limit.
        assert client.view(match_id).match_id == match_id
        run(_close(channel_a, three))
        run(_close(channel_b, two))


def test_cursor_past_the_last_event_is_out_of_range(served: tuple[MatchServer, Client]
                                                    ) -> None:
    _, client = served
    match_id, _ = _create(client)
    last = [item.event for item in client.stub.WatchMatch(pb.WatchMatchRequest(
        match_id=match_id, no_follow=True), timeout=5)][-1].seq
    with pytest.raises(grpc.RpcError) as past:
        list(client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, cursor=last + 1),
                                    timeout=5))
    assert past.value.code() == Code.OUT_OF_RANGE
    assert f"({last})" in past.value.details()
    assert [e.seq for e in client.stub.WatchMatch(pb.WatchMatchRequest(
        match_id=match_id, cursor=last, no_follow=True), timeout=5)] == []


#: A client that takes in little before it must read: a stalled reader stalls the server.
SMALL_WINDOW = [("grpc.http2.lookahead_bytes", 1024), ("grpc.http2.bdp_probe", 0)]


def test_stalled_reader_is_ended_and_resumes_from_its_cursor(redis_url: str) -> None:
    with match_server(redis_url, stream_stall_s=0.5) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        match_id, tokens = _create(client, "livemix", 4, seed=3)
        rng = random.Random(2)
        slow = grpc.insecure_channel(f"{HOST}:{server.port}", options=SMALL_WINDOW)
        stream = match_pb2_grpc.MatchServiceStub(slow).WatchMatch(
            pb.WatchMatchRequest(match_id=match_id), timeout=60)
        turn = 0
        while play_turn([client], match_id, tokens, rng, turn) is not None:
            turn += 1  # the whole match is played while the stream reads nothing
        time.sleep(1.5)
        received: list[pb.MatchEvent] = []
        with pytest.raises(grpc.RpcError) as ended:
            for item in stream:
                received.append(item.event)
        assert ended.value.code() == Code.UNAVAILABLE
        assert "resume with the last seq you received" in ended.value.details()
        refused = server.runner.run(_sample(server, "stream_stall"))
        assert refused >= 1
        resumed = [item.event for item in match_pb2_grpc.MatchServiceStub(slow).WatchMatch(
            pb.WatchMatchRequest(match_id=match_id, cursor=received[-1].seq), timeout=10)]
        slow.close()
        everything = client.events(match_id)
        assert [e.seq for e in received + resumed] == [e.seq for e in everything]
        assert everything[-1].type == "match_over"


async def _sample(server: MatchServer, limit: str) -> float:
    value: float = server.service.metrics.refused.labels(limit)._value.get()
    return value


@pytest.mark.parametrize("processes", ["1", "2"])  # MATCH_PROCESSES: one, or a supervisor's
def test_sigterm_ends_open_streams_for_a_resume_and_exits_within_the_grace(
        redis_url: str, tmp_path: Path, processes: str) -> None:
    process = ServiceProcess("cardroom.services.match", {"REDIS_URL": redis_url,
                                                "CELERY_BROKER_URL": redis_url,
                                                "MATCH_PROCESSES": processes},
                             tmp_path / "match.log")
    process.start()
    try:
        with channel_to(process.port) as channel:
            client = Client(channel)
            match_id, tokens = _create(client)
            streams = [client.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id),
                                              metadata=auth(tokens[0]), timeout=30)
                       for _ in range(20)]
            assert all(next(iter(s)).event.type == "match_created" for s in streams)
            assert process.popen is not None
            started = time.monotonic()
            process.popen.send_signal(signal.SIGTERM)
            codes = set()
            for stream in streams:
                with pytest.raises(grpc.RpcError) as ended:
                    list(stream)
                codes.add(ended.value.code())
                assert "resume from cursor" in (ended.value.details() or "")
            assert codes == {Code.UNAVAILABLE}
            assert process.popen.wait(timeout=10) == 0
            assert time.monotonic() - started < 6.0
    finally:
        process.stop()


def test_streams_woken_together_share_one_read_of_the_new_events(
        served: tuple[MatchServer, Client], run: Run) -> None:
    server, client = served
    match_id, tokens = _create(client)
    channel, watchers = run(_open_streams(server.port, [match_id], 4))
    try:
        time.sleep(0.3)  # each stream has read the log so far and waits for a notice
        trips = server.service.repo.trips.counts
        before = trips.get("events", 0)
        play_turn([client], match_id, tokens, random.Random(1), 0)
        for _ in range(8):  # past the catch-up events, each stream reaches the move
            seen = run(_next_of_each(watchers))
            if all(s.event.type == "play" for s in seen):
                break
        assert all(s.event.type == "play" for s in seen)
        # One read served the four streams (a read each would be four); a sweep of the
        # fan-out may add one more.
        assert trips.get("events", 0) - before <= 2
    finally:
        run(_close(channel, watchers))


def _pause_redis(redis_url: str, ms: int) -> None:
    """Hold every command of every client of that Redis for `ms` (CLIENT PAUSE ALL): the
    replica's calls wait on Redis meanwhile, in flight."""
    with redis.Redis.from_url(redis_url) as client:
        client.execute_command("CLIENT", "PAUSE", ms, "ALL")


def _until(condition: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.01)


def _in_flight(metrics_port: int) -> float:
    """The replica's cardroom_match_unary_in_flight, read from its /metrics."""
    with urllib.request.urlopen(f"http://{HOST}:{metrics_port}/metrics", timeout=2) as page:
        for line in page.read().decode().splitlines():
            if line.startswith("cardroom_match_unary_in_flight "):
                return float(line.split()[1])
    return 0.0


def test_unary_calls_past_max_active_are_refused_while_health_answers(
        redis_url: str) -> None:
    with match_server(redis_url, max_active=2) as server, \
            channel_to(server.port) as channel:
        client = Client(channel)
        match_id, _ = _create(client)
        _pause_redis(redis_url, 1500)
        waiting = [client.stub.GetMatch.future(pb.GetMatchRequest(match_id=match_id),
                                               timeout=10) for _ in range(2)]
        _until(lambda: server.limits.active == 2)
        with pytest.raises(grpc.RpcError) as refused:
            client.stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5)
        assert refused.value.code() == Code.RESOURCE_EXHAUSTED
        assert "MATCH_MAX_ACTIVE" in (refused.value.details() or "")
        assert error_reason(refused.value) == "ERROR_REASON_LIMIT_REACHED"
        health = health_pb2_grpc.HealthStub(channel)
        assert health.Check(health_pb2.HealthCheckRequest(), timeout=1).status == \
            health_pb2.HealthCheckResponse.SERVING
        # The two in flight were not dropped: they answer once Redis does.
        assert [f.result().match.match_id for f in waiting] == [match_id, match_id]
        assert client.view(match_id).match_id == match_id


@pytest.mark.parametrize("processes", ["1", "2"])
def test_sigterm_lets_unary_calls_in_flight_finish(redis_url: str, tmp_path: Path,
                                                   processes: str) -> None:
    process = ServiceProcess("cardroom.services.match", {"REDIS_URL": redis_url,
                                                "CELERY_BROKER_URL": redis_url,
                                                "MATCH_PROCESSES": processes},
                             tmp_path / "match.log")
    process.start()
    try:
        with channel_to(process.port) as channel:
            client = Client(channel)
            match_id, tokens = _create(client)
            view = client.view(match_id, tokens[0])
            _pause_redis(redis_url, 1500)
            moving = client.stub.SubmitMove.future(pb.SubmitMoveRequest(
                match_id=match_id, action=view.legal_moves[0],
                expected_version=view.version, request_id="in-flight"),
                metadata=auth(tokens[0]), timeout=10)
            _until(lambda: _in_flight(process.metrics_port) == 1)  # waiting on Redis
            assert process.popen is not None
            process.popen.send_signal(signal.SIGTERM)
            # Acknowledged after the signal, and really written.
            assert moving.result().version == view.version + 1
            assert process.popen.wait(timeout=10) == 0
        with redis.Redis.from_url(redis_url) as store:
            assert int(store.hget(f"cardroom:match:{{{match_id}}}:state", "version")) == \
                view.version + 1
    finally:
        process.stop()
