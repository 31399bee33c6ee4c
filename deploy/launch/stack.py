"""Redis, match-service replicas and bot workers, all real processes on loopback: the
stack of the load run (bench.load) and of the tests that play through every process.

    stack = Stack(replicas=2, workers=2).start()
    ...stack.matches[0].address, stack.client(), stack.cpu()...
    stack.stop()
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import redis

from deploy.launch.process import ServiceProcess, cpu_seconds
from deploy.launch.redis import RedisProcess
from deploy.launch.worker import WorkerProcess, start_worker


@dataclass
class Stack:
    """Redis (its own, durable per `durability`), `replicas` match services and `workers`
    bot workers of `concurrency` pool processes, each worker calling one replica in turn."""

    replicas: int = 1
    workers: int = 1
    concurrency: int = 1
    durability: str = "everysec"
    env: dict[str, str] = field(default_factory=dict)
    store: RedisProcess | None = None
    matches: list[ServiceProcess] = field(default_factory=list)
    bots: list[WorkerProcess] = field(default_factory=list)
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="cardroom-")))
    admin_token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    bot_token: str = field(default_factory=lambda: secrets.token_urlsafe(32))

    def start(self) -> Stack:
        """Start Redis, then the replicas, then the workers (one replica each, in turn)."""
        self.store = RedisProcess(appendonly=self.durability != "off",
                                  appendfsync="always" if self.durability == "always"
                                  else "everysec")
        self.store.start()
        self.env = {"REDIS_URL": self.store.url, "CELERY_BROKER_URL": self.store.url,
                    "ADMIN_TOKEN": self.admin_token, "BOT_TOKEN": self.bot_token,
                    "LOG_LEVEL": "WARNING", "MATCH_DURABILITY": self.durability,
                    "MATCH_TIMER_INTERVAL": "0.05", "MATCH_HEALTH_INTERVAL": "0.2",
                    # The load's Mix Match hourglass is shorter than a real one.
                    "MATCH_MIN_TIMER": "0.1", **self.env}
        for i in range(self.replicas):
            replica = ServiceProcess("cardroom.services.match", self.env,
                                     log_path=self.folder / f"match{i}.log")
            replica.start()
            self.matches.append(replica)
        for i in range(self.workers):
            self.add_worker(i)
        return self

    def add_worker(self, i: int | None = None) -> WorkerProcess:
        """One more worker on both bot queues, calling replica `i` (modulo their number)."""
        i = len(self.bots) if i is None else i
        # INFO at least: start_worker knows the worker is ready from its metrics-port line.
        env = {**self.env, "MATCH_ADDR": self.matches[i % len(self.matches)].address,
               "BOT_RPC_TIMEOUT": "10", "LOG_LEVEL": "INFO"}
        worker = start_worker(env, concurrency=self.concurrency,
                              hostname=f"load{i}-{secrets.token_hex(3)}@%h")
        self.bots.append(worker)
        return worker

    def stop(self) -> None:
        """Stop the workers, the replicas, then Redis; remove the logs."""
        for worker in self.bots:
            worker.stop()
        for replica in self.matches:
            replica.stop()
        if self.store is not None:
            self.store.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def cpu(self) -> dict[str, float]:
        """CPU seconds used so far by Redis, the replicas and the workers (pool included)."""
        assert self.store is not None and self.store.popen is not None
        workers = sum(cpu_seconds(group=w.popen.pid) for w in self.bots)
        replicas = cpu_seconds({r.popen.pid for r in self.matches if r.popen is not None})
        return {"redis": cpu_seconds({self.store.popen.pid}), "match": replicas,
                "workers": workers, "load": cpu_seconds({os.getpid()})}

    def client(self) -> redis.Redis:
        """A Redis client of the stack's database (str replies)."""
        assert self.store is not None
        return self.store.client()
