"""The play prompt on a pseudo-terminal: a line is only sent for the table it was typed at.

Mix Match: text that is no expression is refused here and costs nothing; keys typed while
out of a round, or half a line typed when the round ends, never reach the next round; time
is called only when the rules allow it, with the hourglass counting down in the prompt;
the app ends by itself when the match does. Trick games on a clock: the table is drawn
again once the clock ran out and a bot moved for the seat, and Ctrl-D leaves cleanly.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from support.client_stack import Stack, fresh_db, running_stack
from support.redis_server import RedisServer
from support.terminal import (
    ANSI,
    CLAIM_PROMPT,
    GAME_OVER,
    MATCH_ID,
    MOVE_PROMPT,
    Terminal,
    reap_terminals,
)

from cardroom.shared.client import Cardroom, connect

__all__ = ["reap_terminals"]  # the autouse fixture, imported to take effect here

#: A fast solver bot (2 s of thought) and a short match without an hourglass.
QUICK_MIXMATCH = ("play", "mixmatch", "--strength", "5", "-o", "faster=true")
#: Seed 2 deals round 1 a table with a solution, so the bot ends that round.
SEED = ("--seed", "2")


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    """Every service and one bot worker, on database 9 of the session's Redis."""
    with running_stack(fresh_db(redis_server.url, 9)) as services:
        yield services


@pytest.fixture
def room(stack: Stack) -> Iterator[Cardroom]:
    """Clients of the stack, for the test's own checks."""
    with connect(stack.config) as clients:
        yield clients


def _out(room: Cardroom, match_id: str) -> bool:
    return bool(room.match.get(match_id).observation["out"][0])


def _calls(room: Cardroom, match_id: str, round_number: int) -> list[str]:
    """The claims and time calls of one round, as the public event stream tells them."""
    return [e.type for e in room.match.watch(match_id, follow=False)
            if e.type in ("claim_accepted", "claim_rejected", "hourglass_ran_out")
            and e.data.get("round") == round_number]


