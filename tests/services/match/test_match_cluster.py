"""The match service on a real Redis Cluster (3 masters, 3 replicas, started by the tests):
matches spread over every master, timers and lobby spread over slots, bots play to the
end, and a master killed mid-play fails calls with UNAVAILABLE until its replica takes
over, then play goes on with no acknowledged move lost under MATCH_DURABILITY=always.

Whole matches of every game over two replicas on the cluster:
tests/services/match/test_match_grpc.py;
the domain, timer and expiry tests run on the cluster too (their `store_url` fixtures).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import channel_to
from support.match_client import (
    GAME_ENUM,
    Client,
    event_data,
    match_server,
    mover,
    options_request,
    play_turn,
)
from support.redis_cluster import RedisClusterServers
from support.redis_server import RedisServer

from bench.load import replay_problem
from cardroom.services.match import mapping
from cardroom.services.match.repo import INDEX_SHARDS, key_for
from cardroom.services.match.server import MatchServer
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.worker import start_worker

pytestmark = pytest.mark.chaos  # a master killed mid-play: part of `make test-chaos`

BOT_TOKEN = "bot-token-for-cluster-tests"
Code = grpc.StatusCode


@pytest.fixture
def cluster(redis_cluster: RedisClusterServers) -> RedisClusterServers:
    """The session's cluster, emptied, every node back and healthy."""
    redis_cluster.wait_healthy()
    redis_cluster.flush()
    return redis_cluster


@pytest.fixture
def broker(redis_server: RedisServer) -> str:
    """A database of the one Redis for Celery (it cannot use a cluster), emptied."""
    return redis_server.empty_database(5)


@pytest.fixture
def server(cluster: RedisClusterServers, broker: str) -> Iterator[MatchServer]:
    with match_server(cluster.url, broker, bot_token=BOT_TOKEN, timer_interval_s=0.02,
                      min_timer_s=0.1) as replica:
        yield replica


@pytest.fixture
def client(server: MatchServer) -> Iterator[Client]:
    with channel_to(server.port) as channel:
        yield Client(channel)


def _create(client: Client, game: str, players: int, seed: int | None, **fields: Any
            ) -> pb.CreateMatchResponse:
    """A match (with a chosen seed, kept out of the public lobby, unless `seed` is None)."""
    if seed is not None:
        fields["seed"] = seed
    return client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM[game], players=players, **fields), timeout=10)


def test_cluster_matches_land_on_every_master_and_indexes_on_several_slots(
        cluster: RedisClusterServers, client: Client) -> None:
    ids = [_create(client, "vivo", 3, None).match_id for _ in range(24)]
    homes = {cluster.master_of(key_for("state", m)).port for m in ids}
    assert homes == {m.port for m in cluster.masters()}  # all three
    lobby = {cluster.master_of(key_for("lobby", part="vivo:open", shard=s)).port
             for s in range(INDEX_SHARDS)}
    timers = {cluster.master_of(key_for("timers", shard=s)).port for s in range(INDEX_SHARDS)}
    assert len(lobby) >= 2 and len(timers) >= 2
    # The lobby pages newest first across its shards, each match once.
    listed, token = [], ""
    while True:
        page = client.stub.ListMatches(pb.ListMatchesRequest(
            game=GAME_ENUM["vivo"], page_size=5, page_token=token), timeout=10)
        listed += [m.match_id for m in page.matches]
        token = page.next_page_token
        if not token:
            break
    assert listed == sorted(ids, reverse=True)


def test_cluster_a_whole_match_with_a_stream_watching_it(client: Client) -> None:
    created = _create(client, "livemix", 4, seed=11)
    tokens = {t.seat: t.token for t in created.tokens}
    watched: list[pb.MatchEvent] = []
    watcher = threading.Thread(target=lambda: watched.extend(
        client.events(created.match_id)), daemon=True)
    watcher.start()
    rng, turn = random.Random(3), 0
    while play_turn([client], created.match_id, tokens, rng, turn) is not None:
        turn += 1
    watcher.join(30)
    assert not watcher.is_alive(), "the stream did not end with the match"
    assert watched[-1].type == "match_over"
    # What the live stream delivered is exactly what a read of the whole log gives.
    stored = client.stub.WatchMatch(pb.WatchMatchRequest(
        match_id=created.match_id, no_follow=True), timeout=10)
    assert [(e.seq, e.type) for e in watched] == [(i.event.seq, i.event.type) for i in stored]
    replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=created.match_id), timeout=10)
    assert replay_problem(replay) is None


