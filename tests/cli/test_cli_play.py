"""`cardroom play` and `cardroom join` driven through a pseudo-terminal, as a person would:
whole games against real bot workers, keys sent, the screen read."""

from __future__ import annotations

import itertools
import random
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

from cardroom.shared.client import Cardroom, bot, connect, open_seat

__all__ = ["reap_terminals"]  # the autouse fixture, imported to take effect here


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    """Every service and one bot worker, on database 7 of the session's Redis."""
    with running_stack(fresh_db(redis_server.url, 7)) as services:
        yield services


@pytest.fixture
def room(stack: Stack) -> Iterator[Cardroom]:
    """Clients of the stack, for the test's own checks."""
    with connect(stack.config) as clients:
        yield clients


def legal_moves(text: str) -> list[str]:
    """The numbered legal moves of the latest 'Legal:' line (the table stays on the screen
    above a hint, help or refusal: read the whole screen, term.text)."""
    line = [row for row in text.splitlines() if row.startswith("Legal:")][-1]
    return re.findall(r"\d+:(\S+)", line)


def hand(text: str) -> list[str]:
    """The cards of the latest 'Your hand:' line."""
    line = [row for row in text.splitlines() if row.startswith("Your hand:")][-1]
    return line.split()[2:]


def play_to_the_end(term: Terminal, rng: random.Random, limit: int = 80) -> int:
    """From a move prompt on the screen, answer every prompt with a legal move (by number or
    by card) until the game is over; the moves made."""
    for made in range(1, limit):
        legal = legal_moves(term.text)
        choice = rng.randrange(len(legal))
        term.send(str(choice + 1) if rng.random() < 0.5 else legal[choice].lower())
        if term.expect([re.escape(MOVE_PROMPT), GAME_OVER]) == 1:
            return made
    raise AssertionError("the game did not end")


def play_until_refused(term: Terminal, rng: random.Random) -> None:
    """Play until the hand holds a card that may not be played, type it, and check that the
    refusal says why and what may be played."""
    for _ in range(40):
        legal, cards = legal_moves(term.text), hand(term.text)
        illegal = [c for c in cards if c not in legal]
        if illegal:
            term.send(illegal[0])
            term.expect_exact(MOVE_PROMPT)
            shown = term.last()
            assert f"Not allowed: {illegal[0]} does not follow the harmony" in shown
            assert f"You may play: {' '.join(legal)}" in shown
            return
        term.send(str(rng.randrange(len(legal)) + 1))
        term.expect_exact(MOVE_PROMPT)
    raise AssertionError("every card stayed playable")


def test_cli_play_vivo_whole_game_against_bots_through_a_terminal(stack: Stack,
                                                                  room: Cardroom) -> None:
    term = Terminal(stack, "play", "vivo", "--players", "3", "--seed", "21")
    term.expect(MATCH_ID)
    match_id = term.group(1)
    term.expect_exact(MOVE_PROMPT)
    first = term.last()
    assert "VIVO - round 1 of 2, trick 1 of 12" in first and "Harmony:" in first
    assert "next:" in first and "bot 1 (heuristic)" in first
    assert room.match.get(match_id).observation.get("hand") is None  # the spectator sees none
    term.send("h")
    term.expect_exact(MOVE_PROMPT)
    assert "a card as shown (e.g. R5), or its number in the list of legal moves" in \
        term.last()
    term.send("?")
    term.expect_exact(MOVE_PROMPT)
    hint = re.search(r"Hint \(heuristic\): (\S+)", term.last())
    assert hint is not None and hint.group(1) in legal_moves(term.text)
    term.send("99")
    term.expect_exact(MOVE_PROMPT)
    assert "there is no move 99" in term.last()
    rng = random.Random(3)
    play_until_refused(term, rng)
    play_to_the_end(term, rng)
    result = re.sub(r"\s+", " ", ANSI.sub("", str(term.child.after)))
    assert term.close() == 0
    final = room.match.get(match_id)
    assert final.status == "finished" and final.result is not None
    scores = ", ".join(f"{name} {score}" for name, score in zip(
        ["you", "bot 1 (heuristic)", "bot 2 (heuristic)"], final.result.scores, strict=True))
    assert result.endswith(f"Scores: {scores}")
    replay = room.match.replay(match_id)
    assert len(replay.actions) == 72 and sum(a.seat == 0 for a in replay.actions) == 24
    assert "bot 2 (heuristic) plays" in term.text and "Round 2 scored" in term.text
    assert "\x1b[1;31mR" in term.screen or "\x1b[1;91mR" in term.screen  # red cards in red


