"""The README's grpcurl examples name real methods and send bodies the API accepts."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from google.protobuf import json_format
from google.protobuf.descriptor_pool import Default
from google.protobuf.message_factory import GetMessageClass

from shared.proto.cardroom.v1 import match_pb2, solver_pb2

#: Importing these registers their services in the default descriptor pool.
PROTOS = (match_pb2, solver_pb2)

README = Path(__file__).resolve().parents[1] / "README.md"


def _grpcurl_calls() -> list[tuple[str, str]]:
    text = README.read_text()
    commands = re.findall(r"^grpcurl .*?(?<!\\)$", text.replace("\\\n", " "), re.M)
    calls = []
    for command in commands:
        words = shlex.split(command.replace("'$MATCH'", "m1"))
        body = words[words.index("-d") + 1]
        calls.append((words[-1], body))
    return calls


def test_readme_grpcurl_examples_parse_as_requests() -> None:
    calls = _grpcurl_calls()
    assert len(calls) >= 6
    for method_path, body in calls:
        service_name, method_name = method_path.split("/")
        service = Default().FindServiceByName(service_name)
        method = service.methods_by_name[method_name]
        request = GetMessageClass(method.input_type)()
        json_format.Parse(body, request)  # raises on an unknown field or a bad enum name
        assert request.ByteSize() > 0, method_path


def test_readme_links_to_files_that_exist() -> None:
    links = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README.read_text())
    assert "docs/match.md" in links
    missing = [link for link in links if not (README.parent / link).exists()]
    assert missing == []
