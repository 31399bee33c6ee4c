"""Play one match of bots only through a running stack and print how it went.

    python deploy/botmatch.py                      # VIVO, 3 heuristic bots, localhost:50051
    python deploy/botmatch.py --game livemix --players 4 --policy random --match HOST:PORT

Creates the match with every seat a bot, follows its events (WatchMatch) until
`match_over`, and prints one line per event kind and the result. Exit status 0 when the
match finished, 1 otherwise: a check that the match service, Redis and the bot workers work
together (`make run`, docker compose or a cluster behind a port-forward).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from collections.abc import Sequence

import grpc
from google.protobuf import json_format

from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb

GAMES = {"livemix": common_pb2.GAME_LIVEMIX, "vivo": common_pb2.GAME_VIVO,
         "mixmatch": common_pb2.GAME_MIXMATCH}


def play(stub: match_pb2_grpc.MatchServiceStub, game: str, players: int, policy: str,
         seed: int, timeout: float) -> tuple[str, list[dict[str, object]]]:
    """Create an all-bot match and return its id and every event up to `match_over`."""
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=policy, name=f"{policy}-{i}")
             for i in range(players)]
    created = stub.CreateMatch(pb.CreateMatchRequest(
        game=GAMES[game], players=players, seats=seats, seed=seed), timeout=10)
    events: list[dict[str, object]] = []
    cursor, deadline = 0, time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            for item in stub.WatchMatch(pb.WatchMatchRequest(
                    match_id=created.match_id, cursor=cursor),
                    timeout=max(deadline - time.monotonic(), 0.1)):
                cursor = item.event.seq
                events.append(json_format.MessageToDict(item.event.data))
                if item.event.type == "match_over":
                    return created.match_id, events
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                raise
    return created.match_id, events


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: play one bot match and report it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", default="localhost:50051", help="match service host:port")
    parser.add_argument("--game", choices=sorted(GAMES), default="vivo")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--policy", help="every bot's policy (default: heuristic; solver for "
                        "mixmatch)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait")
    args = parser.parse_args(argv)
    args.policy = args.policy or ("solver" if args.game == "mixmatch" else "heuristic")
    with grpc.insecure_channel(args.match) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        match_id, events = play(stub, args.game, args.players, args.policy, args.seed,
                                args.timeout)
    kinds = collections.Counter(str(e.get("type")) for e in events)
    print(f"match {match_id}: {len(events)} events "
          f"({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})")
    if not events or events[-1].get("type") != "match_over":
        print(f"the match did not finish within {args.timeout:.0f}s", file=sys.stderr)
        return 1
    over = events[-1]
    print(f"over: {json.dumps({k: over.get(k) for k in ('reason', 'scores', 'winners')})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
