"""deploy/k8s rendered by `kubectl kustomize` for both overlays and checked offline: strict
Kubernetes schemas, the project's schemas of the custom resources, and the references
between objects (selectors, names, ports, commands shared with docker-compose.yml)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs installed
import kubernetes_validate  # type: ignore[import-untyped]  # ships no types
import pytest
import yaml

from services.match.bots import DEFAULT_QUEUE, SEARCH_QUEUE

ROOT = Path(__file__).resolve().parents[1]
K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ("dev", "prod")
#: Kubernetes versions the manifests must be valid for: the oldest we claim, the newest known.
VERSIONS = ("1.29.0", kubernetes_validate.utils.latest_version())
CRD_SCHEMAS = {"ScaledObject": "scaledobject", "TriggerAuthentication": "triggerauthentication",
               "ServiceMonitor": "servicemonitor", "PrometheusRule": "prometheusrule"}
GRPC = {"match": 50051, "bot": 50052, "solver": 50053}
METRICS = {"match": 9101, "bot": 9102, "solver": 9103, "worker": 9104, "redis": 9121}


@cache
def render(overlay: str) -> tuple[dict[str, Any], ...]:
    """The objects `kubectl kustomize` builds for an overlay."""
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl is needed to render deploy/k8s (it comes with this machine kind)"
    result = subprocess.run([kubectl, "kustomize", str(K8S / "overlays" / overlay)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return tuple(doc for doc in yaml.safe_load_all(result.stdout) if doc)


def objects(overlay: str, kind: str) -> dict[str, dict[str, Any]]:
    """The rendered objects of one kind, by name."""
    return {o["metadata"]["name"]: o for o in render(overlay) if o["kind"] == kind}


def containers(overlay: str) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(workload name, pod spec, container) of every Deployment and StatefulSet."""
    for kind in ("Deployment", "StatefulSet"):
        for name, workload in objects(overlay, kind).items():
            pod = workload["spec"]["template"]["spec"]
            for container in pod["containers"]:
                yield name, pod, container


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_overlay_renders_into_one_namespace(overlay: str) -> None:
    namespace = {"dev": "cardroom-dev", "prod": "cardroom"}[overlay]
    assert list(objects(overlay, "Namespace")) == [namespace]
    for obj in render(overlay):
        if obj["kind"] != "Namespace":
            assert obj["metadata"].get("namespace") == namespace, obj["metadata"]["name"]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_builtin_kinds_validate_strictly(overlay: str, version: str) -> None:
    checked = 0
    for obj in render(overlay):
        if obj["kind"] in CRD_SCHEMAS:
            continue
        kubernetes_validate.validate(obj, version, strict=True)
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_custom_resources_match_their_schemas(overlay: str) -> None:
    seen = set()
    for obj in render(overlay):
        if obj["kind"] in CRD_SCHEMAS:
            schema = json.loads((ROOT / "deploy" / "schemas" /
                                 f"{CRD_SCHEMAS[obj['kind']]}.json").read_text())
            jsonschema.validate(obj, schema)
            seen.add(obj["kind"])
    expected = {"ServiceMonitor", "PrometheusRule"}
    expected |= {"ScaledObject", "TriggerAuthentication"} if overlay == "prod" else set()
    assert seen == expected


