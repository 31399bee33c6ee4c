"""`make run`'s launcher as a real subprocess: it starts Redis and the services, a move goes
through, and Ctrl-C stops everything it started."""

from __future__ import annotations

from support.grpc_servers import channel_to
from support.launcher import launched
from support.match_client import GAME_ENUM, Client

from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb


def test_make_run_launcher_serves_a_move_and_stops_on_ctrl_c() -> None:
    with launched() as run:
        run.wait_for("  match:", timeout=60)
        with channel_to(run.ports["match"]) as channel:
            client = Client(channel)
            created = client.stub.CreateMatch(pb.CreateMatchRequest(
                game=GAME_ENUM["vivo"], players=3, seed=1), timeout=10)
            token = created.tokens[0].token
            view = client.view(created.match_id, token)
            moved = client.move(created.match_id, token, "vivo", view.legal_moves[0], 1)
            assert moved.version == 2
    assert run.exit_code == 0, run.output
    assert f"localhost:{run.ports['match']}" in run.output
    assert f"redis://127.0.0.1:{run.ports['redis']}" in run.output
