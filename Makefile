# Two commands from a fresh clone: `make club` (the club server with a demo club) and `make test` (only python3
# and pip needed); `make demo` plays a demo campaign on the command line.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo club test install browser postgres clean

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

# Debian's chromium and chromedriver for the club server's browser test (apt, as root); elsewhere the test is skipped.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; } || \
	  echo "chromium or chromedriver missing: the browser test will be skipped"

# Debian's PostgreSQL for the club server's two-machine test (apt, as root); elsewhere the test is skipped.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; } || \
	  echo "PostgreSQL missing: the club server's PostgreSQL test will be skipped"

# Every test, the study ones too (marked `study`, at their CI size: tests/study_budget.py), in one run on every core
# (pytest-xdist; worksteal evens out tests of very different lengths), hypothesis derandomized (the `ci` profile).
test: install browser postgres
	$(BIN)/pytest -n auto --dist worksteal -m "study or not study" --hypothesis-profile=ci

clean:
	rm -rf $(VENV) demo club
