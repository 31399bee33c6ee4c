"""docker-compose.yml run for real on this machine: every service's own command, environment
and healthcheck (hostnames mapped to loopback by deploy.launch.compose), a bot match played
through it, and a real Prometheus scraping it with the project's scrape config."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from support.grpc_servers import scrape
from support.needs import missing
from support.paths import ROOT

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
from deploy import promql_names
from deploy.launch import compose as compose_local

ADMIN, BOT = "deploy-test-admin-token", "deploy-test-bot-token"
#: Compose services that need Debian's prometheus packages here (.ci/run installs them).
PROMETHEUS_SERVICES = {"prometheus": "prometheus", "redis-exporter": "prometheus-redis-exporter"}
#: What Docker alone can run: no Grafana package is at hand on these machines.
NEVER_LOCAL = {"grafana"}


def tool_missing(services: set[str]) -> None:
    """Fail in CI (which installs the tools), skip with a plain reason elsewhere."""
    if not services:
        return
    packages = ", ".join(sorted({PROMETHEUS_SERVICES[s] for s in services}))
    reason = (f"{packages} not installed (apt-get install prometheus "
              f"prometheus-redis-exporter): the live Prometheus checks did NOT run")
    missing(reason)


def absent_tools() -> set[str]:
    """The compose services whose Debian program is not installed here."""
    return {name for name, program in PROMETHEUS_SERVICES.items() if shutil.which(program) is None}


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[compose_local.LocalStack]:
    """docker-compose.yml's default services, started and healthy: all but Grafana, and but
    Prometheus and the exporter where they are not installed (so that the rest still runs;
    the Prometheus tests then skip naming the packages, or fail when CI is set)."""
    env = {**os.environ, "ADMIN_TOKEN": ADMIN, "BOT_TOKEN": BOT,
           "GRAFANA_ADMIN_PASSWORD": "unused-here"}
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "GRPC_PORT", "METRICS_PORT"):
        env.pop(name, None)
    stack = compose_local.local_stack(env, tmp_path_factory.mktemp("compose"),
                                      scrape_interval="1s")
    runnable = [name for name, service in stack.compose["services"].items()
                if not service.get("profiles") and name not in NEVER_LOCAL | absent_tools()]
    try:
        stack.start(runnable, timeout=90)
        for name in stack.processes:
            stack.wait_healthy(name, timeout=90)
        yield stack
    finally:
        codes = stack.stop()
    python_services = [n for n in codes if compose_local.image_kind(stack.service(n)) ==
                       "cardroom"]
    assert {n: codes[n] for n in python_services} == dict.fromkeys(python_services, 0)


@pytest.fixture(scope="module")
def played(stack: compose_local.LocalStack) -> dict[str, Any]:
    """A VIVO match of a human (playing the bot API's suggestions) and two bots, to its end;
    and one solver call. Returns what the match service said at the end."""
    with grpc.insecure_channel(stack.ports.address("match", 50051)) as match_channel, \
            grpc.insecure_channel(stack.ports.address("bot", 50052)) as bot_channel, \
            grpc.insecure_channel(stack.ports.address("solver", 50053)) as solver_channel:
        result = _play(match_pb2_grpc.MatchServiceStub(match_channel),
                       bot_pb2_grpc.BotServiceStub(bot_channel))
        solved = solver_pb2_grpc.SolverServiceStub(solver_channel).Solve(
            solver_pb2.SolveRequest(cards=[12, 24, 7, 2, 6], target=48), timeout=30)
        result["solved"] = solved
    return result


def _play(match: Any, bot: Any, timeout: float = 90.0) -> dict[str, Any]:
    seats = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, name="human"),
             pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="random"),
             pb.SeatSpec(kind=pb.SEAT_KIND_BOT, policy="ismcts", strength=1)]
    created = match.CreateMatch(pb.CreateMatchRequest(
        game=common_pb2.GAME_VIVO, players=3, seats=seats, seed=11), timeout=10)
    token = bearer(created.tokens[0].token)
    deadline, human_moves = time.monotonic() + timeout, 0
    while time.monotonic() < deadline:
        view = match.GetMatch(pb.GetMatchRequest(match_id=created.match_id), metadata=token,
                              timeout=10).match
        if view.status != pb.MATCH_STATUS_ACTIVE:
            return {"view": view, "human_moves": human_moves, "match_id": created.match_id}
        if not view.may_act:
            time.sleep(0.02)
            continue
        suggestion = bot.SuggestMove(bot_pb2.SuggestMoveRequest(
            match_id=created.match_id, policy="random", seed=human_moves), metadata=token,
            timeout=15)
        try:
            match.SubmitMove(pb.SubmitMoveRequest(
                match_id=created.match_id, action=suggestion.action,
                expected_version=view.version), metadata=token, timeout=10)
            human_moves += 1
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.ABORTED:
                raise
    raise AssertionError(f"the match did not finish in {timeout:.0f}s")


def test_compose_every_service_runs_locally_but_grafana(
        stack: compose_local.LocalStack) -> None:
    default = {name for name, service in stack.compose["services"].items()
               if not service.get("profiles")}
    assert default >= NEVER_LOCAL
    assert {"redis", "match", "solver", "bot", "worker"} <= set(stack.processes)
    assert set(stack.processes) == default - NEVER_LOCAL - absent_tools()
    assert not stack.skipped
    tool_missing(absent_tools())


def test_compose_healthchecks_pass_for_every_running_service(
        stack: compose_local.LocalStack) -> None:
    for name in stack.processes:
        assert stack.healthy(name), name


def test_compose_healthcheck_fails_when_the_service_is_gone(
        stack: compose_local.LocalStack) -> None:
    probe = stack.healthcheck("solver")
    assert probe is not None and probe[1:] == ["-m", "cardroom.services.healthprobe"]
    env = {**stack.processes["solver"].env, "GRPC_PORT": str(compose_local.free_port())}
    assert subprocess.run(probe, env=env, capture_output=True, timeout=30).returncode == 1


def test_compose_redis_keeps_an_append_only_file(stack: compose_local.LocalStack,
                                                 played: dict[str, Any]) -> None:
    aof = list((stack.folder / "redis").glob("appendonlydir/*.aof"))
    assert aof and sum(path.stat().st_size for path in aof) > 0


def test_compose_stack_plays_a_bot_match_end_to_end(played: dict[str, Any]) -> None:
    view = played["view"]
    assert view.status == pb.MATCH_STATUS_FINISHED
    assert played["human_moves"] > 0
    assert len(view.result.winners) >= 1
    assert played["solved"].cards_used == 5 and played["solved"].proven


# ---- Prometheus: the project's scrape config against the running stack --------------------


def _query(stack: compose_local.LocalStack, expr: str) -> list[dict[str, Any]]:
    url = (f"http://{stack.ports.address('prometheus', 9090)}/api/v1/query?"
           + urllib.parse.urlencode({"query": expr}))
    with urllib.request.urlopen(url, timeout=10) as response:
        body = json.load(response)
    assert body["status"] == "success", body
    return list(body["data"]["result"])


def _eventually(stack: compose_local.LocalStack, expr: str, timeout: float = 30.0
                ) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    while True:
        result = _query(stack, expr)
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.5)


@pytest.fixture(scope="module")
def prometheus(stack: compose_local.LocalStack) -> compose_local.LocalStack:
    """The stack, with Prometheus and the Redis exporter running (else fail in CI / skip)."""
    tool_missing(set(PROMETHEUS_SERVICES) - set(stack.processes))
    return stack


def test_prometheus_scrapes_every_job_of_the_scrape_config(
        prometheus: compose_local.LocalStack) -> None:
    jobs = {"match", "bot", "solver", "worker", "web", "redis", "prometheus"}
    deadline = time.monotonic() + 30
    while True:
        up = {r["metric"]["job"] for r in _query(prometheus, "count by (job) (up == 1)")}
        if up == jobs or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert up == jobs
    assert _query(prometheus, "up == 0") == []


def test_prometheus_returns_the_grpc_and_bot_series(prometheus: compose_local.LocalStack,
                                                    played: dict[str, Any]) -> None:
    moves = _eventually(prometheus, 'sum(grpc_server_handled_total{job="match", '
                                    'grpc_method="SubmitMove", grpc_code="OK"}) > 0')
    assert moves and float(moves[0]["value"][1]) >= played["human_moves"]
    suggested = _eventually(prometheus, 'sum(grpc_server_handled_total{job="bot", '
                                        'grpc_method="SuggestMove", grpc_code="OK"}) > 0')
    assert suggested
    bot_moves = _eventually(prometheus, 'sum(cardroom_bot_worker_tasks_total{job="worker", '
                                        'outcome="moved"}) > 0')
    assert bot_moves
    think = _eventually(prometheus, 'sum by (policy) (cardroom_bot_think_seconds_count'
                                    '{game="vivo"}) > 0')
    assert {r["metric"]["policy"] for r in think} >= {"random", "ismcts"}
    finished = _eventually(prometheus, 'cardroom_matches_finished_total{game="vivo"} > 0')
    assert finished


def test_every_dashboard_and_alert_metric_is_exported_by_the_running_stack(
        prometheus: compose_local.LocalStack, played: dict[str, Any]) -> None:
    used = promql_names.used_metrics(ROOT / "deploy")
    # Kubernetes' own series (kube-state-metrics, cAdvisor) exist only in a cluster: named
    # here, so that no other name slips past.
    kubernetes_only = {n for n in used if n.startswith(("kube_", "container_"))}
    assert kubernetes_only == {"kube_horizontalpodautoscaler_status_current_replicas",
                               "kube_horizontalpodautoscaler_spec_max_replicas",
                               "kube_pod_container_status_restarts_total",
                               "kube_pod_container_status_last_terminated_reason",
                               "container_cpu_cfs_periods_total",
                               "container_cpu_cfs_throttled_periods_total"}
    used -= kubernetes_only
    exported: set[str] = set()
    for service, port in (("match", 9101), ("bot", 9102), ("solver", 9103),
                          ("worker", 9104), ("redis-exporter", 9121)):
        exported |= promql_names.sample_names(scrape(prometheus.ports.local(service, port)))
    from_prometheus = {name for name in used - exported
                       if _query(prometheus, f"count({name})")}
    assert used - exported - from_prometheus == set()
    assert from_prometheus == {"up"}