def test_k8s_crd_schemas_refuse_a_misspelt_field() -> None:
    obj = next(o for o in render("prod") if o["kind"] == "ScaledObject")
    schema = json.loads((ROOT / "deploy" / "schemas" / "scaledobject.json").read_text())
    broken = json.loads(json.dumps(obj))
    broken["spec"]["triggers"][0]["metadata"]["listname"] = "typo"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)
    del broken["spec"]["scaleTargetRef"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_selectors_find_their_pods(overlay: str) -> None:
    pods = [w["spec"]["template"]["metadata"]["labels"] for kind in ("Deployment", "StatefulSet")
            for w in objects(overlay, kind).values()]

    def selects(selector: dict[str, str]) -> int:
        return sum(all(labels.get(k) == v for k, v in selector.items()) for labels in pods)

    for kind in ("Deployment", "StatefulSet"):
        for workload in objects(overlay, kind).values():
            selector = workload["spec"]["selector"]["matchLabels"]
            assert selector.items() <= workload["spec"]["template"]["metadata"]["labels"].items()
    for name, service in objects(overlay, "Service").items():
        assert selects(service["spec"]["selector"]) == 1, name
    for name, budget in objects(overlay, "PodDisruptionBudget").items():
        assert selects(budget["spec"]["selector"]["matchLabels"]) == 1, name


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_autoscalers_target_existing_deployments(overlay: str) -> None:
    deployments = objects(overlay, "Deployment")
    hpas = objects(overlay, "HorizontalPodAutoscaler")
    scaled = objects(overlay, "ScaledObject")
    assert {"match", "solver"} <= set(hpas)
    for hpa in hpas.values():
        assert hpa["spec"]["scaleTargetRef"]["name"] in deployments
    for obj in scaled.values():
        assert obj["spec"]["scaleTargetRef"]["name"] in deployments
    # The worker scales by exactly one of KEDA (prod) or a plain HPA (dev), never both.
    assert ("worker" in hpas) != ("worker" in scaled)
    assert ("worker" in scaled) == (overlay == "prod")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_keda_scales_workers_on_the_queues_the_match_service_fills(overlay: str) -> None:
    base = yaml.safe_load_all((K8S / "base" / "worker.yaml").read_text())
    for scaled in [*objects(overlay, "ScaledObject").values(),
                   *(o for o in base if o["kind"] == "ScaledObject")]:
        lists = [t["metadata"]["listName"] for t in scaled["spec"]["triggers"]]
        assert sorted(lists) == sorted([DEFAULT_QUEUE, SEARCH_QUEUE])
        for trigger in scaled["spec"]["triggers"]:
            auth = trigger.get("authenticationRef", {}).get("name")
            if auth:
                assert auth in objects(overlay, "TriggerAuthentication")
            else:
                assert trigger["metadata"]["address"] == "redis:6379"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_grpc_services_are_headless_with_native_grpc_probes(overlay: str) -> None:
    services = objects(overlay, "Service")
    for name, port in GRPC.items():
        assert services[name]["spec"]["clusterIP"] == "None"
        ports = {p["name"]: p["port"] for p in services[name]["spec"]["ports"]}
        assert ports == {"grpc": port, "metrics": METRICS[name]}
    probed = set()
    for name, _, container in containers(overlay):
        if name in GRPC:
            assert container["readinessProbe"]["grpc"] == {"port": GRPC[name]}, name
            for probe in ("startupProbe", "livenessProbe"):
                if name == "match":
                    # Health follows Redis: a Redis outage must not restart every replica.
                    assert container[probe]["tcpSocket"] == {"port": "grpc"}, probe
                else:
                    assert container[probe]["grpc"] == {"port": GRPC[name]}, (name, probe)
            env = {e["name"]: e.get("value") for e in container["env"]}
            assert env["GRPC_PORT"] == str(GRPC[name])
            assert env["METRICS_PORT"] == str(METRICS[name])
            probed.add(name)
    assert probed == set(GRPC)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_every_container_is_unprivileged_and_bounded(overlay: str) -> None:
    for name, pod, container in containers(overlay):
        assert pod["securityContext"]["runAsNonRoot"] is True, name
        assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}, name
        security = container["securityContext"]
        assert security["allowPrivilegeEscalation"] is False, name
        assert security["readOnlyRootFilesystem"] is True, name
        assert security["capabilities"] == {"drop": ["ALL"]}, name
        assert {"cpu", "memory"} <= set(container["resources"]["requests"]), name
        assert {"cpu", "memory"} <= set(container["resources"]["limits"]), name
        assert container["image"].rsplit(":", 1)[-1] not in ("", "latest"), name


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_service_monitor_scrapes_every_job_of_the_alert_rules(overlay: str) -> None:
    monitor = objects(overlay, "ServiceMonitor")["cardroom"]["spec"]
    selector = monitor["selector"]["matchLabels"]
    port = monitor["endpoints"][0]["port"]
    jobs = {s["metadata"]["labels"][monitor["jobLabel"]]
            for s in objects(overlay, "Service").values()
            if selector.items() <= s["metadata"]["labels"].items()
            and port in {p["name"] for p in s["spec"]["ports"]}}
    assert jobs == set(METRICS)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_config_and_secret_references_resolve(overlay: str) -> None:
    config_maps = set(objects(overlay, "ConfigMap"))
    secrets = set(objects(overlay, "Secret"))
    # prod: the operator creates cardroom-secrets (docs/deploy.md), nothing else.
    external = {"cardroom-secrets"} if overlay == "prod" else set()
    assert not secrets & external
    for name, _, container in containers(overlay):
        for source in container.get("envFrom", []):
            if "configMapRef" in source:
                assert source["configMapRef"]["name"] in config_maps, name
            if "secretRef" in source:
                assert source["secretRef"]["name"] in secrets | external, name
        for env in container.get("env", []):
            ref = env.get("valueFrom", {}).get("secretKeyRef")
            if ref:
                assert ref["name"] in secrets | external, name
    for auth in objects(overlay, "TriggerAuthentication").values():
        for ref in auth["spec"]["secretTargetRef"]:
            assert ref["name"] in secrets | external


def test_k8s_dashboard_config_maps_hold_each_dashboard() -> None:
    boards = {p.name: json.loads(p.read_text())
              for p in (ROOT / "deploy" / "grafana" / "dashboards").glob("*.json")}
    found = {}
    for name, config_map in objects("prod", "ConfigMap").items():
        if config_map["metadata"].get("labels", {}).get("grafana_dashboard") == "1":
            (file, text), = config_map["data"].items()
            found[file] = json.loads(text)
            assert name == f"cardroom-dashboard-{file.removeprefix('cardroom-')[:-5]}"
    assert found == boards


def test_k8s_prometheus_rule_is_generated_from_the_rule_files() -> None:
    result = subprocess.run([sys.executable, str(K8S / "prometheusrule.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    rules = yaml.safe_load((ROOT / "deploy/prometheus/rules/cardroom.yml").read_text())
    assert objects("prod", "PrometheusRule")["cardroom"]["spec"]["groups"] == rules["groups"]


def test_k8s_commands_are_the_compose_commands_the_smoke_test_runs() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    for name, _, container in containers("prod"):
        if name in ("match", "solver", "bot"):
            assert container["command"] == compose[name]["command"], name
        if name == "worker":
            # Only the node name differs: the pod's name instead of the container's host.
            def strip(argv: list[str]) -> list[str]:
                return [a for a in argv if not a.startswith("--hostname=")]
            assert strip(container["command"]) == strip(compose["worker"]["command"])
    dev = {(name, c["name"]): c for name, _, c in containers("dev")}
    assert dev[("redis", "redis")]["command"] == [
        a if "REDIS_MAXMEMORY" not in a else "768mb" for a in compose["redis"]["command"]]
