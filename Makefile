# The two commands of the project: `make serve` and `make test` (plus `make bench`).
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
PYTEST_WORKERS ?= 2

VOILA_ARGS := --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 --theme=$(VOILA_THEME) \
	--MappingKernelManager.cull_idle_timeout=3600 --MappingKernelManager.cull_interval=300 \
	--VoilaConfiguration.classic_tree=True \
	--VoilaConfiguration.extension_denylist=@jupyter/nbgrader \
	--VoilaConfiguration.extension_denylist=@jupyter-notebook/lab-extension
ifeq ($(PREHEAT),1)
VOILA_ARGS += --preheat_kernel=True --pool_size=2
endif

.PHONY: serve test lint unit notebooks bench soak setup clean

setup: $(STAMP)

# configurable-http-proxy (npm) is JupyterHub's proxy, for the JupyterHub deployment's test.
CHP_VERSION := 5.3.0
CHP := $(VENV)/node/node_modules/.bin/configurable-http-proxy

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml Makefile
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -e .
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
		--theme $(VOILA_THEME) $(if $(CODE),--code $(CODE)) $(if $(ADDRESS),--address $(ADDRESS)) \
		$(if $(GAME),--dashboards $(GAME)-dashboard.ipynb)
endif

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

unit: $(STAMP)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadfile

notebooks: $(STAMP)
	$(PY) -m pytest --nbval-lax lessons/

# Every part runs even when an earlier one fails, so one run shows every problem.
test: $(STAMP)
	@status=0; \
	$(MAKE) --no-print-directory lint || status=1; \
	$(MAKE) --no-print-directory unit || status=1; \
	$(MAKE) --no-print-directory notebooks || status=1; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (see above)"; fi; \
	exit $$status

bench: $(STAMP)
	$(PY) -m benchmarks.run

# A lesson on the class server: SOAK_VISITORS students clicking a game for SOAK_MINUTES,
# SOAK_BROWSERS of them in Chromium, the others speaking the page's widget protocol.
SOAK_VISITORS ?= 30
SOAK_BROWSERS ?= 5
SOAK_MINUTES ?= 30
soak: $(STAMP)
	$(PY) -m benchmarks.soak_classroom --visitors $(SOAK_VISITORS) --browsers $(SOAK_BROWSERS) --minutes $(SOAK_MINUTES)

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .ruff_cache
