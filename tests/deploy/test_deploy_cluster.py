"""The Redis Cluster overlays of deploy/k8s (prod-cluster: a managed cluster; prod-cluster-
operator: the redis-operator's RedisCluster in the namespace), rendered by `kubectl
kustomize` and checked offline like the other overlays, plus what a cluster needs: the
match service's REDIS_URL from the Secret cardroom-redis-cluster, no standalone Redis, a
cluster of 3 leaders and 3 followers that keeps an append-only file, its network policy,
and the URLs docs/deploy.md tells operators to store."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs installed
import kubernetes_validate  # type: ignore[import-untyped]  # ships no types
import pytest
from support.paths import ROOT
from test_deploy_k8s import CRD_SCHEMAS, PROD_SECRETS, VERSIONS, config, containers, objects, render

CLUSTER_OVERLAYS = ("prod-cluster", "prod-cluster-operator")
CLUSTER_SCHEMAS = {**CRD_SCHEMAS, "RedisCluster": "rediscluster"}
#: The Secret the operator of an installation creates for the cluster (docs/deploy.md).
CLUSTER_SECRET = "cardroom-redis-cluster"
CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")


def schema(kind: str) -> dict[str, Any]:
    return dict(json.loads((ROOT / "deploy" / "schemas" / f"{CLUSTER_SCHEMAS[kind]}.json")
                           .read_text()))


def redis_cluster() -> dict[str, Any]:
    (cluster,) = objects("prod-cluster-operator", "RedisCluster").values()
    return cluster


def env_of(overlay: str, workload: str) -> dict[str, dict[str, Any]]:
    (env,) = [{e["name"]: e for e in c.get("env", [])}
              for name, _, c in containers(overlay) if name == workload]
    return env


@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_cluster_overlay_keeps_all_of_prod_in_its_namespace(overlay: str) -> None:
    def kinds_and_names(overlay: str) -> set[tuple[str, str]]:
        # cardroom-config is generated: its hash suffix follows its content.
        return {(o["kind"], re.sub(r"^cardroom-config-[a-z0-9]+$", "cardroom-config",
                                   o["metadata"]["name"])) for o in render(overlay)}

    assert kinds_and_names("prod") <= kinds_and_names(overlay)
    assert list(objects(overlay, "Namespace")) == ["cardroom"]
    for obj in render(overlay):
        if obj["kind"] != "Namespace":
            assert obj["metadata"].get("namespace") == "cardroom", obj["metadata"]["name"]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_cluster_builtin_kinds_validate_strictly(overlay: str, version: str) -> None:
    checked = 0
    for obj in render(overlay):
        if obj["kind"] not in CLUSTER_SCHEMAS:
            kubernetes_validate.validate(obj, version, strict=True)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_cluster_custom_resources_match_their_schemas(overlay: str) -> None:
    seen = set()
    for obj in render(overlay):
        if obj["kind"] in CLUSTER_SCHEMAS:
            jsonschema.validate(obj, schema(obj["kind"]))
            seen.add(obj["kind"])
    expected = {"ServiceMonitor", "PrometheusRule", "ScaledObject", "TriggerAuthentication"}
    assert seen == expected | ({"RedisCluster"} if overlay.endswith("operator") else set())


def test_rediscluster_schema_refuses_a_misspelt_or_missing_field() -> None:
    rules = schema("RedisCluster")
    jsonschema.Draft202012Validator.check_schema(rules)
    for breaking in (
        lambda spec: spec["redisLeader"].update(replica=3),
        lambda spec: spec.update(persistence=True),
        lambda spec: spec["storage"]["volumeClaimTemplate"]["spec"].update(acessModes=[]),
        lambda spec: spec["kubernetesConfig"].update(redisSecret={"name": CLUSTER_SECRET}),
        lambda spec: spec.update(clusterSize="3"),
        lambda spec: spec.pop("kubernetesConfig"),
    ):
        broken = json.loads(json.dumps(redis_cluster()))
        breaking(broken["spec"])
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, rules)


@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_match_service_reads_the_cluster_url_from_its_secret(overlay: str) -> None:
    # An env entry wins over envFrom: this REDIS_URL replaces any in cardroom-match.
    assert env_of(overlay, "match")["REDIS_URL"] == {
        "name": "REDIS_URL",
        "valueFrom": {"secretKeyRef": {"name": CLUSTER_SECRET, "key": "REDIS_URL"}}}
    # The bot API and workers keep their broker (Celery cannot use a cluster).
    for name, _, container in containers(overlay):
        if name != "match":
            refs = [e for e in container.get("env", []) if e["name"] == "REDIS_URL"]
            assert not refs, name
            assert CLUSTER_SECRET not in json.dumps(container), name
    # Created by the operator of the installation, never generated with a value.
    assert CLUSTER_SECRET not in objects(overlay, "Secret")
    assert int(config(overlay)["MATCH_INDEX_SHARDS"]) >= 1
    assert config(overlay)["MATCH_DURABILITY"] in ("everysec", "always")


@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_no_standalone_redis_is_deployed_for_the_matches(overlay: str) -> None:
    assert objects(overlay, "StatefulSet") == {}
    assert "redis" not in objects(overlay, "Service")
    images = [c["image"] for _, _, c in containers(overlay)]
    assert not [i for i in images if i.startswith("redis:")]


@pytest.mark.parametrize("overlay", CLUSTER_OVERLAYS)
def test_cluster_secret_and_config_references_resolve(overlay: str) -> None:
    external = PROD_SECRETS | {CLUSTER_SECRET}
    secrets = set(objects(overlay, "Secret")) | external
    config_maps = set(objects(overlay, "ConfigMap"))
    for name, pod, container in containers(overlay):
        for volume in pod.get("volumes", []):
            if "secret" in volume:
                assert volume["secret"]["secretName"] in secrets, name
        for source in container.get("envFrom", []):
            ref = source.get("secretRef") or source.get("configMapRef")
            assert ref["name"] in secrets | config_maps, name
        for env in container.get("env", []):
            ref = env.get("valueFrom", {}).get("secretKeyRef")
            if ref:
                assert ref["name"] in secrets, name
    for cluster in objects(overlay, "RedisCluster").values():
        spec = cluster["spec"]
        assert spec["kubernetesConfig"]["redisSecret"] == {"name": CLUSTER_SECRET,
                                                           "key": "REDIS_PASSWORD"}
        for role in ("redisLeader", "redisFollower"):
            assert spec[role]["redisConfig"]["additionalRedisConfig"] in config_maps, role


def test_operator_cluster_has_three_leaders_and_three_followers_with_persistence() -> None:
    spec = redis_cluster()["spec"]
    assert spec["clusterSize"] == 3
    assert spec["redisLeader"]["replicas"] == 3
    assert spec["redisFollower"]["replicas"] == 3
    assert spec["persistenceEnabled"] is True
    storage = spec["storage"]
    for claim in ("volumeClaimTemplate", "nodeConfVolumeClaimTemplate"):
        requested = storage[claim]["spec"]["resources"]["requests"]["storage"]
        assert re.fullmatch(r"[1-9]\d*Gi", requested), claim
        assert storage[claim]["spec"]["accessModes"] == ["ReadWriteOnce"]
    assert storage["nodeConfVolume"] is True
    # One pod of each role at a time may go (node drains).
    for role in ("redisLeader", "redisFollower"):
        assert spec[role]["pdb"] == {"enabled": True, "maxUnavailable": 1}


def additional_config() -> dict[str, str]:
    """The redis.conf lines every node of the operator's cluster includes."""
    name = redis_cluster()["spec"]["redisLeader"]["redisConfig"]["additionalRedisConfig"]
    text = objects("prod-cluster-operator", "ConfigMap")[name]["data"]["redis-additional.conf"]
    return dict(line.split(" ", 1) for line in text.splitlines() if line.strip())