def test_cluster_hourglass_deadlines_fire_once_each(client: Client) -> None:
    options = options_request("mixmatch", {"hourglass_seconds": 0.1, "younger_players": True})
    ids = [_create(client, "mixmatch", 2, seed, **options).match_id for seed in range(4)]
    deadline = time.monotonic() + 60
    while any(client.view(m).status != pb.MATCH_STATUS_FINISHED for m in ids):
        assert time.monotonic() < deadline, "an hourglass match stopped: a deadline was lost"
        time.sleep(0.1)
    for match_id in ids:
        replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
        assert replay_problem(replay) is None
        events = [event_data(e) for e in replay.events]
        ran_out = [e for e in events if e["type"] == "hourglass_ran_out"]
        timeouts = [a for a in replay.actions if a.action == "timeout"]
        assert len(timeouts) == len(ran_out) == 26  # one time-out per deadline, none twice


def test_cluster_bots_play_a_match_to_its_end(server: MatchServer, client: Client,
                                              cluster: RedisClusterServers,
                                              broker: str) -> None:
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")] * 3
    match_id = _create(client, "vivo", 3, seed=5, seats=seats).match_id
    worker = start_worker({"REDIS_URL": cluster.url, "CELERY_BROKER_URL": broker,
                           "BOT_TOKEN": BOT_TOKEN, "MATCH_ADDR": f"127.0.0.1:{server.port}"},
                          concurrency=1, hostname="cluster@%h")
    try:
        deadline = time.monotonic() + 60
        while client.view(match_id).status != pb.MATCH_STATUS_FINISHED:
            assert time.monotonic() < deadline, "the bots did not finish the match"
            time.sleep(0.1)
    finally:
        worker.stop()
    replay = client.stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)
    assert replay_problem(replay) is None
    assert len(replay.actions) == client.view(match_id).version - 1  # each move once


# ---- failover -------------------------------------------------------------------------------

class Player:
    """Plays one match as fast as it can (every seat's token) and keeps each
    acknowledged move by the version it made; a call is sent again, with the same request
    id, while it fails with UNAVAILABLE."""

    def __init__(self, client: Client, created: pb.CreateMatchResponse, seed: int) -> None:
        self.client = client
        self.match_id = created.match_id
        self.tokens = {t.seat: t.token for t in created.tokens}
        self.rng = random.Random(seed)
        #: Acknowledged moves: the version each made -> its action.
        self.acked: dict[int, str] = {}
        #: When each acknowledgement arrived (time.monotonic()).
        self.acked_at: list[float] = []
        self.codes: list[Code] = []
        self.stop = threading.Event()

    def move_once(self, deadline: float) -> bool:
        """One acknowledged move; False once the match is over."""
        public = self._retry(lambda: self.client.view(self.match_id), deadline)
        if public.status != pb.MATCH_STATUS_ACTIVE:
            return False
        seat = mover(public)
        view = self._retry(lambda: self.client.view(self.match_id, self.tokens[seat]),
                           deadline)
        action = view.legal_moves[self.rng.randrange(len(view.legal_moves))]
        game = mapping.GAMES[view.game]
        done = self._retry(lambda: self.client.move(
            self.match_id, self.tokens[seat], game, action, view.version,
            f"move-{view.version}"), deadline)
        self.acked[done.version] = action
        self.acked_at.append(time.monotonic())
        return True

    def play(self) -> None:
        """Move until told to stop (or the match is over)."""
        while not self.stop.is_set() and self.move_once(time.monotonic() + 40):
            pass

    def resumed_at(self, since: float) -> float:
        """When the first move after `since` was acknowledged."""
        return min(t for t in self.acked_at if t > since)

    def lost(self) -> list[int]:
        """Versions of acknowledged moves the finished match's record does not hold."""
        replay = self.client.stub.GetReplay(pb.GetReplayRequest(match_id=self.match_id),
                                            timeout=10)
        kept = [a.action for a in replay.actions]  # the move making version v is kept[v - 2]
        return [v for v, action in sorted(self.acked.items())
                if v - 2 >= len(kept) or kept[v - 2] != action]

    def _retry(self, call: Any, deadline: float) -> Any:
        while True:
            try:
                return call()
            except grpc.RpcError as error:
                self.codes.append(error.code())
                if error.code() != Code.UNAVAILABLE or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)


