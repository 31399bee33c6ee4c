"""`make run`'s launcher as a real subprocess: it starts Redis and the services, a move goes
through, and Ctrl-C stops everything it started."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading

from support.grpc_servers import ROOT, channel_to
from support.match_client import GAME_ENUM, Client
from support.redis_server import free_port

from shared.proto.cardroom.v1 import match_pb2 as pb


def _lines(stream: object, sink: queue.Queue[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        sink.put(line)


def test_make_run_launcher_serves_a_move_and_stops_on_ctrl_c() -> None:
    ports = {name: free_port() for name in ("redis", "match", "match-metrics", "solver",
                                            "solver-metrics")}
    flags = [f"--{name}-port={port}" for name, port in ports.items()]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    process = subprocess.Popen([sys.executable, "-m", "services.stack", *flags], cwd=ROOT,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, lines), daemon=True).start()
    try:
        seen = []
        while not any(line.startswith("  match:") for line in seen):
            seen.append(lines.get(timeout=60))
        with channel_to(ports["match"]) as channel:
            client = Client(channel)
            created = client.stub.CreateMatch(pb.CreateMatchRequest(
                game=GAME_ENUM["vivo"], players=3, seed=1), timeout=10)
            token = created.tokens[0].token
            view = client.view(created.match_id, token)
            moved = client.move(created.match_id, token, "vivo", view.legal_moves[0], 1)
            assert moved.version == 2
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
        assert process.stdout is not None
        process.stdout.close()
    assert code == 0
    output = "".join(seen)
    assert f"localhost:{ports['match']}" in output
    assert f"redis://127.0.0.1:{ports['redis']}" in output
