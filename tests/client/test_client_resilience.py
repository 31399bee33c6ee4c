"""How the client copes with the network: a watch resumed across a server restart on the
same port, retries of UNAVAILABLE for idempotent calls only, deadlines, TLS, settings."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from support.grpc_servers import HOST, local_settings, serving
from support.loops import in_thread
from support.match_client import ADMIN
from support.probe import FAILURES, call_echo, probe_service
from support.redis_server import free_port
from support.replicas import replica, start_replica

from cardroom.services.solver.config import SolverConfig
from cardroom.services.solver.server import create_server as create_solver_server
from cardroom.shared import errors
from cardroom.shared.client import ClientConfig, ServiceFailure, connect, status_code
from cardroom.shared.client.config import RETRIED, service_config
from cardroom.shared.errors import DeadlineExceeded, InvalidConfig, Unavailable
from cardroom.shared.proto.cardroom.v1 import match_pb2, solver_pb2
from cardroom.shared.rpc.server import ServiceDef
from cardroom.shared.wire.errors import translated


def play(room: Any, match_id: str, tokens: dict[int, str], moves: int) -> None:
    """Play `moves` moves of a trick-taking match (each seat its first legal card)."""
    for _ in range(moves):
        seat = room.match.get(match_id).current_player
        view = room.match.get(match_id, tokens[seat])
        room.match.move(match_id, view.legal_moves[0], tokens[seat],
                        expected_version=view.version)


def test_client_watch_resumes_after_the_server_restarts_on_the_same_port(
        redis_url: str) -> None:
    port = free_port()
    watched_server = start_replica(redis_url, port)
    try:
        with replica(redis_url) as other, \
                connect(ClientConfig(match_addr=f"{HOST}:{port}")) as watched, \
                connect(ClientConfig(match_addr=f"{HOST}:{other.port}")) as mover:
            created = mover.match.create("vivo", 3, seed=9)
            seen: list[int] = []
            resumes: list[tuple[int, str]] = []
            stream = watched.match.watch(created.match_id,
                                         on_resume=lambda c, r: resumes.append((c, r)))
            reader = threading.Thread(target=lambda: seen.extend(e.seq for e in stream))
            reader.start()
            play(mover, created.match_id, created.tokens, 4)
            deadline = time.monotonic() + 10
            while (not seen or seen[-1] < mover.match.get(created.match_id).event_seq) \
                    and time.monotonic() < deadline:
                time.sleep(0.02)
            before = len(seen)
            watched_server.stop(grace=None)  # the watched server goes away mid-stream
            play(mover, created.match_id, created.tokens, 4)  # the match goes on meanwhile
            watched_server = start_replica(redis_url, port)  # back on the same port
            play(mover, created.match_id, created.tokens, 3)
            mover.match.abandon(created.match_id, ADMIN)
            reader.join(30)
            assert not reader.is_alive()
            everything = [e.seq for e in mover.match.replay(created.match_id).events
                          if "to" not in e.data]
    finally:
        watched_server.stop(grace=None)
    assert before > 0 and len(resumes) >= 1 and resumes[0][0] == seen[before - 1]
    assert seen == everything  # nothing lost, nothing twice, in order, to match_over


def test_client_watch_gives_up_when_the_service_stays_away(redis_url: str) -> None:
    port = free_port()
    with replica(redis_url, port) as server:
        room = connect(ClientConfig(match_addr=f"{HOST}:{port}"))
        created = room.match.create("vivo", 3, seed=1)
        stream = room.match.watch(created.match_id, resume_for=0.5)
        assert next(stream).type == "match_created"
        server.stop(grace=None)
        started = time.monotonic()
        with pytest.raises(Unavailable):
            list(stream)
        assert time.monotonic() - started < 5
        room.close()


class Flaky:
    """Generic handlers for one method that answer UNAVAILABLE `failures` times, then `reply`."""

    def __init__(self, failures: int, reply: Any, delay: float = 0.0) -> None:
        self.failures, self.reply, self.delay = failures, reply, delay
        self.calls = 0

    async def __call__(self, request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        self.calls += 1
        await asyncio.sleep(self.delay)
        if self.calls <= self.failures:
            await context.abort(grpc.StatusCode.UNAVAILABLE, "try again")
        return bytes(self.reply.SerializeToString())


def flaky_service(service: str, handlers: dict[str, Flaky]) -> ServiceDef:
    """A ServiceDef that answers `service`'s methods with raw bytes handlers."""
    generic = grpc.method_handlers_generic_handler(service, {
        name: grpc.unary_unary_rpc_method_handler(h) for name, h in handlers.items()})
    descriptor = (solver_pb2 if "Solver" in service else match_pb2).DESCRIPTOR
    return ServiceDef(descriptor.services_by_name[service.split(".")[-1]],
                      lambda server: server.add_generic_rpc_handlers((generic,)))


