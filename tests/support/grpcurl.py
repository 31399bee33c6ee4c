"""A stand-in for the grpcurl command (a Go binary, not installed by the project), for the
tests that run the documentation's examples: the same command line, answered the way
grpcurl answers it, through server reflection (no proto files, like grpcurl).

Handles: -plaintext, -H 'name: value' (repeatable), -d JSON (or -d @ for standard input),
-max-time SECONDS, then ADDRESS and `list [SERVICE]` or `package.Service/Method` (unary
and server-streaming). Responses are printed as grpcurl
prints them (protobuf JSON, lowerCamelCase names, one object per message); a failed call
prints grpcurl's ERROR block and exits 64 + the status code, as grpcurl does.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import grpc
from google.protobuf import descriptor_pool, json_format
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)

USAGE = "usage: grpcurl [-plaintext] [-H 'k: v'] [-d JSON] [-max-time S] ADDRESS list|METHOD"


def parse(argv: list[str]) -> tuple[dict[str, object], list[str]]:
    """Flags (plaintext, headers, data, max_time) and the positional words."""
    flags: dict[str, object] = {"plaintext": False, "headers": [], "data": None,
                                "max_time": None}
    words: list[str] = []
    args = iter(argv)
    for arg in args:
        name = arg.lstrip("-")
        if arg.startswith("-") and name == "plaintext":
            flags["plaintext"] = True
        elif arg.startswith("-") and name in ("H", "rpc-header"):
            headers = flags["headers"]
            assert isinstance(headers, list)
            headers.append(next(args))
        elif arg.startswith("-") and name == "d":
            flags["data"] = next(args)
        elif arg.startswith("-") and name == "max-time":
            flags["max_time"] = float(next(args))
        elif arg.startswith("-"):
            raise SystemExit(f"grpcurl stand-in: flag {arg} is not supported\n{USAGE}")
        else:
            words.append(arg)
    return flags, words


def metadata(headers: list[str]) -> tuple[tuple[str, str | bytes], ...]:
    """`name: value` headers as gRPC metadata."""
    pairs: list[tuple[str, str | bytes]] = []
    for header in headers:
        name, _, value = header.partition(":")
        pairs.append((name.strip().lower(), value.strip()))
    return tuple(pairs)


def requests(data: str | None, input_class: type[Message]) -> Iterator[Message]:
    """The request message(s) of -d (one JSON object; several for `-d @`, one per line)."""
    text = sys.stdin.read() if data == "@" else (data or "{}")
    chunks = [c for c in text.splitlines() if c.strip()] if data == "@" else [text]
    for chunk in chunks or ["{}"]:
        yield json_format.Parse(chunk, input_class())


def failed(error: grpc.RpcError) -> int:
    """Print grpcurl's error block; its exit status."""
    code = error.code()
    name = "".join(part.capitalize() for part in code.name.split("_"))
    print(f"ERROR:\n  Code: {name}\n  Message: {error.details()}", file=sys.stderr)
    return 64 + int(code.value[0])


def call(channel: grpc.Channel, pool: descriptor_pool.DescriptorPool, method_path: str,
         flags: dict[str, object]) -> int:
    """Call one method and print every response."""
    service_name, _, method_name = method_path.replace("/", ".").rpartition(".")
    method = pool.FindServiceByName(service_name).methods_by_name[method_name]
    input_class = GetMessageClass(method.input_type)
    output_class = GetMessageClass(method.output_type)
    path = f"/{service_name}/{method_name}"
    headers, data, max_time = flags["headers"], flags["data"], flags["max_time"]
    assert isinstance(headers, list) and (data is None or isinstance(data, str))
    assert max_time is None or isinstance(max_time, float)
    serialize, deserialize = input_class.SerializeToString, output_class.FromString
    try:
        for request in requests(data, input_class):
            replies: list[Message] | Iterator[Message]
            if method.server_streaming:
                stream = channel.unary_stream(path, serialize, deserialize)
                replies = stream(request, timeout=max_time, metadata=metadata(headers))
            else:
                unary = channel.unary_unary(path, serialize, deserialize)
                replies = [unary(request, timeout=max_time, metadata=metadata(headers))]
            for reply in replies:
                print(json_format.MessageToJson(reply, indent=2))
    except grpc.RpcError as error:
        return failed(error)
    return 0


def main(argv: list[str]) -> int:
    """Run one grpcurl command line."""
    flags, words = parse(argv)
    if len(words) < 2:
        raise SystemExit(USAGE)
    address, verb, *rest = words
    if not flags["plaintext"]:
        raise SystemExit("grpcurl stand-in: only -plaintext connections are supported")
    with grpc.insecure_channel(address) as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        pool = descriptor_pool.DescriptorPool(database)
        try:
            if verb == "list":
                names = (database.get_services() if not rest else
                         [f"{rest[0]}.{m.name}"
                          for m in pool.FindServiceByName(rest[0]).methods])
                print("\n".join(names))
                return 0
        except grpc.RpcError as error:
            return failed(error)
        return call(channel, pool, verb, flags)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
