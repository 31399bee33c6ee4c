"""Generated protobuf code stays in sync with proto/, and the protos pass buf lint STANDARD."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardroom.shared.rpc.codegen import OUT_DIR, PROTO_ROOT, ROOT, generate, generated_files

BUF = Path(sys.executable).parent / "buf"


def test_generated_code_matches_protos_byte_for_byte(tmp_path: Path) -> None:
    fresh = {p.relative_to(tmp_path): p.read_bytes() for p in generate(tmp_path / "proto")}
    fresh = {k.relative_to("proto"): v for k, v in fresh.items()}
    committed = {p.relative_to(OUT_DIR): p.read_bytes() for p in generated_files(OUT_DIR)}
    assert sorted(map(str, committed)) == sorted(map(str, fresh)), "run `make proto`"
    stale = [str(name) for name, data in fresh.items() if committed[name] != data]
    assert stale == [], "run `make proto`"


def test_generated_imports_are_relative_to_the_package() -> None:
    for path in generated_files(OUT_DIR):
        if path.suffix in (".py", ".pyi"):
            assert "from cardroom" not in path.read_text(), path


def test_every_proto_has_generated_modules() -> None:
    for proto in PROTO_ROOT.joinpath("cardroom").rglob("*.proto"):
        stem = proto.relative_to(PROTO_ROOT).with_suffix("")
        for suffix in ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py"):
            assert (OUT_DIR / f"{stem}{suffix}").is_file()


def _buf_lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BUF), "lint"], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_protos_pass_buf_lint_standard() -> None:
    result = _buf_lint(ROOT)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_buf_lint_reports_a_standard_violation(tmp_path: Path) -> None:
    # The lint check above could not fail if buf ignored the config: show that it does not.
    (tmp_path / "buf.yaml").write_text((ROOT / "buf.yaml").read_text())
    package = tmp_path / "proto" / "cardroom" / "v1"
    package.mkdir(parents=True)
    (package / "bad.proto").write_text(
        'syntax = "proto3";\npackage cardroom.v1;\nenum color { RED = 0; }\n')
    result = _buf_lint(tmp_path)
    assert result.returncode != 0
    assert "should be PascalCase" in result.stdout
