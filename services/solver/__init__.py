"""The Mix Match solver service (cardroom.v1.SolverService): `python -m cardroom.services.solver`.

Environment (README.md, Configuration): GRPC_PORT (default 50053), METRICS_PORT (9103),
LOG_LEVEL, LOG_FORMAT (json or text), TLS_CERT_FILE, TLS_KEY_FILE, TLS_CA_FILE; and
SOLVER_MAX_SECONDS (default 10), the longest any one search may run whatever the
caller's deadline. Port 0 binds a free port; the bound ports are logged
("grpc_port", "metrics_port" fields).

Deadlines: a search gets the time left less a margin (0.1 s plus a tenth of it; at least
5 ms), and stops within cardroom.shared.solver.OVERRUN_MARGIN_S (50 ms) of that. A call with less
than MIN_DEADLINE_SECONDS (0.1 s) left gets a quick try of at most 1 ms instead, and is
answered at once with what that found (proven=false unless it settled the board), so a
short deadline gets an answer rather than DEADLINE_EXCEEDED (cardroom.services.solver.config).
"""
