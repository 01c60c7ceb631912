"""The floors of docs/architecture.md are checked by import-linter (``make layers``);
this test keeps its contract whole: every top-level module of fanshu stands on a floor,
so a new package cannot escape the check by not being named."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "fanshu"


def _floors() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c for c in contracts if c["id"] == "floors"]
    return [[m.strip() for m in floor.split("|")] for floor in layers["layers"]]


def _top_level_modules() -> set[str]:
    found = {p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    found |= {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    return {f"fanshu.{name}" for name in found}


def test_every_top_level_module_stands_on_a_floor() -> None:
    named = {m for floor in _floors() for m in floor}
    assert _top_level_modules() - named == set()
    assert named - _top_level_modules() == set()


def test_cli_and_web_share_a_floor_and_stand_on_top() -> None:
    assert sorted(_floors()[0]) == ["fanshu.cli", "fanshu.web"]
