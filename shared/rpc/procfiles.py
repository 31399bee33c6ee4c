"""Metrics of several processes of one pod, counted in files (prometheus_client's
multiprocess mode) and served by one of them as their sum.

prometheus_client writes every value to a file of PROMETHEUS_MULTIPROC_DIR when that
variable is set before it is imported; `ProcessFiles` is the collector that reads them back
(the bot worker's pool, the match service's MATCH_PROCESSES).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from prometheus_client import multiprocess
from prometheus_client.metrics_core import Metric


class ProcessFiles:
    """The values in a multiprocess directory's files merged as
    prometheus_client.multiprocess.MultiProcessCollector merges them (counters summed,
    gauges by their multiprocess mode), less the files a process has just created and not
    yet sized: read at that instant, an empty file would fail the whole scrape (an HTTP
    500), while it holds no value yet."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def collect(self) -> Iterable[Metric]:
        """Every series of every process, merged."""
        files = [str(f) for f in sorted(self.folder.glob("*.db")) if _sized(f)]
        return multiprocess.MultiProcessCollector.merge(files, accumulate=True)


def _sized(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except FileNotFoundError:
        return False
