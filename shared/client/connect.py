"""One object for every Cardroom service: `with connect() as room: room.match.create(...)`."""

from __future__ import annotations

from types import TracebackType
from typing import Any

import grpc

from .bot import BotClient
from .config import ClientConfig, open_channel
from .match import MatchClient
from .solver import SolverClient


class Cardroom:
    """Clients of the match, solver and bot services; each channel opens on first use."""

    def __init__(self, config: ClientConfig | None = None, token: str | None = None) -> None:
        self.config = config or ClientConfig.from_env()
        #: The credential match calls use when they name none (the admin token, say).
        self.token = token
        self._channels: dict[str, grpc.Channel] = {}
        self._match: MatchClient | None = None
        self._solver: SolverClient | None = None
        self._bot: BotClient | None = None

    def channel(self, target: str) -> grpc.Channel:
        """The one channel to `target`, opened on first use."""
        if target not in self._channels:
            self._channels[target] = open_channel(target, self.config)
        return self._channels[target]

    @property
    def match(self) -> MatchClient:
        """The match service (config.match_addr)."""
        if self._match is None:
            self._match = MatchClient(self.channel(self.config.match_addr), self.config.timeout,
                                      self.token)
        return self._match

    @property
    def solver(self) -> SolverClient:
        """The solver service (config.solver_addr)."""
        if self._solver is None:
            self._solver = SolverClient(self.channel(self.config.solver_addr),
                                        self.config.timeout)
        return self._solver

    @property
    def bot(self) -> BotClient:
        """The bot service (config.bot_addr)."""
        if self._bot is None:
            self._bot = BotClient(self.channel(self.config.bot_addr), self.config.timeout)
        return self._bot

    def close(self) -> None:
        """Close every channel opened."""
        for channel in self._channels.values():
            channel.close()
        self._channels.clear()
        self._match = self._solver = self._bot = None

    def __enter__(self) -> Cardroom:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def connect(config: ClientConfig | None = None, *, token: str | None = None,
            **overrides: Any) -> Cardroom:
    """Clients of every service: `config`, else the environment's with `overrides`
    (match_addr=..., timeout=..., see ClientConfig)."""
    if config is None:
        config = ClientConfig.from_env(**overrides)
    return Cardroom(config, token)
