# Two commands for a fresh machine with only Python: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check bench selfplay clean client

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet '.[test]'
	touch $(STAMP)

# The live board's browser client (web/client → web/static/dist): skipped when its sources are unchanged.
client: $(STAMP)
	$(BIN)/python -m web.bundle

run: client
	$(BIN)/python bot.py

# On every core, at most four (each worker starts its own PostgreSQL and browser); work-stealing keeps the
# long whole-game tests from ending up on one worker.
test: client
	$(BIN)/python -m pytest -n auto --maxprocesses 4 --dist worksteal

check: $(STAMP)
	$(BIN)/python bot.py --check

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV)
