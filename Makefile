# The two commands of the project: `make serve` and `make test` (plus `make bench`), and
# `make check`, the quick loop while working (lint, types and the unit tests, no browser).
# Each sets up .venv from the pinned requirements on first run (and again when they change).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.cardmath-installed
PORT ?= 8866
# make serve THEME=dark       every dashboard in the projector theme (dark, high contrast,
#                             large) and Voila's own pages dark, so nothing white is left
# make serve PREHEAT=1        preheated kernels: dashboards appear about a third faster
# The lesson list is Voila's server-rendered (classic) tree: the JupyterLab file browser
# now and then drew an empty list, and took 1.4 s where this takes 0.25 s.
# make serve CLASS=30       a class on the local network: students need the class code
#                           (printed, or CODE=...); each dashboard keeps 2 warm kernels
#                           and the one the teacher opens on this laptop gets 30
#                           (ADDRESS=... if the printed address is not the classroom's;
#                           GAME=navigator: only that game's dashboard, 30 warm from the start)
# Both run Voila through deploy/serve.py: query values Voila would write into a page are
# checked first (400 otherwise), pages load nothing from outside the server (the cardmath
# template), and a closed tab's kernel is shut down (the page gets its _xsrf cookie).
# The test tools bring nbgrader and Notebook, whose JupyterLab extensions cannot load in a
# Voila page (they fail in the browser console): Voila is told to leave them out.
THEME ?= light
ifneq ($(filter dark projector,$(THEME)),)
VOILA_THEME := dark
DASHBOARD_THEME := projector
else
VOILA_THEME := light
DASHBOARD_THEME := light
endif
PREHEAT ?= 0
CLASS ?=
CODE ?=
ADDRESS ?=
GAME ?=
# Three test workers on two cores: the browser tests wait on servers, kernels and pages
# part of the time, and a third worker fills it (make browser: 622 s with two, 515 with
# three, 509 with four; make unit: 126 s and 116 s).
PYTEST_WORKERS ?= 3
CARDMATH_PLAY ?= test

# The kernel culling, lesson-list and page-extension settings come from deploy/settings.py,
# the one source the class server and the browser tests share.
VOILA_ARGS := --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 --theme=$(VOILA_THEME)
ifeq ($(PREHEAT),1)
VOILA_ARGS += --preheat_kernel=True --pool_size=2
endif

.PHONY: serve test check lint unit browser notebooks bench soak setup clean lite compiled

setup: $(STAMP)

# The pinned packages go in with uv (from PyPI, pinned here): a fresh install takes 11 s
# where pip took 43. Every package's Python files are compiled as they are installed
# (--compile-bytecode): wherever PYTHONDONTWRITEBYTECODE is set (as on the machine the
# tests run on), leaving that to the first import would have every process compile its
# imports again, every kernel of every test included.
PIP_QUIET := --quiet --disable-pip-version-check
UV_VERSION := 0.13.9
uv_install = $(1)/bin/python -m uv pip install --quiet --compile-bytecode --python $(1)/bin/python

# configurable-http-proxy (npm) is JupyterHub's proxy, for the JupyterHub deployment's test.
CHP_VERSION := 5.3.0
CHP := $(VENV)/node/node_modules/.bin/configurable-http-proxy

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml Makefile
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install $(PIP_QUIET) uv==$(UV_VERSION)
	$(call uv_install,$(VENV)) -r requirements-dev.txt
	$(call uv_install,$(VENV)) --no-deps -e .
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node \
		configurable-http-proxy@$(CHP_VERSION)
	@touch $(STAMP)

serve: $(STAMP)
ifeq ($(CLASS),)
	@echo "cardmath lessons and dashboards: http://127.0.0.1:$(PORT)/voila/render/index.ipynb"
	@echo "  (every file: http://127.0.0.1:$(PORT)/)"
	CARDMATH_THEME=$(DASHBOARD_THEME) $(PY) -m deploy.serve lessons/ $(VOILA_ARGS)
else
	CARDMATH_THEME=$(DASHBOARD_THEME) $(PY) -m deploy.classroom --size $(CLASS) --port $(PORT) \
		--theme $(VOILA_THEME) $(if $(CODE),--code $(CODE)) \
		$(if $(TEACHER_CODE),--teacher-code $(TEACHER_CODE)) $(if $(ADDRESS),--address $(ADDRESS)) \
		$(if $(GAME),--dashboards $(GAME)-dashboard.ipynb)
endif

# Tests run with Hypothesis's `ci` profile (derandomized, no example database: see
# conftest.py); plain `pytest` outside make uses `dev` unless CI=true.
# CARDMATH_PLAY sets how many random games the random-play tests (marker `play`) play:
# check (a few each), test (the full thousands), bench (ten times that, nightly).
# Whole files go to the workers, the longest first (tests/order.py).
PYTEST := HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile \
	--no-loadscope-reorder --durations=15

