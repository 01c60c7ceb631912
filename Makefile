# Everything installs into .venv on first use; the targets work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# pyproject.toml gives compatible ranges, requirements.lock the exact versions installed
LOCK   := requirements.lock
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)

.PHONY: run test lint typecheck layers docs dist messages messages-check bench bytecode clean \
	compiled test-compiled bench-compiled

$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[dev]'
	rm -f $(VENV)/.installed-* && touch $@

# fanshu's bytecode, written ahead: where PYTHONDONTWRITEBYTECODE is set (as on this
# machine) Python never caches it, and every command, test subprocess and batch worker
# would compile fanshu again (0.15 s of each CLI start).  Only changed files are redone.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q src

# fanshu's main job on the embedded default: score and analyse hands, keep the score of a
# match in SQLite (a demo file; the real default is the user's data directory), then serve
# the web app and the HTTP API on that file (it prints the address; Ctrl-C stops it).
DEMO_DB := $(VENV)/fanshu-demo.db
run: $(STAMP) bytecode
	$(BIN)/fanshu score '[EEEE]123m456p789s11s' --self-drawn --seat-wind S --excluded
	$(BIN)/fanshu score '1112345678999m5m'
	$(BIN)/fanshu analyze '1112345678999m' --visible 9m
	$(BIN)/fanshu analyze '123m456p789s135sEN'
	$(BIN)/fanshu analyze '3456m345p34568sEE' --wall 60
	@id=$$($(BIN)/fanshu match new --players Ann Bo Cy Di --db $(DEMO_DB)) && \
	$(BIN)/fanshu match record $$id --winner Ann --discarder Bo --fan 12 --db $(DEMO_DB) && \
	$(BIN)/fanshu match record $$id --winner Cy --self-drawn --hand '[EEEE]123m456p789s11s' --db $(DEMO_DB) && \
	$(BIN)/fanshu match record $$id --draw --db $(DEMO_DB) && \
	$(BIN)/fanshu match show $$id --db $(DEMO_DB) && \
	echo "the demo match in the web app (its edit link):" && \
	$(BIN)/fanshu match share $$id --role edit --label demo --db $(DEMO_DB)
	$(BIN)/fanshu serve --db $(DEMO_DB)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples docs/hooks
	$(BIN)/ruff format --check src tests bench examples docs/hooks

typecheck: $(STAMP)
	$(BIN)/mypy

# The floors of docs/architecture.md as import-linter contracts ([tool.importlinter] in
# pyproject.toml): nothing imports upward, cli and web never import each other, the core
# is standard library only.
layers: $(STAMP)
	$(BIN)/lint-imports --no-logo --no-cache

# Debian's Chromium for the browser tests (tests/web/e2e: Playwright drives it; never
# `playwright install`, which downloads a browser of its own).
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends chromium

# Debian's Noto CJK fonts for the tests that draw Chinese (the plots of fanshu stats --plot,
# the browser tests): without a CJK font both show boxes.  Installed when the file is missing.
NOTO_CJK := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
$(NOTO_CJK):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends fonts-noto-cjk

