"""Wire bytes of whole matches: every turn frame and event a watcher reads, and the replay;
this tree's match service beside a baseline git ref's, in one run.

    .venv/bin/python -m bench.frames [--baseline REF] [--matches N]

For each version a fresh `python -m services.match` and a redis-server of its own. Each
match (4-player VIVO and 4-player Livemix, seeded) is followed by one WatchMatch stream per
seat (with its token) and one spectator stream, all with `turns`; a local engine mirror
plays random legal moves through SubmitMove until the match ends. Every streamed message
is read as the bytes that came over the wire (no parsing on the way), so the figures are
what a client receives: the mean bytes of a turn frame (a seat's and a spectator's), the
events' bytes, and the GetReplay answer's bytes. A frame now carries the watcher's whole
typed view, a replay no longer carries the Struct twins.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

import grpc

from bench.match import Service, start_both
from cardroom.shared.games import registry
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import Processes

#: The commit before the typed-only API (the Struct twins and view-less frames).
BASELINE = "73c58ad"
TABLES = (("vivo", 4), ("livemix", 4))
WATCH = "/cardroom.v1.MatchService/WatchMatch"
REPLAY = "/cardroom.v1.MatchService/GetReplay"


@dataclass
class Reads:
    """What one watcher read: the bytes of each turn frame and of each event."""

    frames: list[int] = field(default_factory=list)
    events: list[int] = field(default_factory=list)


def follow(channel: grpc.Channel, match_id: str, token: str | None, reads: Reads) -> None:
    """Read a turns stream to its end, noting each message's size on the wire."""
    call = channel.unary_stream(WATCH, request_serializer=pb.WatchMatchRequest.SerializeToString,
                                response_deserializer=None)
    for raw in call(pb.WatchMatchRequest(match_id=match_id, turns=True),
                    metadata=bearer(token), timeout=120):
        item = pb.WatchMatchResponse.FromString(raw)
        (reads.frames if item.WhichOneof("frame") == "turn" else reads.events).append(len(raw))


def one_match(channel: grpc.Channel, game: str, players: int, seed: int
              ) -> tuple[list[Reads], Reads, int]:
    """Play one seeded match to its end with every seat and a spectator watching; the seats'
    reads, the spectator's, and the replay's bytes."""
    stub: Any = channel
    create = stub.unary_unary("/cardroom.v1.MatchService/CreateMatch",
                              request_serializer=pb.CreateMatchRequest.SerializeToString,
                              response_deserializer=pb.CreateMatchResponse.FromString)
    move = stub.unary_unary("/cardroom.v1.MatchService/SubmitMove",
                            request_serializer=pb.SubmitMoveRequest.SerializeToString,
                            response_deserializer=pb.SubmitMoveResponse.FromString)
    created = create(pb.CreateMatchRequest(game=GAMES.number(game), players=players, seed=seed),
                     timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    seats = [Reads() for _ in range(players)]
    spectator = Reads()
    threads = [threading.Thread(target=follow, args=(channel, created.match_id, tokens[s],
                                                     seats[s])) for s in range(players)]
    threads.append(threading.Thread(target=follow, args=(channel, created.match_id, None,
                                                         spectator)))
    for thread in threads:
        thread.start()
    state = registry.new_game(game, registry.make_config(game, {"players": players}),
                              seed=seed)
    rng, version = random.Random(seed), created.version
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None and seat >= 0
        action = rng.choice(sorted(state.legal_actions(seat)))
        reply = move(pb.SubmitMoveRequest(match_id=created.match_id, action=action,
                                          expected_version=version),
                     metadata=bearer(tokens[seat]), timeout=10)
        state.apply_action(action, seat)
        version = reply.version
    for thread in threads:
        thread.join(120)
    replay = stub.unary_unary(REPLAY, request_serializer=pb.GetReplayRequest.SerializeToString,
                              response_deserializer=None)
    raw = replay(pb.GetReplayRequest(match_id=created.match_id), timeout=10)
    return seats, spectator, len(raw)


def measure(service: Service, matches: int) -> list[str]:
    """One table row per game for `service`."""
    rows = []
    with grpc.insecure_channel(f"127.0.0.1:{service.port}") as channel:
        for game, players in TABLES:
            seat_frames: list[int] = []
            spectator_frames: list[int] = []
            seat_events: list[int] = []
            per_seat: list[int] = []
            replays: list[int] = []
            for i in range(matches):
                seats, spectator, replay = one_match(channel, game, players, 4100 + i)
                for reads in seats:
                    seat_frames += reads.frames
                    seat_events += reads.events
                    per_seat.append(sum(reads.frames) + sum(reads.events))
                spectator_frames += spectator.frames
                replays.append(replay)
            rows.append(
                f"| {service.label} | {game} {players}p | {statistics.median(replays):,.0f} | "
                f"{len(seat_frames) // max(1, matches * players)} | "
                f"{statistics.mean(seat_frames):,.0f} | {max(seat_frames):,} | "
                f"{statistics.mean(spectator_frames):,.0f} | "
                f"{statistics.mean(seat_events):,.0f} | {statistics.median(per_seat):,.0f} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure both versions and print one table."""
    parser = argparse.ArgumentParser(prog="python -m bench.frames")
    parser.add_argument("--baseline", default=BASELINE,
                        help=f"the git ref measured beside this tree (default {BASELINE})")
    parser.add_argument("--matches", type=int, default=3, help="matches per game (3)")
    args = parser.parse_args(argv)
    stack = Processes()
    try:
        services = start_both(stack, durable=False, baseline=args.baseline)
        print("| version | match | replay bytes | frames per seat | seat frame bytes (mean) | "
              "seat frame bytes (max) | spectator frame bytes (mean) | event bytes (mean) | "
              "bytes a seat reads per match |")
        print("|---|---" + "|---:" * 7 + "|")
        for service in services:
            for row in measure(service, args.matches):
                print(row, flush=True)
    finally:
        stack.stop()
    print(f"\nSeeded matches (seeds 4100..), {args.matches} per game and version; random legal "
          "moves; one turns stream per seat and one spectator stream; bytes as read off the "
          "wire (the serialized WatchMatchResponse and GetReplayResponse).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
