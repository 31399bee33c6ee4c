"""`cardroom watch`, `replay`, `matches` and `policies` against real services: a match
followed to its end (and across a restart of the match server on the same port), a finished
match stepped through, the lobby and the bot policies listed."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from support.client_stack import Stack, fresh_db, running_stack
from support.match_client import ADMIN
from support.match_play import play_out
from support.redis_server import RedisServer, free_port
from support.replicas import start_replica
from support.terminal import Terminal, reap_terminals

from cardroom.shared.client import Cardroom, connect, human, open_seat

__all__ = ["reap_terminals"]  # the autouse fixture, imported to take effect here


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    """Every service but the bot worker, on database 8 of the session's Redis."""
    with running_stack(fresh_db(redis_server.url, 8), worker=False) as services:
        yield services


@pytest.fixture
def room(stack: Stack) -> Iterator[Cardroom]:
    """Clients of the stack."""
    with connect(stack.config) as clients:
        yield clients


def test_cli_watch_follows_a_match_to_its_end(stack: Stack, room: Cardroom) -> None:
    created = room.match.create("vivo", 3, [human("ann"), human("bob"), human("cy")], seed=6)
    term = Terminal(stack, "watch", created.match_id)
    term.expect_shown("Trick: -")  # the table as it is, before anything is played
    assert "VIVO - round 1 of 2, trick 1 of 12" in term.text and "ann" in term.text
    play_out(room.match, created.match_id, created.tokens, seed=2)
    term.expect(r"Game over[^\r\n]*")
    assert term.close() == 0
    final = room.match.get(created.match_id)
    assert final.result is not None
    names = ["ann", "bob", "cy"]
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, final.result.scores, strict=True))
    assert term.text.rstrip().endswith(f"Scores: {scores}")
    # The end names the winner once: the result line, not an event line before it too.
    assert "Match over" not in term.text and term.text.count("Game over") == 1
    plays = re.findall(r"^(ann|bob|cy) plays (\S+)", term.text, re.MULTILINE)
    actions = room.match.replay(created.match_id).actions
    assert [(names.index(n), c) for n, c in plays] == [(a.seat, a.action) for a in actions]
    # Drawn at first, after each of 24 tricks and 2 rounds, and at the end.
    assert term.text.count("Harmony:") == 1 + 24 + 2 + 1
    assert "Your hand" not in term.text  # a spectator sees no hand


def test_cli_watch_resumes_after_the_match_server_restarts(stack: Stack,
                                                           room: Cardroom) -> None:
    port = free_port()
    watched = start_replica(stack.redis_url, port)
    try:
        created = room.match.create("livemix", 3, seed=4)
        env_stack = Stack(stack.redis_url, watched, stack.bot_port, stack.solver_port)
        term = Terminal(env_stack, "watch", created.match_id)
        term.expect_shown("Trick")
        rng = random.Random(5)
        _moves(room, created.match_id, created.tokens, rng, 2)
        term.expect(r"plays \S+\r\n[^\r\n]*plays \S+")
        watched.stop(grace=None)  # the server the terminal watches goes away
        _moves(room, created.match_id, created.tokens, rng, 3)
        watched = start_replica(stack.redis_url, port)  # and comes back on the same port
        term.expect(r"connection lost \([^)]*\); back, resuming after event (\d+)")
        _moves(room, created.match_id, created.tokens, rng, 1)
        room.match.abandon(created.match_id, ADMIN)
        term.expect_exact("The match was abandoned")
        assert term.close() == 0
    finally:
        watched.stop(grace=None)
    plays = re.findall(r"^seat (\d) plays (\S+)", term.text, re.MULTILINE)
    actions = room.match.replay(created.match_id).actions
    assert [(int(s), c) for s, c in plays] == [(a.seat, a.action) for a in actions]
    assert len(plays) == 6  # nothing lost while the server was away, nothing twice


def _moves(room: Cardroom, match_id: str, tokens: dict[int, str], rng: random.Random,
           count: int) -> None:
    for _ in range(count):
        seat = room.match.get(match_id).current_player
        assert seat is not None and seat >= 0
        view = room.match.get(match_id, tokens[seat])
        room.match.move(match_id, rng.choice(view.legal_moves), tokens[seat],
                        expected_version=view.version)


