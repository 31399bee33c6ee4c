"""Start Cardroom's processes on this machine: the one launcher of `make run`, the
benchmarks, the tests and the compose stack run without Docker (not part of the image).

- ports: free ports (below the kernel's ephemeral range, a block per test process),
  waiting for a port;
- process: a group of processes stopped together, a service run as `python -m ...`;
- redis: a throwaway redis-server; cluster: a throwaway Redis Cluster;
- stack: Redis, match-service replicas and bot workers for the load and chaos runs;
- local: `make run` (`python -m deploy.launch`); compose: docker-compose.yml as local
  processes (`python -m deploy.launch.compose`).
"""
