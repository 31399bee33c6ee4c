"""Seat tokens: random (at least 128 bits), stored only as digests, compared in constant time,
never logged, and good for their own seat of their own match only.

Every RPC is tried with no token, another seat's token, another match's token and a forged
one: each is refused with its documented code (or, where anyone may call, answered as a
spectator) and the match is unchanged. The logs of the match service, the bot API and a
bot worker, all at DEBUG, are searched for every token after a match is played.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from support.grpc_servers import HOST, channel_to, local_settings
from support.loops import in_thread
from support.match_client import ADMIN, GAME_ENUM, Client, auth, match_server, mover
from support.redis_server import RedisServer

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import create_server as create_bot_server
from cardroom.services.match import model
from cardroom.services.match.server import MatchServer
from cardroom.shared.errors import Unauthenticated
from cardroom.shared.proto.cardroom.v1 import bot_pb2, bot_pb2_grpc
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from deploy.launch.process import ServiceProcess
from deploy.launch.worker import start_worker

Code = grpc.StatusCode
BOT_TOKEN = "bot-token-for-token-tests"


@pytest.fixture
def served(redis_url: str) -> Iterator[tuple[MatchServer, Client, redis.Redis]]:
    """A replica, a client of it and a client of its Redis."""
    with match_server(redis_url, bot_token=BOT_TOKEN) as server, \
            channel_to(server.port) as channel, \
            redis.Redis.from_url(redis_url, decode_responses=True) as db:
        yield server, Client(channel), db


def _create(client: Client, players: int = 4, seed: int = 1, **fields: Any
            ) -> tuple[str, dict[int, str]]:
    created = client.stub.CreateMatch(pb.CreateMatchRequest(
        game=GAME_ENUM["livemix"], players=players, seed=seed, **fields), timeout=10)
    return created.match_id, {t.seat: t.token for t in created.tokens}


def _everything(db: Any) -> str:
    """Every key and value of the database, as one text."""
    parts = []
    for key in db.keys("*"):
        kind = db.type(key)
        value: Any = {"string": db.get, "hash": db.hgetall, "zset": lambda k: db.zrange(k, 0, -1),
                      "list": lambda k: db.lrange(k, 0, -1), "stream": db.xrange}[kind](key)
        parts.append(f"{key} {value}")
    return "\n".join(parts)


def test_tokens_are_random_128_bits_at_least_and_stored_only_as_digests(
        served: tuple[MatchServer, Client, redis.Redis]) -> None:
    _, client, db = served
    tokens: list[str] = []
    for seed in range(60):
        tokens += _create(client, seed=seed)[1].values()
    open_seat = [pb.SeatSpec(kind=pb.SEAT_KIND_OPEN)] * 4
    for _ in range(5):
        match_id, _ = _create(client, seats=open_seat)
        tokens += [client.stub.JoinMatch(pb.JoinMatchRequest(match_id=match_id),
                                         timeout=5).token for _ in range(4)]
    assert len(set(tokens)) == len(tokens) == 260
    for token in tokens:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128
    # Bits look uniform over all tokens (a constant or counter-like part would skew them).
    bits = "".join(f"{b:08b}" for t in tokens
                   for b in base64.urlsafe_b64decode(t + "=" * (-len(t) % 4)))
    assert abs(bits.count("1") / len(bits) - 0.5) < 0.01
    stored = _everything(db)
    assert not [t for t in tokens if t in stored]
    assert all(hashlib.sha256(t.encode()).hexdigest() in stored for t in tokens)


def test_tokens_are_compared_in_constant_time_against_every_seat(
        served: tuple[MatchServer, Client, redis.Redis], monkeypatch: pytest.MonkeyPatch
        ) -> None:
    server, client, _ = served
    match_id, tokens = _create(client)
    compared: list[tuple[int, int]] = []
    original = hmac.compare_digest

    def counting(a: Any, b: Any) -> bool:
        compared.append((len(a), len(b)))
        return original(a, b)

    monkeypatch.setattr(model.hmac, "compare_digest", counting)
    for token in (tokens[0], tokens[3], "forged", "f" * 5000):
        compared.clear()
        try:
            server.runner.run(server.service.get_view(match_id, token))
        except Unauthenticated:
            assert token not in tokens.values()
        # The admin and bot credentials, the creator's, then every seat's digest whichever
        # matches (no early exit), each comparison of two SHA-256 digests whatever the
        # token's length.
        assert compared == [(64, 64)] * 7


def _calls(client: Client, bots: Any, match_id: str, seat: int, move: str
           ) -> dict[str, Callable[[list[tuple[str, str]]], Any]]:
    """Every RPC that may take a credential, aimed at the seat `seat` of `match_id`."""
    stub = client.stub

    def watch(metadata: list[tuple[str, str]], **extra: Any) -> list[Any]:
        return list(stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, no_follow=True,
                                                         **extra), metadata=metadata, timeout=5))

    return {
        "GetMatch": lambda m: stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=m,
                                            timeout=5),
        "GetMatch(seat)": lambda m: stub.GetMatch(pb.GetMatchRequest(
            match_id=match_id, seat=seat), metadata=m, timeout=5),
        "SubmitMove": lambda m: stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=match_id, action=move, expected_version=1), metadata=m, timeout=5),
        "SubmitMove(seat)": lambda m: stub.SubmitMove(pb.SubmitMoveRequest(
            match_id=match_id, action=move, seat=seat, expected_version=1), metadata=m,
            timeout=5),
        "WatchMatch": watch,
        "WatchMatch(seat)": lambda m: watch(m, seat=seat),
        "Resign": lambda m: stub.Resign(pb.ResignRequest(match_id=match_id), metadata=m,
                                        timeout=5),
        "Resign(seat)": lambda m: stub.Resign(pb.ResignRequest(match_id=match_id, seat=seat),
                                              metadata=m, timeout=5),
        "AbandonMatch": lambda m: stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id),
                                                    metadata=m, timeout=5),
        "DeleteMatch": lambda m: stub.DeleteMatch(pb.DeleteMatchRequest(match_id=match_id),
                                                  metadata=m, timeout=5),
        "ListMatches(private)": lambda m: stub.ListMatches(pb.ListMatchesRequest(
            include_private=True), metadata=m, timeout=5),
        "GetReplay": lambda m: stub.GetReplay(pb.GetReplayRequest(match_id=match_id),
                                              metadata=m, timeout=5),
        "SuggestMove": lambda m: bots.SuggestMove(bot_pb2.SuggestMoveRequest(
            match_id=match_id, policy="random"), metadata=m, timeout=5),
    }


#: What each call answers (no token, another seat's, another match's, forged); OK only where
#: anyone may call, and then the answer is the spectator's.
EXPECTED = {
    "GetMatch": ("OK", "OK", "UNAUTHENTICATED", "UNAUTHENTICATED"),
    "GetMatch(seat)": ("UNAUTHENTICATED", "PERMISSION_DENIED", "UNAUTHENTICATED",
                       "UNAUTHENTICATED"),
    "SubmitMove": ("UNAUTHENTICATED", "FAILED_PRECONDITION", "UNAUTHENTICATED",
                   "UNAUTHENTICATED"),
    "SubmitMove(seat)": ("UNAUTHENTICATED", "PERMISSION_DENIED", "UNAUTHENTICATED",
                         "UNAUTHENTICATED"),
    "WatchMatch": ("OK", "OK", "UNAUTHENTICATED", "UNAUTHENTICATED"),
    "WatchMatch(seat)": ("UNAUTHENTICATED", "PERMISSION_DENIED", "UNAUTHENTICATED",
                         "UNAUTHENTICATED"),
    "Resign": ("UNAUTHENTICATED", None, "UNAUTHENTICATED", "UNAUTHENTICATED"),
    "Resign(seat)": ("UNAUTHENTICATED", "PERMISSION_DENIED", "UNAUTHENTICATED",
                     "UNAUTHENTICATED"),
    "AbandonMatch": ("UNAUTHENTICATED", "PERMISSION_DENIED", "UNAUTHENTICATED",
                     "UNAUTHENTICATED"),
    "DeleteMatch": ("UNAUTHENTICATED", "PERMISSION_DENIED", "PERMISSION_DENIED",
                    "PERMISSION_DENIED"),
    "ListMatches(private)": ("UNAUTHENTICATED", "PERMISSION_DENIED", "PERMISSION_DENIED",
                             "PERMISSION_DENIED"),
    "GetReplay": ("FAILED_PRECONDITION",) * 4,  # anyone, once the match is over
    "SuggestMove": ("UNAUTHENTICATED", "OK", "UNAUTHENTICATED", "UNAUTHENTICATED"),
}


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "OK", call()
    except grpc.RpcError as error:
        return error.code().name, None


def test_every_rpc_with_no_token_another_seats_another_matchs_or_a_forged_one(
        served: tuple[MatchServer, Client, redis.Redis], redis_url: str) -> None:
    server, client, db = served
    match_id, tokens = _create(client)
    _, strangers = _create(client, seed=2)
    seat = mover(client.view(match_id))
    other = (seat + 1) % 4
    move = client.view(match_id, tokens[seat]).legal_moves[0]
    common = local_settings("bot", redis_url=redis_url, celery_broker_url=redis_url,
                            match_addr=f"{HOST}:{server.port}")
    api, _ = in_thread(create_bot_server, BotSettings(common=common, bot_token=BOT_TOKEN,
                                                      suggest_max_s=0.3), host=HOST)
    api.start()
    try:
        with channel_to(api.port) as channel:
            calls = _calls(client, bot_pb2_grpc.BotServiceStub(channel), match_id, seat, move)
            credentials = [[], auth(tokens[other]), auth(strangers[seat]), auth("f" * 43)]
            before = {k: v for k, v in _snapshot(db).items() if "{lobby:" not in k}
            for name, call in calls.items():
                if name == "Resign":
                    continue  # the other seat's own resignation would be allowed: below
                for metadata, wanted in zip(credentials, EXPECTED[name], strict=True):
                    code, reply = _outcome(lambda c=call, m=metadata: c(m))  # type: ignore[misc]
                    if name == "SuggestMove" and code == "DEADLINE_EXCEEDED":
                        code = "OK"  # allowed: it asked a worker (none runs here) for its seat
                    assert code == wanted, (name, metadata, code)
                    if name == "GetMatch" and code == "OK":
                        assert not reply.match.HasField("seat") or reply.match.seat == other
            for metadata in credentials[:1] + credentials[2:]:
                code, _ = _outcome(lambda m=metadata: calls["Resign"](m))  # type: ignore[misc]
                assert code == "UNAUTHENTICATED"
            after = {k: v for k, v in _snapshot(db).items() if "{lobby:" not in k}
            assert {k: v for k, v in after.items() if match_id in k} == \
                {k: v for k, v in before.items() if match_id in k}
            assert client.view(match_id).version == 1
    finally:
        api.stop(None)


def _snapshot(db: Any) -> dict[str, Any]:
    return {k: db.dump(k) for k in db.keys("*")}


def test_tokens_never_appear_in_any_log_at_debug(redis_server: RedisServer,
                                                 tmp_path: Path) -> None:
    url = redis_server.url.rsplit("/", 1)[0] + "/9"
    with redis.Redis.from_url(url) as db:
        db.flushdb()
    env = {"REDIS_URL": url, "CELERY_BROKER_URL": url, "LOG_LEVEL": "DEBUG",
           "ADMIN_TOKEN": ADMIN, "BOT_TOKEN": BOT_TOKEN, "MATCH_TIMER_INTERVAL": "0.05"}
    match = ServiceProcess("cardroom.services.match", env, tmp_path / "match.log")
    match.start()
    bots = ServiceProcess("cardroom.services.bot", {**env, "MATCH_ADDR": match.address},
                          tmp_path / "bot.log")
    worker = None
    tokens: list[str] = [ADMIN, BOT_TOKEN]
    try:
        bots.start()
        worker = start_worker({**env, "MATCH_ADDR": match.address}, concurrency=1,
                              hostname="logs@%h")
        with channel_to(match.port) as channel, channel_to(bots.port) as bot_channel:
            client = Client(channel)
            tokens += _play_everything(client, bot_pb2_grpc.BotServiceStub(bot_channel))
        time.sleep(0.5)  # let the last lines reach the files
        logs = match.log() + bots.log()
        worker_lines = []
        while not worker.lines.empty():
            worker_lines.append(worker.lines.get_nowait())
        logs += "".join(worker_lines) + json.dumps(worker.records)
    finally:
        if worker is not None:
            worker.stop()
        bots.stop()
        match.stop()
    assert "DEBUG" in logs and "request refused" in logs  # there was plenty to log
    leaked = [t for t in tokens if t in logs]
    assert not leaked, f"{len(leaked)} tokens in the logs"


def _play_everything(client: Client, bots: Any) -> list[str]:
    """Create, join, move (human and bot seats), suggest, refuse, resign, abandon, delete;
    the seat tokens handed out."""
    stub = client.stub
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN), pb.SeatSpec(kind=pb.SEAT_KIND_OPEN),
             pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")]
    created = stub.CreateMatch(pb.CreateMatchRequest(game=GAME_ENUM["vivo"], players=3,
                                                     seats=seats, seed=5), timeout=10)
    tokens = {t.seat: t.token for t in created.tokens}
    tokens[1] = stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id),
                               timeout=5).token
    match_id = created.match_id
    deadline = time.monotonic() + 30
    moves = 0
    while moves < 8:
        assert time.monotonic() < deadline, "the match did not get going"
        view = client.view(match_id)
        acting = list(view.acting_seats)
        if len(acting) == 1 and acting[0] in tokens:
            token = tokens[acting[0]]
            mine = client.view(match_id, token)
            bots.SuggestMove(bot_pb2.SuggestMoveRequest(match_id=match_id, policy="random"),
                             metadata=auth(token), timeout=10)
            client.move(match_id, token, "vivo", mine.legal_moves[0], mine.version,
                        request_id=f"r{moves}")
            moves += 1
        time.sleep(0.02)
    for bad in ("forged-token", tokens[0][:-1]):
        with pytest.raises(grpc.RpcError):
            client.view(match_id, bad)
    list(stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, no_follow=True),
                         metadata=auth(tokens[0]), timeout=5))
    stub.GetMatch(pb.GetMatchRequest(match_id=match_id, seat=2), metadata=auth(BOT_TOKEN),
                  timeout=5)
    stub.Resign(pb.ResignRequest(match_id=match_id), metadata=auth(tokens[1]), timeout=5)
    stub.AbandonMatch(pb.AbandonMatchRequest(match_id=match_id), metadata=auth(ADMIN),
                      timeout=5)
    stub.GetReplay(pb.GetReplayRequest(match_id=match_id), timeout=5)
    stub.DeleteMatch(pb.DeleteMatchRequest(match_id=match_id), metadata=auth(ADMIN), timeout=5)
    return list(tokens.values())
