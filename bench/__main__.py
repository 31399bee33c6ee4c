"""Run every Cardroom benchmark in turn (`make bench`); `--quick` passes through to each."""

from __future__ import annotations

import subprocess
import sys

#: Each runs as `python -m bench.<name>` and prints Markdown tables.
BENCHMARKS = (
    "engine_livemix",
    "engine_vivo",
    "solver",
    "solver_rules",
    "match",
    "cluster",
    "streams",
    "fanout",
    "lobby",
    "frames",
    "bots",
    "tournament",
    "bot_latency",
    "timer_sweep",
    "load",
    "reliability",
    "web",
    "bounded",
    "players",
    "redteam",
)


def main(argv: list[str]) -> int:
    """Run the benchmarks named in argv (default all) one after another."""
    flags = [a for a in argv if a.startswith("-")]
    names = [a for a in argv if not a.startswith("-")] or list(BENCHMARKS)
    failed = []
    for name in names:
        print(f"\n## bench.{name}\n", flush=True)
        if subprocess.call([sys.executable, "-m", f"bench.{name}", *flags]) != 0:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
