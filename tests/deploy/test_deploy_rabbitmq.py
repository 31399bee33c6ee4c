"""The RabbitMQ variant of deploy/k8s (overlays/prod-rabbitmq: prod with the component
worker-keda-rabbitmq), rendered by `kubectl kustomize` and checked offline like the other
overlays, plus what the broker needs: KEDA's rabbitmq triggers on exactly the queues the
workers consume, with the Redis triggers' targets, their address from a Secret; and the
docs telling when to pick which broker."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs installed
import kubernetes_validate  # type: ignore[import-untyped]  # ships no types
import pytest
import yaml
from support.paths import ROOT
from test_deploy_k8s import CRD_SCHEMAS, PROD_SECRETS, VERSIONS, containers, objects, render

from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, SEARCH_QUEUE

OVERLAY = "prod-rabbitmq"
COMPONENT = ROOT / "deploy" / "k8s" / "components" / "worker-keda-rabbitmq"
#: The Secret the operator of an installation creates for KEDA (docs/deploy.md).
RABBIT_SECRET = "cardroom-rabbitmq"


def schema(kind: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "deploy" / "schemas" / f"{CRD_SCHEMAS[kind]}.json")
                           .read_text()))


def scaled_worker(overlay: str = OVERLAY) -> dict[str, Any]:
    return objects(overlay, "ScaledObject")["worker"]


def test_rabbitmq_overlay_keeps_all_of_prod_in_its_namespace() -> None:
    def kinds_and_names(overlay: str) -> set[tuple[str, str]]:
        return {(o["kind"], re.sub(r"^cardroom-config-[a-z0-9]+$", "cardroom-config",
                                   o["metadata"]["name"])) for o in render(overlay)}

    assert kinds_and_names("prod") <= kinds_and_names(OVERLAY)
    assert kinds_and_names(OVERLAY) - kinds_and_names("prod") == {
        ("TriggerAuthentication", RABBIT_SECRET)}
    for obj in render(OVERLAY):
        if obj["kind"] != "Namespace":
            assert obj["metadata"].get("namespace") == "cardroom", obj["metadata"]["name"]
    # Only the worker's ScaledObject differs from prod.
    changed = [(o["kind"], o["metadata"]["name"]) for o in render(OVERLAY)
               if o["kind"] != "TriggerAuthentication" and o not in render("prod")]
    assert changed == [("ScaledObject", "worker")]


@pytest.mark.parametrize("version", VERSIONS)
def test_rabbitmq_builtin_kinds_validate_strictly(version: str) -> None:
    checked = 0
    for obj in render(OVERLAY):
        if obj["kind"] not in CRD_SCHEMAS:
            kubernetes_validate.validate(obj, version, strict=True)
            checked += 1
    assert checked >= 20


def test_rabbitmq_custom_resources_match_their_schemas() -> None:
    seen = set()
    for obj in render(OVERLAY):
        if obj["kind"] in CRD_SCHEMAS:
            jsonschema.validate(obj, schema(obj["kind"]))
            seen.add(obj["kind"])
    assert seen == {"ServiceMonitor", "PrometheusRule", "ScaledObject",
                    "TriggerAuthentication"}


def test_rabbitmq_trigger_schema_refuses_a_misspelt_or_missing_field() -> None:
    rules = schema("ScaledObject")
    jsonschema.Draft202012Validator.check_schema(rules)
    for breaking in (
        lambda meta: meta.update(queuename="typo"),
        lambda meta: meta.update(queueLength="10"),  # KEDA 1's field, gone in 2.x
        lambda meta: meta.update(mode="Length"),
        lambda meta: meta.update(value="ten"),
        lambda meta: meta.update(protocol="amqps"),
        lambda meta: meta.pop("queueName"),
    ):
        broken = json.loads(json.dumps(scaled_worker()))
        breaking(broken["spec"]["triggers"][0]["metadata"])
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, rules)


def test_keda_scales_workers_on_the_rabbitmq_queues_they_consume_like_on_redis() -> None:
    triggers = scaled_worker()["spec"]["triggers"]
    assert {t["type"] for t in triggers} == {"rabbitmq"}
    targets = {t["metadata"]["queueName"]: t["metadata"]["value"] for t in triggers}
    redis_targets = {t["metadata"]["listName"]: t["metadata"]["listLength"]
                     for t in scaled_worker("prod")["spec"]["triggers"]}
    assert targets == redis_targets and set(targets) == {DEFAULT_QUEUE, SEARCH_QUEUE}
    for trigger in triggers:
        # amqp: messages ready for delivery, as the Redis list length counts them.
        assert trigger["metadata"]["protocol"] == "amqp"
        assert trigger["metadata"]["mode"] == "QueueLength"
        assert "host" not in trigger["metadata"]  # never a password in the manifest
        assert trigger["authenticationRef"] == {"name": RABBIT_SECRET}
    (worker,) = [c for name, _, c in containers(OVERLAY) if name == "worker"]
    (queues,) = [a.split("=", 1)[1] for a in worker["command"] if a.startswith("--queues=")]
    assert set(queues.split(",")) == set(targets)
    # The rest of the scaling is prod's.
    for key in ("minReplicaCount", "maxReplicaCount", "pollingInterval", "cooldownPeriod",
                "scaleTargetRef"):
        assert scaled_worker()["spec"][key] == scaled_worker("prod")["spec"][key], key


def test_keda_reads_the_rabbitmq_address_from_its_secret() -> None:
    auth = objects(OVERLAY, "TriggerAuthentication")[RABBIT_SECRET]
    assert auth["spec"]["secretTargetRef"] == [
        {"parameter": "host", "name": RABBIT_SECRET, "key": "RABBITMQ_HOST"}]
    # Created by the operator of the installation, never generated with a value.
    assert RABBIT_SECRET not in objects(OVERLAY, "Secret")
    external = PROD_SECRETS | {RABBIT_SECRET}
    for auth in objects(OVERLAY, "TriggerAuthentication").values():
        for ref in auth["spec"]["secretTargetRef"]:
            assert ref["name"] in external


def test_the_component_replaces_the_triggers_and_adds_only_its_authentication() -> None:
    component = yaml.safe_load((COMPONENT / "kustomization.yaml").read_text())
    assert component["kind"] == "Component"
    assert component["resources"] == ["keda-auth.yaml"]
    overlay = yaml.safe_load((ROOT / "deploy/k8s/overlays" / OVERLAY / "kustomization.yaml")
                             .read_text())
    assert overlay["resources"] == ["../prod"]
    assert overlay["components"] == ["../../components/worker-keda-rabbitmq"]


def docs_section() -> str:
    text = (ROOT / "docs" / "deploy.md").read_text()
    return text.split("## Choosing the bot broker", 1)[1].split("\n## ", 1)[0]


def test_docs_say_when_to_pick_redis_or_rabbitmq_and_how_to_deploy_it() -> None:
    section = docs_section()
    for needed in (OVERLAY, "worker-keda-rabbitmq", RABBIT_SECRET, "RABBITMQ_HOST",
                   "CELERY_RESULT_BACKEND", "CELERY_BROKER_URL=amqp", "x-max-priority",
                   "BOT_VISIBILITY_TIMEOUT", "consumer_timeout"):
        assert needed in section, needed
    assert "Pick Redis" in section and "Pick RabbitMQ" in section
