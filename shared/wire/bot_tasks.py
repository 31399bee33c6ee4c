"""The contract between the match service and the bot workers: task names, queues, the
take_turn task's arguments, and the request id a bot's move carries (docs/match.md).

The match service never runs a bot itself: when a bot must act it sends TAKE_TURN by name
to the queue of the policy's cost class (search policies apart, so they cannot starve quick
bots). The worker loads the seat's view with the bot credential (BOT_TOKEN) and submits its
move with ``expected_version=version`` and a request id derived from the match, version and
seat with an HMAC keyed by BOT_TOKEN (bot_request_id), so a task for a version that has
moved on (or a task delivered twice) changes nothing, and nobody without the credential can
guess the id.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from cardroom.shared.bots import list_policies
from cardroom.shared.bots.base import SEARCH

#: Play a bot seat's move (sent by the match service, by name).
TAKE_TURN = "cardroom.bots.take_turn"
#: Send a Mix Match claim once the policy's think time has passed (the workers' own).
SUBMIT_CLAIM = "cardroom.bots.submit_claim"
#: A policy's suggestion for BotService.SuggestMove (sent by the bot API to the workers).
SUGGEST = "cardroom.bots.suggest"
#: Every task the workers register.
TASKS = (TAKE_TURN, SUBMIT_CLAIM, SUGGEST)

#: The queue the tasks of fast policies go to (one Redis list, or one RabbitMQ queue).
DEFAULT_QUEUE = "cardroom.bots"
#: The queue the tasks of search policies go to.
SEARCH_QUEUE = "cardroom.bots.search"
#: Both, in the order a worker that serves all bots consumes them.
QUEUES = (DEFAULT_QUEUE, SEARCH_QUEUE)


@dataclass(frozen=True, slots=True)
class TakeTurn:
    """One TAKE_TURN task: play `seat` of match `match_id` at `version` with `policy` ("":
    the seat's own policy, or the worker's default for a human seat whose clock ran out)."""

    match_id: str
    seat: int
    version: int
    policy: str = ""

    @property
    def args(self) -> list[Any]:
        """The task's positional arguments."""
        return [self.match_id, self.seat, self.version]

    @property
    def kwargs(self) -> dict[str, Any]:
        """The task's keyword arguments."""
        return {"policy": self.policy}

    @property
    def task_id(self) -> str:
        """The task's id: one per seat and version, so a repeated send is the same task."""
        return f"{self.match_id}-{self.seat}-{self.version}"


def is_search(game: str, policy: str) -> bool:
    """Whether `policy` of `game` is a search policy (False for one not installed here)."""
    return any(info.name == policy and info.cost == SEARCH
               for info in list_policies(game or None))


def queue_for(game: str, policy: str, queue: str = DEFAULT_QUEUE,
              search_queue: str = SEARCH_QUEUE) -> str:
    """The queue of a policy's tasks: `search_queue` for a search policy, else `queue`."""
    return search_queue if is_search(game, policy) else queue


def bot_request_id(seat: int, version: int, match_id: str = "", secret: str = "") -> str:
    """The request id a bot worker uses, so a repeated task is a no-op; with the bot
    credential as `secret` it cannot be guessed by anyone who lacks that credential."""
    if not secret:
        return f"bot-{version}-{seat}"
    mac = hmac.new(secret.encode(), f"{match_id}|{version}|{seat}".encode(), hashlib.sha256)
    return f"bot-{mac.hexdigest()[:32]}"
