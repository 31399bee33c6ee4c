"""The web table in Debian's chromium against the real stack: whole matches of each game
against bots, two browsers in one VIVO match that never see each other's cards, a reload
that resumes, a spectator without a hand, refusals that change nothing, and the pictures
of docs/play/."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.match_client import ADMIN
from support.paths import ROOT
from support.web_stack import WebStack
from support.web_table import LANDMARKS, TablePage, picture, play_to_the_end

from cardroom.shared.proto.cardroom.v1 import (
    common_pb2,
    match_pb2_grpc,
    mixmatch_pb2,
    solver_pb2,
    solver_pb2_grpc,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer

PLAY = ROOT / "docs" / "play"


@pytest.fixture(scope="module")
def stubs(web_stack: WebStack) -> Iterator[tuple[Any, Any]]:
    """Native gRPC stubs of the match and solver services (to check what the page shows)."""
    config = web_stack.services.config
    with grpc.insecure_channel(config.match_addr) as m, \
            grpc.insecure_channel(config.solver_addr) as s:
        yield match_pb2_grpc.MatchServiceStub(m), solver_pb2_grpc.SolverServiceStub(s)


def page_on(browser: Any, web_stack: WebStack) -> TablePage:
    """A page in a browser context of its own (its own localStorage)."""
    return TablePage(browser.new_context().new_page(), web_stack.url)


def replay(stubs: tuple[Any, Any], match_id: str) -> pb.GetReplayResponse:
    return stubs[0].GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=10)


def bot(policy: str = "heuristic", strength: int = 0) -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy=policy, strength=strength)


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, name="web")


def created(stubs: tuple[Any, Any], table: TablePage, request: pb.CreateMatchRequest) -> str:
    """A match made with the API, its seat-0 credential kept in the page's browser."""
    reply = stubs[0].CreateMatch(request, timeout=10)
    table.keep_credential(reply.match_id, reply.tokens[0].seat, reply.tokens[0].token)
    return str(reply.match_id)


def check_picture(table: TablePage, game: str, tmp_path: Path) -> None:
    """A picture of the table now, and the one in docs/play/, show the same table: the
    game's landmarks in words (CARDROOM_WRITE_PICTURES=1 writes docs/play/'s anew)."""
    folder = PLAY if os.environ.get("CARDROOM_WRITE_PICTURES") else tmp_path
    fresh = picture(table, game, folder)
    kept = (PLAY / f"web-{game}.txt").read_text()
    for shown in (fresh, kept):
        assert [mark for mark in LANDMARKS[game] if mark not in shown] == [], shown
    assert (PLAY / f"web-{game}.png").stat().st_size > 10_000


def hidden_cards(events: list[pb.MatchEvent], seat: int, upto: int, game: str) -> set[str]:
    """The cards `seat` holds after event `upto` (its last deal less what it played)."""
    hand: set[str] = set()
    for event in events:
        if event.seq > upto:
            break
        detail = getattr(event, game)
        kind = detail.WhichOneof("kind")
        if kind == "deal" and event.to == seat:
            hand = set(detail.deal.hand)
        elif kind == "play" and detail.play.seat == seat:
            hand.discard(detail.play.card)
    return hand


#: The last event the page has drawn (its view and its log stop there) and its whole DOM,
#: read at one moment (the page may draw again between two separate reads).
DRAWN = """() => {
  const state = document.querySelector('[data-testid=state]');
  return [Number(state?.dataset.eventSeq || 0), document.documentElement.outerHTML];
}"""


def drawn_cards(table: TablePage) -> tuple[int, set[str]]:
    """The last event the page drew and every card code anywhere in its DOM then."""
    seq, html = table.page.evaluate(DRAWN)
    return int(seq), set(re.findall(r"\b[RGBYHFM](?:1[0-2]|[1-9])\b", html))


