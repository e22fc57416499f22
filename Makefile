# Two commands from a fresh clone: `make demo` and `make test` (only python3 and pip needed).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo club test install clean

$(BIN)/campagne: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $(BIN)/campagne

install: $(BIN)/campagne

demo: install
	@bash scripts/demo.sh

# The club server with a demo club (a referee, players and a campaign of each game; passwords printed once),
# its database in club/; Ctrl-C stops it, `make club` again starts it with the same club.
club: install
	@mkdir -p club
	$(BIN)/campagne serve --demo --dir club

test: install
	$(BIN)/pytest
	$(BIN)/pytest -m study --hypothesis-profile=ci

clean:
	rm -rf $(VENV) demo club