def test_operator_cluster_keeps_an_append_only_file_and_never_evicts() -> None:
    conf = additional_config()
    assert conf["appendonly"] == "yes"
    # What the match service demands (MATCH_DURABILITY) is what the nodes keep.
    required = {"everysec": ("everysec", "always"), "always": ("always",)}
    assert conf["appendfsync"] in required[config("prod-cluster-operator")["MATCH_DURABILITY"]]
    assert conf["maxmemory-policy"] == "noeviction"
    # The rewrite's forked child can double the memory in use: keep maxmemory under half.
    limit = redis_cluster()["spec"]["kubernetesConfig"]["resources"]["limits"]["memory"]
    assert conf["maxmemory"].endswith("mb") and limit.endswith("Gi")
    assert int(conf["maxmemory"][:-2]) * 2 < int(limit[:-2]) * 1024
    spec = redis_cluster()["spec"]
    assert spec["redisLeader"]["redisConfig"] == spec["redisFollower"]["redisConfig"]


def test_operator_cluster_pods_meet_the_restricted_pod_security_level() -> None:
    spec = redis_cluster()["spec"]
    pod = spec["podSecurityContext"]
    assert pod["runAsNonRoot"] is True and pod["runAsUser"] != 0
    assert pod["seccompProfile"] == {"type": "RuntimeDefault"}
    for part in (spec["redisLeader"], spec["redisFollower"], spec["redisExporter"]):
        security = part["securityContext"]
        assert security["allowPrivilegeEscalation"] is False
        assert security["capabilities"] == {"drop": ["ALL"]}
    for part in (spec["kubernetesConfig"], spec["redisExporter"]):
        assert {"cpu", "memory"} <= set(part["resources"]["limits"])
        assert re.search(r":v?\d+\.\d+\.\d+(@sha256:[0-9a-f]{64})?$", part["image"])


