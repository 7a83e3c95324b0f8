# The two commands a newcomer needs:  make run  and  make test
# The venv is made from the system's /usr/bin/python3 when it is 3.11 or newer: a
# distribution builds it with profile-guided optimisation, and Debian's ran the quick tier
# in 8 % less CPU than a plain source build of 3.11 (docs/testing.md); else the first
# python3 on PATH. PYTHON=... chooses another.
PYTHON ?= $(firstword $(shell for p in /usr/bin/python3 python3; do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && echo $$p; done) python3)
VENV := .venv
BIN := $(VENV)/bin
APP_STAMP := $(VENV)/.installed-app
TEST_STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
# make run serves on 5000 and make serve on 8000 unless PORT says otherwise.
PORT ?=
# The hashed lock files: make installs only from them; make lock rewrites them.
APP_LOCK := requirements/app.txt
TEST_LOCK := requirements/test.txt
# Compiled modules are kept (__pycache__): a machine that sets PYTHONDONTWRITEBYTECODE
# would otherwise have every test process compile the app and rewrite every test
# module's asserts again (collection 8 s -> 4 s a process; the suite starts dozens).
unexport PYTHONDONTWRITEBYTECODE
PIP_COMPILE := $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-index-url --no-emit-find-links

.PHONY: install runtime-packages test-packages run serve init-db test test-postgres test-stress lint bench lock catalogs

