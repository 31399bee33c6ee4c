"""Generate shared/proto from proto/cardroom/v1/*.proto (`make proto`; a test checks it is in sync).

protoc (from grpcio-tools, pinned so the output is reproducible) writes *_pb2.py, *_pb2.pyi
and *_pb2_grpc.py; protoletariat then turns protoc's absolute imports (`from cardroom.v1
import common_pb2`) into relative ones, so the code works as the package cardroom.shared.proto.
protoletariat misses the import form protoc writes into .pyi files (`... as _common_pb2`);
those lines are made relative here, the same way.
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROTO_ROOT = ROOT / "proto"
OUT_DIR = ROOT / "shared" / "proto"


#: The packages compiled here; proto/google/rpc is shipped for other languages' clients,
#: while Python has it from googleapis-common-protos (a second copy would clash).
OWN_PACKAGES = ("cardroom",)


def proto_files(proto_root: Path = PROTO_ROOT) -> list[str]:
    """The .proto files to compile, relative to `proto_root`, in a stable order."""
    return sorted(p.relative_to(proto_root).as_posix()
                  for package in OWN_PACKAGES for p in (proto_root / package).rglob("*.proto"))


def generate(out_dir: Path = OUT_DIR, proto_root: Path = PROTO_ROOT) -> list[Path]:
    """Regenerate all code under `out_dir` (emptied first); return the files written."""
    files = proto_files(proto_root)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    protoc = [sys.executable, "-m", "grpc_tools.protoc"]
    subprocess.run(
        [*protoc, f"--proto_path={proto_root}", f"--python_out={out_dir}",
         f"--pyi_out={out_dir}", f"--grpc_python_out={out_dir}", *files],
        check=True, cwd=proto_root,
    )
    subprocess.run(
        [sys.executable, "-m", "protoletariat", f"--python-out={out_dir}", "--in-place",
         "--create-package", "protoc", f"--protoc-path={shlex.join(protoc)}",
         f"--proto-path={proto_root}", *files],
        check=True, cwd=proto_root,
    )
    roots = {name.split("/")[0] for name in files}
    for stub in out_dir.rglob("*.pyi"):
        _relative_stub_imports(stub, out_dir, roots)
    return generated_files(out_dir)


def _relative_stub_imports(stub: Path, out_dir: Path, roots: set[str]) -> None:
    """Rewrite `from cardroom.v1 import x` in a .pyi as protoletariat does in the .py files."""
    dots = "." * len(stub.relative_to(out_dir).parts)
    pattern = re.compile(rf"^from ({'|'.join(map(re.escape, sorted(roots)))})([.\w]*) import ",
                         re.MULTILINE)
    text = stub.read_text()
    fixed = pattern.sub(lambda m: f"from {dots}{m.group(1)}{m.group(2)} import ", text)
    if fixed != text:
        stub.write_text(fixed)


def generated_files(out_dir: Path = OUT_DIR) -> list[Path]:
    """Every generated file under `out_dir` (caches left out), sorted."""
    return sorted(p for p in out_dir.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def main(argv: list[str] | None = None) -> None:
    """Command line: regenerate into shared/proto (or --out)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory")
    args = parser.parse_args(argv)
    for path in generate(args.out):
        print(path)


if __name__ == "__main__":
    main()
