"""Run docker-compose.yml's services as plain local processes: compose without Docker.

Each service runs its own `command`, `environment` and `healthcheck` from the compose file,
with every `<service>:<port>` and listening port mapped to 127.0.0.1 and a free port, and
volumes mapped to local folders. What Docker's images would supply comes from this machine:

| image | local program |
|---|---|
| the Cardroom image (`build: .`) | this Python (`celery` beside it), the Dockerfile's ENV |
| redis | `redis-server` (data in a temporary folder) |
| oliver006/redis_exporter | `prometheus-redis-exporter` (Debian's package) |
| prom/prometheus | `prometheus` (Debian's package), the config's targets rewritten |
| mher/flower | `celery ... flower`, when flower is installed |

Services whose program is missing (always Grafana) are left out and listed in
`LocalStack.skipped`. The deploy tests run the stack this way, so the compose file cannot
drift from what works:

    python -m deploy.launch.compose     # the stack in the foreground; Ctrl-C stops it
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from deploy.launch.ports import free_port
from deploy.launch.process import ROOT

COMPOSE_FILE = ROOT / "docker-compose.yml"
LOOPBACK = "127.0.0.1"
#: Ports the third-party images listen on by default.
IMAGE_PORTS = {"redis": 6379, "oliver006/redis_exporter": 9121, "prom/prometheus": 9090,
               "grafana/grafana": 3000}
_VARIABLE = re.compile(r"\$(?:(\$)|\{([A-Za-z_]\w*)(?:(:?[-?])((?:[^{}]|\{[^{}]*\})*))?\}"
                       r"|([A-Za-z_]\w*))")


class ComposeError(Exception):
    """The compose file cannot be run as written (a missing variable, an unknown host...)."""


def interpolate(value: Any, env: Mapping[str, str]) -> Any:
    """`value` with ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $VAR and $$
    substituted as compose does, through nested lists and mappings."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def substitute(match: re.Match[str]) -> str:
        escaped, name, op, arg, bare = match.groups()
        if escaped:
            return "$"
        name = name or bare
        present = name in env
        empty = present and env[name] == ""
        if op in (":-", "-"):
            unset = not present or (op == ":-" and empty)
            return str(interpolate(arg, env)) if unset else env[name]
        if op in (":?", "?"):
            if not present or (op == ":?" and empty):
                raise ComposeError(f"{name}: {arg or 'must be set'}")
            return env[name]
        return env.get(name, "")

    return _VARIABLE.sub(substitute, value)


