"""A Node.js client (tests/system/node: @grpc/grpc-js, proto/ loaded at run time) plays every
game against a real match service and Redis with WatchMatch and SubmitMove alone: Livemix
and VIVO with 3 and 4 players, Mix Match with an hourglass, as a race and with own cards.
It keeps no state of its own beyond the last turn frame (each frame carries the seat's whole
typed view), makes no GetMatch call, checks the frames against the service's refusals and
every frame it was sent against the replay, and loads 64-bit fields as strings so a seed
above 2^53 and its commitment check out end to end. It also follows the lobby stream
(WatchLobby) and joins a table from what the stream says.

The packages are installed from the npm registry into tests/system/node/node_modules (git-ignored)
by the module fixture; the test is skipped only where node or npm is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from prometheus_client import CollectorRegistry, generate_latest
from support.grpc_servers import HOST, sample
from support.loops import in_thread
from support.match_client import match_settings
from support.needs import missing
from support.redis_server import RedisServer

from cardroom.services.match.server import MatchServer, create_server
from cardroom.shared.client import MatchClient

NODE_DIR = Path(__file__).parent / "node"
SCENARIOS = ("vivo3", "vivo4", "livemix3", "livemix4", "mixmatch2_hourglass",
             "mixmatch3_race", "mixmatch2_own_cards")


@pytest.fixture(scope="module")
def node() -> str:
    """The node executable, with tests/system/node's packages installed."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        missing("node and npm are needed for the Node.js client test")
    subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=NODE_DIR, check=True,
                   capture_output=True, timeout=300)
    return node


@pytest.fixture(scope="module")
def counted_server(redis_server: RedisServer) -> Iterator[tuple[MatchServer, CollectorRegistry]]:
    """A match-service replica on database 10 whose call counters the test reads."""
    url = redis_server.url.rsplit("/", 1)[0] + "/10"
    registry = CollectorRegistry()
    server, _ = in_thread(create_server, match_settings(url), registry=registry, host=HOST)
    server.start()
    try:
        yield server, registry
    finally:
        server.stop(grace=None)


def calls(registry: CollectorRegistry, method: str) -> float:
    """How many calls of `method` the replica started."""
    text = generate_latest(registry).decode()
    return sample(text, "grpc_server_started_total", grpc_method=method) or 0.0


def run_client(node: str, port: int, *games: str) -> list[dict[str, Any]]:
    """Run the Node.js client; one result per game."""
    done = subprocess.run([node, str(NODE_DIR / "client.js"), f"{HOST}:{port}", *games],
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_node_client_plays_a_whole_match_from_turn_frames_alone(
        node: str, counted_server: tuple[MatchServer, CollectorRegistry], scenario: str) -> None:
    server, registry = counted_server
    before = calls(registry, "GetMatch")
    [played] = run_client(node, server.port, scenario)
    print(json.dumps(played))  # shown with -s: moves, frames and calls of one match
    game = played["game"]
    assert calls(registry, "GetMatch") == before == 0  # the service saw no GetMatch at all
    assert played["scenario"] == scenario and played["calls"].get("GetMatch", 0) == 0
    # One stream per seat and one spectator's, never reopened.
    assert played["calls"]["WatchMatch"] == len(played["scores"]) + 1
    checks = played["checks"]
    # Moves and claims sent (with an hourglass, the host calls time: claims may be all).
    assert played["moves"] + checks["claims"] > 0 and played["frames"] > played["moves"]
    assert checks["wrong_phase"] == 2 and checks["spectator_frames"] > 0
    # Every frame a seat was sent was checked against the replay's events.
    assert checks["replay_frames"] >= played["moves"]
    if game == "mixmatch":
        # Rounds won by claims found on the frames' tables; a seat that claimed the same
        # round second was told it was stale, never that its claim was illegal.
        assert checks["claims"] >= 1 and sum(played["scores"]) > 0
        if scenario.endswith("own_cards"):
            assert checks["picks"] >= 1
    else:
        assert checks["illegal_move"] >= 1
        assert checks["not_your_turn"] + checks["stale_version"] >= 1
        # Every turn's legal cards were in the hand its frame showed.
        assert checks["hand"] >= played["moves"] // 2 > 0
    # The engine's final typed event and the service's match_over give the same scores.
    assert played["game_scores"] == played["scores"]
    assert {"match_created", "match_started", "match_over"} <= set(played["kinds"])
    assert ("dice_rolled" if game == "mixmatch" else "deal") in played["kinds"]
    with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        replay = MatchClient(channel).replay(played["match_id"])
    assert replay.status == "finished" and replay.seed == 3553788000622394687
    assert played["scores"] == replay.scores


def test_node_client_checks_a_seed_commitment_end_to_end(
        node: str, counted_server: tuple[MatchServer, CollectorRegistry]) -> None:
    server, _ = counted_server
    [checked] = run_client(node, server.port, "commitment")
    assert checked["checked"] and checked["seed"] == "3553788000622394687"
    assert len(checked["commitment"]) == 64


def test_node_client_follows_the_lobby_and_joins_a_table_from_it(
        node: str, counted_server: tuple[MatchServer, CollectorRegistry]) -> None:
    server, registry = counted_server
    before = calls(registry, "GetMatch")
    [joined] = run_client(node, server.port, "lobby")
    assert calls(registry, "GetMatch") == before  # the lobby stream said all it needed
    assert joined["calls"].get("ListMatches", 0) == 0 and joined["calls"]["JoinMatch"] == 2
    assert {"LOBBY_CHANGE_KIND_CURRENT", "LOBBY_CHANGE_KIND_OPENED",
            "LOBBY_CHANGE_KIND_STARTED"} <= set(joined["kinds"])
    assert joined["moves"] > 0
    with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        replay = MatchClient(channel).replay(joined["match_id"])
    assert replay.status == "finished" and replay.scores == joined["scores"]


def test_node_modules_are_not_tracked() -> None:
    ignored = subprocess.run(["git", "check-ignore", "-q", str(NODE_DIR / "node_modules")],
                             cwd=NODE_DIR)
    assert ignored.returncode == 0
