"""Defaults of the match service's settings that its parts also take when built without
settings (tests, benchmarks): written once, here."""

#: MATCH_FINISHED_TTL: seconds a finished or abandoned match stays readable.
FINISHED_TTL_S = 7 * 86400.0
#: MATCH_REQUEST_TTL: seconds a request id is remembered.
REQUEST_TTL_S = 86400.0
#: MATCH_BOT_RETRY: seconds after which an unanswered bot task is sent again.
BOT_RETRY_S = 120.0
#: MATCH_UNSTARTED_TTL: seconds a match that ended before it started stays readable.
UNSTARTED_TTL_S = 300.0
