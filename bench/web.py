"""The web table from a browser on loopback: page load to the table drawn, a move's round
trip through the web process, the move's arrival at the other browser, the bundle's size.

    python -m bench.web            # make run's stack on free ports, Debian's chromium
    python -m bench.web --quick    # fewer loads and moves

The stack is `make run`'s launcher (deploy.launch) on free ports; the browser is Debian's
chromium through Playwright (never a downloaded one). Two browser contexts hold seats 0
and 1 of VIVO matches against one heuristic bot: seat 0's page times each SubmitMove from
its click to the answer (performance.now() around the call), seat 1's page records when it
drew each version, so a move's arrival there is the time from seat 0's submit to seat 1's
drawing of the version after it (both on the shared wall clock, performance.timeOrigin +
now). Beside it, the same SubmitMove from a native Python gRPC client on the same stack.
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import grpc

from cardroom.shared.proto.cardroom.v1 import common_pb2, match_pb2, match_pb2_grpc
from cardroom.shared.wire.tokens import bearer
from deploy.launch.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "web" / "dist"
PORTS = ("redis", "match", "match-metrics", "solver", "solver-metrics", "bot", "bot-metrics",
         "web", "web-metrics", "worker-metrics", "prometheus", "redis-exporter")


def launch() -> tuple[subprocess.Popen[str], dict[str, int]]:
    """make run's stack on free ports, once it prints the web table's address."""
    ports = {name: free_port() for name in PORTS}
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CELERY_BROKER_URL")}
    process = subprocess.Popen([sys.executable, "-m", "deploy.launch",
                                *(f"--{n}-port={p}" for n, p in ports.items())],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("Web table:"):
            return process, ports
    raise SystemExit("the stack did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def create(stub: Any, players: list[match_pb2.SeatSpec]) -> match_pb2.CreateMatchResponse:
    return stub.CreateMatch(match_pb2.CreateMatchRequest(
        game=common_pb2.GAME_VIVO, players=len(players), seats=players), timeout=10)


def human() -> match_pb2.SeatSpec:
    return match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_HUMAN, name="bench")


def bot() -> match_pb2.SeatSpec:
    return match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_BOT, policy="heuristic")


def open_seat(page: Any, url: str, match_id: str, seat: int, token: str) -> None:
    page.goto(url)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"cardroom.seat.{match_id}", f'{{"seat": {seat}, "token": "{token}"}}'])
    page.goto(f"{url}#/match/{match_id}")
    page.wait_for_selector("[data-testid=state]")


def page_loads(browser: Any, url: str, stub: Any, count: int) -> list[float]:
    """Milliseconds from navigation start to the hand drawn, in a fresh context each time."""
    found = []
    for _ in range(count):
        reply = create(stub, [human(), bot(), bot()])
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"cardroom.seat.{reply.match_id}",
                       f'{{"seat": 0, "token": "{reply.tokens[0].token}"}}'])
        page.goto("about:blank")
        page.goto(f"{url}#/match/{reply.match_id}")
        drawn = page.wait_for_function(
            "() => document.querySelector('[data-testid=hand] button') && performance.now()",
            polling="raf", timeout=30_000)
        found.append(float(drawn.json_value()))
        context.close()
    return found


def moves(browser: Any, url: str, stub: Any, count: int) -> tuple[list[float], list[float]]:
    """Round trips of seat 0's moves and their arrival at seat 1's page, in milliseconds."""
    trips: list[float] = []
    arrivals: list[float] = []
    while len(trips) < count:
        reply = create(stub, [human(), human(), bot()])
        pages = []
        for seat in (0, 1):
            page = browser.new_context().new_page()
            open_seat(page, url, reply.match_id, seat, reply.tokens[seat].token)
            pages.append(page)
        host, guest = pages
        over = False
        while len(trips) < count and not over:
            moved = False
            for seat, page in enumerate(pages):
                state = page.evaluate(
                    "() => document.querySelector('[data-testid=result]') ? 'over' : "
                    "document.querySelector('[data-testid=hand] button.legal:not([disabled])')"
                    " ? 'turn' : 'wait'")
                if state == "over":
                    over = True
                    break
                if state != "turn":
                    continue
                moved = True
                version = int(page.get_attribute("[data-testid=state]", "data-version"))
                page.locator("[data-testid=hand] button.legal").first.click()
                page.wait_for_function(
                    "v => Number(document.querySelector('[data-testid=state]')"
                    ".dataset.version) > v", arg=version, polling=5, timeout=30_000)
                if seat == 0:
                    trips.append(float(host.evaluate("document.body.dataset.lastRoundTrip")))
                    sent = float(host.evaluate("document.body.dataset.submittedAt"))
                    drawn = guest.wait_for_function(
                        "v => Number(document.body.dataset.drawnVersion) > v && "
                        "Number(document.body.dataset.drawnAt)", arg=version, polling=5,
                        timeout=30_000)
                    arrivals.append(float(drawn.json_value()) - sent)
            if not moved:
                host.wait_for_timeout(5)
        for page in pages:
            page.context.close()
    return trips, arrivals


def native_moves(stub: Any, count: int) -> list[float]:
    """SubmitMove from a Python gRPC client on the same stack, in milliseconds."""
    found: list[float] = []
    while len(found) < count:
        reply = create(stub, [human(), human(), human()])
        tokens = {t.seat: t.token for t in reply.tokens}
        for _ in range(36):
            view = stub.GetMatch(match_pb2.GetMatchRequest(match_id=reply.match_id),
                                 metadata=bearer(tokens[0]), timeout=5).match
            if view.status != match_pb2.MATCH_STATUS_ACTIVE:
                break
            seat = view.acting_seats[0]
            mine = stub.GetMatch(match_pb2.GetMatchRequest(match_id=reply.match_id),
                                 metadata=bearer(tokens[seat]), timeout=5).match
            started = time.perf_counter()
            stub.SubmitMove(match_pb2.SubmitMoveRequest(
                match_id=reply.match_id, action=mine.legal_moves[0],
                expected_version=mine.version), metadata=bearer(tokens[seat]), timeout=5)
            found.append((time.perf_counter() - started) * 1000)
    return found[:count]


def row(name: str, values: list[float]) -> str:
    return (f"| {name} | {len(values)} | {statistics.median(values):.1f} | "
            f"{percentile(values, 0.95):.1f} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web")
    parser.add_argument("--quick", action="store_true", help="fewer page loads and moves")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not (DIST / "index.html").is_file():
        raise SystemExit("build the table first: make web")
    loads, count = (5, 20) if args.quick else (15, 60)
    process, ports = launch()
    try:
        url = f"http://127.0.0.1:{ports['web']}/"
        with grpc.insecure_channel(f"127.0.0.1:{ports['match']}") as channel, \
                sync_playwright() as playwright:
            stub = match_pb2_grpc.MatchServiceStub(channel)
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            loaded = page_loads(browser, url, stub, loads)
            trips, arrivals = moves(browser, url, stub, count)
            browser.close()
            native = native_moves(stub, count)
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(30)
    bundle = (DIST / "app.js").read_bytes()
    print("| measure (ms) | n | median | p95 |")
    print("|---|---|---|---|")
    print(row("page load to the table drawn", loaded))
    print(row("move round trip, browser via the web process", trips))
    print(row("the move drawn at the other browser", arrivals))
    print(row("move round trip, native gRPC (Python client)", native))
    print(f"\nbundle web/dist/app.js: {len(bundle)} bytes, {len(gzip.compress(bundle))} gzipped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
