"""The Mix Match solver service (cardroom.v1.SolverService): `python -m services.solver`.

Environment (see CONVENTIONS.md): GRPC_PORT (default 50053), METRICS_PORT (9103),
LOG_LEVEL, LOG_FORMAT (json or text), TLS_CERT_FILE, TLS_KEY_FILE, TLS_CA_FILE; and
SOLVER_MAX_SECONDS (default 10), the longest any one search may run whatever the
caller's deadline. Port 0 binds a free port; the bound ports are logged
("grpc_port", "metrics_port" fields).
"""
