"""Play one match of bots only through a running stack and print how it went.

    python deploy/botmatch.py                      # VIVO, 3 heuristic bots, localhost:50051
    python deploy/botmatch.py --game livemix --players 4 --policy random --match HOST:PORT

Creates the match with every seat a bot, reads its events (WatchMatch) until
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

from cardroom.shared.client import ClientConfig, MatchClient, bot, connect
from cardroom.shared.wire.addresses import local_address
from cardroom.shared.wire.enums import GAMES

#: Seconds between two reads of the match's new events.
POLL_S = 0.2


def play(matches: MatchClient, game: str, players: int, policy: str, seed: int,
         timeout: float) -> tuple[str, list[dict[str, object]]]:
    """Create an all-bot match and return its id and every event up to `match_over`."""
    seats = [bot(policy, name=f"{policy}-{i}") for i in range(players)]
    created = matches.create(game, players, seats, seed=seed)
    events: list[dict[str, object]] = []
    cursor, deadline = 0, time.monotonic() + timeout
    while time.monotonic() < deadline:
        for event in matches.events(created.match_id, cursor=cursor):
            cursor = event.seq
            events.append(event.data)
            if event.type == "match_over":
                return created.match_id, events
        time.sleep(POLL_S)
    return created.match_id, events


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: play one bot match and report it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", default=local_address("match"),
                        help="match service host:port")
    parser.add_argument("--game", choices=sorted(GAMES.words), default="vivo")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--policy", help="every bot's policy (default: heuristic; solver for "
                        "mixmatch)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait")
    args = parser.parse_args(argv)
    args.policy = args.policy or ("solver" if args.game == "mixmatch" else "heuristic")
    with connect(ClientConfig(match_addr=args.match)) as room:
        match_id, events = play(room.match, args.game, args.players, args.policy, args.seed,
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
