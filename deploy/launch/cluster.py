"""A throwaway Redis Cluster for the tests and benchmarks: three masters and three replicas,
each a redis-server from the PATH on a free port, joined by `redis-cli --cluster create`.

`url` is the redis+cluster:// URL the match service reads (docs/deploy.md). A short
cluster-node-timeout makes a killed master's replica take over within a few seconds.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from deploy.launch.ports import free_port

#: Milliseconds before the cluster deems a silent master failed (and promotes its replica).
NODE_TIMEOUT_MS = 1000
#: A node's cluster bus listens this far above its port.
BUS_OFFSET = 10000


@dataclass
class Node:
    """One redis-server of the cluster."""

    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        """host:port of the node."""
        return f"127.0.0.1:{self.port}"

    def client(self) -> redis.Redis:
        """A client of this node alone (decoded replies)."""
        return redis.Redis(host="127.0.0.1", port=self.port, decode_responses=True,
                           socket_timeout=2)


@dataclass
class RedisClusterServers:
    """Six redis-server processes in cluster mode; see the module docstring."""

    appendfsync: str = "everysec"
    nodes: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        for tool in ("redis-server", "redis-cli"):
            if shutil.which(tool) is None:
                raise RuntimeError(f"{tool} is not on the PATH; install redis-server and "
                                   "redis-tools")
        self._dir = tempfile.TemporaryDirectory(prefix="cardroom-cluster-")

    @property
    def url(self) -> str:
        """Seed nodes, as the match service reads them."""
        return "redis+cluster://" + ",".join(n.address for n in self.nodes[:3])

    def start(self, timeout: float = 30.0) -> RedisClusterServers:
        """Start six nodes, join them (one replica per master), wait until all agree."""
        ports: list[int] = []
        while len(ports) < 6:  # each with its cluster bus port (10000 above) free too
            port = free_port(also=(BUS_OFFSET,))
            if port not in ports:
                ports.append(port)
        for i, port in enumerate(ports):
            folder = Path(self._dir.name) / str(i)
            folder.mkdir()
            node = Node(port, folder)
            self._launch(node)
            self.nodes.append(node)
        for node in self.nodes:
            _wait_ping(node, timeout)
        subprocess.run(
            ["redis-cli", "--cluster", "create", *(n.address for n in self.nodes),
             "--cluster-replicas", "1", "--cluster-yes"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        self.wait_healthy(timeout)
        return self

    def _launch(self, node: Node) -> None:
        node.process = subprocess.Popen(
            ["redis-server", "--port", str(node.port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
             "--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--save", "",
             "--appendonly", "yes", "--appendfsync", self.appendfsync,
             "--dir", str(node.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def client(self) -> RedisCluster:
        """A synchronous cluster client with decoded replies."""
        first = self.nodes[0]
        return RedisCluster(host="127.0.0.1", port=first.port, decode_responses=True)

    def masters(self) -> list[Node]:
        """The nodes serving slots now (whatever failed over since the start)."""
        return [n for n in self.live() if _role(n) == "master"]

    def live(self) -> list[Node]:
        """The nodes whose process runs."""
        return [n for n in self.nodes if n.process is not None and n.process.poll() is None]

    def master_of(self, key: str) -> Node:
        """The node that holds `key`'s slot now."""
        for node in self.live():
            with node.client() as client:
                slot = int(client.execute_command("CLUSTER", "KEYSLOT", key))
                for start, end, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
                    if start <= slot <= end:
                        port = int(master[1])
                        return next(n for n in self.nodes if n.port == port)
        raise RuntimeError("no live node answers")

    def kill(self, node: Node) -> None:
        """SIGKILL one node (no shutdown, no final fsync)."""
        assert node.process is not None
        node.process.kill()
        node.process.wait()
        node.process = None

    def restart(self, node: Node, timeout: float = 30.0) -> None:
        """Start a killed node again with its data; it rejoins (as a replica if it was
        replaced)."""
        self._launch(node)
        _wait_ping(node, timeout)
        self.wait_healthy(timeout)

    def wait_healthy(self, timeout: float = 30.0, replicas: bool = True) -> None:
        """Until every live node reports the cluster ok with all slots served by three
        masters and (if `replicas`) each master has an online replica."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                masters = self.masters()
                if (all(_healthy(n) for n in self.live()) and len(masters) == 3
                        and (not replicas or all(_replicated(m) for m in masters))):
                    return
            except redis.RedisError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not become healthy")
            time.sleep(0.1)

    def flush(self) -> None:
        """Empty every master."""
        for node in self.masters():
            with node.client() as client:
                client.flushall()

    def stop(self) -> None:
        """Kill every node and remove their data."""
        for node in self.nodes:
            if node.process is not None:
                node.process.kill()
                node.process.wait()
                node.process = None
        self._dir.cleanup()


def _wait_ping(node: Node, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with node.client() as client:
                client.ping()
            return
        except redis.ConnectionError:
            assert node.process is not None
            if node.process.poll() is not None:
                raise RuntimeError(f"redis-server on {node.port} exited") from None
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on {node.port} did not start") from None
            time.sleep(0.02)


def _role(node: Node) -> str:
    with node.client() as client:
        return str(client.execute_command("ROLE")[0])


def _replicated(master: Node) -> bool:
    """Whether a master has a replica connected and in sync."""
    with master.client() as client:
        info = client.info("replication")
    return any(isinstance(v, dict) and v.get("state") == "online" for k, v in info.items()
               if k.startswith("slave"))


def _healthy(node: Node) -> bool:
    with node.client() as client:
        info = client.execute_command("CLUSTER", "INFO")
    text = info if isinstance(info, str) else info.decode()
    return "cluster_state:ok" in text and "cluster_slots_ok:16384" in text
