# Cardroom: `make test` and `make run` are all the set-up a fresh machine needs.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: venv test test-deploy test-chaos test-durations lint bench mutate proto clean run web

$(STAMP): pyproject.toml setup.py
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "$(PYTHON) not found; set PYTHON=..." >&2; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# The suite on TEST_WORKERS processes, each test file whole on one of them (its module
# fixtures start once); most tests wait on real servers, so two processes fit two cores.
# Then the tests marked `alone` (latency bounds), with the machine to themselves.
TEST_WORKERS ?= 2

test: $(STAMP) web
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile -m "not alone"
	$(PY) -m pytest -q -m alone

# The deploy checks alone (also part of `make test`): compose, Kubernetes, image, Prometheus.
test-deploy: $(STAMP)
	$(PY) -m pytest -q tests/deploy

# Reliability and security alone (also part of `make test`): faults, fuzzing, tokens, TLS,
# hidden information, one caller's abuse of the others, and a small load run
# (docs/RELIABILITY.md).
test-chaos: $(STAMP)
	$(PY) -m pytest -q -m "chaos or fuzz or security or abuse or load"

# The whole suite, recording the seconds each test file takes into tests/durations.json:
# `make test` starts the longest files first (commit the file after a change of the suite).
test-durations: $(STAMP)
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile -m "not alone" \
		--record-durations tests/durations.json

# mypy reads shared/ and services/ as cardroom.shared and cardroom.services through links
# in build/import-root (it cannot follow the editable install's mapping of setup.py).
# buf breaking compares proto/ with the local .git (no network): with the main branch, and
# with API_V1, the commit that closed the v1 API; a change that would break clients of the
# released wire format fails here (tests/system/test_api_breaking.py runs the same checks).
API_V1 := 996fdc4cbd9838943717693abbea5c24972312bd

lint: $(STAMP)
	$(PY) -m ruff check .
	mkdir -p build/import-root/cardroom
	ln -sfn ../../../shared build/import-root/cardroom/shared
	ln -sfn ../../../services build/import-root/cardroom/services
	$(PY) -m mypy
	$(VENV)/bin/buf lint
	$(VENV)/bin/buf breaking --against '.git#branch=main'
	$(VENV)/bin/buf breaking --against '.git#ref=$(API_V1),depth=100000'

# Regenerate shared/proto from proto/cardroom/v1/*.proto (commit the result).
proto: $(STAMP)
	$(PY) -m cardroom.shared.rpc.codegen

# The local stack in the foreground (Ctrl-C stops it): Redis (unless REDIS_URL is set), the
# solver, match and bot services, one bot worker, and Prometheus when installed. Flags go
# through ARGS, e.g. make run ARGS="--match-port 15051"; make run ARGS=--help lists them.
run: $(STAMP) web
	$(PY) -m deploy.launch $(ARGS)

# The web table (web/): npm ci from the registry (package-lock.json), TypeScript stubs
# generated from proto/ (buf + protoc-gen-es), type-checked, bundled into web/dist/ by
# esbuild. Without npm the table is not built (the browser API is served all the same).
WEB_STAMP := web/node_modules/.installed

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $(WEB_STAMP)

web:
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory web-build; \
	else echo "npm not found: the web table is not built (apt-get install nodejs npm)"; \
	test -z "$$CI"; fi

web-build: $(WEB_STAMP)
	cd web && npm run --silent generate && npm run --silent typecheck && npm run --silent build

bench: $(STAMP)
	$(PY) -m bench

# Mutation testing of the critical modules against their own tests, in a copy of the tree:
# a fixed-seed sample per module within a time budget; prints the kill rate per module
# (docs/MUTATION.md). MUTATE_FLAGS=--all runs every mutant.
mutate: $(STAMP)
	$(PY) -m bench.mutation $(MUTATE_FLAGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache web/node_modules web/dist web/src/gen