def load(path: Path = COMPOSE_FILE, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The compose file with its variables substituted from `env` (default os.environ)."""
    raw = yaml.safe_load(path.read_text())
    return dict(interpolate(raw, os.environ if env is None else env))


def image_kind(service: Mapping[str, Any]) -> str:
    """Which image a service runs: "cardroom" (built here), or the image name sans tag."""
    if "build" in service:
        return "cardroom"
    return str(service["image"]).rsplit(":", 1)[0]


def dockerfile_env(dockerfile: Path = ROOT / "Dockerfile") -> dict[str, str]:
    """The ENV settings of the Dockerfile's last stage (what every container starts with)."""
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    env: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("FROM "):
            env = {}
        elif line.startswith("ENV "):
            for key, value in re.findall(r"(\w+)=(\S+)", line[4:]):
                env[key] = value
    env.pop("PATH", None)  # the image's venv: here, this Python's own
    return env


def listening_ports(service: Mapping[str, Any]) -> list[int]:
    """The container ports a service listens on."""
    kind = image_kind(service)
    if kind == "cardroom":
        env = service.get("environment", {})
        return [int(env[name]) for name in ("GRPC_PORT", "METRICS_PORT") if name in env]
    if kind == "mher/flower":
        return [int(a.split("=", 1)[1]) for a in service["command"] if a.startswith("--port=")]
    return [IMAGE_PORTS[kind]] if kind in IMAGE_PORTS else []


@dataclass
class PortMap:
    """Where each (service, container port) listens on this machine."""

    ports: dict[tuple[str, int], int] = field(default_factory=dict)

    def local(self, service: str, port: int) -> int:
        """The local port of `service`'s container port `port`."""
        if (service, port) not in self.ports:
            raise ComposeError(f"nothing in the compose file listens on {service}:{port}")
        return self.ports[(service, port)]

    def address(self, service: str, port: int) -> str:
        """`127.0.0.1:<local port>` for `service:port`."""
        return f"{LOOPBACK}:{self.local(service, port)}"

    def rewrite(self, text: str, this: str) -> str:
        """`text` with every `<service>:<port>` (and this service's `localhost:<port>` or
        `:<port>`) turned into its local address."""
        names = sorted({s for s, _ in self.ports} | {"localhost"}, key=len, reverse=True)
        pattern = re.compile(rf"(?<![\w.-])({'|'.join(map(re.escape, names))})?:(\d+)\b")

        def local(match: re.Match[str]) -> str:
            host, port = match.group(1), int(match.group(2))
            if host is None and (this, port) not in self.ports:
                return match.group(0)
            return self.address(this if host in (None, "localhost") else host, port)

        return pattern.sub(local, text)


def prometheus_config(config: Mapping[str, Any], ports: PortMap, scrape_interval: str | None
                      ) -> dict[str, Any]:
    """The compose Prometheus config with its targets on this machine's ports."""
    result = dict(config)
    if scrape_interval:
        result["global"] = {**config.get("global", {}), "scrape_interval": scrape_interval,
                            "evaluation_interval": scrape_interval}
    jobs = []
    for job in config["scrape_configs"]:
        job = dict(job)
        targets = [f"{name}:{sd['port']}" for sd in job.pop("dns_sd_configs", [])
                   for name in sd["names"]]
        targets += [t for static in job.pop("static_configs", []) for t in static["targets"]]
        job["static_configs"] = [{"targets": [ports.rewrite(t, "prometheus") for t in targets]}]
        jobs.append(job)
    result["scrape_configs"] = jobs
    return result


@dataclass
class Process:
    """One running service."""

    name: str
    popen: subprocess.Popen[bytes]
    log: Path
    argv: list[str]
    env: dict[str, str]

    def stop(self, timeout: float = 20.0) -> int:
        """SIGTERM its process group (a worker's pool too); SIGKILL past `timeout`."""
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait()
        return int(self.popen.returncode)


@dataclass
class LocalStack:
    """The services started from a compose file, their ports and their logs."""

    compose: dict[str, Any]
    ports: PortMap
    folder: Path
    env: dict[str, str]
    processes: dict[str, Process] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    scrape_interval: str | None = None

    def service(self, name: str) -> dict[str, Any]:
        """The compose definition of a service."""
        return dict(self.compose["services"][name])

    def argv(self, name: str) -> tuple[list[str], dict[str, str]] | None:
        """The local command line and environment of service `name` (None: no program)."""
        service = self.service(name)
        kind = image_kind(service)
        env = {**self.env, **(dockerfile_env() if kind == "cardroom" else {}),
               **{k: self._local_value(name, k, str(v))
                  for k, v in (service.get("environment") or {}).items()}}
        command = [self.ports.rewrite(str(a), name) for a in service.get("command", [])]
        if kind == "mher/flower":
            if importlib.util.find_spec("flower") is None:
                return None
            command = [f"--port={self.ports.local(name, int(a[len('--port='):]))}"
                       if a.startswith("--port=") else a for a in command]
            command.append(f"--address={LOOPBACK}")
        if kind in ("cardroom", "mher/flower"):
            return [_python_program(command[0]), *command[1:]], env
        data = self.folder / name
        data.mkdir(exist_ok=True)
        if kind == "redis":
            port = str(self.ports.local(name, IMAGE_PORTS[kind]))
            program = shutil.which(command[0])
            extra = ["--port", port, "--bind", LOOPBACK, "--dir", str(data)]
            return ([program, *command[1:], *extra], env) if program else None
        if kind == "oliver006/redis_exporter":
            program = shutil.which("prometheus-redis-exporter")
            listen = f"--web.listen-address={self.ports.address(name, IMAGE_PORTS[kind])}"
            return ([program, *command, listen], env) if program else None
        if kind == "prom/prometheus":
            program = shutil.which("prometheus")
            return ([program, *self._prometheus_args(name, command, data)], env) \
                if program else None
        return None

    def _local_value(self, name: str, key: str, value: str) -> str:
        """An environment value (or port flag) of service `name` as it must read here."""
        if key.endswith("PORT") and value.isdigit() and (name, int(value)) in self.ports.ports:
            return str(self.ports.local(name, int(value)))
        if value.startswith("/tmp/"):
            # A container's /tmp is its own: give each service a private one here too.
            private = self.folder / name / "tmp"
            private.mkdir(parents=True, exist_ok=True)
            return str(private / value[len("/tmp/"):])
        return self.ports.rewrite(value, name)

    def _prometheus_args(self, name: str, command: list[str], data: Path) -> list[str]:
        mounts = self._mounts(name, data)
        config_dir = mounts["/etc/prometheus"]
        config = yaml.safe_load((config_dir / "prometheus.yml").read_text())
        rewritten = prometheus_config(config, self.ports, self.scrape_interval)
        (config_dir / "prometheus.yml").write_text(yaml.safe_dump(rewritten, sort_keys=False))
        args = []
        for arg in command:
            for inside, outside in mounts.items():
                arg = arg.replace(f"={inside}", f"={outside}")
            args.append(arg)
        return args

    def _mounts(self, name: str, data: Path) -> dict[str, Path]:
        """Container path -> local folder: bind mounts copied (so rewrites stay local)."""
        mounts = {}
        for volume in self.service(name).get("volumes", []):
            source, target = str(volume).split(":")[:2]
            if source.startswith("."):
                local = data / target.strip("/").replace("/", "-")
                shutil.copytree(ROOT / source, local, dirs_exist_ok=True)
            else:
                local = data / source
                local.mkdir(exist_ok=True)
            mounts[target] = local
        return mounts

    def healthcheck(self, name: str) -> list[str] | None:
        """The local command line of a service's healthcheck (None: it has none)."""
        test = self.service(name).get("healthcheck", {}).get("test")
        if not test:
            return None
        if test[0] != "CMD":
            raise ComposeError(f"{name}: healthcheck must be an exec form ['CMD', ...]")
        argv = [self.ports.rewrite(str(a), name) for a in test[1:]]
        if argv[0] == "python":
            argv[0] = sys.executable
        if argv[0] == "redis-cli":
            argv[1:1] = ["-p", str(self.ports.local(name, IMAGE_PORTS["redis"]))]
        return argv

    def healthy(self, name: str) -> bool:
        """True when the service's healthcheck passes (or it has none and is running)."""
        argv = self.healthcheck(name)
        if argv is None:
            return self.processes[name].popen.poll() is None
        result = subprocess.run(argv, env=self.processes[name].env, capture_output=True,
                                timeout=30)
        return result.returncode == 0

    def start(self, names: Iterable[str] | None = None, timeout: float = 60.0) -> None:
        """Start `names` (default: every service outside a profile) after what they depend
        on, waiting for `service_healthy` conditions as compose does."""
        for name in start_order(self.compose, names):
            for dependency, condition in depends_on(self.service(name)).items():
                if condition.get("condition") == "service_healthy":
                    self.wait_healthy(dependency, timeout)
            found = self.argv(name)
            if found is None:
                self.skipped[name] = f"no local program for {image_kind(self.service(name))}"
                continue
            argv, env = found
            log = self.folder / f"{name}.log"
            with log.open("wb") as sink:
                popen = subprocess.Popen(argv, env=env, cwd=self.folder, stdout=sink,
                                         stderr=subprocess.STDOUT, start_new_session=True)
            self.processes[name] = Process(name, popen, log, argv, env)

    def wait_healthy(self, name: str, timeout: float = 60.0) -> None:
        """Block until the service's healthcheck passes; ComposeError past `timeout`."""
        if name in self.skipped:
            raise ComposeError(f"{name} is needed but was not started: {self.skipped[name]}")
        deadline = time.monotonic() + timeout
        while not self.healthy(name):
            process = self.processes[name]
            if process.popen.poll() is not None or time.monotonic() > deadline:
                raise ComposeError(f"{name} did not become healthy; log:\n"
                                   f"{process.log.read_text()[-4000:]}")
            time.sleep(0.2)

    def stop(self) -> dict[str, int]:
        """Stop every service, newest first; their exit codes."""
        return {name: self.processes[name].stop() for name in reversed(list(self.processes))}


def depends_on(service: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A service's dependencies, in the long form {name: {condition: ...}}."""
    found = service.get("depends_on") or {}
    if isinstance(found, list):
        return {name: {"condition": "service_started"} for name in found}
    return dict(found)


def start_order(compose: Mapping[str, Any], names: Iterable[str] | None = None) -> list[str]:
    """Services to start (default: those outside profiles), dependencies first."""
    services = compose["services"]
    wanted = list(names) if names is not None else [
        n for n, s in services.items() if not s.get("profiles")]
    order: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise ComposeError(f"dependency cycle: {' -> '.join((*path, name))}")
        if name in order:
            return
        for dependency in depends_on(services[name]):
            visit(dependency, (*path, name))
        order.append(name)

    for name in wanted:
        visit(name, ())
    return order


def local_stack(env: Mapping[str, str], folder: Path, path: Path = COMPOSE_FILE,
                scrape_interval: str | None = None) -> LocalStack:
    """A stack ready to start: the compose file read with `env`, a free port for each
    listening port of each service, the processes' own environment based on `env`."""
    compose = load(path, env)
    ports = PortMap({(name, port): free_port() for name, service in compose["services"].items()
                     for port in listening_ports(service)})
    base = {k: v for k, v in env.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")}
    return LocalStack(compose, ports, folder, base, scrape_interval=scrape_interval)


def _python_program(name: str) -> str:
    """`python` is this interpreter; other programs (celery) sit beside it."""
    if name == "python":
        return sys.executable
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else (shutil.which(name) or name)


def main() -> int:
    """Run the stack in the foreground, print where each service listens, stop on Ctrl-C."""
    env = {"ADMIN_TOKEN": "local-admin", "BOT_TOKEN": "local-bot",
           "GRAFANA_ADMIN_PASSWORD": "unused", **os.environ}
    with tempfile.TemporaryDirectory(prefix="cardroom-compose-") as folder:
        stack = local_stack(env, Path(folder))
        try:
            stack.start()
            for name in stack.processes:
                if stack.healthcheck(name):
                    stack.wait_healthy(name)
            for (name, port), local in sorted(stack.ports.ports.items()):
                if name in stack.processes:
                    print(f"{name}:{port} -> {LOOPBACK}:{local}", flush=True)
            for name, why in stack.skipped.items():
                print(f"{name}: not started ({why})", flush=True)
            while all(p.popen.poll() is None for p in stack.processes.values()):
                time.sleep(0.5)
            return 1
        except KeyboardInterrupt:
            return 0
        finally:
            stack.stop()


if __name__ == "__main__":
    sys.exit(main())
