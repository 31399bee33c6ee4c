"""The wire layer every Cardroom process shares: how domain values travel over gRPC.

- enums: each proto enum's words, both ways (GAME_LIVEMIX is "livemix");
- values: Structs as dicts, Timestamps as seconds;
- tokens: the bearer credential a call carries, written and read;
- errors: Cardroom's exceptions and gRPC statuses, both ways, from one table;
- bot_tasks: the match service's contract with the bot workers (task names, queues, the
  take_turn arguments, the request id of a bot's move).

It imports nothing of a service, nor Redis, Celery, Prometheus or the server-only gRPC
packages, so the plain install (the client library) has all of it.
"""
