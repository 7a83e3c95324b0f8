# The two commands a newcomer needs:  make run  and  make test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: install system-packages run serve init-db test test-postgres lint bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,prod]'
	touch $(STAMP)

install: $(STAMP)

system-packages:
	scripts/install-system-packages

init-db: install
	$(BIN)/flask --app scorekeeper init-db

# Development server on the embedded SQLite database in instance/.
# Plain http, so the session cookie may not be marked Secure here. HTTPS=1 serves https
# with Flask's ad-hoc self-signed certificate (the cryptography package, the "lan" extra):
# phones on the local network then get keep-awake and offline entry (README).
run: install system-packages init-db
ifdef HTTPS
	$(BIN)/pip install --quiet -e '.[lan]'
	$(BIN)/flask --app scorekeeper run --host $(HOST) --port $(PORT) --cert=adhoc
else
	SCOREKEEPER_SESSION_COOKIE_SECURE=false $(BIN)/flask --app scorekeeper run --host $(HOST) --port $(PORT)
endif

# Production server (gunicorn.conf.py) on the embedded SQLite database.
serve: install init-db
	$(BIN)/gunicorn -c gunicorn.conf.py

# The whole suite on SQLite (set SCOREKEEPER_DATABASE_URL for PostgreSQL).
test: install system-packages
	$(BIN)/python -m pytest

# The whole suite again on a throwaway PostgreSQL cluster.
test-postgres: install system-packages
	scripts/with-throwaway-postgres $(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Every benchmark in bench/, one Markdown table of the results (QUICK=1: a quick run).
bench: install system-packages
	$(BIN)/python bench/run_all.py $(if $(QUICK),--quick)
