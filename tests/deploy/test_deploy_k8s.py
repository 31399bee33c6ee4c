"""deploy/k8s rendered by `kubectl kustomize` for both overlays and checked offline: strict
Kubernetes schemas, the project's schemas of the custom resources, and the references
between objects (selectors, names, ports, commands shared with docker-compose.yml)."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs installed
import kubernetes_validate  # type: ignore[import-untyped]  # ships no types
import pytest
import yaml
from support.paths import ROOT

from cardroom.shared.rpc.identity import parse_proxies
from cardroom.shared.wire.bot_tasks import DEFAULT_QUEUE, SEARCH_QUEUE

K8S = ROOT / "deploy" / "k8s"
OVERLAYS = ("dev", "prod")
#: Kubernetes versions the manifests must be valid for: the oldest we claim, the newest known.
VERSIONS = ("1.29.0", kubernetes_validate.utils.latest_version())
CRD_SCHEMAS = {"ScaledObject": "scaledobject", "TriggerAuthentication": "triggerauthentication",
               "ServiceMonitor": "servicemonitor", "PrometheusRule": "prometheusrule"}
GRPC = {"match": 50051, "bot": 50052, "solver": 50053}
METRICS = {"match": 9101, "bot": 9102, "solver": 9103, "worker": 9104, "web": 9105,
           "redis": 9121}
#: The Secrets a production operator creates: one per workload, Redis's, the certificate.
PROD_SECRETS = {"cardroom-match", "cardroom-bot", "cardroom-worker", "cardroom-redis",
                "cardroom-grpc-tls"}


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


def health_probe(overlay: str, name: str) -> dict[str, Any]:
    """The probe handler a gRPC service's health is asked with: the kubelet's native gRPC
    probe in dev, the TLS-speaking health probe command in prod."""
    if overlay == "prod":
        return {"exec": {"command": ["python", "-m", "cardroom.services.healthprobe",
                                     "--tls-name", name]}}
    return {"grpc": {"port": GRPC[name]}}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_grpc_services_are_headless_with_grpc_health_probes(overlay: str) -> None:
    services = objects(overlay, "Service")
    for name, port in GRPC.items():
        assert services[name]["spec"]["clusterIP"] == "None"
        ports = {p["name"]: p["port"] for p in services[name]["spec"]["ports"]}
        assert ports == {"grpc": port, "metrics": METRICS[name]}
    probed = set()
    for name, _, container in containers(overlay):
        if name in GRPC:
            handler = {probe: {k: v for k, v in container[probe].items() if k in ("grpc", "exec")}
                       for probe in ("startupProbe", "readinessProbe", "livenessProbe")}
            assert handler["readinessProbe"] == health_probe(overlay, name), name
            for probe in ("startupProbe", "livenessProbe"):
                if name == "match":
                    # Health follows Redis: a Redis outage must not restart every replica.
                    assert container[probe]["tcpSocket"] == {"port": "grpc"}, probe
                else:
                    assert handler[probe] == health_probe(overlay, name), (name, probe)
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
    # prod: the operator (and cert-manager) create these (docs/deploy.md), nothing else.
    external = PROD_SECRETS if overlay == "prod" else set()
    assert not secrets & external
    for name, pod, container in containers(overlay):
        for volume in pod.get("volumes", []):
            if "secret" in volume:
                assert volume["secret"]["secretName"] in secrets | external, name
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
        if name in ("match", "solver", "bot", "web"):
            assert container["command"] == compose[name]["command"], name
        if name == "worker":
            # Only the node name differs: the pod's name instead of the container's host.
            def strip(argv: list[str]) -> list[str]:
                return [a for a in argv if not a.startswith("--hostname=")]
            assert strip(container["command"]) == strip(compose["worker"]["command"])
    dev = {(name, c["name"]): c for name, _, c in containers("dev")}
    # The same Redis, with a smaller memory cap and a password.
    assert dev[("redis", "redis")]["command"] == [
        a if "REDIS_MAXMEMORY" not in a else "448mb" for a in compose["redis"]["command"]
    ] + ["--requirepass", "$(REDIS_PASSWORD)"]


def config(overlay: str) -> dict[str, str]:
    """The rendered cardroom-config ConfigMap's data."""
    (data,) = [c["data"] for name, c in objects(overlay, "ConfigMap").items()
               if name.startswith("cardroom-config")]
    return dict(data)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_match_service_demands_a_durable_redis(overlay: str) -> None:
    assert config(overlay)["MATCH_DURABILITY"] in ("everysec", "always")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_the_ingress_is_trusted_to_name_the_client(overlay: str) -> None:
    # Else every outside client arrives from the ingress and shares one caller's limits.
    raw = config(overlay)["GRPC_TRUSTED_PROXIES"]
    assert parse_proxies("GRPC_TRUSTED_PROXIES", raw)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_no_replicas_where_an_autoscaler_owns_the_size(overlay: str) -> None:
    scaled = {o["spec"]["scaleTargetRef"]["name"]
              for kind in ("HorizontalPodAutoscaler", "ScaledObject")
              for o in objects(overlay, kind).values()}
    assert {"match", "solver", "worker"} <= scaled
    for name, deployment in objects(overlay, "Deployment").items():
        if name in scaled:
            assert "replicas" not in deployment["spec"], name


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_each_workload_gets_only_its_own_secret(overlay: str) -> None:
    wanted = {"match": {"cardroom-match"}, "bot": {"cardroom-bot"},
              "worker": {"cardroom-worker"}, "solver": set()}
    for name, _, container in containers(overlay):
        if name in wanted:
            # Generated Secrets (dev) carry a hash suffix.
            refs = {s["secretRef"]["name"].rsplit("-", 1)[0] if overlay == "dev"
                    else s["secretRef"]["name"]
                    for s in container.get("envFrom", []) if "secretRef" in s}
            assert refs == wanted[name], name
    if overlay == "dev":
        keys = {name: set(secret["data"]) for name, secret in objects("dev", "Secret").items()}
        holders = {name for name, held in keys.items() if "ADMIN_TOKEN" in held}
        assert [h.rsplit("-", 1)[0] for h in holders] == ["cardroom-match"]
        worker = next(held for name, held in keys.items() if name.startswith("cardroom-worker"))
        assert worker == {"BOT_TOKEN", "REDIS_URL", "CELERY_BROKER_URL"}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_network_policies_let_only_what_must_talk(overlay: str) -> None:
    policies = objects(overlay, "NetworkPolicy")
    assert policies["default-deny"]["spec"] == {"podSelector": {}, "policyTypes": ["Ingress"]}
    components = {w["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/component"]
                  for kind in ("Deployment", "StatefulSet")
                  for w in objects(overlay, kind).values()}
    selected = {p["spec"]["podSelector"]["matchLabels"]["app.kubernetes.io/component"]
                for name, p in policies.items() if name != "default-deny"}
    assert components <= selected

    def ports(name: str) -> set[Any]:
        return {port["port"] for rule in policies[name]["spec"]["ingress"]
                for port in rule["ports"]}

    for name in GRPC:
        assert ports(name) == {"grpc", "metrics"}, name
    assert ports("worker") == {"metrics"}
    assert ports("web") == {"http", "metrics"}
    (redis_rule,) = [r for r in policies["redis"]["spec"]["ingress"]
                     if r["ports"] == [{"port": 6379}]]
    (clients,) = redis_rule["from"]
    allowed = {e["key"]: set(e["values"]) for e in clients["podSelector"]["matchExpressions"]}
    assert allowed["app.kubernetes.io/component"] == {"match", "bot", "worker"}


