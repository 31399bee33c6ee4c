"""`python -m cardroom.services.healthprobe`: exit 0 when the Cardroom process beside it is healthy.

The container healthcheck of every image (Docker HEALTHCHECK, compose `healthcheck`), run
inside the container with the process's own environment, so it needs no arguments:

    python -m cardroom.services.healthprobe              # grpc.health.v1 Check of "" on GRPC_PORT
    python -m cardroom.services.healthprobe --service cardroom.v1.MatchService
    python -m cardroom.services.healthprobe --metrics    # GET /metrics on METRICS_PORT answers 200
    python -m cardroom.services.healthprobe --web        # GET /healthz on WEB_PORT answers 200

`--metrics` is for bot workers, which serve no gRPC; `--web` for the web process. With
TLS_CERT_FILE set the probe speaks TLS, trusting TLS_CA_FILE (or the server's own
certificate) and presenting the server's key pair as its client certificate when
TLS_CA_FILE asks for one. Exit status: 0 healthy,
1 unhealthy or unreachable, 2 bad arguments. Kubernetes uses its native gRPC probes instead.
"""

from __future__ import annotations

import argparse
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from cardroom.shared.rpc.settings import text
from cardroom.shared.wire.addresses import DEFAULT_PORTS, WEB_PORT

HEALTHY, UNHEALTHY, USAGE = 0, 1, 2


def grpc_check(target: str, service: str = "", timeout: float = 3.0,
               credentials: grpc.ChannelCredentials | None = None,
               tls_name: str | None = None) -> str | None:
    """None when `service` at `target` reports SERVING; otherwise why not."""
    options = [("grpc.ssl_target_name_override", tls_name)] if tls_name else []
    if credentials is None:
        channel = grpc.insecure_channel(target, options=options)
    else:
        channel = grpc.secure_channel(target, credentials, options=options)
    with channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)  # the stubs package omits its methods
        try:
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
        except grpc.RpcError as err:
            return f"{target}: {err.code().name} {err.details() or ''}".rstrip()
    if reply.status != health_pb2.HealthCheckResponse.SERVING:
        status = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
        return f"{target}: {service or 'server'} is {status}"
    return None


def metrics_check(url: str, timeout: float = 3.0) -> str | None:
    """None when `url` answers 200 (Prometheus text, or the web process's /healthz);
    otherwise why not."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            if response.status != 200:
                return f"{url}: HTTP {response.status}"
            response.read()
    except (urllib.error.URLError, OSError) as err:
        return f"{url}: {err}"
    return None


def tls_credentials(env: Mapping[str, str]) -> grpc.ChannelCredentials | None:
    """Client credentials matching the server's TLS settings in `env` (None: plaintext)."""
    cert_file = env.get("TLS_CERT_FILE", "").strip()
    key_file = env.get("TLS_KEY_FILE", "").strip()
    if not cert_file:
        return None
    ca_file = env.get("TLS_CA_FILE", "").strip()
    cert = Path(cert_file).read_bytes()
    if not ca_file:
        return grpc.ssl_channel_credentials(root_certificates=cert)
    # The server checks client certificates against the CA: present its own pair.
    key = Path(key_file).read_bytes() if key_file else None
    return grpc.ssl_channel_credentials(Path(ca_file).read_bytes(), key, cert)


def parse_args(argv: Sequence[str] | None, env: Mapping[str, str]) -> argparse.Namespace:
    """Flags; the defaults come from the process environment (GRPC_PORT, METRICS_PORT)."""
    parser = argparse.ArgumentParser(prog="python -m cardroom.services.healthprobe",
                                     description=__doc__.splitlines()[0])
    grpc_port = text(env, "GRPC_PORT") or DEFAULT_PORTS["match"][0]
    metrics_port = text(env, "METRICS_PORT") or DEFAULT_PORTS["worker"][1]
    parser.add_argument("--addr", default=f"localhost:{grpc_port}",
                        help="gRPC host:port (default localhost:$GRPC_PORT)")
    parser.add_argument("--service", default="", help='health service name ("" = the server)')
    parser.add_argument("--metrics", action="store_true",
                        help="check the /metrics endpoint instead of gRPC health")
    parser.add_argument("--metrics-addr", default=f"localhost:{metrics_port}",
                        help="host:port of /metrics (default localhost:$METRICS_PORT)")
    parser.add_argument("--web", action="store_true",
                        help="check the web process's /healthz on WEB_PORT instead")
    parser.add_argument("--tls-name", default="localhost",
                        help="name the server certificate must carry, when TLS is on")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to wait")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Probe once; print the reason and return 1 when unhealthy."""
    env = os.environ if env is None else env
    args = parse_args(argv, env)
    if args.web:
        scheme = "https" if text(env, "TLS_CERT_FILE") else "http"
        port = text(env, "WEB_PORT") or WEB_PORT
        problem = metrics_check(f"{scheme}://localhost:{port}/healthz", args.timeout)
    elif args.metrics:
        problem = metrics_check(f"http://{args.metrics_addr}/metrics", args.timeout)
    else:
        try:
            credentials = tls_credentials(env)
        except OSError as err:
            print(f"healthprobe: cannot read TLS files: {err}", file=sys.stderr)
            return USAGE
        problem = grpc_check(args.addr, args.service, args.timeout, credentials,
                             args.tls_name if credentials is not None else None)
    if problem is not None:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return UNHEALTHY
    return HEALTHY


if __name__ == "__main__":
    sys.exit(main())
