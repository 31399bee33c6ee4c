"""Half-sent requests: for 5 s, ten raw HTTP/2 connections of one client start as many
Solve calls as the solver lets them whose bodies never finish (HEADERS, then DATA
announcing 1,000 bytes and carrying 3). The server's calls per connection
(GRPC_MAX_STREAMS_PER_CONNECTION) stop each connection at its cap, so the process's memory
grows by a bounded amount, and health answers every probe throughout (before the cap,
8,000 such calls in 5 s took the process from 48 to 175 MB)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from support.h2raw import close_all, half_open_flood

from deploy.launch.process import ServiceProcess, health

CONNECTIONS = 10
#: Growth of the server's resident memory allowed: the cap's 1,000 calls take about 20 MB.
MOST_GROWTH_MB = 80


def rss_mb(pid: int) -> float:
    """Resident memory of process `pid`, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_half_sent_requests_hold_bounded_memory_and_health_answers() -> None:
    service = ServiceProcess("cardroom.services.solver", {"LOG_LEVEL": "WARNING"}).start()
    probes: list[float | None] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                health(service.address, timeout=2.0)
                probes.append(time.perf_counter() - started)
            except Exception:  # a probe that got no answer in time
                probes.append(None)
            time.sleep(0.2)

    prober = threading.Thread(target=probe)
    try:
        assert service.popen is not None
        pid = service.popen.pid
        before = rss_mb(pid)
        prober.start()
        counts = half_open_flood(service.port, "/cardroom.v1.SolverService/Solve",
                                 connections=CONNECTIONS, seconds=5.0)
        time.sleep(0.5)
        during = rss_mb(pid)
        close_all()
        time.sleep(1.0)
        after = rss_mb(pid)
    finally:
        stop.set()
        if prober.is_alive():
            prober.join()
        close_all()
        service.stop()
    answered = [p for p in probes if p is not None]
    print(f"\n{counts['started']} half-sent calls held, {counts['capped']} held back by the "
          f"per-connection cap; RSS {before:.0f} MB before, {during:.0f} MB during, "
          f"{after:.0f} MB after the connections closed; health {len(answered)} of "
          f"{len(probes)} answered, slowest {max(answered) * 1000:.0f} ms")
    # The client learns the cap from the server's SETTINGS, which may arrive after its first
    # batch of 200 (the server refuses the extra streams): the memory bound is what counts.
    assert counts["started"] <= CONNECTIONS * 200 and counts["capped"] > 0
    assert during - before < MOST_GROWTH_MB
    assert after - before < MOST_GROWTH_MB
    assert len(answered) == len(probes) >= 10
