"""``fanshu.compiled`` tells the compiled build (mypyc) from pure Python, truthfully.

Two runs use this file.  ``make test`` runs it from the source tree, where fanshu is pure
Python: no module may be compiled there (an extension file under src/ would make every
other test run compiled code).  ``make test-compiled`` runs it, with the core tests, on the
build installed in .venv/compiled (first on PYTHONPATH) and sets
``FANSHU_EXPECT_COMPILED=1``: there the hot modules must be the compiled ones, loaded from
outside src/, so that run cannot pass on pure Python by mistake.
"""

from __future__ import annotations

import copy
import importlib
import os
import pickle
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import fanshu
import fanshu.compiled

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("FANSHU_EXPECT_COMPILED") == "1"

# Modules the scoring and the shanten spend their time in: the compiled build compiles
# them (setup.py's COMPILED), and the differentials against the oracles run on them.
HOT = (
    "fanshu.tiles",
    "fanshu.sets",
    "fanshu.hand",
    "fanshu.shapes",
    "fanshu.notation.fanshu",
    "fanshu.rules.base",
    "fanshu.rules.mcr.evaluate",
    "fanshu.rules.mcr.regular",
    "fanshu.rules.texts",
    "fanshu.wild",
    "fanshu.analysis.shanten",
)


def _is_extension(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_modules_and_active_agree_with_the_files_imported() -> None:
    assert bool(fanshu.compiled.MODULES) == fanshu.compiled.ACTIVE
    assert list(fanshu.compiled.MODULES) == sorted(set(fanshu.compiled.MODULES))
    for name in HOT:
        module = importlib.import_module(name)
        assert fanshu.compiled.module_is_compiled(name) == _is_extension(module), name
        assert (name in fanshu.compiled.MODULES) == _is_extension(module), name
    with pytest.raises(KeyError):
        fanshu.compiled.module_is_compiled("fanshu.not_a_module")


def test_lazy_attribute_is_the_module() -> None:
    assert fanshu.compiled is sys.modules["fanshu.compiled"]


@pytest.mark.skipif(EXPECT_COMPILED, reason="the run on the compiled build")
def test_the_source_tree_is_pure_python() -> None:
    assert Path(fanshu.__file__).resolve().is_relative_to(ROOT / "src")
    assert fanshu.compiled.MODULES == ()
    assert fanshu.compiled.ACTIVE is False
    extensions = [
        p for p in (ROOT / "src").rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))
    ]
    assert extensions == []


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only on the compiled build (make test-compiled)")
def test_the_compiled_build_runs_compiled_code() -> None:
    assert not Path(fanshu.__file__).resolve().is_relative_to(ROOT / "src"), fanshu.__file__
    assert fanshu.compiled.ACTIVE is True
    for name in HOT:
        module = importlib.import_module(name)
        assert _is_extension(module), (name, module.__file__)
    # the floors above the core stay interpreted
    assert not [m for m in fanshu.compiled.MODULES if m.startswith(("fanshu.cli", "fanshu.web"))]
    # and the result is the same as the pure-Python one's (the doctest of fanshu's __init__)
    r = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True)
    assert r.total == 19


def test_python_m_fanshu_compiled_says_which() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "fanshu.compiled"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT / "tests",
    )
    first, *rest = done.stdout.splitlines()
    assert first.endswith("compiled (mypyc)" if fanshu.compiled.ACTIVE else "pure Python")
    assert [line.strip() for line in rest] == list(fanshu.compiled.MODULES)


def _frozen_values() -> list[object]:
    """A value of each frozen class of the compiled modules that a user may keep."""
    from fanshu.notation import parse_hand
    from fanshu.rules.texts import fan_text
    from fanshu.wild import fillings

    hand = parse_hand("12345m456p789s1sCC").with_context(wildcard="C")
    text = fan_text("mcr", 1)
    assert text is not None and text.examples
    result = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True)
    return [hand, fillings(hand)[0], text, text.examples[0], result, result.fans[0]]


def test_frozen_values_of_compiled_modules_copy_and_pickle() -> None:
    """On both builds: mypyc's frozen dataclasses restore no fields on their own, so those
    a user may keep pickle and copy through their constructors (``__reduce__``)."""
    for value in _frozen_values():
        for other in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert other == value and type(other) is type(value), type(value)
