"""The interactive examples (``>>>``) of the pages under docs/ run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if ">>>" in p.read_text(encoding="utf-8"))


def test_some_page_has_examples() -> None:
    assert any(p.name == "advice.md" for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_examples_run(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, encoding="utf-8", verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} failed (see above)"
