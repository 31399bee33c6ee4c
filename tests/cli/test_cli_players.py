"""`cardroom matches --mine`, `resume`, `play --quick` and `leaderboard` against a real
replica: the guest credential kept in the user's config folder (mode 0600) acts for the
player's seats, so no seat token is copied by hand."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.grpc_servers import channel_to
from support.match_client import GAME_ENUM
from support.players import Stubs, player_replica, player_settings

from cardroom.shared.proto.cardroom.v1 import match_pb2 as mpb


@pytest.fixture
def replica(redis_url: str) -> Iterator[Any]:
    """A replica serving the player and matchmaker services."""
    with player_replica(redis_url, player_settings(matchmaker_interval_s=0.1)) as server:
        yield server


def _cardroom(replica: Any, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MATCH_ADDR": f"127.0.0.1:{replica.port}",
           "XDG_CONFIG_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "cardroom.shared.cli", *args], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60)


def test_the_app_keeps_one_guest_and_resumes_its_matches(replica: Any, tmp_path: Path) -> None:
    first = _cardroom(replica, tmp_path, "matches", "--mine")
    assert first.returncode == 0 and "No matches yet" in first.stdout, first.stderr
    kept = tmp_path / "cardroom" / "players.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    (entry,) = json.loads(kept.read_text()).values()
    with channel_to(replica.port) as channel:
        me = Stubs(channel, entry["credential"])
        made = me.match.CreateMatch(mpb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3),
                                    metadata=me.md(), timeout=5)
    listed = _cardroom(replica, tmp_path, "matches", "--mine")
    assert made.match_id in listed.stdout and "active" in listed.stdout
    # The same guest every run: the file was not rewritten.
    assert json.loads(kept.read_text()) == {next(iter(json.loads(kept.read_text()))): entry}
    back = _cardroom(replica, tmp_path, "resume")
    assert f"Back in match {made.match_id}, seat 0." in back.stdout, back.stdout + back.stderr
    assert f"To come back: cardroom resume {made.match_id}" in back.stdout
    board = _cardroom(replica, tmp_path, "leaderboard", "vivo")
    assert board.returncode == 0 and "No rated vivo players yet." in board.stdout


def test_play_quick_queues_and_is_seated(replica: Any, tmp_path: Path) -> None:
    done = _cardroom(replica, tmp_path, "play", "vivo", "--quick", "-n", "4", "--bot-after",
                     "0.5", "--bots", "random")
    shown = " ".join(done.stdout.split())
    assert "Queued for vivo as guest:" in shown, done.stdout + done.stderr
    assert re.search(r"Match [0-9a-f]{28}: you are seat [0-3]\.", shown), shown
    mine = _cardroom(replica, tmp_path, "matches", "--mine")
    assert "vivo" in mine.stdout and "active" in mine.stdout
