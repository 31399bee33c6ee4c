"""The red-team figures of docs/RELIABILITY.md ("Fair shares"), measured on this tree and
on a baseline git ref side by side, each on a Redis of its own, with the default limits:

    .venv/bin/python -m bench.redteam [--baseline REF] [--quick]

- per caller: one address creating open matches for a while (matches created), and
  creating and abandoning them in a loop (cycles, and the store's keys after it);
- per host: 50 loopback addresses of one host (a forwarder per source address,
  bench.forwarder), each creating open matches until refused: matches created in all
  (this tree also with GRPC_CALLER_IPV4_PREFIX=24: the /24 is one caller);
- fill: a 64 MB Redis (maxmemory, noeviction) flooded with creations from 100 addresses:
  seconds until creation is refused, by what, the store's memory then, and a running match
  played by another caller throughout: its SubmitMove p50/p99 quiet and during the flood,
  and whether its moves, a join and a resign succeed once creation is refused.

Prints Markdown tables. The baseline is the tree of 73c58ad (identity.py landed, no quota
using it yet) extracted beside this one (bench.match.checkout_baseline).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import grpc
import redis

from bench.forwarder import Forwarders
from bench.match import checkout_baseline, start_match_service
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes
from deploy.launch.redis import start_redis

BASELINE = "73c58ad"
ADMIN = "admin-token-for-redteam-bench"
#: The default limits (bench.match lifts them; here they are what is measured).
DEFAULTS = {"MATCH_CREATE_PER_MINUTE": "600", "MATCH_LIVE_PER_CREATOR": "100",
            "MATCH_MAX_LIVE": "100000", "ADMIN_TOKEN": ADMIN, "MATCH_HEALTH_INTERVAL": "1"}
OPEN = pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)
#: VIVO matches the running player has ready (72 moves each), made before the flood.
MATCHES = 40
WAITING = pb.CreateMatchRequest(game=GAMES.numbers["vivo"], players=3,
                                seats=[pb.SeatSpec(), OPEN, OPEN])


def stub_of(channel: grpc.Channel) -> Any:
    return match_pb2_grpc.MatchServiceStub(channel)  # type: ignore[no-untyped-call]


def create(stub: Any) -> tuple[str, pb.CreateMatchResponse | None]:
    """One CreateMatch: ("OK", the answer) or (the refusal's code and limit, None)."""
    try:
        return "OK", stub.CreateMatch(WAITING, timeout=10)
    except grpc.RpcError as err:
        details = err.details() or ""
        limit = next((w.strip("():;,") for w in details.split() if w.startswith("(MATCH_")),
                     "full" if "full" in details else details[:40])
        return f"{err.code().name} {limit}", None


@contextmanager
def stubs_from(port: int, count: int) -> Iterator[list[Any]]:
    """Stubs on connections from `count` loopback source addresses."""
    sources = [f"127.0.{2 + i // 250}.{1 + i % 250}" for i in range(count)]
    with Forwarders(port, sources) as forward, ExitStack() as stack:
        channels = [stack.enter_context(grpc.insecure_channel(f"127.0.0.1:{forward.ports[s]}"))
                    for s in sources]
        yield [stub_of(c) for c in channels]


def per_caller(port: int, seconds: float, store: redis.Redis) -> tuple[int, int, int]:
    """(created in `seconds` by one address, create/abandon cycles in `seconds`, keys left)."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = stub_of(channel)
        made, until = 0, time.monotonic() + seconds
        while time.monotonic() < until:
            made += create(stub)[0] == "OK"
            if made >= 100 and create(stub)[0] != "OK":
                break  # the live quota holds: no need to ask again and again
        store.flushdb()
        cycles, until = 0, time.monotonic() + seconds
        while time.monotonic() < until:
            created = create(stub)[1]
            if created is None:
                time.sleep(0.02)
                continue
            stub.AbandonMatch(pb.AbandonMatchRequest(match_id=created.match_id),
                              metadata=bearer(created.tokens[0].token), timeout=10)
            cycles += 1
    return made, cycles, int(store.dbsize())


def per_host(port: int, addresses: int) -> int:
    """Matches created from `addresses` loopback addresses, each until refused."""
    total = 0
    with stubs_from(port, addresses) as stubs:
        for stub in stubs:
            while create(stub)[0] == "OK":
                total += 1
    return total


def p(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000 if ordered else 0.0


class Player:
    """Another caller playing VIVO matches the admin made for it, one move at a time."""

    def __init__(self, port: int) -> None:
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        self.stub = stub_of(self.channel)
        self.matches = [self._new() for _ in range(MATCHES)]
        self.failed: Counter[str] = Counter()

    def _new(self) -> tuple[str, dict[int, str]]:
        made = self.stub.CreateMatch(pb.CreateMatchRequest(game=GAMES.numbers["vivo"],
                                                           players=3),
                                     metadata=bearer(ADMIN), timeout=10)
        return made.match_id, {t.seat: t.token for t in made.tokens}

    def move(self) -> float | None:
        """Seconds one SubmitMove took (None: it failed, counted by code)."""
        while self.matches:
            match_id, tokens = self.matches[0]
            public = self.stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=10).match
            if public.status != pb.MATCH_STATUS_ACTIVE:
                self.matches.pop(0)
                continue
            # The seat whose view says it may act (MatchView.may_act reads the same in the
            # baseline's wire format and this tree's).
            views = {seat: self.stub.GetMatch(pb.GetMatchRequest(match_id=match_id),
                                              metadata=bearer(token), timeout=10).match
                     for seat, token in tokens.items()}
            seat, mine = next((s, v) for s, v in views.items() if v.may_act)
            started = time.perf_counter()
            try:
                self.stub.SubmitMove(pb.SubmitMoveRequest(
                    match_id=match_id, vivo=pb.VivoMove(card=mine.legal_moves[0]),
                    expected_version=mine.version), metadata=bearer(tokens[seat]), timeout=10)
            except grpc.RpcError as err:
                self.failed[err.code().name] += 1
                return None
            return time.perf_counter() - started
        self.failed["out of matches"] += 1
        return None


def fill(port: int, store: redis.Redis, addresses: int, most_s: float) -> dict[str, Any]:
    """Flood a 64 MB store from `addresses` addresses until creation is refused."""
    store.flushdb()
    player = Player(port)
    quiet = [t for t in (player.move() for _ in range(60)) if t is not None]
    waiting = player.stub.CreateMatch(WAITING, metadata=bearer(ADMIN), timeout=10)
    store.config_set("maxmemory-policy", "noeviction")
    store.config_set("maxmemory", 64 << 20)
    outcomes: Counter[str] = Counter()
    stop, lock = threading.Event(), threading.Lock()
    refused_at: list[float] = []
    try:
        with stubs_from(port, addresses) as stubs:
            started = time.monotonic()

            def flood(mine: list[Any]) -> None:
                k = 0
                while not stop.is_set() and time.monotonic() - started < most_s:
                    outcome, _ = create(mine[k % len(mine)])
                    k += 1
                    with lock:
                        outcomes[outcome] += 1
                        if outcome != "OK" and "PER_CREATOR" not in outcome and not refused_at:
                            refused_at.append(time.monotonic() - started)
                    if refused_at and time.monotonic() - started > refused_at[0] + 3:
                        return  # three seconds of refusals are enough to see it hold
            threads = [threading.Thread(target=flood, args=(stubs[i::8],)) for i in range(8)]
            for thread in threads:
                thread.start()
            loud: list[float] = []
            while any(t.is_alive() for t in threads):
                took = player.move()
                if took is not None:
                    loud.append(took)
            for thread in threads:
                thread.join()
        info = store.info("memory")
        after = [player.move() for _ in range(6)]
        joined = "ok"
        try:  # a table made before the flood: its last seat taken, then resigned
            seat = player.stub.JoinMatch(pb.JoinMatchRequest(match_id=waiting.match_id),
                                         timeout=10)
            player.stub.JoinMatch(pb.JoinMatchRequest(match_id=waiting.match_id), timeout=10)
            player.stub.Resign(pb.ResignRequest(match_id=waiting.match_id),
                               metadata=bearer(seat.token), timeout=10)
        except grpc.RpcError as err:
            joined = err.code().name
    finally:
        store.config_set("maxmemory", 0)
        player.channel.close()
    return {"refused_after_s": refused_at[0] if refused_at else None,
            "outcomes": dict(outcomes), "used_mb": int(info["used_memory"]) / (1 << 20),
            "quiet": quiet, "loud": loud, "moves_after": sum(t is not None for t in after),
            "failed": dict(player.failed), "join_resign": joined}


def run(label: str, stack: Processes, root: Any, env: dict[str, str], quick: bool
        ) -> dict[str, Any]:
    url = start_redis(stack)
    store = redis.Redis.from_url(url)
    kwargs = {"root": root} if root is not None else {}
    service = start_match_service(url, stack, env={**DEFAULTS, **env}, label=label, **kwargs)
    seconds = 5.0 if quick else 15.0
    made, cycles, keys = per_caller(service.port, seconds, store)
    store.flushdb()
    host = per_host(service.port, 20 if quick else 50)
    store.flushdb()
    filled = fill(service.port, store, 30 if quick else 100, 30.0 if quick else 120.0)
    return {"label": label, "made": made, "cycles": cycles, "keys": keys, "seconds": seconds,
            "host": host, **filled}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    stack = Processes()
    try:
        results = [run(args.baseline, stack, checkout_baseline(stack, args.baseline), {},
                       args.quick),
                   run("this tree", stack, None, {}, args.quick)]
        url = start_redis(stack)
        wide = start_match_service(url, stack, env={**DEFAULTS, "GRPC_CALLER_IPV4_PREFIX": "24"},
                                   label="this tree /24")
        host24 = per_host(wide.port, 20 if args.quick else 50)
    finally:
        stack.stop()
    print("\n| version | created by one address | create+abandon cycles | keys left | "
          "created from the host's addresses |")
    print("|---|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['label']} | {r['made']} in {r['seconds']:g} s | {r['cycles']} in "
              f"{r['seconds']:g} s | {r['keys']} | {r['host']} |")
    print(f"| this tree, GRPC_CALLER_IPV4_PREFIX=24 | | | | {host24} |")
    print("\n| version | creation refused after | by | store used | SubmitMove p50 / p99 quiet "
          "| during the flood | moves after | join + resign after |")
    print("|---|---:|---|---:|---:|---:|---:|---|")
    for r in results:
        refused = [k for k in r["outcomes"] if k != "OK" and "PER_CREATOR" not in k]
        at = r["refused_after_s"]
        print(f"| {r['label']} | {at:.1f} s ({r['outcomes'].get('OK', 0)} created) | "
              f"{', '.join(refused)} | {r['used_mb']:.1f} MB | "
              f"{p(r['quiet'], 0.5):.1f} / {p(r['quiet'], 0.99):.1f} ms | "
              f"{p(r['loud'], 0.5):.1f} / {p(r['loud'], 0.99):.1f} ms ({len(r['loud'])}) | "
              f"{r['moves_after']} of 6 | {r['join_resign']} |" if at is not None else
              f"| {r['label']} | never | | {r['used_mb']:.1f} MB | | | | |")
    print(f"\nfailed moves: {[(r['label'], r['failed']) for r in results]}")
    print(f"median quiet move {[round(statistics.median(r['quiet']) * 1000, 1) for r in results]}")


if __name__ == "__main__":
    main()
