"""The pure parts of the bot service: settings, the Celery configuration and routing, the
proto mapping, and how a task counts, retries and times out (no broker, no worker)."""

from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from celery import Celery  # type: ignore[import-untyped]
from celery.exceptions import SoftTimeLimitExceeded  # type: ignore[import-untyped]
from prometheus_client import CollectorRegistry, multiprocess
from support.paths import ROOT

from cardroom.services.bot import _is_worker_command, mapping, tasks
from cardroom.services.bot.celery_app import BotSettings, configure, route_task
from cardroom.services.bot.metrics import WorkerMetrics
from cardroom.shared.bots import Decision, get_policy, list_policies
from cardroom.shared.errors import (
    InvalidConfig,
    InvalidFields,
    NotFound,
    ResourceExhausted,
    Unavailable,
)
from cardroom.shared.proto.cardroom.v1 import bot_pb2 as pb
from cardroom.shared.proto.cardroom.v1 import common_pb2
from cardroom.shared.proto.cardroom.v1 import match_pb2 as pb_match
from cardroom.shared.rpc.procfiles import ProcessFiles
from cardroom.shared.wire import typed
from cardroom.shared.wire.bot_tasks import SUBMIT_CLAIM, SUGGEST, TAKE_TURN

# ---- settings ---------------------------------------------------------------------------


def test_bot_settings_defaults_follow_the_conventions() -> None:
    settings = BotSettings.from_env("worker", {})
    assert settings.common.metrics_port == 9104 and settings.bot_token is None
    assert (settings.queue, settings.search_queue) == ("cardroom.bots", "cardroom.bots.search")
    assert settings.common.celery_broker_url == settings.common.redis_url
    api = BotSettings.from_env("bot", {"REDIS_URL": "redis://r:1/0"})
    assert (api.common.grpc_port, api.common.metrics_port) == (50052, 9102)
    assert api.common.celery_broker_url == "redis://r:1/0"


@pytest.mark.parametrize(("name", "value"), [
    ("BOT_CONCURRENCY", "two"), ("BOT_CONCURRENCY", "-1"), ("BOT_SOFT_TIME_LIMIT", "0"),
    ("BOT_TIME_LIMIT", "soon"), ("BOT_MAX_RETRIES", "1.5"), ("BOT_VISIBILITY_TIMEOUT", "-3"),
    ("BOT_SUGGEST_MAX_SECONDS", "nan"),
])
def test_a_bad_setting_names_its_variable(name: str, value: str) -> None:
    with pytest.raises(InvalidConfig) as caught:
        BotSettings.from_env("worker", {name: value})
    assert caught.value.field == name


def test_search_policies_are_queued_apart_from_fast_ones() -> None:
    settings = BotSettings.from_env("worker", {"BOT_SEARCH_QUEUE": "heavy"})
    for info in list_policies():
        expected = "heavy" if info.cost == "search" else "cardroom.bots"
        assert settings.queue_for(info.game, info.name) == expected
    assert settings.queue_for("vivo", "no-such-policy") == "cardroom.bots"
    assert settings.queue_for("", "ismcts") == "heavy"  # a name searching in some game


def test_the_router_sends_suggestions_by_cost_and_claims_to_the_fast_queue() -> None:
    assert route_task(SUGGEST, [], {"game": "vivo", "policy": "ismcts"}, {}) == {
        "queue": "cardroom.bots.search"}
    assert route_task(SUGGEST, [], {"game": "vivo", "policy": "random"}, {}) == {
        "queue": "cardroom.bots"}
    assert route_task(SUBMIT_CLAIM, ["m", 0, 1, "claim@1 2+2"], {}, {}) == {
        "queue": "cardroom.bots"}


def test_the_celery_app_acks_late_requeues_lost_tasks_and_prefetches_one() -> None:
    settings = BotSettings.from_env("worker", {
        "CELERY_BROKER_URL": "redis://b:2/1", "BOT_CONCURRENCY": "3", "BOT_SOFT_TIME_LIMIT": "7",
        "BOT_TIME_LIMIT": "9", "BOT_VISIBILITY_TIMEOUT": "40", "BOT_RESTORE_INTERVAL": "2"})
    app = Celery("probe", set_as_current=False)
    configure(app, settings)
    conf = app.conf
    assert conf.broker_url == "redis://b:2/1" and conf.result_backend == "redis://b:2/1"
    assert conf.task_acks_late and conf.task_reject_on_worker_lost
    assert conf.worker_prefetch_multiplier == 1 and conf.worker_concurrency == 3
    assert (conf.task_soft_time_limit, conf.task_time_limit) == (7.0, 9.0)
    assert conf.broker_transport_options["visibility_timeout"] == 40.0
    assert conf.broker_transport_options["unacked_restore_interval"] == 2.0
    assert conf.task_ignore_result and conf.task_default_queue == "cardroom.bots"