def test_a_whole_vivo_match_with_a_guest_by_link_never_shows_the_other_hand(
        browser: Any, web_stack: WebStack, stubs: tuple[Any, Any], tmp_path: Path) -> None:
    host, guest = page_on(browser, web_stack), page_on(browser, web_stack)
    # The host creates the table on the page: seat 0 itself, seat 1 open, seat 2 a bot.
    host.page.goto(web_stack.url)
    host.page.select_option("#game", label="VIVO")
    host.page.select_option("#seat-1-kind", "open")
    host.page.click("text=Create table")
    host.page.wait_for_selector("[data-testid=state]")
    match_id = host.page.evaluate("location.hash").rsplit("/", 1)[1]
    # The guest joins by the link.
    guest.page.goto(f"{web_stack.url}#/join/{match_id}")
    guest.page.wait_for_selector("[data-testid=state]")
    assert "You play seat 1" in guest.page.inner_text("[data-testid=whoami]")
    assert host.wait() == "turn"
    check_picture(host, "vivo", tmp_path)
    snapshots: list[tuple[int, int, set[str]]] = []
    pages = {0: host, 1: guest}
    drawn = {0: -1, 1: -1}
    over: set[int] = set()
    while len(over) < 2:
        for seat, table in pages.items():
            state = table.page.evaluate(
                "() => document.querySelector('[data-testid=result]') ? 'over' : "
                "document.querySelector('[data-testid=hand] button.legal:not([disabled])')"
                " ? 'turn' : 'wait'")
            if state == "over":
                over.add(seat)
            elif state == "turn":
                table.play_first_legal()
        # After every move either page drew (its own, the other's, a bot's): what it holds.
        for seat, table in pages.items():
            version = table.version()
            if version != drawn[seat]:
                drawn[seat] = version
                snapshots.append((seat, *drawn_cards(table)))
        host.page.wait_for_timeout(20)
    final = replay(stubs, match_id)
    events = list(final.events)
    for seat, seq, cards in snapshots:
        for other in (0, 1, 2):
            if other != seat:
                leaked = cards & hidden_cards(events, other, seq, "vivo")
                assert not leaked, (seat, other, seq, leaked)
    assert len(snapshots) > 40
    assert host.scores() == guest.scores() == list(final.scores)
    assert not host.errors and not guest.errors


def test_a_whole_livemix_match_resumes_after_a_reload(
        browser: Any, web_stack: WebStack, stubs: tuple[Any, Any], tmp_path: Path) -> None:
    table = page_on(browser, web_stack)
    match_id = created(stubs, table, pb.CreateMatchRequest(
        game=common_pb2.GAME_LIVEMIX, players=4, seats=[human(), bot(), bot(), bot()], seed=5))
    table.open(match_id)
    for _ in range(3):
        assert table.wait() == "turn"
        table.play_first_legal()
    assert table.wait() == "turn"
    check_picture(table, "livemix", tmp_path)
    version, hand = table.version(), table.page.inner_text("[data-testid=hand]")
    table.page.reload()
    table.page.wait_for_selector("[data-testid=state]")
    assert table.wait() == "turn"
    assert (table.version(), table.page.inner_text("[data-testid=hand]")) == (version, hand)
    play_to_the_end(table, timeout=150)
    final = replay(stubs, match_id)
    assert table.scores() == list(final.scores)
    assert "Over: completed" in table.page.inner_text("[data-testid=result]")
    # The replay, move by move from the keyboard.
    table.page.click("[data-testid=replay-link]")
    table.page.wait_for_selector("[data-testid=replay-step]")
    for _ in range(3):
        table.page.keyboard.press("ArrowRight")
    step = table.page.inner_text("[data-testid=replay-step]")
    assert step.startswith(f"Move 3 of {len(final.actions)}: "), step
    assert step.endswith(final.actions[2].action)
    assert table.page.inner_text("[data-testid=replay-scores]") == \
        ", ".join(str(score) for score in final.scores)


def test_a_spectator_sees_no_hand(browser: Any, web_stack: WebStack,
                                  stubs: tuple[Any, Any]) -> None:
    player = page_on(browser, web_stack)
    match_id = created(stubs, player, pb.CreateMatchRequest(
        game=common_pb2.GAME_VIVO, players=3, seats=[human(), bot(), bot()], seed=3))
    player.open(match_id)
    player.wait()
    spectator = page_on(browser, web_stack)
    spectator.open(match_id)
    assert "spectator" in spectator.page.inner_text("[data-testid=whoami]")
    assert spectator.page.locator("[data-testid=hand]").count() == 0
    seq, cards = drawn_cards(spectator)
    stubs[0].AbandonMatch(pb.AbandonMatchRequest(match_id=match_id), metadata=bearer(ADMIN),
                          timeout=5)
    events = list(replay(stubs, match_id).events)
    hidden = set().union(*(hidden_cards(events, seat, seq, "vivo") for seat in range(3)))
    assert len(hidden) >= 30  # three hands, less what was played
    assert not cards & hidden


