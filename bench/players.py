"""Players: rating updates per second per core, leaderboard reads at 100,000 rated players,
and the matchmaker's table making at 100, 1,000 and 10,000 waiting tickets.

    python -m bench.players            # the figures of docs/BENCHMARKS.md ("Players")
    python -m bench.players --quick    # smaller, for a look

Ratings: one process, one core; each update is a 4-player VIVO match rated with OpenSkill's
Plackett-Luce (services.players.ratings.rate) and applied by the exactly-once script on a
local redis-server; the figure is updates per CPU second of this process (the Redis
server's own CPU is its own core). Leaderboard: a board of N players written at once, then
reads of a page of 20 at random offsets and around random players, each timed from the
call to the answer. Matchmaking: N tickets waiting with ratings N(25, 5), the grouping the
matching pass runs (services.players.grouping.propose) on a simulated clock advancing one
MATCHMAKER_INTERVAL (0.25 s) per pass, new tickets arriving to keep N waiting; tickets
matched per second of the pass's CPU, and each ticket's wait in simulated seconds. The
claim and creation round trips are not in it (they are the match service's create cost).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

import redis.asyncio as aioredis

from cardroom.services.players.grouping import propose
from cardroom.services.players.ratings import INITIAL, Rating, RatingStore, rate, rating_key
from cardroom.services.players.tickets import Ticket
from deploy.launch.redis import RedisProcess

INTERVAL = 0.25


async def ratings_per_core(url: str, matches: int) -> float:
    """Rating updates (one per player per match) per CPU second of this process."""
    client = aioredis.Redis.from_url(url)
    store = RatingStore(client, 86400.0, 86400.0)
    rng = random.Random(1)
    players = [f"guest:{i:024x}" for i in range(2000)]
    started = time.process_time()
    for m in range(matches):
        seated = rng.sample(players, 4)
        before = await store.ratings("vivo", seated)
        places = [1, 2, 3, 4]
        rng.shuffle(places)
        after = rate(before, places)
        outcome = await store.apply("vivo", f"{m:028x}", seated, before, after, places)
        assert outcome == "ok", outcome
    cpu = time.process_time() - started
    await client.aclose()
    return matches * 4 / cpu


def compute_per_core(matches: int) -> float:
    """Rating computations alone (no store), per CPU second."""
    rng = random.Random(2)
    started = time.process_time()
    for _ in range(matches):
        places = [1, 2, 3, 4]
        rng.shuffle(places)
        rate([INITIAL] * 4, places)
    return matches * 4 / (time.process_time() - started)


async def leaderboard_p99(url: str, players: int, reads: int) -> tuple[float, float]:
    """p50 and p99 (ms) of a page of 20, from a board of `players`."""
    client = aioredis.Redis.from_url(url)
    store = RatingStore(client, 86400.0, 86400.0)
    rng = random.Random(3)
    pipe = client.pipeline(transaction=False)
    for i in range(players):
        r = Rating(rng.gauss(25, 5), rng.uniform(1, 8), 10, 1)
        pipe.hset(rating_key("vivo", "ratings"), f"p{i}", r.to_json())
        pipe.zadd(rating_key("vivo", "board"), {f"p{i}": r.ordinal})
        if len(pipe) >= 10_000:
            await pipe.execute()
    await pipe.execute()
    took = []
    for n in range(reads):
        started = time.perf_counter()
        if n % 2:
            rank = await store.rank("vivo", f"p{rng.randrange(players)}")
            await store.page("vivo", max(rank - 11, 0), 20)
        else:
            await store.page("vivo", rng.randrange(players - 20), 20)
        took.append((time.perf_counter() - started) * 1000)
    await client.aclose()
    cuts = statistics.quantiles(took, n=100)
    return cuts[49], cuts[98]


def matchmaking(waiting: int, passes: int) -> tuple[float, float, float]:
    """(tickets matched per CPU second, wait p50 s, wait p99 s) keeping `waiting` queued."""
    rng = random.Random(4)
    now = 0.0
    queue: list[Ticket] = []
    serial = 0
    waits: list[float] = []
    matched = 0
    cpu = 0.0

    def arrive(k: int) -> None:
        nonlocal serial
        for _ in range(k):
            serial += 1
            queue.append(Ticket(f"vivo.{serial:024x}", "vivo", f"p{serial}", 4, 4, 2.0, 0.5,
                                25.0, rng.gauss(25, 5), now, now + 300))

    arrive(waiting)
    for _ in range(passes):
        started = time.process_time()
        tables = propose(queue, now)
        cpu += time.process_time() - started
        taken = {t.id for p in tables for t in p.tickets}
        waits += [now - t.created for p in tables for t in p.tickets]
        matched += len(taken)
        queue = [t for t in queue if t.id not in taken]
        now += INTERVAL
        arrive(waiting - len(queue))
    cuts = statistics.quantiles(waits, n=100)
    return matched / cpu, cuts[49], cuts[98]


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    matches = 500 if args.quick else 3000
    board = 10_000 if args.quick else 100_000
    server = RedisProcess()
    server.start()
    try:
        print(f"rating compute alone: {compute_per_core(matches):,.0f} updates/s per core")
        stored = asyncio.run(ratings_per_core(server.url, matches))
        print(f"rating updates applied (compute + exactly-once script): {stored:,.0f} "
              "updates/s per core of this process")
        p50, p99 = asyncio.run(leaderboard_p99(server.url, board, 2000))
        print(f"leaderboard page of 20 at {board:,} players: p50 {p50:.2f} ms, "
              f"p99 {p99:.2f} ms")
    finally:
        server.stop()
    for waiting in (100, 1000) if args.quick else (100, 1000, 10_000):
        rate_, w50, w99 = matchmaking(waiting, 40 if waiting < 10_000 else 12)
        print(f"matchmaking, {waiting:,} waiting: {rate_:,.0f} tickets matched/s per core, "
              f"wait p50 {w50:.2f} s, p99 {w99:.2f} s")


if __name__ == "__main__":
    main()
