"""Write the Grafana dashboards in deploy/grafana/dashboards/ from the panel lists below.

Grafana's own Python SDK (grafana-foundation-sdk, of the dev extra) builds them: its builders
follow the dashboard schema of the Grafana release it is pinned to, the one the compose file
runs (a test keeps the two on one release line).

    python deploy/grafana/dashboards.py          # rewrite the JSON files
    python deploy/grafana/dashboards.py --check  # exit 1 when a file differs (tests run this)

Every query names series the services really export (a test checks them against a live
scrape). Each dashboard picks its Prometheus data source in a variable, so the same JSON
works with the compose Grafana and with a cluster's Grafana (ConfigMaps, deploy/k8s).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from grafana_foundation_sdk.builders import common, prometheus, timeseries
from grafana_foundation_sdk.builders import dashboard as dashboard_builder
from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models import dashboard as dashboard_model
from grafana_foundation_sdk.models.common import (
    LegendDisplayMode,
    LegendPlacement,
    SortOrder,
    StackingMode,
    TooltipDisplayMode,
)
from grafana_foundation_sdk.models.dashboard import (
    DashboardCursorSync,
    DataSourceRef,
    VariableRefresh,
    VariableSort,
)

HERE = Path(__file__).resolve().parent
OUT = HERE / "dashboards"
DATASOURCE = DataSourceRef(type_val="prometheus", uid="${datasource}")


@dataclass(frozen=True)
class Panel:
    """One time-series panel: a title, its queries as (expr, legend), a unit."""

    title: str
    queries: tuple[tuple[str, str], ...]
    unit: str = "short"
    description: str = ""
    width: int = 12
    stack: bool = False


@dataclass(frozen=True)
class Dashboard:
    """A dashboard: rows of panels under a title, with the variables its queries use."""

    uid: str
    title: str
    description: str
    rows: tuple[tuple[str, tuple[Panel, ...]], ...]
    variables: tuple[tuple[str, str], ...] = field(default_factory=tuple)


def p99(metric: str, by: str, selector: str = "") -> str:
    """The 99th percentile of histogram `metric` over 5 minutes, by `by`."""
    return quantile(0.99, metric, by, selector)


def quantile(q: float, metric: str, by: str, selector: str = "") -> str:
    """The `q` quantile of histogram `metric` over 5 minutes, by `by`."""
    matcher = f"{{{selector}}}" if selector else ""
    return f"histogram_quantile({q}, sum by (le, {by}) (rate({metric}_bucket{matcher}[5m])))"


RPC = Dashboard(
    uid="cardroom-rpc", title="Cardroom / RPC",
    description="Calls, errors and latency of every gRPC method of the Cardroom services.",
    variables=(("job", "label_values(grpc_server_started_total, job)"),),
    rows=(
        ("Traffic", (
            Panel("Calls per second by method", ((
                'sum by (job, grpc_method) (rate(grpc_server_started_total{job=~"$job"}[5m]))',
                "{{job}} {{grpc_method}}"),), unit="reqps"),
            Panel("Calls per second by status", ((
                'sum by (grpc_code) (rate(grpc_server_handled_total{job=~"$job"}[5m]))',
                "{{grpc_code}}"),), unit="reqps", stack=True),
        )),
        ("Health", (
            Panel("Replicas serving by service", ((
                "sum by (service) (cardroom_serving)", "{{service}}"),),
                description="Replicas reporting SERVING on gRPC health; "
                            "CardroomNoReplicaServing pages at 0 while they are scraped."),
            Panel("Calls refused as busy by method", ((
                'sum by (job, grpc_method) (rate(grpc_server_handled_total{job=~"$job", '
                'grpc_code="ResourceExhausted"}[5m]))', "{{job}} {{grpc_method}}"),),
                unit="reqps",
                description="Calls past a replica's work queue (GRPC_MAX_QUEUE): add "
                            "replicas, or the callers retry too eagerly."),
        )),
        ("Errors", (
            Panel("Server-fault ratio by method", ((
                'sum by (job, grpc_method) (rate(grpc_server_handled_total{job=~"$job", '
                'grpc_code=~"Unknown|Internal|Unavailable|DataLoss|DeadlineExceeded"}[5m])) / '
                'sum by (job, grpc_method) (rate(grpc_server_handled_total{job=~"$job"}[5m]))',
                "{{job}} {{grpc_method}}"),), unit="percentunit",
                description="What CardroomRpcErrorRatioHigh pages on (above 5%)."),
            Panel("Refused calls by method and code", ((
                'sum by (grpc_method, grpc_code) (rate(grpc_server_handled_total{job=~"$job", '
                'grpc_code!~"OK|Unknown|Internal|Unavailable|DataLoss|DeadlineExceeded"}[5m]))',
                "{{grpc_method}} {{grpc_code}}"),), unit="reqps",
                description="Client-side outcomes: illegal moves, stale versions, bad tokens."),
        )),
        ("Latency", (
            Panel("p50 latency by method", ((quantile(
                0.5, "grpc_server_handling_seconds", "job, grpc_method",
                'job=~"$job", grpc_type="unary"'), "{{job}} {{grpc_method}}"),), unit="s"),
            Panel("p99 latency by method", ((p99(
                "grpc_server_handling_seconds", "job, grpc_method",
                'job=~"$job", grpc_type="unary"'), "{{job}} {{grpc_method}}"),), unit="s"),
        )),
    ))

MATCHES = Dashboard(
    uid="cardroom-matches", title="Cardroom / Matches",
    description="Matches played per game, moves, timers and Redis as the match service sees "
                "them.",
    rows=(
        ("Matches", (
            Panel("Active matches per game", ((
                "max by (game) (cardroom_active_matches)", "{{game}}"),), stack=True,
                description="From the lobby index in Redis: every replica reports the same."),
            Panel("Matches created and finished per game (per minute)", (
                ("sum by (game) (rate(cardroom_matches_created_total[5m])) * 60",
                 "created {{game}}"),
                ("sum by (game, reason) (rate(cardroom_matches_finished_total[5m])) * 60",
                 "finished {{game}} ({{reason}})"),
            )),
        )),
        ("Moves", (
            Panel("Moves per second by outcome", ((
                "sum by (game, outcome) (rate(cardroom_moves_total[5m]))",
                "{{game}} {{outcome}}"),), unit="ops", stack=True),
            Panel("Redis round trip p99 by operation", ((
                p99("cardroom_redis_round_trip_seconds", "op"), "{{op}}"),), unit="s"),
        )),
        ("Streams and event loop", (
            Panel("Open WatchMatch streams and unary calls in flight", (
                ("sum by (instance) (cardroom_match_open_streams)", "streams {{instance}}"),
                ("sum by (instance) (cardroom_match_unary_in_flight)",
                 "unary {{instance}}"),
            ), width=6, description="Limits: MATCH_MAX_STREAMS, MATCH_MAX_STREAMS_PER_PEER, "
                                    "MATCH_MAX_ACTIVE."),
            Panel("Calls refused by a limit (per minute)", ((
                "sum by (limit) (rate(cardroom_match_limit_refusals_total[5m])) * 60",
                "{{limit}}"),), width=6,
                description="RESOURCE_EXHAUSTED answers and streams ended for a stalled "
                            "reader, by the limit that refused them."),
            Panel("Event fan-out delay p99", ((
                p99("cardroom_fanout_delay_seconds", "instance"), "{{instance}}"),), unit="s",
                width=6, description="From a replica hearing of new events to each stream "
                                     "of the match having read them."),
            Panel("Event-loop lag p99", ((
                p99("cardroom_event_loop_lag_seconds", "instance"), "{{instance}}"),),
                unit="s", width=6, description="How long CPU work held the match service's "
                                               "event loop (every call waits that long)."),
        )),
        ("Timers", (
            Panel("Deadlines fired per minute by kind", ((
                "sum by (kind) (rate(cardroom_timer_firings_total[5m])) * 60", "{{kind}}"),)),
            Panel("Timer lag p99 by kind", ((
                p99("cardroom_timer_lag_seconds", "kind"), "{{kind}}"),), unit="s",
                description="How late deadlines fire; CardroomTimersLagging pages above 2 s."),
        )),
        ("Redis", (
            Panel("Memory used of maxmemory", ((
                "max by (instance) (redis_memory_used_bytes / (redis_memory_max_bytes > 0))",
                "{{instance}}"),), unit="percentunit", width=6,
                description="Redis refuses every write at 100% (noeviction); "
                            "CardroomRedisMemoryHigh pages above 80%."),
            Panel("Append-only file status", (
                ("min by (instance) (redis_aof_last_write_status)", "last write {{instance}}"),
                ("min by (instance) (redis_aof_last_bgrewrite_status)",
                 "last rewrite {{instance}}"),
            ), width=6, description="1 ok, 0 failed: CardroomRedisAofWriteFailing pages at 0."),
            Panel("Clients connected and refused", (
                ("sum by (instance) (redis_connected_clients)", "connected {{instance}}"),
                ("sum by (instance) (rate(redis_rejected_connections_total[5m])) * 60",
                 "refused per minute {{instance}}"),
            ), width=6),
            Panel("Commands per second", ((
                "sum by (instance) (rate(redis_commands_processed_total[5m]))",
                "{{instance}}"),), unit="ops", width=6),
        )),
        ("Players and matchmaking", (
            Panel("Tickets waiting per game", ((
                "max by (game) (cardroom_tickets_waiting)", "{{game}}"),), width=6,
                description="Read from Redis by the replica holding the game's matching "
                            "lease: every replica's tickets."),
            Panel("Ticket wait p50 / p99", (
                (quantile(0.5, "cardroom_ticket_wait_seconds", "game"), "p50 {{game}}"),
                (p99("cardroom_ticket_wait_seconds", "game"), "p99 {{game}}"),
            ), unit="s", width=6),
            Panel("Matches made per minute", ((
                "sum by (game, bots) (rate(cardroom_matchmaker_matches_total[5m])) * 60",
                "{{game}} bots={{bots}}"),), width=6),
            Panel("Ratings updated per minute", ((
                "sum by (game) (rate(cardroom_ratings_updated_total[5m])) * 60",
                "{{game}}"),), width=6,
                description="Player ratings changed by finished matches (each match once)."),
        )),
    ))

BOTS = Dashboard(
    uid="cardroom-bots", title="Cardroom / Bots",
    description="Bot task queues, workers, think time and task outcomes.",
    rows=(
        ("Queues and workers", (
            Panel("Queue depth", ((
                'max by (key) (redis_key_size{key=~"cardroom\\\\.bots(\\\\.search)?"})',
                "{{key}}"),),
                description="Tasks waiting in each Redis list (KEDA scales workers on it)."),
            Panel("Workers up", ((
                'count(up{job="worker"} == 1)', "workers"),),
                description="Bot worker containers or pods Prometheus scrapes."),
            Panel("Queue wait p95", ((quantile(
                0.95, "cardroom_bot_queue_wait_seconds", "queue"), "{{queue}}"),), unit="s"),
            Panel("Bot tasks sent by the match service", ((
                "sum by (outcome) (rate(cardroom_bot_tasks_total[5m]))", "{{outcome}}"),),
                unit="ops"),
        )),
        ("Decisions", (
            Panel("Think time p50 by game and policy", ((quantile(
                0.5, "cardroom_bot_think_seconds", "game, policy"),
                "{{game}} {{policy}}"),), unit="s"),
            Panel("Think time p95 by game and policy", ((quantile(
                0.95, "cardroom_bot_think_seconds", "game, policy"),
                "{{game}} {{policy}}"),), unit="s"),
            Panel("Task outcomes per second", ((
                "sum by (task, outcome) (rate(cardroom_bot_worker_tasks_total[5m]))",
                "{{task}} {{outcome}}"),), unit="ops", stack=True),
            Panel("Search speed p50 (iterations per second)", ((quantile(
                0.5, "cardroom_bot_search_iterations_per_second", "game, policy"),
                "{{game}} {{policy}}"),)),
        )),
    ))

SOLVER = Dashboard(
    uid="cardroom-solver", title="Cardroom / Solver",
    description="Mix Match solver: search time by card count, proofs and verdicts.",
    rows=(
        ("Search", (
            Panel("Search time p50 by card count", ((quantile(
                0.5, "cardroom_solver_solve_seconds", "card_count"), "{{card_count}} cards"),),
                unit="s"),
            Panel("Search time p99 by card count", ((p99(
                "cardroom_solver_solve_seconds", "card_count"), "{{card_count}} cards"),),
                unit="s"),
            Panel("Answers: proven optimal or budget-limited", ((
                "sum by (outcome) (rate(cardroom_solver_answers_total[5m]))", "{{outcome}}"),),
                unit="ops", stack=True),
            Panel("Claims verified by verdict", ((
                "sum by (valid) (rate(cardroom_solver_verdicts_total[5m]))", "valid={{valid}}"),),
                unit="ops", stack=True),
        )),
    ))

DASHBOARDS = (RPC, MATCHES, BOTS, SOLVER)


def panel(spec: Panel) -> timeseries.Panel:
    """The SDK's builder of one time-series panel."""
    built = (timeseries.Panel().title(spec.title).description(spec.description)
             .datasource(DATASOURCE).height(8).span(spec.width).unit(spec.unit)
             .fill_opacity(20 if spec.stack else 0)
             .stacking(common.StackingConfig().mode(
                 StackingMode.NORMAL if spec.stack else StackingMode.NONE))
             .legend(common.VizLegendOptions().display_mode(LegendDisplayMode.LIST)
                     .placement(LegendPlacement.BOTTOM).show_legend(True))
             .tooltip(common.VizTooltipOptions().mode(TooltipDisplayMode.MULTI)
                      .sort(SortOrder.DESCENDING)))
    for i, (expr, legend) in enumerate(spec.queries):
        built.with_target(prometheus.Dataquery().ref_id(chr(ord("A") + i))
                          .datasource(DATASOURCE).expr(expr).legend_format(legend))
    return built