@pytest.fixture
def finished(room: Cardroom) -> str:
    """A VIVO match played to its end by the test."""
    created = room.match.create("vivo", 3, [human("ann"), human("bob"), human("cy")], seed=8)
    play_out(room.match, created.match_id, created.tokens, seed=1)
    return created.match_id


def test_cli_replay_all_prints_every_move_and_the_end(stack: Stack, room: Cardroom,
                                                      finished: str) -> None:
    term = Terminal(stack, "replay", finished, "--all")
    assert term.close() == 0
    actions = room.match.replay(finished).actions
    numbered = re.findall(r"^(\d+)\. (ann|bob|cy) plays (\S+)", term.text, re.MULTILINE)
    names = ["ann", "bob", "cy"]
    assert [(int(n), names.index(who), card) for n, who, card in numbered] == [
        (i, a.seat, a.action) for i, a in enumerate(actions, 1)]
    final = room.match.get(finished)
    assert final.result is not None and "Game over" in term.text.splitlines()[-1]
    assert "VIVO - game over" in term.text


def test_cli_replay_steps_back_and_forth_with_every_hand_shown(stack: Stack, room: Cardroom,
                                                                finished: str) -> None:
    replay = room.match.replay(finished)
    deal = [e.data["hand"] for e in replay.events if e.type == "deal" and e.data["round"] == 1]
    term = Terminal(stack, "replay", finished)
    prompt = r"move (\d+) of 72 - Enter next, b back, a number jumps, q quits: "
    term.expect(prompt)
    assert term.group(1) == "0"
    for seat, name in enumerate(["ann", "bob", "cy"]):
        assert f"{name}: {' '.join(deal[seat])}" in term.last()  # every hand, face up
    term.send("")
    term.expect(prompt)
    first = replay.actions[0]
    assert term.group(1) == "1" and f"1. ann plays {first.action}" in term.last()
    assert f"ann: {' '.join(c for c in deal[0] if c != first.action)}" in term.last()
    term.send("40")
    term.expect(prompt)
    assert term.group(1) == "40"
    term.send("b")
    term.expect(prompt)
    assert term.group(1) == "39"
    for wrong in ("xyz", "999"):  # neither steps on, nor draws the table again
        term.send(wrong)
        term.expect(prompt)
        assert term.group(1) == "39" and f"{wrong!r} is no step" in term.last()
        assert "VIVO - round" not in term.last()
    term.send("q")
    assert term.close() == 0


@pytest.mark.parametrize("step", ["999", "-1"])
def test_cli_replay_step_past_the_match_is_refused(stack: Stack, finished: str,
                                                   step: str) -> None:
    term = Terminal(stack, "replay", finished, "--step", step)
    code = term.close()
    assert code != 0 and "--step must be 0 to 72: the match has 72 moves" in term.text


def test_cli_replay_step_shows_one_table(stack: Stack, finished: str) -> None:
    term = Terminal(stack, "replay", finished, "--step", "3")
    assert term.close() == 0
    assert "VIVO - round 1 of 2, trick 2 of 12" in term.text and "ann:" in term.text


def test_cli_matches_lists_the_lobby(stack: Stack, room: Cardroom) -> None:
    waiting = room.match.create("livemix", 3, [human(), open_seat(), open_seat()]).match_id
    term = Terminal(stack, "matches", "--game", "livemix", "--status", "open")
    assert term.close() == 0
    row = next(line for line in term.text.splitlines() if line.startswith(waiting))
    assert row.split()[:7] == [waiting, "livemix", "open", "3", "H..", "1", "2"]
    assert "take one: cardroom join MATCH" in term.text
    none = Terminal(stack, "matches", "--game", "mixmatch", "--status", "abandoned")
    assert none.close() == 0 and "No matches." in none.text


def test_cli_policies_lists_the_bots(stack: Stack) -> None:
    term = Terminal(stack, "policies", "vivo")
    assert term.close() == 0
    names = re.findall(r"^vivo\s+(\S+)\s+(fast|search)", term.text, re.MULTILINE)
    assert ("heuristic", "fast") in names and ("ismcts", "search") in names
    assert all("strength 0-5" in line for line in term.text.splitlines()
               if line.startswith("vivo"))


def test_cli_watch_of_a_missing_match_fails_clearly(stack: Stack) -> None:
    term = Terminal(stack, "watch", "000000000000aaaaaaaaaaaaaaaa")
    term.expect_exact("cardroom: no match 000000000000aaaaaaaaaaaaaaaa")
    assert term.close() == 1


