"""The services over TLS, by configuration only (TLS_CERT_FILE, TLS_KEY_FILE, TLS_CA_FILE),
with a throw-away certificate authority made here with the openssl command.

Mutual TLS: the match service, the solver and the bot API require client certificates of
the CA; a bot worker and the bot API present theirs when they call the match service, and
a bot match is played to its end and a suggestion made through them. A plaintext client, a
client without a certificate, one with a certificate of another CA, and one that does not
trust the servers' CA are all refused. Server-only TLS: a worker that only trusts the CA
plays for a match service that asks no client certificate.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from support.redis_server import RedisServer

from cardroom.shared.proto.cardroom.v1 import (
    bot_pb2,
    bot_pb2_grpc,
    common_pb2,
    match_pb2_grpc,
    solver_pb2,
    solver_pb2_grpc,
)
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb
from cardroom.shared.wire.tokens import bearer
from deploy.launch.process import ServiceProcess, start_service
from deploy.launch.worker import start_worker

BOT_TOKEN = "bot-token-for-tls-tests"
Code = grpc.StatusCode


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


@dataclass(frozen=True)
class Pem:
    """A key and its certificate, as file paths."""

    key: Path
    cert: Path

    def read(self) -> tuple[bytes, bytes]:
        """(key, certificate) bytes."""
        return self.key.read_bytes(), self.cert.read_bytes()


def authority(folder: Path, name: str) -> Pem:
    """A new self-signed CA."""
    pem = Pem(folder / f"{name}.key", folder / f"{name}.pem")
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-keyout", str(pem.key), "-out", str(pem.cert), "-days", "1",
             "-subj", f"/CN={name}", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    return pem


def issue(folder: Path, ca: Pem, name: str) -> Pem:
    """A certificate for localhost signed by `ca`, good for servers and clients."""
    pem = Pem(folder / f"{name}.key", folder / f"{name}.pem")
    request, extensions = folder / f"{name}.csr", folder / f"{name}.ext"
    extensions.write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n"
                          "extendedKeyUsage=serverAuth,clientAuth\n")
    _openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", str(pem.key), "-out", str(request), "-subj", f"/CN={name}")
    _openssl("x509", "-req", "-in", str(request), "-CA", str(ca.cert), "-CAkey", str(ca.key),
             "-CAcreateserial", "-out", str(pem.cert), "-days", "1", "-extfile",
             str(extensions))
    return pem


@dataclass(frozen=True)
class Certificates:
    """The test's CA, a server's and a client's certificates, and a rogue CA's client."""

    ca: Pem
    server: Pem
    client: Pem
    rogue_ca: Pem
    rogue: Pem


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    """A throw-away PKI."""
    folder = tmp_path_factory.mktemp("pki")
    ca, rogue_ca = authority(folder, "cardroom-test-ca"), authority(folder, "rogue-ca")
    return Certificates(ca, issue(folder, ca, "server"), issue(folder, ca, "worker"),
                        rogue_ca, issue(folder, rogue_ca, "intruder"))


@pytest.fixture(scope="module")
def redis_db(redis_server: RedisServer) -> str:
    """Database 11 of the session's Redis, emptied."""
    url = redis_server.url.rsplit("/", 1)[0] + "/11"
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url


def _channel(port: int, ca: Pem | None, client: Pem | None) -> grpc.Channel:
    """A channel to localhost:`port`: TLS trusting `ca` (plaintext when None), presenting
    `client`'s certificate if given."""
    if ca is None:
        return grpc.insecure_channel(f"localhost:{port}")
    key, cert = client.read() if client is not None else (None, None)
    credentials = grpc.ssl_channel_credentials(ca.cert.read_bytes(), key, cert)
    return grpc.secure_channel(f"localhost:{port}", credentials)


def _code(call: Callable[[], Any]) -> Code:
    try:
        call()
    except grpc.RpcError as error:
        return error.code()
    return Code.OK


def _tls_env(redis_url: str, pem: Pem, ca: Pem | None) -> dict[str, str]:
    env = {"REDIS_URL": redis_url, "CELERY_BROKER_URL": redis_url, "BOT_TOKEN": BOT_TOKEN,
           "TLS_CERT_FILE": str(pem.cert), "TLS_KEY_FILE": str(pem.key),
           "MATCH_TIMER_INTERVAL": "0.05"}
    return {**env, "TLS_CA_FILE": str(ca.cert)} if ca is not None else env