def test_operator_cluster_nodes_are_scraped_by_the_service_monitor() -> None:
    overlay = "prod-cluster-operator"
    exporter = redis_cluster()["spec"]["redisExporter"]
    assert exporter["enabled"] is True
    port = exporter.get("port", 9121)  # the operator's default
    service = objects(overlay, "Service")["redis-cluster"]
    # The operator's stable pod label: every node of the cluster, leaders and followers.
    assert service["spec"]["selector"] == {"redis_setup_type": "cluster"}
    assert {"name": "metrics", "port": port, "targetPort": port} in service["spec"]["ports"]
    monitor = objects(overlay, "ServiceMonitor")["cardroom"]["spec"]
    labels = service["metadata"]["labels"]
    assert monitor["selector"]["matchLabels"].items() <= labels.items()
    assert monitor["endpoints"][0]["port"] == "metrics"
    assert labels[monitor["jobLabel"]] == "redis-cluster"
    policy = objects(overlay, "NetworkPolicy")["redis-cluster"]["spec"]
    assert {"from": [{"namespaceSelector": {}}], "ports": [{"port": port}]} in policy["ingress"]


def test_operator_cluster_network_policy_lets_only_match_and_the_nodes_in() -> None:
    overlay = "prod-cluster-operator"
    name = redis_cluster()["metadata"]["name"]
    policy = objects(overlay, "NetworkPolicy")["redis-cluster"]["spec"]
    # The operator labels its pods app=<name>-leader|follower, redis_setup_type=cluster.
    selector = policy["podSelector"]
    assert selector["matchLabels"] == {"redis_setup_type": "cluster"}
    (apps,) = selector["matchExpressions"]
    assert (apps["key"], apps["operator"]) == ("app", "In")
    assert set(apps["values"]) == {f"{name}-leader", f"{name}-follower"}
    assert policy["policyTypes"] == ["Ingress"]
    assert objects(overlay, "NetworkPolicy")["default-deny"]["spec"]["podSelector"] == {}

    def peers(port: int) -> list[dict[str, Any]]:
        (rule,) = [r for r in policy["ingress"] if r["ports"] == [{"port": port}]]
        return list(rule["from"])

    pods = {name: d["spec"]["template"]["metadata"]["labels"]
            for name, d in objects(overlay, "Deployment").items()}
    allowed = {workload for peer in peers(6379) if "podSelector" in peer
               for workload, labels in pods.items()
               if peer["podSelector"]["matchLabels"].items() <= labels.items()}
    assert allowed == {"match"}
    node = {"podSelector": {"matchLabels": {"redis_setup_type": "cluster"}}}
    assert node in peers(6379)
    assert [p for p in peers(6379) if "namespaceSelector" in p]  # the operator's namespace
    assert peers(16379) == [node]


def docs_section() -> str:
    docs = (ROOT / "docs" / "deploy.md").read_text()
    section = docs[docs.index("\n## Redis Cluster\n"):]
    return section[:section.index("\n## ", 1)]


def documented_secret_values(name: str) -> list[dict[str, str]]:
    """KEY=VALUE pairs of each `kubectl create secret generic NAME` in the Redis Cluster
    section of docs/deploy.md ($P standing for a password)."""
    found = []
    text = docs_section().replace("\\\n", " ")
    for line in text.splitlines():
        if f"create secret generic {name} " in line:
            words = shlex.split(line.split(f"generic {name} ", 1)[1].replace("$P", "PASSWORD"))
            pairs = [w.removeprefix("--from-literal=") for w in words
                     if w.startswith("--from-literal=")]
            found.append(dict(p.split("=", 1) for p in pairs))
    return found


def test_documented_cluster_urls_name_seed_nodes_with_a_cluster_scheme() -> None:
    values = documented_secret_values(CLUSTER_SECRET)
    assert len(values) == 2  # the managed cluster, the operator's
    for secret in values:
        url = secret["REDIS_URL"]
        assert url.startswith(CLUSTER_SCHEMES), url
        seeds = url.split("@", 1)[1].split(",")
        assert len(seeds) >= 2 and all(re.fullmatch(r"[\w.-]+:\d+", s) for s in seeds), url
    # The operator variant: its seeds are the Services the operator makes for the resource,
    # and the password in the URL is the one the nodes get.
    (operator,) = [v for v in values if "REDIS_PASSWORD" in v]
    name = redis_cluster()["metadata"]["name"]
    hosts = {s.split(":")[0] for s in operator["REDIS_URL"].split("@", 1)[1].split(",")}
    assert hosts == {f"{name}-leader", f"{name}-follower"}
    assert f":{operator['REDIS_PASSWORD']}@" in operator["REDIS_URL"]


def test_documented_broker_urls_never_name_a_cluster() -> None:
    docs = (ROOT / "docs" / "deploy.md").read_text()
    brokers = re.findall(r"CELERY_BROKER_URL=\S+", docs)
    assert brokers
    assert not [b for b in brokers if "+cluster" in b]
    assert "Celery cannot use a Redis Cluster" in docs_section()
    assert "+cluster" not in (ROOT / "deploy/k8s/base/kustomization.yaml").read_text()