def test_cli_mixmatch_text_that_is_no_expression_is_refused_without_costing_the_round(
        stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, "play", "mixmatch", "--hourglass", "0", "--strength", "0", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect_exact(CLAIM_PROMPT)
    term.send("hello")
    # The prompt is drawn again as keys arrive: wait for the refusal itself, then the prompt.
    term.expect_exact("Not sent: 'hello' is not a claim")
    term.expect_exact(CLAIM_PROMPT)
    assert not _out(room, match_id)
    assert _calls(room, match_id, 1) == []
    term.send("h")
    term.expect_exact(CLAIM_PROMPT)
    assert "is refused here and costs nothing" in " ".join(term.last().split())
    term.send_eof()
    assert term.close() == 0


def test_cli_mixmatch_keys_typed_while_out_never_reach_the_next_round(
        stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, *QUICK_MIXMATCH, "--hourglass", "0", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect_exact(CLAIM_PROMPT)
    term.send("999")  # an expression, but not over the table's cards: out for this round
    term.expect_shown("you claimed 999")
    term.send("998")  # typed while out, with no prompt shown
    term.send("t")
    term.expect_shown("Mix Match - round 2")
    term.expect_exact(CLAIM_PROMPT)
    time.sleep(1.5)  # room for a line left in the terminal to be read and sent
    view = room.match.get(match_id)
    assert view.observation["round"] == 2 and not view.observation["out"][0]
    assert _calls(room, match_id, 2) == []
    term.send_eof()
    assert term.close() == 0


def test_cli_mixmatch_keys_typed_while_out_are_not_echoed_and_ctrl_d_leaves(
        stack: Stack, room: Cardroom) -> None:
    # A slow bot (30 s of thought): the round stays on while this seat is out of it.
    term = Terminal(stack, "play", "mixmatch", "--hourglass", "0", "--strength", "1", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect_exact(CLAIM_PROMPT)
    term.send("999")
    term.expect_shown("you claimed 999")
    time.sleep(0.5)  # the app now waits for the round, with no prompt
    term.child.send("zq7")
    time.sleep(0.5)
    term.send_eof()
    term.expect_exact("your seat stays yours")
    assert term.close() == 0
    assert "zq7" not in term.text[term.text.index("you claimed 999"):]
    view = room.match.get(match_id)
    assert view.observation["round"] == 1 and view.observation["out"][0]


def test_cli_mixmatch_half_a_line_is_dropped_when_the_round_ends(
        stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, *QUICK_MIXMATCH, "--hourglass", "0", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect_exact(CLAIM_PROMPT)
    term.child.send("5")  # no Enter: the bot solves the round meanwhile
    term.expect_shown("solved it with")
    # The new round's table and prompt come without a key pressed.
    term.expect_shown("Mix Match - round 2", timeout=15)
    term.expect_exact(CLAIM_PROMPT)
    term.send("")  # Enter: a redraw, not the "5" of round 1
    term.expect_exact(CLAIM_PROMPT)
    assert room.match.get(match_id).observation["round"] == 2
    assert _calls(room, match_id, 2) == []
    term.send_eof()
    assert term.close() == 0


def test_cli_mixmatch_ends_by_itself_when_the_match_is_over(stack: Stack,
                                                             room: Cardroom) -> None:
    term = Terminal(stack, *QUICK_MIXMATCH, "--hourglass", "0", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect(GAME_OVER, timeout=90)  # the bot plays every round; nothing is typed
    assert term.close() == 0  # no prompt left waiting for a key
    assert room.match.get(match_id).status == "finished"
    after = term.text[term.text.rindex("Game over"):]
    assert "Your claim" not in after


def test_cli_mixmatch_hourglass_counts_down_and_time_waits_for_it(stack: Stack,
                                                                   room: Cardroom) -> None:
    term = Terminal(stack, "play", "mixmatch", "--hourglass", "40", "--strength", "0",
                    "--bots", "solver", *SEED)
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect(r"\] (\d+) s Your claim")
    first = int(term.group(1))
    # Nothing typed: the prompt is drawn again as the sand runs.
    term.expect(r"\] (\d+) s Your claim", timeout=5)
    assert int(term.group(1)) < first <= 40
    term.send("t")
    term.expect_shown("The hourglass still runs (")
    term.expect(r"\] (\d+) s Your claim")  # drawn anew: keys typed before it are dropped
    assert "runs until" not in term.text
    assert _calls(room, match_id, 1) == []
    term.send_eof()
    assert term.close() == 0


@pytest.mark.parametrize("columns", [60, 80])
def test_cli_mixmatch_prompt_stays_on_one_line_as_the_hourglass_redraws_it(
        stack: Stack, columns: int) -> None:
    term = Terminal(stack, "play", "mixmatch", "--hourglass", "40", "--strength", "0",
                    "--bots", "solver", *SEED, columns=columns)
    term.expect(r"\] (\d+) s Your claim")
    term.child.send("(28+20/20)*8/4+(1+2+3+4+5+6)")  # typed, not sent
    for _ in range(3):  # three redraws by the running sand
        term.expect(r"\] (\d+) s ", timeout=5)
    term.expect(r"\+6\)", timeout=5)
    # Each redraw starts with a carriage return and an erase of the line: a drawing as
    # wide as the terminal would wrap, and the erase would leave its first part behind.
    drawn = [part for part in ANSI.sub("", term.screen).split("\r") if "] " in part]
    assert len(drawn) >= 3
    assert all(len(part.rstrip("\n")) < columns for part in drawn), drawn
    term.child.send("\x15")  # Ctrl-U: the line emptied, so Ctrl-D leaves
    term.send_eof()
    assert term.close() == 0


def test_cli_clock_run_out_redraws_the_table_and_ctrl_d_leaves_cleanly(
        stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, "play", "vivo", "--players", "3", "--clock", "3", "--seed", "21")
    term.expect(MATCH_ID)
    match_id = term.group(1)
    clocked = re.escape(MOVE_PROMPT).replace("move", r"move \[(\d) s\]")
    term.expect(clocked)
    seconds = [int(term.group(1))]
    # Nothing typed: the seconds count down live, the clock runs out, a bot plays the
    # seat's card, and the table is drawn afresh for the next turn.
    while term.expect([clocked, "you ran out of time"], timeout=10) == 0:
        seconds.append(int(term.group(1)))
    assert seconds[-1] < seconds[0]
    term.expect("you play ")
    term.expect(r"VIVO - round \d of \d, trick 2 of", timeout=20)
    term.expect(clocked, timeout=20)
    plays = [e for e in room.match.watch(match_id, follow=False) if e.type == "play"]
    assert plays[0].data["seat"] == 0  # the bot's card, played for the seat
    term.send_eof()
    term.expect_exact("your clock runs on")
    assert term.close() == 0
    assert "Channel closed" not in term.text and "Traceback" not in term.text


def test_cli_no_color_draws_plain_text(stack: Stack) -> None:
    term = Terminal(stack, "play", "vivo", "--players", "3", "--seed", "21", "--no-color")
    term.expect_exact(MOVE_PROMPT)
    assert re.search(r"\x1b\[[0-9;]*m", term.screen) is None  # no colour, bold, dim, reverse
    assert "Harmony:" in term.screen
    term.send_eof()
    assert term.close() == 0


def test_cli_play_with_one_player_is_refused_before_a_match_is_made(stack: Stack,
                                                                     room: Cardroom) -> None:
    before = len(list(room.match.matches("mixmatch", "", 1000)))
    term = Terminal(stack, "play", "mixmatch", "--players", "1")
    term.expect_exact("a match needs 2 seats or more")
    assert term.close() == 1
    assert len(list(room.match.matches("mixmatch", "", 1000))) == before