def test_only_a_celery_worker_command_counts_metrics_in_shared_files() -> None:
    assert _is_worker_command(
        ["/venv/bin/celery", "-A", "cardroom.services.bot.celery_app", "worker"])
    assert _is_worker_command(["/lib/celery/__main__.py", "--app=x", "worker", "-Q", "q"])
    assert not _is_worker_command(["/venv/bin/celery", "-A", "x", "inspect", "ping"])
    assert not _is_worker_command(["/venv/bin/pytest", "worker"])


# ---- mapping ------------------------------------------------------------------------------

def test_a_suggestion_for_a_match_keeps_its_policy_params_and_seed() -> None:
    query = mapping.suggest_query(pb.SuggestMoveRequest(
        match_id="a" * 28, policy="ismcts", params={"strength": 4.0, "exploration": 0.5},
        seed=12))
    assert (query.match_id, query.policy, query.seed) == ("a" * 28, "ismcts", 12)
    assert query.params == {"exploration": 0.5, "strength": 4}
    assert isinstance(query.params["strength"], int)


def test_a_raw_observation_is_read_with_its_events() -> None:
    request = pb.SuggestMoveRequest(policy="random", observation=pb.SeatObservation(
        game=common_pb2.GAME_VIVO, vivo=typed.seat_view("vivo", {"game": "vivo", "seat": 1,
                                                                  "hand": ["R1"]}),
        events=[typed.event_message(1, {"type": "deal", "to": 1, "round": 1, "hand": ["R1"]},
                                    "vivo")]))
    query = mapping.suggest_query(request)
    assert query.game == "vivo" and query.view is not None
    assert (query.view["game"], query.view["seat"], query.view["hand"]) == ("vivo", 1, ["R1"])
    assert query.events == ({"type": "deal", "to": 1, "round": 1, "hand": ["R1"]},)


def test_a_raw_observation_of_another_game_or_without_typed_events_is_refused() -> None:
    request = pb.SuggestMoveRequest(policy="random", observation=pb.SeatObservation(
        game=common_pb2.GAME_VIVO, livemix=typed.seat_view("livemix", {"seat": 0}),
        events=[pb_match.MatchEvent(seq=1, type="deal")]))
    with pytest.raises(InvalidFields) as caught:
        mapping.suggest_query(request)
    assert [f for f, _ in caught.value.violations] == ["observation.livemix",
                                                        "observation.events[0]"]


def test_every_bad_field_of_a_suggestion_is_listed_at_once() -> None:
    request = pb.SuggestMoveRequest(policy="p" * 65, params={"a": math.inf})
    with pytest.raises(InvalidFields) as caught:
        mapping.suggest_query(request)
    assert [f for f, _ in caught.value.violations] == ["policy", "params[a]", "source"]


def test_too_many_events_are_refused() -> None:
    request = pb.SuggestMoveRequest(policy="random", observation=pb.SeatObservation(
        game=common_pb2.GAME_VIVO, vivo=typed.seat_view("vivo", {"game": "vivo", "seat": 0})))
    for _ in range(mapping.MAX_EVENTS + 1):
        request.observation.events.add()
    with pytest.raises(InvalidFields) as caught:
        mapping.suggest_query(request)
    assert caught.value.field == "observation.events"


def test_a_decision_becomes_a_suggestion() -> None:
    decision = Decision("claim@2 3*4", {"cards_used": 2}, 0.25, 40, 1.5)
    answer = mapping.suggest_response(decision.to_dict(), "solver", 9)
    assert (answer.action, answer.policy, answer.version) == ("claim@2 3*4", "solver", 9)
    assert (answer.think_seconds, answer.iterations, answer.delay_seconds) == (0.25, 40, 1.5)
    assert typed.evaluation_dict(answer.evaluation) == {"cards_used": 2}


def test_a_policy_is_listed_with_its_game_cost_and_parameters() -> None:
    info = get_policy("livemix", "ismcts").info
    listed = mapping.policy_info(info)
    assert (listed.game, listed.name, listed.cost) == (
        common_pb2.GAME_LIVEMIX, "ismcts", pb.POLICY_COST_SEARCH)
    assert [p.name for p in listed.params] == [p.name for p in info.params]
    strength = next(p for p in listed.params if p.name == "strength")
    assert (strength.kind, strength.minimum, strength.maximum) == (
        pb.POLICY_PARAM_KIND_INT, 0, 5)
    assert mapping.list_game(pb.ListPoliciesRequest()) is None
    assert mapping.list_game(pb.ListPoliciesRequest(game=common_pb2.GAME_VIVO)) == "vivo"


# ---- a task's run: outcomes, retries, time limits -----------------------------------------

class Retry(Exception):
    """Stands for celery.exceptions.Retry in these tests."""


class FakeTask:
    """What tasks._run reads of a bound task."""

    def __init__(self, retries: int) -> None:
        self.request = SimpleNamespace(retries=retries)
        self.retried: dict[str, Any] = {}

    def retry(self, **options: Any) -> Retry:
        """Record the retry's options."""
        self.retried = options
        return Retry()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> CollectorRegistry:
    """The tasks' metrics on a registry of their own."""
    registry = CollectorRegistry()
    monkeypatch.setattr(tasks, "METRICS", WorkerMetrics(registry))
    return registry