def test_client_retries_unavailable_for_idempotent_calls_only() -> None:
    solve = Flaky(2, solver_pb2.SolveResponse(cards_used=3, proven=True))
    create = Flaky(1, match_pb2.CreateMatchResponse(match_id="m", version=1))
    services = [flaky_service("cardroom.v1.SolverService", {"Solve": solve}),
                flaky_service("cardroom.v1.MatchService", {"CreateMatch": create})]
    with serving(services) as server:
        address = f"{HOST}:{server.port}"
        with connect(ClientConfig(solver_addr=address, match_addr=address)) as room:
            assert room.solver.solve([1, 2], 3).cards_used == 3
            assert solve.calls == 3  # two refusals, then the answer, all in one call
            with pytest.raises(Unavailable):
                room.match.create("vivo", 3)
            assert create.calls == 1  # a second attempt could create a second match
        with connect(ClientConfig(solver_addr=address, attempts=1)) as once:
            solve.calls, solve.failures = 0, 1
            with pytest.raises(Unavailable):
                once.solver.solve([1, 2], 3)
            assert solve.calls == 1


def test_client_retry_policy_names_every_idempotent_method() -> None:
    config = json.loads(service_config(5))
    policy = config["methodConfig"][0]
    names = {(n["service"], n["method"]) for n in policy["name"]}
    assert ("cardroom.v1.MatchService", "SubmitMove") in names
    assert ("cardroom.v1.MatchService", "CreateMatch") not in names
    assert len(names) == sum(len(m) for m in RETRIED.values())
    assert policy["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE"]
    assert "retryPolicy" not in json.loads(service_config(1))["methodConfig"][0]


def test_client_calls_carry_a_deadline() -> None:
    slow = Flaky(0, solver_pb2.SolveResponse(), delay=1.0)
    with serving([flaky_service("cardroom.v1.SolverService", {"Solve": slow})]) as server, \
            connect(ClientConfig(solver_addr=f"{HOST}:{server.port}", timeout=0.2)) as room:
        started = time.monotonic()
        with pytest.raises(DeadlineExceeded) as err:
            room.solver.solve([1, 2], 3)
        assert time.monotonic() - started < 0.9
        assert status_code(err.value) == grpc.StatusCode.DEADLINE_EXCEEDED


def test_client_nobody_listening_is_unavailable() -> None:
    config = ClientConfig(solver_addr=f"{HOST}:{free_port()}", attempts=1)
    with connect(config) as room, pytest.raises(Unavailable):
        room.solver.solve([1, 2], 3)


EXPECTED: dict[str, type[errors.CardroomError]] = {
    "invalid": errors.InvalidArgument, "fields": errors.InvalidFields,
    "config": errors.InvalidConfig, "illegal": errors.IllegalMove,
    "turn": errors.NotYourTurn, "over": errors.GameOver, "stale": errors.StaleVersion,
    "missing": errors.NotFound, "unauth": errors.Unauthenticated,
    "denied": errors.PermissionDenied, "boom": ServiceFailure,
    "abort": errors.ResourceExhausted,  # a status the handler set itself, read by its code
}