def test_cli_join_open_seat_leave_and_come_back_to_finish_livemix(stack: Stack,
                                                                  room: Cardroom) -> None:
    created = room.match.create("livemix", 3, [open_seat(), bot("random"), bot("random")],
                                seed=5)
    term = Terminal(stack, "join", created.match_id, "--name", "ann")
    term.expect(r"--token (\S+)\)")
    token = term.group(1)
    term.expect_exact(MOVE_PROMPT)
    shown = term.last()
    assert "Livemix - round 1 of 3" in shown and "Members:" in shown and "Token on" in shown
    assert "0 you" in shown
    term.send("1")
    term.expect_exact(MOVE_PROMPT)
    term.send_eof()  # leave without resigning
    term.expect_exact("your seat stays yours")
    term.expect_exact(f"To come back: cardroom join {created.match_id} --token {token}")
    assert term.close() == 0
    assert room.match.get(created.match_id).status == "active"
    back = Terminal(stack, "join", created.match_id, "--token", token)
    back.expect_exact(MOVE_PROMPT)
    moves = play_to_the_end(back, random.Random(1))
    assert back.close() == 0 and moves > 3
    final = room.match.get(created.match_id)
    assert final.status == "finished" and final.seats[0].name == "ann"
    assert sum(a.seat == 0 for a in room.match.replay(created.match_id).actions) == moves + 1


def test_cli_a_waiting_joiner_is_told_how_many_are_to_come_and_who_came(stack: Stack,
                                                                          room: Cardroom) -> None:
    created = room.match.create("livemix", 3, [open_seat(), open_seat(), open_seat()], seed=5)
    term = Terminal(stack, "join", created.match_id, "--name", "ann")
    term.expect_exact("waiting for 2 more players to join...")
    room.match.join(created.match_id, name="bob")
    term.expect_exact("bob took a seat")
    term.expect_exact("waiting for 1 more player to join...")
    room.match.join(created.match_id, name="cy")
    term.expect_exact("cy took a seat")
    term.expect_exact("The match starts.")
    term.kill()
    assert "seat 1 took a seat" not in term.text and "seat 2 took a seat" not in term.text


def test_cli_play_shows_the_bots_moves_one_at_a_time_at_its_pace(stack: Stack) -> None:
    term = Terminal(stack, "play", "vivo", "--players", "3", "--bots", "random", "--seed", "4",
                    "--pace", "0.5")
    rng, seen = random.Random(2), []  # (when, what): a bot's move, or a prompt of yours
    while sum(kind == "prompt" for _, kind in seen) < 3:
        found = term.expect([r"bot \d \(random\) plays", re.escape(MOVE_PROMPT)])
        seen.append((time.monotonic(), "bot" if found == 0 else "prompt"))
        if found == 1:
            legal = legal_moves(term.text)
            term.send(legal[rng.randrange(len(legal))])
    term.kill()
    # Two bots' moves in a row (nothing of yours between) come at least the pace apart.
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(seen) if a[1] == b[1] == "bot"]
    assert gaps and min(gaps) >= 0.4, seen


def test_cli_help_hint_and_errors_leave_the_table_on_screen_enter_draws_it_again(
        stack: Stack) -> None:
    term = Terminal(stack, "play", "vivo", "--players", "3", "--bots", "random", "--seed", "4")
    term.expect_exact(MOVE_PROMPT)
    for line in ("h", "?", "Z99", "99"):  # help, a hint, a card that is none, a bad number
        term.send(line)
        term.expect_exact(MOVE_PROMPT)
        assert "Your hand:" not in term.last(), line  # the table stays above, not drawn anew
    term.send("")  # Enter: the table again
    term.expect_exact(MOVE_PROMPT)
    assert "Your hand:" in term.last()
    term.kill()


def test_cli_play_mixmatch_claims_win_the_rounds(stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, "play", "mixmatch", "--hourglass", "0", "-o", "faster=true",
                    "--seed", "2")
    term.expect(MATCH_ID)
    match_id = term.group(1)
    won = 0
    for _ in range(12):
        if term.expect([re.escape(CLAIM_PROMPT), GAME_OVER]) == 1:
            break
        shown = term.last()
        view = room.match.get(match_id)
        obs = view.observation
        assert f"Target {obs['target']}" in shown and "No hourglass" in shown
        assert "Table: " + " ".join(f"[{n}]" for n in obs["table"]) in shown
        best = room.solver.solve(obs["table"], obs["target"])
        if best.solution is None:
            term.send("t")  # call time: one more card
            continue
        term.send(best.solution.expression.replace(" ", ""))
        term.expect(r"you solved it with [^\r\n]*: (\d+) card\(s\) won")
        won += int(term.group(1))
    assert term.close() == 0
    final = room.match.get(match_id)
    assert final.status == "finished" and final.result is not None
    assert final.result.scores[0] == won > 0 and final.observation["round"] == 2


def test_cli_play_refuses_an_unknown_bot_policy(stack: Stack) -> None:
    term = Terminal(stack, "play", "vivo", "--bots", "alphazero")
    term.expect_exact("no bot policy 'alphazero' for vivo; known:")
    assert term.close() == 1