def _count(registry: CollectorRegistry, outcome: str, task: str = TAKE_TURN) -> float:
    return registry.get_sample_value("cardroom_bot_worker_tasks_total",
                                     {"task": task, "outcome": outcome}) or 0.0


def test_a_finished_task_counts_its_outcome(counted: CollectorRegistry) -> None:
    assert tasks._run(FakeTask(0), TAKE_TURN, lambda: "stale") == "stale"
    assert _count(counted, "stale") == 1


def test_an_unavailable_match_service_is_retried_with_growing_jittered_backoff(
        counted: CollectorRegistry) -> None:
    def down() -> str:
        raise Unavailable("match service: connection refused")

    waits = []
    for retries in range(4):
        task = FakeTask(retries)
        with pytest.raises(Retry):
            tasks._run(task, TAKE_TURN, down)
        waits.append(task.retried["countdown"])
        assert task.retried["max_retries"] == 5
    assert all(2.0 ** r / 2 <= w <= 2.0 ** r for r, w in enumerate(waits))
    assert _count(counted, "retried") == 4


def test_a_match_service_at_its_limit_is_retried_as_an_unavailable_one(
        counted: CollectorRegistry) -> None:
    def busy() -> str:
        raise ResourceExhausted("too many calls in flight", "GRPC_MAX_QUEUE")

    task = FakeTask(0)
    with pytest.raises(Retry):
        tasks._run(task, TAKE_TURN, busy)
    assert _count(counted, "retried") == 1 and _count(counted, "failed") == 0


def test_a_task_out_of_retries_fails(counted: CollectorRegistry) -> None:
    def down() -> str:
        raise Unavailable("match service: connection refused")

    with pytest.raises(Unavailable):
        tasks._run(FakeTask(5), TAKE_TURN, down)
    assert _count(counted, "failed") == 1 and _count(counted, "retried") == 0


def test_a_task_over_its_soft_time_limit_ends_without_a_move(counted: CollectorRegistry) -> None:
    def slow() -> str:
        raise SoftTimeLimitExceeded()

    assert tasks._run(FakeTask(0), TAKE_TURN, slow) == "timeout"
    assert _count(counted, "timeout") == 1


def test_an_unexpected_error_fails_the_task_and_is_counted(counted: CollectorRegistry) -> None:
    def broken() -> str:
        raise NotFound("no policy", "policy", "x")

    with pytest.raises(NotFound):
        tasks._run(FakeTask(0), TAKE_TURN, broken)
    assert _count(counted, "failed") == 1


def test_a_suggestion_with_an_unreadable_view_returns_the_error(counted: CollectorRegistry) -> None:
    answer = tasks.suggest.run("vivo", "heuristic", {}, {"game": "vivo", "seat": 0,
                               "current_player": 0, "legal_actions": ["R1"]}, [], 1)
    assert answer["error"]["type"] == "InvalidArgument"
    good = tasks.suggest.run("vivo", "random", {}, {"game": "vivo", "seat": 0,
                             "current_player": 0, "legal_actions": ["R1", "G2"]}, [], 1)
    assert good["decision"]["action"] in ("R1", "G2")
    assert _count(counted, "invalid", SUGGEST) == 1


def test_a_worker_counts_in_shared_files_even_if_a_plugin_imported_prometheus_first(
        tmp_path: Path) -> None:
    script = (
        "import sys; sys.argv = ['/venv/bin/celery', '-A', 'cardroom.services.bot.celery_app',"
        " 'worker']\n"
        "import prometheus_client\n"  # as a Celery plugin (flower) does before the app loads
        "import cardroom.services.bot, os\n"
        "from prometheus_client import values\n"
        "print(values.ValueClass is values.MutexValue, os.environ['PROMETHEUS_MULTIPROC_DIR'])\n")
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert done.stdout.split() == ["False", str(tmp_path)], done.stderr


def test_a_scrape_skips_the_file_a_pool_process_is_creating(tmp_path: Path) -> None:
    """A pool process's file is empty for an instant after it is created: the worker's
    /metrics leaves it out instead of failing the scrape with it."""
    script = ("from prometheus_client import Counter\n"
              "Counter('cardroom_probe_total', 'probe', ['task']).labels('t').inc(3)\n")
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)
    (tmp_path / "counter_4194305.db").touch()  # opened by a new process, not yet sized
    with pytest.raises(struct.error):
        list(multiprocess.MultiProcessCollector(None, str(tmp_path)).collect())
    [metric] = [m for m in ProcessFiles(tmp_path).collect() if m.name == "cardroom_probe"]
    assert [(s.labels, s.value) for s in metric.samples if s.name.endswith("_total")] == [
        ({"task": "t"}, 3.0)]