# The translations: catalogs (.po) are in the repository, compiled (.mo) here, never committed.
CATALOGS := scorekeeper/translations
MO_FILES := $(patsubst %.po,%.mo,$(wildcard $(CATALOGS)/*/LC_MESSAGES/messages.po))

runtime-packages:
	scripts/install-system-packages runtime

test-packages:
	scripts/install-system-packages test

# python3-venv comes with the runtime packages, so it is there before the venv.
$(BIN)/python: | runtime-packages
	$(PYTHON) -m venv $(VENV)

# The app and gunicorn, nothing for tests: what make run and make serve need. A lock holds
# every package a package needs (pip-compile), so pip resolves nothing (--no-deps: 6 s of
# a 30 s install) and pip check says the lock was whole.
$(APP_STAMP): $(APP_LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r $(APP_LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/pip check
	touch $@

# Everything, test and lint tools included (a superset of the app's lock).
$(TEST_STAMP): $(TEST_LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r $(TEST_LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/pip check
	touch $@ $(APP_STAMP)

install: $(TEST_STAMP) $(MO_FILES)

# The browser checks (axe-core, Lighthouse), eslint and fake-indexeddb from the npm lock;
# no install scripts, so nothing downloads a browser: Lighthouse drives the system's Chromium.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package-lock.json package.json | test-packages
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

%.mo: %.po | $(APP_STAMP)
	$(BIN)/pybabel --quiet compile --input-file $< --output-file $@

# After marking new strings: extract them into the template and merge it into each catalog.
catalogs: install
	$(BIN)/pybabel --quiet extract --no-location --sort-output -F babel.cfg \
		-k _l -k lazy_gettext -k lazy_ngettext:1,2 -k message -o $(CATALOGS)/messages.pot scorekeeper
	$(BIN)/pybabel --quiet update --no-fuzzy-matching --ignore-obsolete -i $(CATALOGS)/messages.pot -d $(CATALOGS)

init-db: $(APP_STAMP) $(MO_FILES)
	$(BIN)/flask --app scorekeeper init-db

# Development server on the embedded SQLite database in instance/.
# Plain http, so the session cookie may not be marked Secure here. HTTPS=1 serves https
# with Flask's ad-hoc self-signed certificate (cryptography, the "lan" extra, in the
# app's lock): phones on the local network then get keep-awake and offline entry.
# Both start the job queue's worker beside the web (PDFs are made there: scorekeeper/jobs)
# and stop it when the web stops.
WITH_WORKER = $(BIN)/python -m scorekeeper.jobs.worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM;
run: runtime-packages init-db
ifdef HTTPS
	$(WITH_WORKER) $(BIN)/flask --app scorekeeper run --host $(HOST) --port $(or $(PORT),5000) \
		--cert=adhoc
else
	$(WITH_WORKER) SCOREKEEPER_SESSION_COOKIE_SECURE=false $(BIN)/flask --app scorekeeper run \
		--host $(HOST) --port $(or $(PORT),5000)
endif

# Production server (gunicorn.conf.py) and the worker on the embedded SQLite database.
# The event streams' own process (scorekeeper.streams_conf) beside it, on PUSH_PORT.
serve: runtime-packages init-db
	$(WITH_WORKER) SCOREKEEPER_PUSH_BIND=$(HOST):$(or $(PUSH_PORT),8001) \
		$(BIN)/gunicorn -c gunicorn.conf.py --bind $(HOST):$(or $(PORT),8000)

# The suite on SQLite: everything but the browser tests on every core (pytest-xdist;
# WORKERS=1 for one process), then the browser tests on two processes, each with its own
# Chromium (BROWSER_WORKERS=1: one at a time). A phone's close that hangs in Chromium
# costs 30 s, not the run (tests/browser/lifeline.py). PostgreSQL: make test-postgres, or
# point SCOREKEEPER_TEST_DATABASE_URL at a server.
WORKERS ?= auto
BROWSER_WORKERS ?= 2
# The slow tier (tests/tiers.py: every preset in every language on paper, every layout,
# more presets played in the browser, Lighthouse, the wheel...) runs with SLOW=1, and
# always in CI (.ci/run sets CI=true); a plain make test leaves it out. The exhaustive
# tier (a matrix's cases past the covering part CI runs) only with EXHAUSTIVE=1.
SLOW ?= $(CI)
EXHAUSTIVE ?=
TIER := $(if $(EXHAUSTIVE),,$(if $(SLOW), and not exhaustive, and not slow))
PYTEST := $(BIN)/python -m pytest --durations=15
# Where the cores are no more than the browser workers (WORKERS=auto; this 2-core machine),
# both kinds go in one run of BROWSER_WORKERS processes: the same tests on the same cores,
# without a second run's start, collection and stragglers (CI's SQLite stage: 470 s
# against 499 s in two runs, back to back; docs/testing.md).
CORES := $(shell nproc 2>/dev/null || echo 1)
ONE_RUN := $(and $(filter auto,$(WORKERS)),$(shell [ $(CORES) -le $(BROWSER_WORKERS) ] && echo yes))
EVERY_KIND := $(strip $(subst and not,not,$(TIER)))
# The scripts' unit tests (tests/js, node's own runner) first: a second or two.
SUITE := node --test tests/js/ && $(if $(ONE_RUN),\
	$(PYTEST) -n $(BROWSER_WORKERS) --dist loadgroup $(if $(EVERY_KIND),-m "$(EVERY_KIND)"),\
	$(PYTEST) -n $(WORKERS) --dist loadgroup -m "not browser$(TIER)" \
	&& $(PYTEST) -n $(BROWSER_WORKERS) --dist loadgroup -m "browser$(TIER)")
# Each run ends by saying its wall time (docs/testing.md keeps the measured figures).
WALL = start=$$(date +%s); $(1); status=$$?; \
	echo "$@: wall time $$(( $$(date +%s) - start )) s (exit $$status)"; exit $$status
test: test-packages install $(NODE_STAMP)
	@$(call WALL,$(SUITE))

# The whole suite again on a throwaway PostgreSQL cluster.
test-postgres: test-packages install $(NODE_STAMP)
	@$(call WALL,scripts/with-throwaway-postgres sh -c '$(SUITE)')


# The browser, push, offline and ops tests 5 times in a row with every core kept busy
# (scripts/stress-tests; ROUNDS=n for another count): a race shows here, not in CI.
test-stress: test-packages install $(NODE_STAMP)
	scripts/stress-tests

# Python (ruff) and the pages' scripts (eslint, eslint.config.mjs).
lint: install $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	node_modules/.bin/eslint .

# Every benchmark in bench/, one Markdown table of the results (QUICK=1: a quick run).
bench: test-packages install
	$(BIN)/python bench/run_all.py $(if $(QUICK),--quick)

# Rewrite the locks after a change to pyproject.toml's dependencies: pins that
# still fit are kept (UPGRADE=1: every package at the newest version allowed).
# make install then installs the new lock.
lock: install
	$(PIP_COMPILE) $(if $(UPGRADE),--upgrade) --extra prod --extra lan -o $(APP_LOCK) pyproject.toml
	$(PIP_COMPILE) $(if $(UPGRADE),--upgrade) --extra prod --extra lan --extra test -c $(APP_LOCK) \
		-o $(TEST_LOCK) pyproject.toml
