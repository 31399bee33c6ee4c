"""SuggestMove asked from many threads at once, and each seed asked alone."""

from __future__ import annotations

import threading
from typing import Any

from cardroom.shared.proto.cardroom.v1 import bot_pb2 as bpb


def together_and_alone(stub: Any, observation: Any, seeds: int = 8
                       ) -> tuple[dict[int, str], dict[int, str]]:
    """The random policy's action for each seed when all are asked at once, and when each
    is asked on its own afterwards."""
    together: dict[int, str] = {}

    def ask(seed: int) -> None:
        together[seed] = _suggest(stub, observation, seed)

    threads = [threading.Thread(target=ask, args=(s,)) for s in range(seeds)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return together, {s: _suggest(stub, observation, s) for s in range(seeds)}


def _suggest(stub: Any, observation: Any, seed: int) -> str:
    reply = stub.SuggestMove(bpb.SuggestMoveRequest(
        observation=observation, policy="random", seed=seed), timeout=20)
    return str(reply.action)
