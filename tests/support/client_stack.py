"""The whole Cardroom stack on free ports for client and terminal-app tests.

Redis (one database of the session's server), a match-service replica that knows the bot
credential, one real bot worker process, the bot API and the solver, all but the worker
in-process. `Stack.env()` is the environment that points the `cardroom` command at it.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

import redis

from cardroom.services.bot.celery_app import BotSettings
from cardroom.services.bot.server import create_server as create_bot_server
from cardroom.services.match.server import MatchServer
from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server as create_solver_server
from cardroom.shared.client import ClientConfig
from deploy.launch.worker import start_worker
from support.grpc_servers import HOST, local_settings
from support.loops import in_thread
from support.match_client import ADMIN, match_server

BOT_TOKEN = "bot-token-for-client-tests"


@dataclass
class Stack:
    """Where each service of a test stack listens."""

    redis_url: str
    match: MatchServer
    bot_port: int
    solver_port: int

    @property
    def config(self) -> ClientConfig:
        """A client configuration for this stack."""
        return ClientConfig(match_addr=f"{HOST}:{self.match.port}",
                            solver_addr=f"{HOST}:{self.solver_port}",
                            bot_addr=f"{HOST}:{self.bot_port}", timeout=10.0)

    def env(self) -> dict[str, str]:
        """The environment of a `cardroom` process that uses this stack."""
        config = self.config
        keep = {k: v for k, v in os.environ.items()
                if not k.startswith(("TLS_", "CARDROOM_", "NO_COLOR"))}
        return {**keep, "MATCH_ADDR": config.match_addr, "SOLVER_ADDR": config.solver_addr,
                "BOT_ADDR": config.bot_addr}


def fresh_db(server_url: str, db: int) -> str:
    """Database `db` of a Redis server, emptied."""
    url = server_url.rsplit("/", 1)[0] + f"/{db}"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


@contextmanager
def running_stack(redis_url: str, *, worker: bool = True) -> Iterator[Stack]:
    """Every service of Cardroom on free ports against `redis_url`; stopped on exit."""
    with ExitStack() as stack:
        match = stack.enter_context(match_server(redis_url, bot_token=BOT_TOKEN,
                                                 timer_interval_s=0.05))
        solver, solver_port = in_thread(
            create_solver_server, SolverConfig(rpc=local_settings("solver"), max_seconds=5.0),
            host=HOST)
        solver.start()
        stack.callback(solver.stop, None)
        common = local_settings("bot", redis_url=redis_url, celery_broker_url=redis_url,
                                match_addr=f"{HOST}:{match.port}", admin_token=ADMIN)
        settings = dataclasses.replace(BotSettings(common=common), bot_token=BOT_TOKEN)
        bots, bot_port = in_thread(create_bot_server, settings, host=HOST)
        bots.start()
        stack.callback(bots.stop, None)
        if worker:
            process = start_worker({"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url,
                                    "BOT_TOKEN": BOT_TOKEN,
                                    "MATCH_ADDR": f"{HOST}:{match.port}"}, concurrency=1)
            stack.callback(process.stop)
        yield Stack(redis_url, match, bot_port, solver_port)