def test_k8s_dev_redis_needs_a_password_and_leaves_room_for_an_aof_rewrite() -> None:
    (redis,) = [c for name, _, c in containers("dev") if c["name"] == "redis"]
    command = redis["command"]
    assert command[command.index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    env = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in redis["env"]}
    assert env["REDIS_PASSWORD"]["name"].startswith("cardroom-redis")
    # The rewrite's forked child can double the memory in use: keep maxmemory under half.
    maxmemory = command[command.index("--maxmemory") + 1]
    limit = redis["resources"]["limits"]["memory"]
    assert maxmemory.endswith("mb") and limit.endswith("Gi")
    assert int(maxmemory[:-2]) * 2 < int(limit[:-2]) * 1024
    urls = [v for s in objects("dev", "Secret").values() for k, v in s["data"].items()
            if k in ("REDIS_URL", "CELERY_BROKER_URL")]
    assert urls and all("dev-redis-password" in base64.b64decode(u).decode() for u in urls)


def test_k8s_prod_grpc_runs_over_tls_with_the_mounted_certificate() -> None:
    data = config("prod")
    mount = "/etc/cardroom/tls"
    assert (data["TLS_CERT_FILE"], data["TLS_KEY_FILE"], data["TLS_CA_FILE"]) == (
        f"{mount}/tls.crt", f"{mount}/tls.key", f"{mount}/ca.crt")
    for name, pod, container in containers("prod"):
        if name in (*GRPC, "worker"):
            volumes = {v["name"]: v for v in pod["volumes"]}
            assert volumes["grpc-tls"]["secret"]["secretName"] == "cardroom-grpc-tls", name
            mounts = {m["name"]: m for m in container["volumeMounts"]}
            assert mounts["grpc-tls"] == {"name": "grpc-tls", "mountPath": mount,
                                          "readOnly": True}, name
    assert "TLS_CERT_FILE" not in config("dev")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_servers_drain_within_the_pods_grace(overlay: str) -> None:
    for name, pod, container in containers(overlay):
        if name in ("solver", "bot"):
            env = {e["name"]: e.get("value") for e in container["env"]}
            assert 0 < float(env["GRPC_DRAIN_SECONDS"]) < pod["terminationGracePeriodSeconds"]
    assert int(config(overlay)["GRPC_MAX_CONNECTION_AGE_SECONDS"]) > 0