# Debian's PostgreSQL for the store tests, which run on SQLite and on PostgreSQL
# (tests/support/postgres.py starts a throwaway cluster of its own in a temporary folder
# and stops it at the end); installed when no /usr/lib/postgresql/*/bin/initdb is there.
POSTGRES := $(if $(wildcard /usr/lib/postgresql/*/bin/initdb),,postgresql-package)
.PHONY: postgresql-package
postgresql-package:
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends postgresql

# The documentation site (mkdocs.yml), warnings as errors: the API reference from the
# docstrings, the bilingual fan pages (docs/hooks/fans.py), every link and anchor checked.
# It is written to $(SITE); open $(SITE)/index.html.  No network is needed.
SITE := $(VENV)/site
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(SITE)
	@echo "the documentation site: $(SITE)/index.html"

# The message catalogs (gettext, Babel): extract msg() templates into fanshu.pot, merge the
# helpers' pending entries, update fanshu.po, compile fanshu.mo (tools/messages.py); and the
# web app's JSON from web.po (tools/web_messages.py).  messages-check changes nothing and
# fails on a stale catalog: make test runs it.
messages: $(STAMP)
	$(BIN)/python tools/messages.py
	$(BIN)/python tools/web_messages.py

messages-check: $(STAMP)
	$(BIN)/python tools/messages.py --check
	$(BIN)/python tools/web_messages.py --check

# The sdist and the wheel in dist/ (python -m build; --no-isolation builds with the
# setuptools of the lock, so no download).  tests/test_packaging.py checks what they hold.
# A left-over src/fanshu.egg-info is removed first: setuptools would take its SOURCES.txt.
dist: $(STAMP)
	rm -rf dist build src/fanshu.egg-info
	$(BIN)/python -m build --no-isolation --outdir dist

# The whole suite: lint, types, layers, docs, unit, property, doctest, differential, HTTP and browser
# tests; the store's on both backends (FANSHU_REQUIRE_POSTGRES: fail, not skip, without PostgreSQL).
test: export FANSHU_REQUIRE_POSTGRES = 1
test: lint typecheck layers messages-check docs bytecode $(CHROMIUM) $(NOTO_CJK) $(POSTGRES)
	$(BIN)/pytest -n 2 --dist loadgroup src tests
	$(MAKE) test-compiled

# The compiled build (mypyc, docs/compiled.md), in a folder of its own, $(CSITE): the same
# source, built non-editable with FANSHU_COMPILE=1 (setup.py) by the main venv's mypy and
# setuptools (the lock's) from a copy of the sdist's files, and installed with
# `pip install --target`, so no extension file is ever written under src/ (the tests of src
# stay pure Python).  It runs on the main venv's Python and tools with $(CSITE) first on
# PYTHONPATH (the venv's own fanshu is a .pth to src/, which comes after it).  It is rebuilt
# when a source file changes (the stamp is their checksum).
CSITE  := $(VENV)/compiled
CRUN   := PYTHONPATH=$(abspath $(CSITE))
CSTAMP := $(CSITE)/.built-$(shell cat setup.py pyproject.toml $(LOCK) \
	$$(find src/fanshu -name '*.py' | LC_ALL=C sort) | cksum | cut -d' ' -f1)
CTREE  := $(VENV)/compiled-tree
CVENV  := .venv-compiled# the venv earlier versions built it in (make clean removes it)

$(CSTAMP): $(STAMP)
	rm -rf $(CTREE) $(CSITE) && mkdir -p $(CTREE)
	tar --exclude=__pycache__ --exclude='*.egg-info' -cf - setup.py pyproject.toml README.md \
		LICENSE CHANGELOG.md MANIFEST.in src | tar -xf - -C $(CTREE)
	@start=$$(date +%s); \
	FANSHU_COMPILE=1 $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation \
		--target $(CSITE) $(CTREE) && \
	echo "compiled build: $$(( $$(date +%s) - start )) s"
	rm -rf $(CTREE)
	touch $@

compiled: $(CSTAMP)
	$(CRUN) $(BIN)/python -m fanshu.compiled

# The core's tests on the compiled build: the differentials against the MCR scorer and the
# shanten oracle among them.  The main venv's pytest with $(CSITE) first on the path;
# FANSHU_EXPECT_COMPILED makes tests/test_compiled.py fail if the hot modules were not
# loaded from extension files in $(CSITE), so this run cannot pass on pure Python.
CORE_TESTS := tests/test_compiled.py tests/test_tiles.py tests/test_sets.py tests/test_hand.py \
	tests/test_shapes.py tests/test_wild.py tests/test_api.py tests/notation tests/rules/mcr \
	tests/rules/test_base.py tests/rules/sichuan tests/analysis/test_shanten.py \
	tests/analysis/test_shanten_oracle.py
test-compiled: export FANSHU_EXPECT_COMPILED = 1
test-compiled: $(CSTAMP)
	$(CRUN) $(BIN)/pytest -n 2 -p no:cacheprovider $(CORE_TESTS)

bench-compiled: $(CSTAMP)
	$(CRUN) $(BIN)/python bench/bench_compiled.py --pure $(BIN)/python

bench: $(STAMP) bytecode
	$(BIN)/python bench/bench_mcr.py
	$(BIN)/python bench/bench_shanten.py
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_http.py --seconds 5

clean:
	rm -rf $(VENV) $(CVENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build dist