def dashboard(board: Dashboard) -> dashboard_model.Dashboard:
    """The whole dashboard: a row, then its panels, which the SDK lays out two by two
    (or four by four when they are 6 wide); panel ids count up from 1 in that order."""
    built = (dashboard_builder.Dashboard(board.title).uid(board.uid)
             .description(board.description).tags(["cardroom"]).timezone("browser")
             .editable().tooltip(DashboardCursorSync.CROSSHAIR).time("now-1h", "now")
             .refresh("30s").version(1)
             .with_variable(dashboard_builder.DatasourceVariable("datasource")
                            .label("Data source").type("prometheus")))
    for name, query in board.variables:
        built.with_variable(
            dashboard_builder.QueryVariable(name).label(name).datasource(DATASOURCE)
            .query(query).include_all(True).multi(True).all_value(".*")
            .refresh(VariableRefresh.ON_TIME_RANGE_CHANGED)
            .sort(VariableSort.ALPHABETICAL_ASC))
    panel_id = 0
    for row_title, row in board.rows:
        panel_id += 1
        built.with_row(dashboard_builder.Row(row_title).id(panel_id))
        for spec in row:
            panel_id += 1
            built.with_panel(panel(spec).id(panel_id))
    return built.build()


def rendered() -> dict[Path, str]:
    """Each dashboard file's path and text."""
    return {OUT / f"{board.uid}.json":
            json.dumps(dashboard(board), cls=JSONEncoder, indent=2) + "\n"
            for board in DASHBOARDS}


def main(argv: list[str]) -> int:
    """Write the files, or with --check report those that differ."""
    check = argv == ["--check"]
    stale = []
    for path, text in rendered().items():
        if check:
            if not path.is_file() or path.read_text() != text:
                stale.append(path.name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if stale:
        print(f"out of date: {', '.join(stale)}; run python deploy/grafana/dashboards.py",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