def test_cli_unreachable_match_service_is_explained(stack: Stack) -> None:
    lonely = Stack(stack.redis_url, stack.match, stack.bot_port, stack.solver_port)
    term = Terminal(lonely, "matches", "--match", f"127.0.0.1:{free_port()}")
    term.expect_exact("cannot be reached")
    assert term.close() == 1


def test_cli_replay_of_mixmatch_shows_claims_and_time_outs(stack: Stack, room: Cardroom) -> None:
    created = room.match.create("mixmatch", 2, options={"hourglass_seconds": 0, "faster": True},
                                seed=12)
    me = room.match.seat(created.match_id, created.tokens[0])
    timed_out: set[int] = set()
    for _ in range(30):
        view = me.view()
        if view.over:
            break
        obs = view.observation
        best = room.solver.solve(obs["table"], obs["target"]).solution
        if best is None or obs["round"] not in timed_out:  # each round draws a card first
            timed_out.add(obs["round"])
            me.move("timeout")
        else:
            me.claim(best.expression, obs["round"])
    term = Terminal(stack, "replay", created.match_id, "--all")
    assert term.close() == 0
    actions = room.match.replay(created.match_id).actions
    numbered = re.findall(r"^(\d+)\. ", term.text, re.MULTILINE)
    assert [int(n) for n in numbered] == list(range(1, len(actions) + 1))
    claims = [a for a in actions if a.action.startswith("claim")]
    assert term.text.count("solved it with") == len(claims) == 2  # faster: two rounds
    assert term.text.count("Time! ") == len(actions) - len(claims) >= 2
    assert "Mix Match - round 2 of 2" in term.text and "Game over" in term.text
    first = room.match.replay(created.match_id).events
    table = next(e.data["table"] for e in first if e.type == "round_started")
    assert f"Round 1: table {' '.join(f'[{n}]' for n in table)}" in term.text  # before move 1
    assert term.text.index("Round 1: table") < term.text.index("1. ")


def test_cli_lobby_shows_whole_match_ids_on_a_narrow_terminal(stack: Stack,
                                                               room: Cardroom) -> None:
    waiting = room.match.create("mixmatch", 2, [open_seat(), open_seat()]).match_id
    term = Terminal(stack, "matches", "--game", "mixmatch", "--status", "open", columns=64)
    assert term.close() == 0
    assert any(line.startswith(waiting + " ") for line in term.text.splitlines())


def test_cli_create_makes_a_match_with_open_seats(stack: Stack, room: Cardroom) -> None:
    term = Terminal(stack, "create", "vivo", "--players", "3", "--bot-seats", "1", "--seed", "4")
    term.expect(r"cardroom join ([0-9a-f]{28})")
    match_id = term.group(1)
    assert term.close() == 0
    view = room.match.get(match_id)
    assert view.status == "open" and [s.kind for s in view.seats] == ["open", "open", "bot"]
    assert f"cardroom watch {match_id}" in term.text
    assert "It is private" in term.text  # chosen with --seed: never in the lobby
    assert match_id not in {m.match_id for m in room.match.matches("vivo", "", 1000)}
    quiet = Terminal(stack, "create", "mixmatch", "--id-only")
    assert quiet.close() == 0
    assert room.match.get(quiet.text.strip()).status == "open"
    refused = Terminal(stack, "create", "vivo", "--players", "3", "--bot-seats", "4")
    refused.expect_exact("--bot-seats must be 0 to 3")
    assert refused.close() == 1


def test_cli_watch_from_start_prints_the_past_then_draws_the_table_once(
        stack: Stack, room: Cardroom) -> None:
    created = room.match.create("vivo", 3, [human("ann"), human("bob"), human("cy")], seed=6)
    seats = {s: room.match.seat(created.match_id, t) for s, t in created.tokens.items()}
    for _ in range(6):  # two tricks
        view = seats[0].view()
        mover = seats[view.current_player or 0]
        mover.move(mover.view().legal_moves[0])
    term = Terminal(stack, "watch", created.match_id, "--from-start")
    term.expect_shown("Trick: -")  # the table of now, after the two past tricks
    shown = term.text
    assert shown.count("Harmony:") == 1
    assert len(re.findall(r"^(ann|bob|cy) plays ", shown, re.MULTILINE)) == 6
    assert shown.rindex(" plays ") < shown.index("Harmony:")
    assert "trick 3 of 12" in shown
