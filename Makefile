# Two commands for a fresh machine:  make run  (the app on http://127.0.0.1:8000)  and  make test.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
ARGS ?=
PROXY ?= 0
# daphne's own access log (-v 1) would print every path, keys and all: the app logs each request
# itself, keys cut (scorekeeper/logs.py). Forwarding headers are trusted only with PROXY=1.
DAPHNE_ARGS = -b $(HOST) -p $(PORT) -v 0 $(if $(filter 1,$(PROXY)),--proxy-headers)
I18N_IGNORE := --ignore=.venv --ignore=staticfiles --ignore=test-artifacts --ignore=tests --no-obsolete

.PHONY: run serve bench test lint format chromium gettext redis fonts messages clean print-daphne-args

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is needed"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

## run: set up and serve the app (SQLite + in-memory channel layer, one daphne process);
## PROXY=1 only behind a reverse proxy that sets X-Forwarded-For itself (docs/hosting.md)
run: $(VENV)/.runtime fonts
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py collectstatic --noinput -v0
	@echo "Big Two scorekeeper on http://$(HOST):$(PORT)/"
	@if [ "$(HOST)" = "0.0.0.0" ]; then $(BIN)/python -c 'from scorekeeper.settings import LAN_ADDRESS; print(f"Phones on this network: http://{LAN_ADDRESS}:$(PORT)/")'; fi
	ACCESS_LOG=$${ACCESS_LOG:-1} exec $(BIN)/python -m scorekeeper.daphne_run $(DAPHNE_ARGS) scorekeeper.asgi:application

## serve: production mode: WORKERS (2) gunicorn + uvicorn workers on HOST:PORT, PostgreSQL + Redis
## (needs DATABASE_URL, REDIS_URL and SECRET_KEY; see docs/DEPLOY.md)
serve: $(VENV)/.runtime fonts
	HOST=$(HOST) PORT=$(PORT) exec $(BIN)/python scripts/serve.py

## bench: every benchmark on make run and make serve (under 5 minutes) -> benchmarks/RESULTS.md
bench: $(VENV)/.runtime
	$(BIN)/python benchmarks/run.py

## test: lint, the import contracts (lint-imports: layers, pure rules, no loops; pyproject.toml),
## then the whole suite on SQLite and on PostgreSQL + Redis, the two passes side by side
test: $(VENV)/.dev chromium gettext redis fonts
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/run_tests.py $(ARGS)

## chromium: the browser tests drive Debian's Chromium as its headless shell (chromium-headless-shell:
## the same engine, a third of the full browser's CPU a page); no Playwright download
chromium:
	@command -v chromium-headless-shell >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "Install chromium-headless-shell (sudo apt-get install -y chromium-headless-shell) and run again."; exit 1; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium-headless-shell >/dev/null || \
		{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium-headless-shell >/dev/null; }; }

## redis: the Redis-restart test runs its own redis-server
redis:
	@command -v redis-server >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "Install redis-server (sudo apt-get install -y redis-server) and run again."; exit 1; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server >/dev/null || \
		{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server >/dev/null; }; }

## gettext: msgfmt checks the translation catalogs in the tests
gettext:
	@command -v msgfmt >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "Install gettext (sudo apt-get install -y gettext) and run again."; exit 1; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q gettext >/dev/null || \
		{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q gettext >/dev/null; }; }

## fonts: the recap picture's Chinese needs Noto Sans CJK (rounds/rules/recap_image.py; without it: DejaVu, boxes for Chinese)
fonts:
	@[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || { \
		[ "$$(id -u)" = 0 ] || { echo "Install fonts-noto-cjk (sudo apt-get install -y fonts-noto-cjk) for Chinese in the recap picture."; exit 0; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-noto-cjk >/dev/null || \
		{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-noto-cjk >/dev/null; } || \
		echo "fonts-noto-cjk could not be installed: the recap picture falls back to DejaVu Sans."; }

## messages: extract new strings into every catalog (zh-Hant, zh-Hans, vi, id, fil), draft each zh-Hans entry
## still empty from its zh-Hant translation (scripts/draft_hans.py: OpenCC and a glossary; entries
## translated by hand are kept), then compile them (docs/table.md "Languages")
messages: $(VENV)/.dev gettext
	$(BIN)/python manage.py makemessages -l zh_Hant -l zh_Hans -l vi -l id -l fil $(I18N_IGNORE)
	$(BIN)/python manage.py makemessages -d djangojs -l zh_Hant -l zh_Hans -l vi -l id -l fil $(I18N_IGNORE)
	$(BIN)/python scripts/draft_hans.py
	$(BIN)/python manage.py compilemessages -l zh_Hant -l zh_Hans -l vi -l id -l fil --ignore=.venv --ignore=staticfiles

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: $(VENV)/.dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	$(BIN)/djhtml templates

clean:
	rm -rf $(VENV) staticfiles .test-db.sqlite3*

# The arguments `make run` gives daphne, for the tests that start it the same way.
print-daphne-args:
	@echo $(DAPHNE_ARGS)