def _bot_match(port: int, ca: Pem, client: Pem | None) -> None:
    """An all-bot VIVO match played to its end through a TLS client."""
    with _channel(port, ca, client) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        seats = [pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random")] * 3
        match_id = stub.CreateMatch(pb.CreateMatchRequest(
            game=common_pb2.GAME_VIVO, players=3, seats=seats, seed=4), timeout=10).match_id
        deadline = time.monotonic() + 60
        while stub.GetMatch(pb.GetMatchRequest(match_id=match_id), timeout=5).match.status \
                != pb.MATCH_STATUS_FINISHED:
            assert time.monotonic() < deadline, "the bots did not finish over TLS"
            time.sleep(0.05)


@pytest.fixture(scope="module")
def mutual(certs: Certificates, redis_db: str) -> Iterator[dict[str, ServiceProcess]]:
    """Match service, solver and bot API requiring client certificates; a worker with one."""
    env = _tls_env(redis_db, certs.server, certs.ca)
    started: dict[str, ServiceProcess] = {}
    worker = None
    try:
        for name in ("match", "solver"):
            started[name] = start_service(f"services.{name}", env)
        match_addr = f"localhost:{started['match'].grpc_port}"
        started["bot"] = start_service("cardroom.services.bot", {**env, "MATCH_ADDR": match_addr})
        worker = start_worker({**_tls_env(redis_db, certs.client, certs.ca),
                               "MATCH_ADDR": match_addr}, concurrency=1, hostname="tls@%h")
        yield started
    finally:
        if worker is not None:
            worker.stop()
        for process in started.values():
            process.stop()


def test_tls_mutual_every_service_and_service_to_service_calls(
        certs: Certificates, mutual: dict[str, ServiceProcess]) -> None:
    match_port = mutual["match"].grpc_port
    _bot_match(match_port, certs.ca, certs.client)  # worker -> match over mutual TLS
    with _channel(match_port, certs.ca, certs.client) as channel:
        stub = match_pb2_grpc.MatchServiceStub(channel)
        created = stub.CreateMatch(pb.CreateMatchRequest(game=common_pb2.GAME_LIVEMIX,
                                                         players=4, seed=2), timeout=10)
        seat = stub.GetMatch(pb.GetMatchRequest(match_id=created.match_id),
                             timeout=5).match.acting_seats[0]
        token = {t.seat: t.token for t in created.tokens}[seat]
    with _channel(mutual["bot"].grpc_port, certs.ca, certs.client) as channel:
        # bot API -> match service (its view of the seat) and -> a worker, over mutual TLS
        reply = bot_pb2_grpc.BotServiceStub(channel).SuggestMove(bot_pb2.SuggestMoveRequest(
            match_id=created.match_id, policy="random"),
            metadata=bearer(token), timeout=20)
        assert reply.action
    with _channel(mutual["solver"].grpc_port, certs.ca, certs.client) as channel:
        solve = solver_pb2_grpc.SolverServiceStub(channel).Solve
        assert len(solve(solver_pb2.SolveRequest(cards=[12, 24, 7, 2, 6], target=48),
                     timeout=10).solution.cards) == 5


@pytest.mark.parametrize("who", ["plaintext", "no client certificate", "another CA's client",
                                 "not trusting the server's CA"])
def test_tls_mutual_refuses_every_other_client(certs: Certificates,
                                               mutual: dict[str, ServiceProcess],
                                               who: str) -> None:
    ca, client = {"plaintext": (None, None), "no client certificate": (certs.ca, None),
                  "another CA's client": (certs.ca, certs.rogue),
                  "not trusting the server's CA": (certs.rogue_ca, certs.client)}[who]
    for name, process in mutual.items():
        with _channel(process.grpc_port, ca, client) as channel:
            calls = {
                "match": lambda: match_pb2_grpc.MatchServiceStub(channel).ListMatches(
                    pb.ListMatchesRequest(), timeout=3),
                "solver": lambda: solver_pb2_grpc.SolverServiceStub(channel).Verify(
                    solver_pb2.VerifyRequest(cards=[1, 2], target=3, expression="1+2"),
                    timeout=3),
                "bot": lambda: bot_pb2_grpc.BotServiceStub(channel).ListPolicies(
                    bot_pb2.ListPoliciesRequest(), timeout=3),
            }
            assert _code(calls[name]) == Code.UNAVAILABLE, (name, who)


def test_tls_server_only_a_worker_that_trusts_the_ca_plays_its_bots(
        certs: Certificates, redis_db: str) -> None:
    match = start_service("cardroom.services.match", _tls_env(redis_db, certs.server, None))
    worker = None
    try:
        # The worker presents no certificate: it only checks the service's (TLS_CA_FILE).
        worker = start_worker({"REDIS_URL": redis_db, "CELERY_BROKER_URL": redis_db,
                               "BOT_TOKEN": BOT_TOKEN, "TLS_CA_FILE": str(certs.ca.cert),
                               "MATCH_ADDR": f"localhost:{match.grpc_port}"},
                              concurrency=1, hostname="tls-ca@%h")
        _bot_match(match.grpc_port, certs.ca, None)
        with _channel(match.grpc_port, None, None) as plain:
            assert _code(lambda: match_pb2_grpc.MatchServiceStub(plain).ListMatches(
                pb.ListMatchesRequest(), timeout=3)) == Code.UNAVAILABLE
    finally:
        if worker is not None:
            worker.stop()
        match.stop()
