"""Matchmaking through real replicas on one real Redis: 200 players with spread ratings
over two replicas find tables within their widening windows, nobody sits in two matches,
bot fill places every ticket in time, and a replica SIGKILLed while matching loses and
doubles no ticket."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import channel_to, sample, scrape
from support.match_client import GAME_ENUM
from support.players import Stubs, player_replica, player_settings

from cardroom.services.match.bots import MemoryQueue
from cardroom.services.players.ratings import Rating, rating_key
from cardroom.services.players.tickets import Ticket, mm_key
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2 as mm
from cardroom.shared.proto.cardroom.v1 import matchmaker_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import player_pb2 as pb
from deploy.launch.process import ServiceProcess

INTERVAL = 0.25


class Queuer(Stubs):
    """Stubs with the matchmaker's too."""

    def __init__(self, channel: grpc.Channel, credential: str | None = None) -> None:
        super().__init__(channel, credential)
        self.mm: Any = matchmaker_pb2_grpc.MatchmakerServiceStub(channel)


def _players(stubs: Queuer, n: int, game: str, client: redis.Redis, rng: random.Random
             ) -> list[tuple[str, str]]:
    """n guests, each given a stored rating spread as rated players' are (mu around the
    initial 25, spread 5, so most within 15 to 35): (id, credential)."""
    made = []
    for i in range(n):
        guest = stubs.players.CreateGuest(pb.CreateGuestRequest(display_name=f"p{i}"),
                                          timeout=5)
        mu = rng.gauss(25.0, 5.0)
        client.hset(rating_key(game, "ratings"), guest.player.player_id,
                    Rating(mu, 3.0, 10, 1).to_json())
        made.append((guest.player.player_id, guest.credential))
    return made


def _ticket(client: redis.Redis, game: str, ticket_id: str) -> Ticket:
    raw = client.get(mm_key(game, f"t:{ticket_id}"))
    assert raw is not None
    return Ticket(**json.loads(raw))


def _match(client: redis.Redis, match_id: str) -> dict[str, Any]:
    raw = client.hget(f"cardroom:match:{{{match_id}}}:state", "meta")
    assert raw is not None
    return dict(json.loads(raw))


def _made(replica: ServiceProcess) -> float:
    text = scrape(replica.metrics_port)
    return sum(sample(text, "cardroom_matchmaker_matches_total", game="livemix", bots=b) or 0
               for b in ("yes", "no"))


def _check_tables(client: redis.Redis, game: str, tickets: list[str], size: int
                  ) -> tuple[int, list[float]]:
    """Every matched ticket's match holds its player at its seat, no player sits in two
    matches, every table was within each member's window at its time: (matched, waits)."""
    by_match: dict[str, list[Ticket]] = {}
    for ticket_id in tickets:
        ticket = _ticket(client, game, ticket_id)
        if ticket.state == "matched":
            by_match.setdefault(ticket.match, []).append(ticket)
    seated: list[str] = []
    waits = []
    for match_id, members in by_match.items():
        record = _match(client, match_id)
        assert len(record["seats"]) == size
        for t in members:
            assert record["seats"][t.seat]["player"] == t.player
        seated += [s["player"] for s in record["seats"] if s.get("player")]
        low, high = min(t.mu for t in members), max(t.mu for t in members)
        for t in members:
            made_at = float(record["created"])
            assert max(high - t.mu, t.mu - low) <= t.window_at(made_at) + 1e-6
            waits.append(made_at - t.created)
    assert len(seated) == len(set(seated)), "a player sits in two matches"
    return sum(len(m) for m in by_match.values()), waits


@pytest.fixture
def two(redis_url: str) -> Iterator[tuple[Queuer, Queuer]]:
    """Two replicas on one emptied Redis, a matching pass every INTERVAL."""
    settings = player_settings(matchmaker_interval_s=INTERVAL, calls_per_minute=0,
                               guests_per_minute=0)
    with player_replica(redis_url, settings) as one, player_replica(redis_url, settings) as b, \
            channel_to(one.port) as first, channel_to(b.port) as second:
        yield Queuer(first), Queuer(second)


