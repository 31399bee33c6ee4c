"""The player pages of the web table in Debian's chromium against the real stack: quick play
seats this browser's guest at a table the matchmaker fills with bots, the match is played
to its end there, "my matches" lists it, and the leaderboard shows the guest's rating once
the match is rated; the player and matchmaker services reach the browser through the web
process."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from support.web_stack import WebStack
from support.web_table import TablePage, play_to_the_end

from cardroom.shared.proto.cardroom.v1 import (
    common_pb2,
    match_pb2_grpc,
    player_pb2,
    player_pb2_grpc,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer

#: A well-formed id of no match.
UNKNOWN = "0" * 28


@pytest.fixture(scope="module")
def stubs(web_stack: WebStack) -> Iterator[tuple[Any, Any]]:
    """Native stubs of the match and player services, to check what the pages show."""
    with grpc.insecure_channel(web_stack.services.config.match_addr) as channel:
        yield match_pb2_grpc.MatchServiceStub(channel), player_pb2_grpc.PlayerServiceStub(channel)


def guest_of(page: Any) -> dict[str, str]:
    """The guest player this browser keeps."""
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('cardroom.player'))")
    assert kept and kept["credential"] and kept["playerId"], kept
    return dict(kept)


def test_quick_play_my_matches_and_the_leaderboard(browser: Any, web_stack: WebStack,
                                                   stubs: tuple[Any, Any]) -> None:
    page = browser.new_context().new_page()
    table = TablePage(page, web_stack.url)
    page.goto(f"{web_stack.url}#/quick")
    page.select_option("#quick-game", str(common_pb2.GAME_VIVO))
    page.select_option("#quick-players", "3")
    page.fill("#quick-bots", "0.5")
    page.click("[data-testid=quick] button[type=submit]")
    page.wait_for_function("() => location.hash.startsWith('#/match/')", timeout=30_000)
    match_id = page.evaluate("() => location.hash.split('/')[2]")
    page.wait_for_selector("[data-testid=state]")
    me = guest_of(page)
    # The seat is the guest's: its credential acts for it (no seat token was ever issued).
    mine = stubs[1].GetPlayer(player_pb2.GetPlayerRequest(), metadata=bearer(me["credential"]),
                              timeout=10)
    assert mine.player.player_id == me["playerId"]
    view = stubs[0].GetMatch(pb.GetMatchRequest(match_id=match_id),
                             metadata=bearer(me["credential"]), timeout=10).match
    assert view.HasField("seat") and view.seats[view.seat].kind == pb.SEAT_KIND_HUMAN
    assert sum(s.kind == pb.SEAT_KIND_BOT for s in view.seats) == 2
    assert play_to_the_end(table) > 0
    assert table.errors == []

    page.goto(f"{web_stack.url}#/mine")
    row = page.wait_for_selector(f"[data-testid=mine] tr[data-match='{match_id}']")
    assert "finished" in row.inner_text() and "Replay" in row.inner_text()

    deadline = time.monotonic() + 30
    while True:  # the match is rated by the replica right after its end
        page.goto(f"{web_stack.url}#/leaderboard/{common_pb2.GAME_VIVO}")
        page.wait_for_selector("[data-testid=leaderboard]")
        if page.locator(f"tr[data-player='{me['playerId']}']").count():
            break
        assert time.monotonic() < deadline, "the guest never showed on the leaderboard"
        time.sleep(0.5)
    assert "(you)" in page.inner_text(f"tr[data-player='{me['playerId']}']")


def test_my_matches_without_a_guest_makes_none(browser: Any, web_stack: WebStack) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{web_stack.url}#/mine")
    shown = page.wait_for_selector("[data-testid=mine]")
    assert "No matches yet" in shown.inner_text()
    assert page.evaluate("() => localStorage.getItem('cardroom.player')") is None


def test_a_refused_stream_is_shown_and_not_retried(browser: Any, web_stack: WebStack) -> None:
    page = browser.new_context().new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if request.url.endswith("/cardroom.v1.MatchService/WatchMatch") else None)
    page.goto(f"{web_stack.url}#/match/{UNKNOWN}")
    page.wait_for_function("() => document.getElementById('status')"
                           ".textContent.includes('Live updates stopped')", timeout=10_000)
    assert f"no match {UNKNOWN}" in page.inner_text("#status")
    page.wait_for_timeout(2000)
    assert len(asked) == 1  # one refusal, no loop of retries behind it
