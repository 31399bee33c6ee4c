"""A proto-level driver of cardroom.v1.MatchService for the API's own tests (they assert on
the messages themselves; programs use the client library, cardroom.shared.client), and
helpers to serve replicas on free ports."""

from __future__ import annotations

import base64
import dataclasses
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
import redis

from cardroom.services.match.bots import CeleryQueue
from cardroom.services.match.server import MatchServer, create_server
from cardroom.services.match.settings import MatchSettings
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import match_pb2_grpc
from cardroom.shared.wire import typed
from cardroom.shared.wire.enums import GAMES
from cardroom.shared.wire.tokens import bearer as auth
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread
from support.match_play import choose_move

ADMIN = "admin-token-for-tests"
#: The Game number of each game name (the wire table's own mapping).
GAME_ENUM = GAMES.numbers


def match_settings(redis_url: str, broker_url: str | None = None, **changes: Any
                   ) -> MatchSettings:
    """Match settings on free ports against `redis_url` (bot tasks on `broker_url`, by
    default the same Redis), with the test admin token."""
    common = local_settings("match", redis_url=redis_url,
                            celery_broker_url=broker_url or redis_url, admin_token=ADMIN)
    return dataclasses.replace(MatchSettings(common=common), **changes)


@contextmanager
def match_server(redis_url: str, broker_url: str | None = None, **changes: Any
                 ) -> Iterator[MatchServer]:
    """A started match-service replica (real Celery queue on `broker_url`, by default the
    same Redis); stopped on exit."""
    settings = match_settings(redis_url, broker_url, **changes)
    server, _ = in_thread(create_server, settings, host=HOST,
                          queue=CeleryQueue(settings.common.celery_broker_url,
                                            settings.bot_queue, settings.bot_search_queue))
    server.start()
    try:
        yield server
    finally:
        server.stop(grace=None)


def typed_move(game: str, action: str) -> dict[str, Any]:
    """SubmitMoveRequest fields for a canonical action, typed per game."""
    if game == "livemix":
        return {"livemix": pb.LivemixMove(card=action)}
    if game == "vivo":
        return {"vivo": pb.VivoMove(card=action)}
    if action.startswith("claim "):
        return {"mixmatch": pb.MixMatchMove(claim=action[len("claim "):])}
    if action.startswith("pick "):
        return {"mixmatch": pb.MixMatchMove(pick=int(action.split()[1]))}
    return {"mixmatch": pb.MixMatchMove(**{action: True})}


def plain_view(view: pb.MatchView) -> dict[str, Any]:
    """A MatchView as the dict choose_move reads."""
    return {"game": GAMES[view.game],
            "seat": view.seat if view.HasField("seat") else None,
            "legal_moves": list(view.legal_moves),
            "observation": observation(view)}


def observation(view: Any) -> dict[str, Any]:
    """The engine observation a MatchView's or TurnFrame's typed seat view carries."""
    found = typed.seat_view_dict(view)
    assert found is not None, "the message carries no seat view"
    return found


def event_data(event: pb.MatchEvent) -> dict[str, Any]:
    """A MatchEvent's typed detail as the event's dict ("type" and "to" included)."""
    return typed.event_dict(event)


def options_request(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """CreateMatchRequest fields for options written as the engine's keys."""
    return {f"{game}_options": typed.options_request(game, options)} if options else {}


def deal_request(game: str, deal: dict[str, Any]) -> dict[str, Any]:
    """CreateMatchRequest fields for an explicit deal in the engine's JSON."""
    return {f"{game}_deal": typed.deal_message(game, deal)}


def mover(view: pb.MatchView) -> int:
    """The one seat to act in a view (a test's assumption: exactly one)."""
    assert len(view.acting_seats) == 1, list(view.acting_seats)
    return int(view.acting_seats[0])


class Client:
    """One caller of one replica; `tokens` by seat."""

    def __init__(self, channel: grpc.Channel) -> None:
        self.stub = match_pb2_grpc.MatchServiceStub(channel)

    def view(self, match_id: str, token: str | None = None) -> pb.MatchView:
        """GetMatch."""
        return self.stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=auth(token),
                                  timeout=10).match

    def move(self, match_id: str, token: str, game: str, action: str,
             version: int | None = None, request_id: str = "") -> pb.SubmitMoveResponse:
        """SubmitMove of a canonical action, sent typed."""
        request = pb.SubmitMoveRequest(match_id=match_id, request_id=request_id,
                                       **typed_move(game, action))
        if version is not None:
            request.expected_version = version
        return self.stub.SubmitMove(request, metadata=auth(token), timeout=10)

    def events(self, match_id: str, token: str | None = None, cursor: int = 0
               ) -> list[pb.MatchEvent]:
        """Every event WatchMatch streams until the match's end."""
        stream = self.stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, cursor=cursor),
                                      metadata=auth(token), timeout=30)
        return [item.event for item in stream]


def play_turn(clients: list[Client], match_id: str, tokens: dict[int, str],
              rng: random.Random, turn: int) -> tuple[pb.MatchView, pb.SubmitMoveResponse] | None:
    """Play one move of the seat to act (alternating replicas); None when the match is over."""
    client = clients[turn % len(clients)]
    public = client.view(match_id)
    if public.status != pb.MATCH_STATUS_ACTIVE:
        return None
    for seat in _candidates(public, rng):
        view = clients[(turn + seat) % len(clients)].view(match_id, tokens[seat])
        if view.may_act:
            game = GAMES[view.game]
            action = choose_move(game, plain_view(view), rng)
            return view, client.move(match_id, tokens[seat], game, action, view.version)
    raise AssertionError("nobody may act in an active match")


def _candidates(public: pb.MatchView, rng: random.Random) -> list[int]:
    seats = list(range(public.players))
    if len(public.acting_seats) == 1:
        return [public.acting_seats[0]]
    rng.shuffle(seats)
    return seats


def queued_tasks(redis_url: str, queue: str) -> list[dict[str, Any]]:
    """The Celery messages waiting on the broker queue: task name and args, oldest first."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        raw = client.lrange(queue, 0, -1)
    finally:
        client.close()
    tasks = []
    for item in reversed(raw):  # kombu LPUSHes, workers pop from the right
        message = json.loads(item)
        args, _kwargs, _embed = json.loads(base64.b64decode(message["body"]))
        tasks.append({"task": message["headers"]["task"], "args": args,
                      "id": message["headers"]["id"]})
    return tasks