def test_200_players_over_two_replicas_are_matched_within_their_windows(
        two: tuple[Queuer, Queuer], redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    rng = random.Random(25)
    plan = [("vivo", 4, 100), ("livemix", 3, 100)]
    people = {game: _players(two[0], n, game, client, rng) for game, _, n in plan}
    tickets: dict[str, list[str]] = {game: [] for game, _, _ in plan}

    def queue(job: tuple[int, str, int, str]) -> tuple[str, str]:
        i, game, size, credential = job
        stubs = two[i % 2]
        made = stubs.mm.CreateTicket(mm.CreateTicketRequest(
            game=GAME_ENUM[game], min_players=size, max_players=size),
            metadata=stubs.as_(credential).md(), timeout=5)
        return game, made.ticket.ticket_id

    jobs = [(i, game, size, cred) for game, size, _ in plan
            for i, (_, cred) in enumerate(people[game])]
    rng.shuffle(jobs)
    with futures.ThreadPoolExecutor(8) as pool:
        for game, ticket_id in pool.map(queue, jobs):
            tickets[game].append(ticket_id)
    time.sleep(10.5)
    for game, size, n in plan:
        matched, waits = _check_tables(client, game, tickets[game], size)
        within = [w for w in waits if w <= 10.0]
        assert len(within) >= 0.95 * n, (game, matched, sorted(waits)[-5:])


def test_bot_fill_places_every_ticket_within_its_time(two: tuple[Queuer, Queuer],
                                                      redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    rng = random.Random(7)
    after = 1.0
    people = _players(two[0], 7, "vivo", client, rng)
    made = []
    for i, (_, credential) in enumerate(people):
        stubs = two[i % 2]
        made.append(stubs.mm.CreateTicket(mm.CreateTicketRequest(
            game=GAME_ENUM["vivo"], min_players=4, max_players=4, rating_window=0.01,
            widen_per_second=0.001, max_window=0.02,
            bot_fill=mm.BotFill(after_seconds=after, policy="random")),
            metadata=stubs.as_(credential).md(), timeout=5).ticket)
    # A stream pushes the match the moment it is made.
    first = two[1].as_(people[0][1])
    stream = first.mm.WatchTicket(mm.WatchTicketRequest(ticket_id=made[0].ticket_id),
                                  metadata=first.md(), timeout=10)
    states = [item.ticket.state for item in stream]
    assert states[0] == mm.TICKET_STATE_WAITING and states[-1] == mm.TICKET_STATE_MATCHED
    time.sleep(after + 2 * INTERVAL)
    for ticket in made:
        stored = _ticket(client, "vivo", ticket.ticket_id)
        assert stored.state == "matched", stored
        record = _match(client, stored.match)
        # One pass may start up to an interval late; 0.5 s more for a loaded 2-core machine.
        assert float(record["created"]) - stored.created <= after + INTERVAL + 0.5
        assert sum(s["kind"] == "bot" for s in record["seats"]) >= 1


def test_one_live_ticket_per_player_per_game_and_cancel(two: tuple[Queuer, Queuer],
                                                        redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    ((_, credential),) = _players(two[0], 1, "vivo", client, random.Random(1))
    me = two[0].as_(credential)
    request = mm.CreateTicketRequest(game=GAME_ENUM["vivo"], min_players=4, max_players=4)
    ticket = me.mm.CreateTicket(request, metadata=me.md(), timeout=5).ticket
    on_two = two[1].as_(credential)
    with pytest.raises(grpc.RpcError) as again:
        on_two.mm.CreateTicket(request, metadata=on_two.md(), timeout=5)
    assert again.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    done = on_two.mm.CancelTicket(mm.CancelTicketRequest(ticket_id=ticket.ticket_id),
                                  metadata=on_two.md(), timeout=5).ticket
    assert done.state == mm.TICKET_STATE_CANCELLED
    assert me.mm.CreateTicket(request, metadata=me.md(), timeout=5).ticket.ticket_id
    stranger = two[0].as_(_players(two[0], 1, "vivo", client, random.Random(2))[0][1])
    with pytest.raises(grpc.RpcError) as other:
        stranger.mm.GetTicket(mm.GetTicketRequest(ticket_id=ticket.ticket_id),
                              metadata=stranger.md(), timeout=5)
    assert other.value.code() == grpc.StatusCode.PERMISSION_DENIED


def test_a_replica_sigkilled_while_matching_loses_and_doubles_no_ticket(redis_url: str
                                                                        ) -> None:
    env = {"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url,
           "PLAYER_SECRET": "signing-key-for-tests", "MATCHMAKER_INTERVAL": "0.05",
           "PLAYER_CALLS_PER_MINUTE": "0", "PLAYER_GUESTS_PER_MINUTE": "0"}
    replicas = [ServiceProcess("cardroom.services.match", env).start() for _ in range(2)]
    client = redis.Redis.from_url(redis_url)
    try:
        channels = [grpc.insecure_channel(r.address) for r in replicas]
        stubs = [Queuer(c) for c in channels]
        people = _players(stubs[0], 120, "livemix", client, random.Random(3))
        tickets = []
        survivor = 1
        for i, (_, credential) in enumerate(people):
            me = stubs[i % 2 if i <= 60 else survivor].as_(credential)
            tickets.append(me.mm.CreateTicket(mm.CreateTicketRequest(
                game=GAME_ENUM["livemix"], min_players=3, max_players=3),
                metadata=me.md(), timeout=5).ticket.ticket_id)
            if i == 60:
                # The replica making the tables (it holds the lease) is killed mid-stream:
                # its claims and match creations are cut wherever they are.
                made = [_made(r) for r in replicas]
                doomed = made.index(max(made))
                assert made[doomed] > 0
                survivor = 1 - doomed
                replicas[doomed].kill()
        # The survivor takes the lease, completes any claim the dead one left, and matches.
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            states = [_ticket(client, "livemix", t).state for t in tickets]
            if "claimed" not in states and states.count("waiting") <= 2:
                break
            time.sleep(0.2)
        states = [_ticket(client, "livemix", t).state for t in tickets]
        assert "claimed" not in states  # no ticket left half-made
        matched, _ = _check_tables(client, "livemix", tickets, 3)
        assert matched == states.count("matched") >= 114
        assert matched + states.count("waiting") == len(tickets)  # none lost
        for channel in channels:
            channel.close()
    finally:
        for replica in replicas:
            replica.kill()


def test_a_matchmade_player_who_never_moves_has_a_bot_move_for_them(redis_url: str) -> None:
    # MATCHMAKER_MOVE_CLOCK: the table's clock hands a silent player's turn to a bot.
    queue = MemoryQueue()
    settings = player_settings(matchmaker_interval_s=INTERVAL, matchmade_clock_s=1.0,
                               calls_per_minute=0, guests_per_minute=0)
    client = redis.Redis.from_url(redis_url)
    with player_replica(redis_url, settings, queue=queue, timer_interval_s=0.05) as one, \
            channel_to(one.port) as channel:
        stubs = Queuer(channel)
        people = _players(stubs, 3, "vivo", client, random.Random(3))
        tickets = [stubs.mm.CreateTicket(mm.CreateTicketRequest(
            game=GAME_ENUM["vivo"], min_players=3, max_players=3, rating_window=50.0,
            max_window=50.0),
            metadata=stubs.as_(credential).md(), timeout=5).ticket for _, credential in people]
        deadline = time.monotonic() + 10
        while (ticket := _ticket(client, "vivo", tickets[0].ticket_id)).state != "matched":
            assert time.monotonic() < deadline, "the three were not matched"
            time.sleep(0.05)
        record = _match(client, ticket.match)
        assert record["clock"] == {"seconds": 1.0, "on_timeout": "bot", "policy": ""}
        started = time.monotonic()
        while not any(match_id == ticket.match for match_id, _, _ in queue.sent):
            assert time.monotonic() - started < 5, "no bot was asked to move for the player"
            time.sleep(0.05)
        (seat,) = {s for m, s, _ in queue.sent if m == ticket.match}
        assert record["seats"][seat]["kind"] == "human" and record["seats"][seat]["player"]
        assert seat in _match(client, ticket.match)["bots"]
