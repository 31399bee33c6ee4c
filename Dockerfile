# syntax=docker/dockerfile:1
# One image for every Cardroom process; the command picks which one:
#   python -m cardroom.services.match | ...services.solver | ...services.bot | ...services.web
#   celery -A cardroom.services.bot.celery_app worker ...        (a bot worker)
# The repository's shared/ and services/ install as cardroom.shared and cardroom.services.
# See docker-compose.yml and deploy/k8s for each process's command and settings.
#
#   docker build -t cardroom:dev .

ARG PYTHON_IMAGE=python:3.11-slim-bookworm
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- web: the web table built from web/ and proto/ (npm ci from its lock, esbuild) --------
FROM ${NODE_IMAGE} AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY buf.yaml /src/
COPY proto/ /src/proto/
COPY web/ ./
RUN npm run generate && npm run typecheck && npm run build

# ---- base: the interpreter and a virtual environment on the PATH -------------------------
FROM ${PYTHON_IMAGE} AS base
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PATH=/opt/cardroom/bin:$PATH
RUN python -m venv /opt/cardroom
WORKDIR /src
# The locks pin every distribution with its hashes (deploy/docker/requirements.py lock).
COPY pyproject.toml setup.py README.md deploy/docker/requirements.lock deploy/docker/codegen.lock ./

# ---- proto: generate shared/proto from proto/ with the pinned generators ----------------
# .dockerignore keeps the committed shared/proto out, so the image's code is always built
# from the .proto files it ships with.
FROM base AS proto
RUN pip install --require-hashes --no-deps -r codegen.lock
COPY proto/ proto/
COPY shared/__init__.py shared/__init__.py
COPY shared/rpc/__init__.py shared/rpc/codegen.py shared/rpc/
# Run from the source folder, not installed: codegen.py imports nothing of the project.
RUN python -m shared.rpc.codegen

# ---- build: runtime dependencies (cached apart from the code), then the project ---------
FROM base AS build
RUN pip install --require-hashes --no-deps -r requirements.lock
COPY shared/ shared/
COPY services/ services/
COPY --from=proto /src/shared/proto/ shared/proto/
# The build backend came from the lock too: no unpinned download while building.
RUN pip install --no-deps --no-build-isolation . \
    && python -c "import cardroom.services.healthprobe, cardroom.shared.proto.cardroom.v1.match_pb2_grpc"

# ---- runtime: the virtual environment only, run as an unprivileged user ------------------
FROM ${PYTHON_IMAGE} AS runtime
ARG UID=10001
RUN groupadd --system --gid ${UID} cardroom \
    && useradd --system --uid ${UID} --gid cardroom --home-dir /home/cardroom \
       --create-home --shell /usr/sbin/nologin cardroom
COPY --from=build /opt/cardroom /opt/cardroom
COPY --from=web /src/web/dist /opt/cardroom/web
ENV PATH=/opt/cardroom/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    LOG_FORMAT=json \
    WEB_STATIC_DIR=/opt/cardroom/web
USER ${UID}:${UID}
WORKDIR /home/cardroom
# gRPC: match 50051, bot API 50052, solver 50053; the web table 8080; /metrics: 9101-9105
# (README.md, What runs).
EXPOSE 50051 50052 50053 8080 9101 9102 9103 9104 9105
# grpc.health.v1 on GRPC_PORT; bot workers override it with `--metrics`.
HEALTHCHECK --interval=10s --timeout=5s --start-period=15s --retries=3 \
    CMD ["python", "-m", "cardroom.services.healthprobe"]
CMD ["python", "-m", "cardroom.services.match"]
