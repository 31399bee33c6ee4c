"""Where a match service's CPU goes while it serves moves: py-spy samples of a running
process, summed by function.

    .venv/bin/python -m bench.profile [--matches 10] [--seconds 15] [--top 25] [--ref REF]

Starts this tree's match service (or, with --ref, the one of that git ref, extracted as
bench.match extracts its baseline) (its own Redis, appendfsync everysec,
MATCH_DURABILITY=everysec), plays 4-player VIVO matches on it as bench.match does (closed
loop, one call in flight per match) and samples the service with py-spy (100 samples a
second, only threads holding the GIL, by function) meanwhile; prints the functions with the
most samples in them (inclusive) and on top (self), as shares of all samples.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def py_spy() -> str:
    """The py-spy beside this interpreter (the dev extra installs it), else on the PATH."""
    here = Path(sys.executable).with_name("py-spy")
    found = str(here) if here.exists() else shutil.which("py-spy")
    if found is None:
        raise SystemExit("py-spy is not installed (pip install -e '.[dev]')")
    return found


class Sampler:
    """py-spy recording process `pid` for `seconds` in the background (start, then join)."""

    def __init__(self, pid: int, seconds: float, rate: int = 100) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="cardroom-profile-")
        self.output = Path(self._folder.name) / "samples.txt"
        self._command = [py_spy(), "record", "--pid", str(pid), "--duration",
                         str(max(1, round(seconds))), "--rate", str(rate), "--format", "raw",
                         "--function", "--gil", "--nonblocking", "--output", str(self.output)]
        self._thread: threading.Thread | None = None
        self.error = ""

    def start(self) -> None:
        """Begin sampling."""
        def record() -> None:
            done = subprocess.run(self._command, capture_output=True, text=True)
            if done.returncode != 0:
                self.error = done.stderr.strip() or done.stdout.strip()
        self._thread = threading.Thread(target=record, daemon=True)
        self._thread.start()

    def join(self) -> dict[str, int]:
        """Wait for the recording; the collapsed stacks it wrote, with their sample counts."""
        assert self._thread is not None
        self._thread.join()
        stacks: dict[str, int] = {}
        if self.output.exists():
            for line in self.output.read_text().splitlines():
                stack, _, count = line.rpartition(" ")
                if stack and count.isdigit():
                    stacks[stack] = stacks.get(stack, 0) + int(count)
        self._folder.cleanup()
        return stacks


def top_lines(stacks: dict[str, int], top: int = 25) -> str:
    """The functions with the most samples (inclusive and self), as a markdown table."""
    total = sum(stacks.values())
    if not total:
        return "(no samples)"
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    for stack, count in stacks.items():
        frames = [_short(f) for f in stack.split(";")]
        for frame in set(frames):
            inclusive[frame] += count
        own[frames[-1]] += count
    rows = ["| function | inclusive | self |", "|---|---:|---:|"]
    for frame, count in inclusive.most_common(top):
        rows.append(f"| `{frame}` | {count / total:.1%} | {own[frame] / total:.1%} |")
    rows += ["", "| function (most self time) | self |", "|---|---:|"]
    for frame, count in own.most_common(top):
        rows.append(f"| `{frame}` | {count / total:.1%} |")
    rows.append(f"\n{total} samples.")
    return "\n".join(rows)


def _short(frame: str) -> str:
    """`name (path:line)` with the path cut to the package part."""
    name, _, where = frame.partition(" (")
    where = where.rstrip(")")
    for marker in ("site-packages/", "/lib/python3.11/", str(ROOT) + "/"):
        if marker in where:
            where = where.split(marker, 1)[1]
    return f"{name} ({where})" if where else name


def profile_moves(matches: int, seconds: float, ref: str | None = None) -> dict[str, int]:
    """py-spy's stacks of a match service (this tree's, or `ref`'s) while `matches` client
    threads play moves on it for `seconds`."""
    import time

    import grpc

    from bench import match
    from deploy.launch.process import Processes

    stack = Processes()
    try:
        root = match.ROOT if ref is None else match.checkout_baseline(stack, ref)
        service = match.start_match_service(
            match.start_private_redis(stack, durable=True), stack, root,
            {"MATCH_DURABILITY": "everysec"}, label=ref or "this tree")
        sampler = Sampler(service.pid, seconds)
        with grpc.insecure_channel(f"127.0.0.1:{service.port}") as channel:
            stub = match.match_pb2_grpc.MatchServiceStub(channel)
            stop = time.monotonic() + seconds + 2.0

            def play(i: int) -> None:
                seed, made = 7919 * (i + 1), 0
                player = match.MatchPlayer(stub, seed)
                while time.monotonic() < stop:
                    if made == match.MOVES_PER_MATCH - 6:  # a fresh match before one ends
                        seed, made = seed + 1, 0
                        player = match.MatchPlayer(stub, seed)
                    player.move()
                    made += 1

            threads = [threading.Thread(target=play, args=(i,)) for i in range(matches)]
            for thread in threads:
                thread.start()
            time.sleep(1.0)  # past the start
            sampler.start()
            for thread in threads:
                thread.join()
        stacks = sampler.join()
        if sampler.error:
            raise SystemExit(f"py-spy: {sampler.error}")
        return stacks
    finally:
        stack.stop()


def main(argv: list[str] | None = None) -> int:
    """Profile the service under moves and print the top functions."""
    parser = argparse.ArgumentParser(prog="python -m bench.profile")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--ref", default=None, help="profile the service of this git ref")
    args = parser.parse_args(argv)
    stacks = profile_moves(args.matches, args.seconds, args.ref)
    print(top_lines(stacks, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