def test_an_illegal_move_and_a_malformed_claim_show_the_reason_and_change_nothing(
        browser: Any, web_stack: WebStack, stubs: tuple[Any, Any]) -> None:
    table = page_on(browser, web_stack)
    match_id = created(stubs, table, pb.CreateMatchRequest(
        game=common_pb2.GAME_VIVO, players=3, seats=[human(), bot(), bot()], seed=4))
    table.open(match_id)
    assert table.wait() == "turn"
    version = table.version()
    hand = set(re.findall(r"data-card=\"(\w+)\"", table.text()))
    outside = next(c for c in (f"{s}{r}" for s in "RGB" for r in range(1, 13)) if c not in hand)
    table.page.fill("#move", outside)
    table.page.press("#move", "Enter")
    table.page.wait_for_function("() => document.querySelector('#status').dataset.kind === 'error'")
    assert "Refused:" in table.refusal() and "ILLEGAL_MOVE" in table.refusal()
    assert table.version() == version
    assert stubs[0].GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5).match.version \
        == version
    # A Mix Match claim that does not parse: the solver's reason, and nothing sent.
    mm = created(stubs, table, pb.CreateMatchRequest(
        game=common_pb2.GAME_MIXMATCH, players=2, seats=[human(), bot("solver", 1)], seed=6,
        mixmatch_options=mixmatch_pb2.MixMatchOptions()))
    table.open(mm)
    assert table.wait() == "claim"
    version = table.version()
    table.page.fill("#claim", "(3+")
    table.page.press("#claim", "Enter")
    table.page.wait_for_function(
        "() => document.querySelector('#status').textContent.includes('Not a claim')")
    reason = table.refusal()
    assert "syntax" in reason.lower() or "column" in reason.lower(), reason
    assert table.version() == version
    assert stubs[0].GetMatch(pb.GetMatchRequest(match_id=mm), timeout=5).match.version \
        == version


def test_a_whole_mixmatch_match_with_an_hourglass(browser: Any, web_stack: WebStack,
                                                  stubs: tuple[Any, Any],
                                                  tmp_path: Path) -> None:
    table = page_on(browser, web_stack)
    options = mixmatch_pb2.MixMatchOptions()
    options.hourglass.FromSeconds(4)
    options.deck.values.extend([1, 2, 3, 4, 5, 6, 7, 8])
    match_id = created(stubs, table, pb.CreateMatchRequest(
        game=common_pb2.GAME_MIXMATCH, players=2, seats=[human(), bot("solver", 1)], seed=2,
        mixmatch_options=options))
    table.open(match_id)
    claims = 0
    seen_clock: set[str] = set()
    for _ in range(40):
        state = table.wait(timeout=60)
        if state == "over":
            break
        clock = table.page.get_attribute("[data-testid=deadline]", "data-left")
        if clock:
            seen_clock.add(clock)
        if state == "turn":
            table.play_first_legal()
            continue
        view = stubs[0].GetMatch(pb.GetMatchRequest(match_id=match_id),
                                 metadata=bearer(token_of(table, match_id)), timeout=5).match
        board = view.mixmatch
        answer = stubs[1].Solve(solver_pb2.SolveRequest(
            cards=list(board.table), target=board.target, rules=board.rules), timeout=10)
        if not claims and clock:
            check_picture(table, "mixmatch", tmp_path)
        if not answer.solution.expression:
            table.page.wait_for_timeout(500)
            continue
        version = table.version()
        table.page.fill("#claim", answer.solution.expression)
        table.page.press("#claim", "Enter")
        table.wait_past(version)
        claims += 1
    assert table.wait() == "over"
    assert claims >= 1 and len(seen_clock) >= 1
    assert table.scores() == list(replay(stubs, match_id).scores)


def token_of(table: TablePage, match_id: str) -> str:
    return str(table.page.evaluate(
        f"JSON.parse(localStorage.getItem('cardroom.seat.{match_id}')).token"))


def test_the_lobby_shows_a_new_table_live_and_joins_its_open_seat(
        browser: Any, web_stack: WebStack, stubs: tuple[Any, Any]) -> None:
    lobby = page_on(browser, web_stack)
    lobby.page.goto(web_stack.url)
    lobby.page.wait_for_selector("[data-testid=lobby]")
    # Created after the page opened: it comes by the lobby stream (WatchLobby).
    reply = stubs[0].CreateMatch(pb.CreateMatchRequest(
        game=common_pb2.GAME_VIVO, players=3,
        seats=[human(), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN), bot()]), timeout=10)
    row = lobby.page.locator(f"[data-match='{reply.match_id}']")
    row.wait_for(timeout=15_000)
    assert "open" in row.inner_text()
    row.locator("button", has_text="Join seat 1").click()
    lobby.page.wait_for_selector("[data-testid=state]")
    assert "You play seat 1" in lobby.page.inner_text("[data-testid=whoami]")
    assert lobby.page.evaluate("location.hash") == f"#/match/{reply.match_id}"