# ruff, mypy (cardmath/ strict, widgets/ and deploy/ default: pyproject.toml), and the
# lessons kept without outputs (tools/lesson_outputs.py --strip removes them).
# Every check runs even when an earlier one fails.
lint: $(STAMP)
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/ruff format --check . || status=1; \
	$(BIN)/mypy || status=1; \
	$(PY) tools/lesson_outputs.py --check lessons/*.ipynb || status=1; \
	exit $$status

# The project's own modules compiled once, before the tests: where PYTHONDONTWRITEBYTECODE
# is set (as on the machine the tests run on) nothing else writes them, and every test
# worker, server and kernel would compile them again (0.1 CPU-s a kernel; a fresh clone's
# tests start a few hundred). Only changed files are compiled again.
compiled: $(STAMP)
	@$(PY) -m compileall -q -j 0 cardmath widgets deploy

# unit: every unit test, doctest and property test, no browser (CARDMATH_PLAY=test).
# browser: the real-browser tests (Voila + Chromium) and the Binder build check.
unit: compiled
	CARDMATH_PLAY=$(CARDMATH_PLAY) $(PYTEST) -m 'not browser and not slow'

browser: compiled
	$(PYTEST) -m 'browser or slow'

notebooks: compiled
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile --nbval-lax lessons/

# The quick loop: lint and the unit tests with a few random games each (about 3 minutes).
check: $(STAMP)
	@status=0; \
	$(MAKE) --no-print-directory lint || status=1; \
	$(MAKE) --no-print-directory unit CARDMATH_PLAY=check || status=1; \
	if [ $$status -ne 0 ]; then echo "make check: FAILED (see above)"; fi; \
	exit $$status

# Everything, as CI runs it (.ci/run). Every part runs even when an earlier one fails, so
# one run shows every problem. The parts run one after another: the browser tests keep both
# cores busy, and with lint and the unit tests running beside them a fresh clone's make test
# took no less time (890 s, against 899 s in turn, with the same setup), and nbval, beside
# the browser tests, once lost its kernel. One pytest session for the unit tests, the
# browser tests and the lessons (three workers) took 586 s in a working copy where the
# three parts took 615, but 754 s from a fresh clone, and another fresh clone's session
# hung near its end (a browser test waiting on Chromium, a lesson on its kernel).
test: $(STAMP)
	@status=0; times=""; \
	for part in lint "unit CARDMATH_PLAY=test" browser notebooks; do \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory $$part || status=1; \
	  times="$$times $${part%% *} $$(( $$(date +%s) - start ))s"; \
	done; \
	echo "make test: seconds per part:$$times"; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (see above)"; fi; \
	exit $$status

# A lesson on the class server: SOAK_VISITORS students clicking for SOAK_MINUTES. `make bench`
# has them click through the five games and reports the server's memory growth after it
# settled (bench_soak: make bench SOAK_MINUTES=10 for a shorter run); `make soak` has them
# on the Navigator dashboard, SOAK_BROWSERS of them in Chromium.
SOAK_VISITORS ?= 30
SOAK_BROWSERS ?= 5
SOAK_MINUTES ?= 30

# The benchmarks, then the random-play tests at nightly size (CARDMATH_PLAY=bench).
bench: $(STAMP)
	SOAK_MINUTES=$(SOAK_MINUTES) SOAK_VISITORS=$(SOAK_VISITORS) $(PY) -m benchmarks.run
	CARDMATH_PLAY=bench $(PYTEST) -m play

soak: $(STAMP)
	$(PY) -m benchmarks.soak_classroom --visitors $(SOAK_VISITORS) --browsers $(SOAK_BROWSERS) --minutes $(SOAK_MINUTES)

# The JupyterLite site (build/lite/): every dashboard and the homework page running in the
# browser with Pyodide, no server. Only registries at build time (PyPI, npm), no network at
# run time. Serve the folder with any static web server (or GitHub Pages).
LITE_TOOLS := build/lite-tools
LITE_STAMP := $(LITE_TOOLS)/.cardmath-installed
LITE_WHEELS := build/lite-wheels
LITE_NPM := build/lite-npm
PYODIDE_VERSION := 314.0.7
# The Python that draws the lessons' charts into the site (matplotlib has no Pyodide build
# offline): the project's own.
LITE_PYTHON ?= $(PY)

$(LITE_STAMP): requirements-lite.txt lite/labextensions.txt lite/wheels.txt
	@test -x $(LITE_TOOLS)/bin/python || $(PYTHON) -m venv $(LITE_TOOLS)
	$(LITE_TOOLS)/bin/python -m pip install $(PIP_QUIET) uv==$(UV_VERSION)
	$(call uv_install,$(LITE_TOOLS)) -r requirements-lite.txt
	$(call uv_install,$(LITE_TOOLS)) --no-deps -r lite/labextensions.txt
	rm -rf $(LITE_WHEELS)
	$(LITE_TOOLS)/bin/python -m pip download $(PIP_QUIET) --no-deps --only-binary=:all: \
		--platform any --python-version 3.14 --implementation py --abi none \
		-d $(LITE_WHEELS) -r lite/wheels.txt
	npm install --silent --no-audit --no-fund --prefix $(LITE_NPM) pyodide@$(PYODIDE_VERSION)
	@touch $(LITE_STAMP)

lite: $(LITE_STAMP) $(if $(filter $(PY),$(LITE_PYTHON)),$(STAMP))
	$(LITE_TOOLS)/bin/python tools/lite_site.py --out build/lite \
		--pyodide $(LITE_NPM)/node_modules/pyodide --wheels $(LITE_WHEELS) --python $(LITE_PYTHON)

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .ruff_cache .mypy_cache .hypothesis
	rm -rf build/lite build/lite-work build/lite-tools build/lite-wheels build/lite-npm
