# `make run` and `make test` each set everything up from nothing (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help
# The steps of `make test` run in the order written.
.NOTPARALLEL:

PYTHON ?= python3.11
# All addresses, so that the phones at the club reach the laptop; HOST=127.0.0.1 keeps it local.
HOST ?= 0.0.0.0
PORT ?= 8000
PG_HOST ?= 127.0.0.1
PG_PORT ?= 5432
PG_DATABASE ?= preisfipsen
PG_TEST_URL ?= postgres://postgres@$(PG_HOST):$(PG_PORT)/$(PG_DATABASE)
# Passed on to pytest by the pytest-* targets, e.g. PYTEST_ARGS='tests/scoring -x'.
PYTEST_ARGS ?=
export HOST PORT
# Python keeps its compiled modules (and pytest its rewritten tests) in __pycache__/ even where
# the machine says not to (CI's sets PYTHONDONTWRITEBYTECODE=1): else every process compiled
# all of ours again, and the tests start hundreds (workers, servers, commands; a pass's
# collecting took 16 s instead of 9).
unexport PYTHONDONTWRITEBYTECODE

VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
INSTALLED := $(VENV)/.installed
LIGHTHOUSE := bench/node_modules/.package-lock.json
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
# collectstatic runs again only when a file under static/ or public/, the installed packages
# (Django's admin brings its own) or the settings changed: it takes ~20 s on a busy machine.
STATIC_STAMP := staticfiles/.collected
STATIC_SOURCES := $(shell find static public -type f 2>/dev/null)
# One line in both languages before each slow step, so that the organiser sees it working.
say = @echo "== $(1) / $(2)"

.PHONY: help run test sysdeps install prepare lint typecheck pytest-passes pytest-sqlite pytest-postgres \
        pytest-database-free \
        bench messages clean

help:
	@echo "make run    serve the app on port $(PORT) with a background worker (the phones' address is shown)"
	@echo "make test   lint, type-check, and the tests on SQLite and on PostgreSQL"
	@echo "make bench  run every benchmark in bench/"

run: prepare
	$(call say,Der Server startet …,Starting the server …)
	scripts/serve

test: prepare lint typecheck pytest-passes

# The three passes at once, each line prefixed with its pass (scripts/test-passes).
pytest-passes: install $(MO_FILES)
	@scripts/test-passes

sysdeps:
	@scripts/sysdeps

install: $(INSTALLED)

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstalled whenever pyproject.toml (the pinned dependencies) changes.
$(INSTALLED): pyproject.toml | $(PY)
	$(call say,Pakete werden installiert (etwa eine Minute) …,Installing packages (about a minute) …)
	$(PY) -m pip install --disable-pip-version-check --quiet -e '.[dev]'
	touch $@

%.mo: %.po
	msgfmt --check -o $@ $<

# migrate; a database it cannot migrate (damaged after a crash) is said in German, with the
# restore command (preisfipsen/serve/prepare.py).
prepare: sysdeps install $(MO_FILES) $(STATIC_STAMP)
	$(call say,Die Datenbank wird vorbereitet …,Preparing the database …)
	$(PY) -m preisfipsen.serve.prepare

$(STATIC_STAMP): $(STATIC_SOURCES) $(INSTALLED) preisfipsen/settings.py
	$(call say,Bilder und Stildateien werden gesammelt (bis zu 30 Sekunden) …,Collecting static files (up to 30 seconds) …)
	$(PY) manage.py collectstatic --noinput -v0
	@mkdir -p $(@D) && touch $@

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy  # the whole project, as configured in pyproject.toml [tool.mypy]

# The tests need the compiled catalogues (German pages); pytest-django makes the migrations, and
# tests/conftest.py serves static files without collectstatic's manifest. The tests that use a
# database, on SQLite (alone: PREISFIPSEN_TESTS= runs every test on SQLite).
PREISFIPSEN_TESTS ?= database
pytest-sqlite: install $(MO_FILES)
	env -u DATABASE_URL PREISFIPSEN_TESTS=$(PREISFIPSEN_TESTS) $(BIN)/pytest $(PYTEST_ARGS)

# The others (rules, doctests, docs, `make run`'s server): they cannot differ between databases.
pytest-database-free: install $(MO_FILES)
	env -u DATABASE_URL PREISFIPSEN_TESTS=database-free $(BIN)/pytest $(PYTEST_ARGS)

# pytest-django creates (and drops) the test database test_preisfipsen.
pytest-postgres: install $(MO_FILES)
	@if timeout 3 bash -c '</dev/tcp/$(PG_HOST)/$(PG_PORT)' 2>/dev/null; then \
	    echo "DATABASE_URL=$(PG_TEST_URL) PREISFIPSEN_TESTS=database $(BIN)/pytest $(PYTEST_ARGS)"; \
	    DATABASE_URL=$(PG_TEST_URL) PREISFIPSEN_TESTS=database $(BIN)/pytest $(PYTEST_ARGS); \
	elif [ "$(REQUIRE_SERVICES)" = 1 ]; then \
	    echo "PostgreSQL is not reachable at $(PG_HOST):$(PG_PORT), and REQUIRE_SERVICES=1." >&2; \
	    exit 1; \
	else \
	    echo "SKIPPED: the tests on PostgreSQL: nothing listens at $(PG_HOST):$(PG_PORT)."; \
	fi

# The pages must come back in German (bench_deal_entry.py looks for "Eingetragen"), and
# bench_load.py's gunicorn serves the collected static files, as `make run`'s does.
bench: install $(MO_FILES) $(STATIC_STAMP) $(LIGHTHOUSE)
	@shopt -s nullglob; for script in bench/bench_*.py; do \
	    echo "== $$script"; $(PY) "$$script" || exit 1; \
	done

# Lighthouse for bench/bench_lighthouse.py, at the version pinned in bench/package-lock.json
# (it drives Debian's Chromium; it downloads no browser). npm writes the stamp on each install.
$(LIGHTHOUSE): bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund --loglevel=error

# For maintainers: collect new strings into locale/de/LC_MESSAGES/django.po, then translate them.
messages: install
	$(PY) manage.py makemessages --locale=de --add-location=file \
	    --ignore='.venv/*' --ignore='tests/*' --ignore='bench/*' --ignore='staticfiles/*' \
	    --ignore='var/*'

# Leaves var/ alone: it holds the database.
clean:
	rm -rf $(VENV) staticfiles *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	rm -f $(MO_FILES)
