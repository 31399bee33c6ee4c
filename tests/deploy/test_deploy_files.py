"""Every deployment file as text: no key given twice (server-side apply and compose refuse,
plain YAML loaders silently keep the last), third-party images pinned and listed in the
pinning step of docs/deploy.md, and compose's runtime limits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from support.paths import ROOT

YAML_FILES = sorted([ROOT / "docker-compose.yml", *(ROOT / "deploy").rglob("*.yaml"),
                     *(ROOT / "deploy").rglob("*.yml")])


class DuplicateKey(ValueError):
    """A mapping names the same key twice."""


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a key given twice in one mapping."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<: *anchor` merges defaults, which keys given here override
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise DuplicateKey(f"line {key_node.start_mark.line + 1}: {key!r} given twice")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def strict_load_all(text: str) -> list[Any]:
    """Every document of `text`, refusing duplicate keys; kustomize's inline patches (block
    strings under `patch:`) are checked the same way."""
    documents = list(yaml.load_all(text, Loader=_StrictLoader))
    for document in documents:
        for patch in _inline_patches(document):
            strict_load_all(patch)
    return documents


def _inline_patches(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k == "patch" and isinstance(v, str)]
        return found + [p for v in node.values() for p in _inline_patches(v)]
    if isinstance(node, list):
        return [p for v in node for p in _inline_patches(v)]
    return []


def test_the_duplicate_key_check_catches_a_repeated_env_entry_key() -> None:
    with pytest.raises(DuplicateKey):
        strict_load_all("env:\n  SOLVER_MAX_SECONDS: '10'\n  SOLVER_MAX_SECONDS: '10'\n")
    with pytest.raises(DuplicateKey):
        strict_load_all("patches:\n  - patch: |-\n      a: 1\n      a: 2\n")
    assert strict_load_all("x: &a {k: 1}\ny:\n  <<: *a\n  j: 2\n")[0]["y"] == {"k": 1, "j": 2}


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_deployment_file_gives_a_key_twice(path: Path) -> None:
    strict_load_all(path.read_text())


def test_no_container_lists_an_environment_variable_twice() -> None:
    # A list of {name, value} entries is not a mapping: look for repeated names apart.
    for path in YAML_FILES:
        for document in strict_load_all(path.read_text()):
            for env in _env_lists(document):
                names = [e["name"] for e in env if isinstance(e, dict) and "name" in e]
                assert len(names) == len(set(names)), (path.name, names)


def _env_lists(node: Any) -> list[list[Any]]:
    if isinstance(node, dict):
        here = [v for k, v in node.items() if k == "env" and isinstance(v, list)]
        return here + [e for v in node.values() for e in _env_lists(v)]
    if isinstance(node, list):
        return [e for v in node for e in _env_lists(v)]
    return []


def third_party_images() -> set[str]:
    """Every image reference outside the project's own, in compose and the manifests."""
    found = set()
    for path in YAML_FILES:
        for match in re.finditer(r"^\s*-?\s*image:\s*([^\s#]+)", path.read_text(), re.M):
            image = match.group(1)
            if not image.startswith(("cardroom", "${CARDROOM_IMAGE")):
                found.add(image)
    return found


def test_third_party_images_are_pinned_and_named_in_the_pinning_step() -> None:
    images = third_party_images()
    assert {"redis:7.2-alpine", "oliver006/redis_exporter:v1.62.0"} <= images
    docs = (ROOT / "docs" / "deploy.md").read_text()
    section = docs[docs.index("### Pinning images"):]
    section = section[:section.index("\n## ")]
    for image in images:
        name, _, tag = image.partition("@")[0].rpartition(":")
        assert name and re.search(r"\d", tag), f"{image}: no version tag"
        assert tag != "latest", image
        assert image.partition("@")[0] in section, f"{image} missing from the pinning step"


def compose_services() -> dict[str, Any]:
    """docker-compose.yml's services, anchors resolved."""
    return dict(yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"])


def test_compose_bounds_the_logs_of_every_container() -> None:
    for name, service in compose_services().items():
        logging = service.get("logging")
        assert logging, name
        assert logging["driver"] == "json-file"
        assert logging["options"]["max-size"] and int(logging["options"]["max-file"]) >= 1


def test_compose_match_service_does_not_wait_for_the_solver_it_never_calls() -> None:
    assert "solver" not in compose_services()["match"].get("depends_on", {})


def test_compose_gives_draining_servers_their_time_before_the_kill() -> None:
    for name in ("solver", "bot"):
        service = compose_services()[name]
        drain = service["environment"]["GRPC_DRAIN_SECONDS"]
        drain_s = float(re.sub(r"\$\{GRPC_DRAIN_SECONDS:-(\d+)\}", r"\1", drain))
        grace_s = float(service["stop_grace_period"].removesuffix("s"))
        assert 0 < drain_s < grace_s, name
