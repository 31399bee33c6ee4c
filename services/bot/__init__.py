"""The bot service: Celery workers that play bot seats, and cardroom.v1.BotService.

- Workers: ``celery -A cardroom.services.bot.celery_app worker -Q cardroom.bots,
  cardroom.bots.search``
  play the bot seats of matches (cardroom.services.bot.tasks); they scale by adding workers.
- API: ``python -m cardroom.services.bot`` serves SuggestMove and ListPolicies on GRPC_PORT (50052)
  with metrics on METRICS_PORT (9102).

Settings are read from the environment (cardroom.services.bot.settings.BotSettings);
docs/bots-workers.md describes them and how to run and scale workers.
"""

import os
import sys
import tempfile

# A prefork worker counts in files that its parent process reads (prometheus_client's
# multiprocess mode), a mode prometheus_client reads from PROMETHEUS_MULTIPROC_DIR when it is
# imported. In a `celery ... worker` process the directory is named here, before the tasks'
# metrics exist (unless PROMETHEUS_MULTIPROC_DIR names one); a Celery plugin (flower) may
# have imported prometheus_client already, so its choice is made again. Every other process
# that loads the app (the API, tests) keeps the plain registry.


def _is_worker_command(argv: list[str]) -> bool:
    """Whether this process is `celery ... worker` (the script, or `python -m celery`)."""
    program = argv[0] if argv else ""
    names = {os.path.basename(program), os.path.basename(os.path.dirname(program))}
    return "celery" in names and "worker" in argv[1:]


def default_metrics_dir(pid: int) -> str:
    """The metrics directory a worker whose parent process is `pid` names for itself."""
    return os.path.join(tempfile.gettempdir(), f"cardroom-worker-metrics-{pid}")


if _is_worker_command(sys.argv):
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", default_metrics_dir(os.getpid()))
    if "prometheus_client" in sys.modules:
        from prometheus_client import values

        values.ValueClass = values.get_value_class()
