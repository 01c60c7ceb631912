"""docs/tables.md holds the session tools/tables_transcript.py makes (not typed by hand)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "tables_transcript", ROOT / "tools" / "tables_transcript.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_holds_the_transcript_the_app_makes() -> None:
    tool = _tool()
    page = (ROOT / "docs" / "tables.md").read_text(encoding="utf-8")
    made = tool.transcript()
    assert tool.page_with(made, page) == page, "run python tools/tables_transcript.py"
    assert "SEAT0_TOKEN" in made and '"code": "forbidden"' in made and "`4403`" in made
    watch = made.split("?watch=WATCH_ID`: the public view")[1].split("```", 2)[1]
    assert '"hand": [' not in watch and '"drawn"' not in watch and '"counts"' in watch
