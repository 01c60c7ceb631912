# Everything installs into .venv on first use; the targets work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-* && touch $@

# fanshu's main job on the embedded default: score hands and print them drawn.
run: $(STAMP)
	$(BIN)/fanshu score '[EEEE]123m456p789s11s' --self-drawn --seat-wind S --excluded
	$(BIN)/fanshu score '1112345678999m5m'
	$(BIN)/fanshu score '111m333s777pEEEFF' --flowers 2

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The whole suite: lint, types, unit, property, doctest and differential tests.
test: lint typecheck
	$(BIN)/pytest -n 2 src tests

bench: $(STAMP)
	$(BIN)/python bench/bench_mcr.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
