# Two commands from a fresh clone: `make demo` and `make test` (only python3 and pip needed).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test install clean

$(BIN)/campagne: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(BIN)/campagne

install: $(BIN)/campagne

demo: install
	@bash scripts/demo.sh

test: install
	$(BIN)/pytest
	$(BIN)/pytest -m study --hypothesis-profile=ci

clean:
	rm -rf $(VENV) demo
