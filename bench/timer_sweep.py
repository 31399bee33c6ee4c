"""The timer loop working off what bot turns leave behind: every write leaves its
predecessor's timer entry, and a bot turn's send is confirmed by the loop (SEND_CONFIRM_S).

N VIVO matches with a random bot in seat 0 (one Redis of its own, no persistence, an
in-memory task queue, a clock moved by hand): each bot's first turn is answered at once, as
a worker would. Then the clock moves past every entry and one replica's TimerLoop polls
until none is due. Reported: the loop's wall time for the whole sweep and per entry, and
its Redis round trips by operation. Runs against whichever `cardroom` package is imported,
so a baseline tree's code can be measured with the same script (PYTHONPATH).

    python -m bench.timer_sweep [--matches 2000] [--repeat 3]
    python -m bench.timer_sweep --quick    # 300 matches, once
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import BOT, HUMAN, SeatSpec
from cardroom.services.match.repo import MatchRepo
from cardroom.services.match.timers import TimerLoop
from deploy.launch.redis import RedisProcess


class Clock:
    """Time that moves only when told."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


async def sweep(url: str, matches: int) -> tuple[float, int, dict[str, int]]:
    """Seconds the loop took to work off the entries of `matches` answered bot turns, the
    entries it found, and its round trips by operation."""
    repo = MatchRepo.from_url(url)
    await repo.register_scripts()
    await repo.client.flushdb()
    clock = Clock()
    service = MatchService(repo, MemoryQueue(), admin_token="admin", clock=clock)
    seats = [SeatSpec(BOT, policy="random"), SeatSpec(HUMAN), SeatSpec(HUMAN)]
    for n in range(matches):
        created = await service.create_match("vivo", 3, seed=n, seats=seats)
        view = await service.get_view(created.match_id, "admin", as_seat=0)
        await service.submit_move(created.match_id, "admin", view["legal_moves"][0], 1,
                                  f"bot-{n}", as_seat=0)
    entries = len(await repo.timer_entries())
    clock.now += 600  # past every re-send time
    loop = TimerLoop(service)
    before = dict(repo.trips.counts)
    started = time.perf_counter()
    while True:
        await loop.run_once()
        if not await repo.due_timers(int(clock.now * 1000), 1):
            break
    took = time.perf_counter() - started
    spent = {op: n - before.get(op, 0) for op, n in repo.trips.counts.items()
             if n != before.get(op, 0)}
    await service.fanout.stop()
    await repo.close()
    return took, entries, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="300 matches, once")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.repeat = 300, 1
    server = RedisProcess(appendonly=False)
    server.start()
    try:
        runs = [asyncio.run(sweep(server.url, args.matches)) for _ in range(args.repeat)]
    finally:
        server.stop()
    took = statistics.median(r[0] for r in runs)
    entries = runs[0][1]
    print(f"{args.matches} answered bot turns, {entries} timer entries; sweep median of "
          f"{args.repeat}: {took * 1000:.0f} ms ({took / entries * 1e6:.0f} µs per entry)")
    print("round trips:", ", ".join(f"{op} {n}" for op, n in sorted(runs[-1][2].items())))


if __name__ == "__main__":
    main()