def test_client_every_mapped_failure_comes_back_as_its_own_class() -> None:
    with serving([probe_service()]) as server, \
            grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        for what, expected in EXPECTED.items():
            with pytest.raises(errors.CardroomError) as err, translated():
                call_echo(channel, what)
            assert type(err.value) is expected, what
            sent = FAILURES.get(what)
            if isinstance(sent, errors.CardroomError):
                assert err.value.reason == sent.reason


def test_client_failure_details_survive_the_trip() -> None:
    with serving([probe_service()]) as server, \
            grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
        caught = {}
        for what in ("invalid", "fields", "illegal", "missing", "boom", "abort"):
            with pytest.raises(errors.CardroomError) as err, translated():
                call_echo(channel, what)
            caught[what] = err.value
    invalid = caught["invalid"]
    assert isinstance(invalid, errors.InvalidArgument) and invalid.field == "cards"
    fields = caught["fields"]
    assert isinstance(fields, errors.InvalidFields)
    assert fields.violations == [("cards[2]", "0 is below 1"), ("target", "is missing")]
    illegal = caught["illegal"]
    assert isinstance(illegal, errors.IllegalMove) and illegal.legal == ["H1", "H7"]
    missing = caught["missing"]
    assert isinstance(missing, errors.NotFound) and (missing.resource_type, missing.name) == (
        "match", "m-42")
    boom = caught["boom"]
    assert isinstance(boom, ServiceFailure) and boom.code == grpc.StatusCode.INTERNAL
    assert "hunter2" not in boom.reason
    abort = caught["abort"]
    assert isinstance(abort, errors.ResourceExhausted)
    assert status_code(abort) == grpc.StatusCode.RESOURCE_EXHAUSTED and abort.reason == "too busy"


def _certificate(directory: Path, name: str) -> tuple[str, str]:
    key, cert = directory / f"{name}-key.pem", directory / f"{name}-cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, capture_output=True)
    return str(key), str(cert)


def test_client_speaks_tls_and_presents_a_client_certificate(tmp_path: Path) -> None:
    key, cert = _certificate(tmp_path, "server")
    client_key, client_cert = _certificate(tmp_path, "client")
    # The server trusts the client's self-signed certificate as its CA, and asks for it.
    rpc = local_settings("solver", tls_cert_file=cert, tls_key_file=key,
                         tls_ca_file=client_cert)
    server, port = in_thread(create_solver_server, SolverConfig(rpc=rpc), host=HOST)
    server.start()
    try:
        address = f"localhost:{port}"
        mutual = ClientConfig(solver_addr=address, ca_file=cert, cert_file=client_cert,
                              key_file=client_key)
        with connect(mutual) as room:
            assert room.solver.solve([12, 24, 7, 2, 6], 48).cards_used == 5
        for config in (ClientConfig(solver_addr=address, ca_file=cert, attempts=1),
                       ClientConfig(solver_addr=address, attempts=1)):
            with connect(config) as room, pytest.raises(Unavailable):
                room.solver.solve([1, 2], 3)
    finally:
        server.stop(None)


def test_client_config_reads_the_environment_and_flags_win() -> None:
    env = {"MATCH_ADDR": "m:1", "SOLVER_ADDR": "s:2", "BOT_ADDR": "b:3", "CARDROOM_TLS": "yes",
           "TLS_CA_FILE": "/ca.pem", "CARDROOM_TIMEOUT": "2.5"}
    config = ClientConfig.from_env(env, match_addr="flag:9", solver_addr=None)
    assert (config.match_addr, config.solver_addr, config.bot_addr) == ("flag:9", "s:2", "b:3")
    assert config.secure and config.ca_file == "/ca.pem" and config.timeout == 2.5
    plain = ClientConfig.from_env({})
    assert (plain.match_addr, plain.secure, plain.timeout) == ("localhost:50051", False, 10.0)
    with pytest.raises(InvalidConfig):
        ClientConfig.from_env({"CARDROOM_TIMEOUT": "soon"})
    with pytest.raises(InvalidConfig):
        ClientConfig(cert_file="/c.pem")
    with pytest.raises(InvalidConfig):
        ClientConfig(timeout=0)