def _wait_promoted(cluster: RedisClusterServers, key: str, gone: int) -> float:
    """Until a node other than port `gone` serves `key`'s slot; when that was seen."""
    deadline = time.monotonic() + 30
    while True:
        try:
            if cluster.master_of(key).port != gone:
                return time.monotonic()
        except (redis.RedisError, RuntimeError):  # a node mid-failover may not answer
            pass
        assert time.monotonic() < deadline, "no replica took over"
        time.sleep(0.05)


@pytest.mark.parametrize("mode", ["always", "everysec"])
def test_cluster_failover_unavailable_then_play_goes_on_nothing_acknowledged_lost(
        cluster: RedisClusterServers, broker: str, mode: str) -> None:
    """Under `always` a write is acknowledged once fsynced by its master and received by
    a replica, so the promoted replica (left without one) takes writes again only when the
    killed master is back as its replica; under `everysec` play goes on at once, and what
    the dead master had not passed on is counted."""
    for node in cluster.live():
        with node.client() as node_client:
            node_client.config_set("appendfsync", "always" if mode == "always" else "everysec")
    victim = None
    try:
        with match_server(cluster.url, broker, durability=mode, health_interval_s=0.1
                          ) as server, channel_to(server.port) as channel:
            client = Client(channel)
            created = [_create(client, "livemix", 4, seed) for seed in range(12)]
            victim = cluster.master_of(key_for("state", created[0].match_id))
            mine = [c for c in created
                    if cluster.master_of(key_for("state", c.match_id)).port == victim.port]
            players = [Player(client, c, seed) for seed, c in enumerate(mine)]
            threads = [threading.Thread(target=p.play, daemon=True) for p in players]
            for thread in threads:
                thread.start()
            time.sleep(0.3)  # well within a match: the kill lands mid-play
            before = sum(len(p.acked) for p in players)
            killed_at = time.monotonic()
            cluster.kill(victim)  # SIGKILL mid-play: no shutdown, no last fsync
            promoted_at = _wait_promoted(cluster, key_for("state", mine[0].match_id),
                                         victim.port)
            if mode == "always":
                time.sleep(3.0)  # the new master alone: every write refused (WAIT: 1 s)
                back_at = time.monotonic()
                cluster.restart(victim)  # back as the new master's replica
                late = [t for p in players for t in p.acked_at if promoted_at < t < back_at]
                assert late == [], "a write was acknowledged with no replica to keep it"
            for player in players:
                player.stop.set()
            for thread in threads:
                thread.join(60)
            assert not any(thread.is_alive() for thread in threads)
            window = max(p.resumed_at(killed_at) for p in players) - killed_at
            # Calls failed with UNAVAILABLE only, then went through; every match is then
            # played to its end.
            codes = {code for p in players for code in p.codes}
            assert before > 0 and codes == {Code.UNAVAILABLE}, f"calls failed with {codes}"
            for player in players:
                while player.move_once(time.monotonic() + 20):
                    pass
            assert all(client.view(p.match_id).status == pb.MATCH_STATUS_FINISHED
                       for p in players)
            lost = [v for p in players for v in p.lost()]
            print(f"\nfailover ({mode}): play went on {window:.1f} s after the kill; "
                  f"acknowledged moves lost: {len(lost)} of {before} made before it")
            if mode == "always":
                assert lost == [], f"acknowledged moves lost: {lost}"
    finally:
        if victim is not None and victim.process is None:
            cluster.restart(victim)
