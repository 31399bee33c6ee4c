"""A busy or stopping server as a real process (`python -m cardroom.services.solver`): health still
answers with every worker busy, calls past the queue are refused, SIGTERM drains."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent import futures
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from support.grpc_servers import channel_to, sample, scrape

from cardroom.services.solver.server import MAX_WORKERS
from cardroom.shared.proto.cardroom.v1 import solver_pb2, solver_pb2_grpc
from deploy.launch.process import ServiceProcess, start_service

SERVICE = "cardroom.v1.SolverService"
SERVING = health_pb2.HealthCheckResponse.SERVING
# Sixteen consecutive large cards and a prime target: no solution found (nor a proof that
# there is none) within ten seconds, so every search runs to its budget.
HARD = solver_pb2.SolveRequest(cards=list(range(1000, 984, -1)), target=99989)


@contextmanager
def solver(env: dict[str, str]) -> Iterator[ServiceProcess]:
    """A solver process with `env`, stopped (SIGTERM) at the end."""
    process = start_service("cardroom.services.solver", env)
    try:
        yield process
    finally:
        process.stop(timeout=60)


def started(process: ServiceProcess) -> float:
    """How many Solve calls the process has started (admitted or not)."""
    return sample(scrape(process.metrics_port), "grpc_server_started_total",
                  grpc_service=SERVICE, grpc_method="Solve") or 0.0


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll `check` until it holds; fail past `timeout`."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.02)


def solve(port: int, timeout: float | None = 30.0) -> Any:
    """One Solve of the hard board on its own channel: the response or the RpcError."""
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            return solver_pb2_grpc.SolverServiceStub(channel).Solve(HARD, timeout=timeout)
        except grpc.RpcError as error:
            return error


def check(channel: grpc.Channel, service: str) -> int:
    """One health Check that must answer within a second."""
    stub: Any = health_pb2_grpc.HealthStub(channel)
    request = health_pb2.HealthCheckRequest(service=service)
    return int(stub.Check(request, timeout=1.0).status)


def test_health_answers_and_calls_past_the_queue_are_refused_while_every_worker_is_busy(
        ) -> None:
    queue = 2
    with (solver({"SOLVER_MAX_SECONDS": "3", "GRPC_MAX_QUEUE": str(queue)}) as process,
          futures.ThreadPoolExecutor(MAX_WORKERS + queue) as pool):
        calls = [pool.submit(solve, process.grpc_port) for _ in range(MAX_WORKERS + queue)]
        wait_until(lambda: started(process) >= MAX_WORKERS)
        time.sleep(0.2)  # every worker is searching, the others wait
        with channel_to(process.grpc_port) as channel:
            for _ in range(3):
                assert check(channel, "") == SERVING  # not queued behind the searches
                assert check(channel, SERVICE) == SERVING
            wait_until(lambda: started(process) == MAX_WORKERS + queue, timeout=1.0)
            with pytest.raises(grpc.RpcError) as caught:
                solver_pb2_grpc.SolverServiceStub(channel).Solve(HARD, timeout=10)
        answers = [call.result(timeout=60) for call in calls]
        text = scrape(process.metrics_port)
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "server busy" in (caught.value.details() or "")
    # Those admitted all got their (budget-limited) answer, the queued ones after a wait.
    assert all(isinstance(a, solver_pb2.SolveResponse) and a.elapsed_seconds > 2.5
               for a in answers), answers
    assert sample(text, "grpc_server_handled_total", grpc_service=SERVICE, grpc_method="Solve",
                  grpc_code="ResourceExhausted") == 1
    assert sample(text, "grpc_server_handled_total", grpc_service=SERVICE, grpc_method="Solve",
                  grpc_code="OK") == MAX_WORKERS + queue


def test_a_queued_call_whose_deadline_passes_is_deadline_exceeded() -> None:
    with (solver({"SOLVER_MAX_SECONDS": "2", "GRPC_MAX_QUEUE": "4"}) as process,
          futures.ThreadPoolExecutor(MAX_WORKERS) as pool):
        busy = [pool.submit(solve, process.grpc_port) for _ in range(MAX_WORKERS)]
        wait_until(lambda: started(process) == MAX_WORKERS)
        begun = time.monotonic()
        late = solve(process.grpc_port, timeout=0.5)
        waited = time.monotonic() - begun
        assert all(isinstance(b.result(timeout=60), solver_pb2.SolveResponse) for b in busy)
    assert isinstance(late, grpc.RpcError)
    assert late.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert waited < 1.5


def test_sigterm_lets_searches_in_flight_finish_then_exits() -> None:
    # A 3 s search (its deadline) and a 7 s one (the server's cap): both longer than the
    # 5 s the servers used to give, both within the default GRPC_DRAIN_SECONDS (20 s).
    process = start_service("cardroom.services.solver", {"SOLVER_MAX_SECONDS": "7"})
    with futures.ThreadPoolExecutor(2) as pool:
        try:
            short = pool.submit(solve, process.grpc_port, 3.5)
            long = pool.submit(solve, process.grpc_port, None)
            wait_until(lambda: started(process) == 2)
            time.sleep(0.3)  # both are searching now
            begun = time.monotonic()
            process.popen.terminate()
            # Draining: new calls are refused while those in flight run on.
            time.sleep(0.5)
            refused = solve(process.grpc_port, 5.0)
            serving = sample(scrape(process.metrics_port), "cardroom_serving", service="solver")
            short_answer = short.result(timeout=30)
            long_answer = long.result(timeout=30)
            code = process.popen.wait(30)
            exited_after = time.monotonic() - begun
        finally:
            process.stop()
    assert isinstance(refused, grpc.RpcError)
    assert refused.code() == grpc.StatusCode.UNAVAILABLE
    assert serving == 0  # /metrics still answers while draining, and says so
    assert isinstance(short_answer, solver_pb2.SolveResponse), short_answer
    assert isinstance(long_answer, solver_pb2.SolveResponse), long_answer
    assert short_answer.elapsed_seconds > 2.5 and long_answer.elapsed_seconds > 6.0
    assert code == 0
    assert exited_after < 12.0  # it exits once they are done, not after the whole grace
    records = {r.get("message"): r for r in process.records()}
    assert records["shutting down"]["grace_s"] == 20.0
    assert records["shutting down"]["in_flight"] == 2


def test_sigterm_cuts_calls_still_running_once_the_drain_time_is_over() -> None:
    process = start_service("cardroom.services.solver", {"SOLVER_MAX_SECONDS": "8",
                                                "GRPC_DRAIN_SECONDS": "1"})
    with futures.ThreadPoolExecutor(1) as pool:
        try:
            call = pool.submit(solve, process.grpc_port, None)
            wait_until(lambda: started(process) == 1)
            begun = time.monotonic()
            process.popen.terminate()
            answer = call.result(timeout=30)
            code = process.popen.wait(30)
            exited_after = time.monotonic() - begun
        finally:
            process.stop()
    assert isinstance(answer, grpc.RpcError)
    assert answer.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)
    assert code == 0
    assert exited_after < 5.0


@pytest.mark.parametrize("kind", ["uvloop", "asyncio"])
def test_a_server_process_runs_on_the_loop_event_loop_names(kind: str) -> None:
    # uvloop unless EVENT_LOOP says asyncio; the serving line names the loop it runs on.
    env = {} if kind == "uvloop" else {"EVENT_LOOP": kind}
    with solver(env) as process:
        with channel_to(process.grpc_port) as channel:
            assert check(channel, "") == SERVING
        serving = [r for r in process.records() if r.get("message", "").startswith("serving")]
        assert [r.get("event_loop") for r in serving] == [kind], process.log()
